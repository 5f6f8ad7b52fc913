import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { capacityFigures, hasCapability } from '../../shared/capability/records.js';
import { plural } from '../../shared/i18n/plural.js';
import { CAPABILITY_STATEMENT_PATH } from '../../shared/routes.js';
import { useContent, useLanguage, useTexts } from '../context/site-context.js';
import { CallToAction } from '../components/CallToAction.js';
import { MarketList } from '../components/capability/MarketList.js';
import { RegistrationList, useHasRegistration } from '../components/capability/RegistrationList.js';
import { Icon } from '../components/Icon.js';
import { PageBanner } from '../components/PageBanner.js';
import { CaseStudyCards, CertificateCards, MachineCards } from './CapabilityCards.js';
import { MaterialsAndStandards, materialsTitle } from './MaterialsAndStandards.js';

/** A section of the page, with its heading; `alt` gives it the tinted background. */
function Part({ id, title, alt, children }: { id: string; title: string; alt?: boolean; children: ReactNode }) {
  return (
    <section className={alt ? 'section section--alt' : 'section'} aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * /infrastructure: the plant, its capacity and its quality in one page, from the capability
 * records (each part only when the owner has filled it in; the certificates as the server passed
 * them, without those that have expired) and the company's registration numbers.
 */
export default function InfrastructurePage() {
  const { capability, company } = useContent();
  const allTexts = useTexts();
  const texts = allTexts.infrastructure;
  const lang = useLanguage();
  const figures = capacityFigures(capability.capacity, allTexts.proof);
  const { certificates, machines, materials, standards, markets, caseStudies } = capability;
  const anything = hasCapability(capability);
  const registration = useHasRegistration(true);
  return (
    <>
      <PageBanner title={allTexts.footer.infrastructure}>{texts.lead}</PageBanner>
      {anything && (
        <div className="container statement-link">
          <p>
            <a href={CAPABILITY_STATEMENT_PATH} download>
              <Icon name="certificate" size={20} /> {texts.statement}
            </a>{' '}
            <span className="statement-link__size">{texts.statementSize}</span>
          </p>
        </div>
      )}
      {!anything && (
        <section className="section">
          <div className="container prose">
            <p>{texts.noRecords(company.name)}</p>
            <p>
              <Link to="/contact" className="button">
                {allTexts.nav.contact}
              </Link>
            </p>
          </div>
        </section>
      )}
      {figures.length > 0 && (
        <Part id="capacity" title={texts.capacity}>
          <dl className="figures">
            {figures.map((figure) => (
              <div key={figure.label}>
                <dt>{figure.label}</dt>
                <dd>{figure.value}</dd>
              </div>
            ))}
          </dl>
        </Part>
      )}
      {machines.length > 0 && (
        <Part id="machines" title={texts.machines} alt>
          <MachineCards machines={machines} texts={texts} />
        </Part>
      )}
      {certificates.length > 0 && (
        <Part id="certificates" title={texts.certificates}>
          <CertificateCards certificates={certificates} texts={texts} />
        </Part>
      )}
      {(materials.length > 0 || standards.length > 0) && (
        <Part id="materials" title={materialsTitle(materials, standards, texts)} alt>
          <MaterialsAndStandards materials={materials} standards={standards} texts={texts} />
        </Part>
      )}
      {markets.length > 0 && (
        <Part id="markets" title={texts.exportMarkets}>
          <p className="section__lead">{plural(lang, markets.length, texts.exportTo)}</p>
          <MarketList markets={markets} />
        </Part>
      )}
      {caseStudies.length > 0 && (
        <Part id="case-studies" title={texts.caseStudies} alt>
          <CaseStudyCards caseStudies={caseStudies} texts={texts} />
        </Part>
      )}
      {registration && (
        <Part id="registration" title={allTexts.proof.registration}>
          <RegistrationList withYear className="registration--page" />
        </Part>
      )}
      <CallToAction />
    </>
  );
}
