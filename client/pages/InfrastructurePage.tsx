import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDay } from '../../shared/capability/certificates.js';
import { capacityFigures, formatNumber, hasCapability, machineCapacity } from '../../shared/capability/records.js';
import { pdfUrl } from '../../shared/content/pdf.js';
import type { Photo as PhotoValue } from '../../shared/content/photo.js';
import { formatBytes } from '../../shared/enquiry/quote.js';
import { CAPABILITY_STATEMENT_PATH, INFRASTRUCTURE_TITLE } from '../../shared/routes.js';
import { useContent } from '../context/site-context.js';
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
  const figures = capacityFigures(capability.capacity);
  const { certificates, machines, materials, standards, markets, caseStudies } = capability;
  const anything = hasCapability(capability);
  const registration = useHasRegistration(true);
  return (
    <>
      <PageBanner title={INFRASTRUCTURE_TITLE}>
        Closed-die and upset forging and precision machining in carbon, alloy and stainless steel: our plant, its
        capacity and our quality system.
      </PageBanner>
      {anything && (
        <div className="container statement-link">
          <p>
            <a href={CAPABILITY_STATEMENT_PATH} download>
              <Icon name="certificate" size={20} /> Download the capability statement (PDF)
            </a>{' '}
            <span className="statement-link__size">A4, one to two pages</span>
          </p>
        </div>
      )}
      {!anything && (
        <section className="section">
          <div className="container prose">
            <p>
              {company.name} forges and machines parts to buyers’ drawings. Ask us about our plant, machines, capacity
              and certificates, and we will send you the details with your quotation.
            </p>
            <p>
              <Link to="/contact" className="button">
                Contact Us
              </Link>
            </p>
          </div>
        </section>
      )}
      {figures.length > 0 && (
        <Part id="capacity" title="Capacity">
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
        <Part id="machines" title="Plant and Machines" alt>
          <ul className="card-grid proof-grid" role="list">
            {machines.map((machine, index) => (
              <ProofCard key={index} title={machine.name} photo={machine.photo}>
                <Facts
                  facts={[
                    ['Capacity', machineCapacity(machine)],
                    ['Make', machine.make],
                    ['How many', machine.count && formatNumber(machine.count)],
                  ]}
                />
              </ProofCard>
            ))}
          </ul>
        </Part>
      )}
      {certificates.length > 0 && (
        <Part id="certificates" title="Certificates">
          <ul className="card-grid proof-grid" role="list">
            {certificates.map((certificate, index) => (
              <ProofCard key={index} title={certificate.name} photo={certificate.photo} document>
                <Facts
                  facts={[
                    ['Certificate number', certificate.number],
                    ['Scope', certificate.scope],
                    ['Certified by', certificate.certifier],
                    ['Accreditation', certificate.accreditation],
                    ['Valid until', formatDay(certificate.validUntil)],
                  ]}
                />
                {certificate.pdf && (
                  <p className="proof-card__download">
                    <a href={pdfUrl(certificate.pdf.id)} type="application/pdf" download>
                      <Icon name="certificate" size={20} />
                      {` Download the certificate (PDF, ${formatBytes(certificate.pdf.bytes)})`}
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
              ? 'Materials and Standards'
              : materials.length > 0
                ? 'Materials'
                : 'Standards'
          }
          alt
        >
          <div className="split proof-lists">
            {materials.length > 0 && (
              <div>
                {standards.length > 0 && <h3>Materials</h3>}
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
                {materials.length > 0 && <h3>Standards</h3>}
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
        <Part id="markets" title="Export Markets">
          <p className="section__lead">
            {`We export to ${markets.length} ${markets.length === 1 ? 'country' : 'countries'}.`}
          </p>
          <MarketList markets={markets} />
        </Part>
      )}
      {caseStudies.length > 0 && (
        <Part id="case-studies" title="Case Studies" alt>
          <ul className="card-grid proof-grid" role="list">
            {caseStudies.map((study, index) => (
              <ProofCard key={index} title={study.title} photo={study.photo}>
                <Facts
                  facts={[
                    ['Industry', study.industry],
                    ['Country', study.country],
                  ]}
                />
                <Paragraphs text={study.made} />
              </ProofCard>
            ))}
          </ul>
        </Part>
      )}
      {registration && (
        <Part id="registration" title="Company Registration">
          <RegistrationList withYear className="registration--page" />
        </Part>
      )}
      <CallToAction />
    </>
  );
}
