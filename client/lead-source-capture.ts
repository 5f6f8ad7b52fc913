import { SOURCE_STORAGE_KEY } from '../shared/enquiry/lead-source.js';

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
    let referrer = '';
    try {
      referrer = new URL(document.referrer).host;
    } catch {
      // none, or not an address
    }
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
