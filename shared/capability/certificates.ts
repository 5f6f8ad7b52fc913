import type { Capability, SiteContent } from '../content/schema.js';

export type Certificate = Capability['certificates'][number];

/** How many days ahead the admin is told that a certificate expires. */
export const EXPIRY_WARNING_DAYS = 30;

/** A certificate is shown up to and including its last valid day ("2027-03-31"), by the site's calendar. */
export function isValidOn(certificate: Pick<Certificate, 'validUntil'>, today: string): boolean {
  return certificate.validUntil >= today;
}

/** The certificates still valid on `today` ("2026-11-25", in the site's time zone): the only ones the site shows. */
export function validCertificates(certificates: readonly Certificate[], today: string): Certificate[] {
  return certificates.filter((certificate) => isValidOn(certificate, today));
}

/**
 * The content as the public site shows it on `today`: without the certificates that have expired.
 * The server renders each public page from it and sends it to the browser, so that the page and its
 * hydration agree, and an expired certificate goes on its day without a new publish.
 */
export function publicContentOn(content: SiteContent, today: string): SiteContent {
  const certificates = validCertificates(content.capability.certificates, today);
  if (certificates.length === content.capability.certificates.length) return content;
  return { ...content, capability: { ...content.capability, certificates } };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "31 March 2027": a calendar day ("2027-03-31") as en-GB's long date, without Intl (docs/development.md). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[month! - 1]} ${year}`;
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * What the admin is told of the certificates: each that expires within EXPIRY_WARNING_DAYS of
 * `today` ("Certificate ISO 9001:2015 (QMS-1234) expires on 31 March 2027"), and each that has
 * expired (and is no longer shown), the soonest first.
 */
export function certificateNotices(certificates: readonly Certificate[], today: string): string[] {
  return [...certificates]
    .filter(
      (certificate) => certificate.validUntil && daysBetween(today, certificate.validUntil) <= EXPIRY_WARNING_DAYS,
    )
    .sort((a, b) => a.validUntil.localeCompare(b.validUntil))
    .map((certificate) => {
      const named = `Certificate ${certificate.name} (${certificate.number})`;
      return isValidOn(certificate, today)
        ? `${named} expires on ${formatDay(certificate.validUntil)}.`
        : `${named} has expired (valid until ${formatDay(certificate.validUntil)}): it is no longer shown on the site.`;
    });
}
