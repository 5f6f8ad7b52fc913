import {
  SECTIONS,
  sectionTitle,
  sectionValue,
  toFormValues,
  type SectionId,
} from '../../../shared/content/sections.js';
import type { SiteContent } from '../../../shared/content/schema.js';
import type { ContentChange } from '../../../shared/site-editor.js';
import { fieldLabel, fileOfName } from './form-labels.js';

/**
 * Every value that differs from `before` in `after`, as the editor labels it, field by field (of
 * one section only, when `only` names it): what an import or a restore would change on the site.
 */
export function contentChanges(before: SiteContent, after: SiteContent, only?: SectionId): ContentChange[] {
  return SECTIONS.filter((section) => only === undefined || section.id === only).flatMap((section) => {
    // A list compares as one value, an item per line (an item put first is one change, not one per item).
    const old = toFormValues(section, sectionValue(before, section.id), { lines: 'text' });
    const now = toFormValues(section, sectionValue(after, section.id), { lines: 'text' });
    return [...new Set([...Object.keys(old), ...Object.keys(now)])]
      .filter((name) => (old[name] ?? '') !== (now[name] ?? ''))
      .map((name) => ({
        sectionId: section.id,
        section: sectionTitle(section, after),
        field: fieldLabel(section, name),
        photo: fileOfName(section, name) === 'photo',
        pdf: fileOfName(section, name) === 'pdf',
        before: old[name] ?? '',
        after: now[name] ?? '',
      }));
  });
}
