import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDay } from '../../shared/capability/certificates.js';
import { capacityFigures, formatNumber, hasCapability, machineCapacity } from '../../shared/capability/records.js';
import { pdfUrl } from '../../shared/content/pdf.js';
import type { Photo as PhotoValue } from '../../shared/content/photo.js';
import { formatBytes } from '../../shared/enquiry/quote.js';
import { plural } from '../../shared/i18n/plural.js';
import { CAPABILITY_STATEMENT_PATH } from '../../shared/routes.js';
import { useContent, useLanguage, useTexts } from '../context/site-context.js';
import { CallToAction } from '../components/CallToAction.js';
import { MarketList } from '../components/capability/MarketList.js';
import { RegistrationList, useHasRegistration } from '../components/capability/RegistrationList.js';
import { Icon } from '../components/Icon.js';
import { PageBanner } from '../components/PageBanner.js';
import { Paragraphs } from '../components/Paragraphs.js';
import { ON_A_PHONE, Photo } from '../components/Photo.js';

/** A card's photo: one column on a phone, two or three beside each other wider. */
const CARD_SIZES = '(min-width: 72rem) 22rem, (min-width: 35.25rem) 45vw, 100vw';

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

/** Terms and their values, those with a value only. */
function Facts({ facts }: { facts: [label: string, value: string][] }) {
  const given = facts.filter(([, value]) => value.trim() !== '');
  if (given.length === 0) return null;
  return (
    <dl className="proof-card__facts">
      {given.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProofCard({
  title,
  photo,
  document,
  children,
}: {
  title: string;
  photo: PhotoValue | null;
  /** A photo of a document (a certificate): shown whole, not cropped. */
  document?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="card proof-card">
      {photo && (
        <Photo
          photo={photo}
          sizes={CARD_SIZES}
          narrow={ON_A_PHONE}
          className={document ? 'proof-card__photo proof-card__photo--document' : 'proof-card__photo'}
        />
      )}
      <div className="proof-card__body">
        <h3>{title}</h3>
        {children}
      </div>
    </li>
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
          <ul className="card-grid proof-grid" role="list">
            {machines.map((machine, index) => (
              <ProofCard key={index} title={machine.name} photo={machine.photo}>
                <Facts
                  facts={[
                    [texts.capacity, machineCapacity(machine)],
                    [texts.make, machine.make],
                    [texts.howMany, machine.count && formatNumber(machine.count)],
                  ]}
                />
              </ProofCard>
            ))}
          </ul>
        </Part>
      )}
      {certificates.length > 0 && (
        <Part id="certificates" title={texts.certificates}>
          <ul className="card-grid proof-grid" role="list">
            {certificates.map((certificate, index) => (
              <ProofCard key={index} title={certificate.name} photo={certificate.photo} document>
                <Facts
                  facts={[
                    [texts.certificateNumber, certificate.number],
                    [texts.scope, certificate.scope],
                    [texts.certifiedBy, certificate.certifier],
                    [texts.accreditation, certificate.accreditation],
                    [texts.validUntil, formatDay(certificate.validUntil)],
                  ]}
                />
                {certificate.pdf && (
                  <p className="proof-card__download">
                    <a href={pdfUrl(certificate.pdf.id)} type="application/pdf" download>
                      <Icon name="certificate" size={20} />
                      {` ${texts.downloadCertificate(formatBytes(certificate.pdf.bytes))}`}
                      {/* In a list of links, each says which certificate it is. */}
                      <span className="visually-hidden">{` – ${certificate.name}`}</span>
                    </a>
                  </p>
                )}
              </ProofCard>
            ))}
          </ul>
        </Part>
      )}
      {(materials.length > 0 || standards.length > 0) && (
        <Part
          id="materials"
          title={
            materials.length > 0 && standards.length > 0
              ? texts.materialsAndStandards
              : materials.length > 0
                ? texts.materials
                : texts.standards
          }
          alt
        >
          <div className="split proof-lists">
            {materials.length > 0 && (
              <div>
                {standards.length > 0 && <h3>{texts.materials}</h3>}
                <ul className="checklist">
                  {materials.map((material) => (
                    <li key={material}>
                      <Icon name="check" size={18} /> {material}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {standards.length > 0 && (
              <div>
                {materials.length > 0 && <h3>{texts.standards}</h3>}
                <ul className="checklist">
                  {standards.map((standard) => (
                    <li key={standard}>
                      <Icon name="check" size={18} /> {standard}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
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
          <ul className="card-grid proof-grid" role="list">
            {caseStudies.map((study, index) => (
              <ProofCard key={index} title={study.title} photo={study.photo}>
                <Facts
                  facts={[
                    [texts.industry, study.industry],
                    [texts.country, study.country],
                  ]}
                />
                <Paragraphs text={study.made} />
              </ProofCard>
            ))}
          </ul>
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
