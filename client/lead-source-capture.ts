/**
 * The tab's sessionStorage key of where its visit began: JSON of the enquiry form's field names
 * (SOURCE_FIELDS in shared/enquiry/lead-source.ts, written out here so that the public bundle
 * carries nothing else of it).
 */
export const SOURCE_STORAGE_KEY = 'lead-source';

/**
 * On the first page of a tab's visit, remembers in sessionStorage (this tab only, gone when it
 * closes) the page's path and query, the other site that sent the visitor, and the campaign in the
 * address. The enquiry form sends them with the enquiry (EnquiryForm); nothing else reads them.
 */
export function captureLeadSource(): void {
  try {
    if (sessionStorage.getItem(SOURCE_STORAGE_KEY)) return;
    const { pathname, search, host } = location;
    const query = new URLSearchParams(search);
    // document.referrer is empty or an address (the other site's origin alone, by its referrer policy).
    const referrer = document.referrer && new URL(document.referrer).host;
    const source: Record<string, string | null> = {
      source_landing: (pathname + search).slice(0, 300),
      source_referrer: referrer === host ? '' : referrer,
    };
    for (const name of ['utm_source', 'utm_medium', 'utm_campaign']) source[name] = query.get(name);
    sessionStorage.setItem(SOURCE_STORAGE_KEY, JSON.stringify(source));
  } catch {
    // Storage turned off: the server still reads the form page's Referer.
  }
}
