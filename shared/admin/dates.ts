import { formatInZone } from '../time/time-zone.js';

/** Date of an enquiry as the panel shows it, in the site's time zone (as in the CSV); N/A when there is none. */
export function formatEnquiryDate(iso: string | null | undefined, timeZone: string): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return 'N/A';
  return formatInZone(iso, timeZone);
}
