import type { SiteTexts } from '../../shared/i18n/catalogue.js';
import { Checklist } from '../components/Checklist.js';

type Texts = SiteTexts['infrastructure'];

/** The part's title: materials, standards, or both, as the owner filled them in. */
export function materialsTitle(materials: string[], standards: string[], texts: Texts): string {
  return materials.length > 0 && standards.length > 0
    ? texts.materialsAndStandards
    : materials.length > 0
      ? texts.materials
      : texts.standards;
}

/** The materials and the standards as two checklists side by side, each headed only when both are there. */
export function MaterialsAndStandards({
  materials,
  standards,
  texts,
}: {
  materials: string[];
  standards: string[];
  texts: Texts;
}) {
  return (
    <div className="split proof-lists">
      {materials.length > 0 && (
        <div>
          {standards.length > 0 && <h3>{texts.materials}</h3>}
          <Checklist items={materials} icon="check" />
        </div>
      )}
      {standards.length > 0 && (
        <div>
          {materials.length > 0 && <h3>{texts.standards}</h3>}
          <Checklist items={standards} icon="check" />
        </div>
      )}
    </div>
  );
}
