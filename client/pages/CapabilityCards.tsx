import { formatDay } from '../../shared/capability/certificates.js';
import { formatNumber, machineCapacity } from '../../shared/capability/records.js';
import type { Capability } from '../../shared/content/schema.js';
import { pdfUrl } from '../../shared/content/pdf.js';
import { formatBytes } from '../../shared/enquiry/quote.js';
import type { SiteTexts } from '../../shared/i18n/catalogue.js';
import { Icon } from '../components/Icon.js';
import { Paragraphs } from '../components/Paragraphs.js';
import { Facts, ProofCard } from './ProofCard.js';

type Texts = SiteTexts['infrastructure'];

/** The plant: a card per machine, with its capacity, make and how many. */
export function MachineCards({ machines, texts }: { machines: Capability['machines']; texts: Texts }) {
  return (
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
  );
}

/** The certificates: a card per certificate (its photo shown whole), with a link to its PDF when it has one. */
export function CertificateCards({ certificates, texts }: { certificates: Capability['certificates']; texts: Texts }) {
  return (
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
  );
}

/** The case studies: a card per study, with its industry, country and what was made. */
export function CaseStudyCards({ caseStudies, texts }: { caseStudies: Capability['caseStudies']; texts: Texts }) {
  return (
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
  );
}
