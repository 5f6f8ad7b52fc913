import { createHash } from 'node:crypto';
import type { Capability, SiteContent } from '../../shared/content/schema.js';
import { dayInZone } from '../../shared/time/time-zone.js';

/** How much of each list fits beside the rest on two pages, however much the owner entered. */
export const LIMITS = { certificates: 6, machines: 8, caseStudies: 3, listLines: 4, marketLines: 4, machinePhotos: 2 };

export type Certificate = Capability['certificates'][number];

/** What the capability statement shows of the published content on a given day. */
export interface StatementContents {
  content: SiteContent;
  /** The certificates still valid that day (in the site's time zone), in the owner's order. */
  certificates: Certificate[];
  /** Names what the statement shows besides the revision: which certificates are still valid. */
  validity: string;
}

/** The certificates valid on `day` ("2026-11-25"): a certificate is valid through its last day. */
export function validCertificates(capability: Capability, day: string): Certificate[] {
  return capability.certificates.filter((certificate) => certificate.validUntil >= day);
}

export function statementContents(content: SiteContent, now: Date, timeZone: string): StatementContents {
  const certificates = validCertificates(content.capability, dayInZone(now, timeZone));
  const validity = createHash('sha256')
    .update(JSON.stringify(certificates.map((certificate) => certificate.number)))
    .digest('hex')
    .slice(0, 8);
  return { content, certificates, validity };
}

/** Whether there is anything to show: no statement is made of empty records (or of expired certificates only). */
export function hasRecords({ content, certificates }: StatementContents): boolean {
  const { machines, capacity, materials, standards, markets, caseStudies } = content.capability;
  return (
    certificates.length > 0 ||
    machines.length > 0 ||
    Object.values(capacity).some((value) => value !== '') ||
    materials.length > 0 ||
    standards.length > 0 ||
    markets.length > 0 ||
    caseStudies.length > 0
  );
}

/** The name's letters and digits in lower case, joined by hyphens ("Shree Gaṇeśa Forgings" → "shree-ganesa-forgings"). */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** The file name the statement is saved as: named by the company (its legal name when the name has no Latin letters). */
export function statementFileName(content: SiteContent): string {
  const slug = slugOf(content.company.name) || slugOf(content.company.registration.legalName) || 'company';
  return `${slug}-capability-statement.pdf`;
}
