/**
 * Where a lead came from: the first page of the buyer's visit, the site that sent them there, and the
 * campaign named in that page's address. Nothing else is kept (no cookie, no third-party script):
 * the public site keeps these in the tab's sessionStorage and sends them with the enquiry as hidden
 * fields; without JavaScript, the server reads the form page's Referer (docs/enquiry-desk.md).
 */
export interface LeadSource {
  /** Path and query of the first page of the visit, on this site. */
  landing: string | null;
  /** The host of the site that sent the visitor, when it was another site. */
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/** The form's hidden fields, each named as its column in the enquiries table. */
export const SOURCE_FIELDS = {
  landing: 'source_landing',
  referrer: 'source_referrer',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
} as const satisfies Record<keyof LeadSource, string>;

/**
 * Without JavaScript: what the server read from the Referer of the form page when it rendered it
 * (the landing page and an external referrer's host), encoded as one value, sent back with the form.
 */
export const SOURCE_PAGE_FIELD = 'source_page';

/** Longer values are cut to these lengths. */
export const SOURCE_LIMITS = { landing: 300, referrer: 253, utm: 100 } as const;

export const NO_SOURCE: LeadSource = {
  landing: null,
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
};

/** What the reports group a lead by: its campaign's source, else the site that sent it. */
export const DIRECT_OR_UNKNOWN = 'Direct or unknown';

/** "linkedin / social / spring-2026": the campaign's three values, the missing ones left out. */
export function campaignOf(source: LeadSource): string {
  return [source.utmSource, source.utmMedium, source.utmCampaign].filter((value) => value !== null).join(' / ');
}

/** The whole source on one line (the CSV's Source column): empty when nothing is known. */
export function describeSource(source: LeadSource): string {
  const campaign = campaignOf(source);
  return [
    campaign && `Campaign: ${campaign}`,
    source.referrer && `Referrer: ${source.referrer}`,
    source.landing && `Landing page: ${source.landing}`,
  ]
    .filter(Boolean)
    .join('; ');
}
