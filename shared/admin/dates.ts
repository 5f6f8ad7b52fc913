import { formatInZone } from '../time/time-zone.js';

/** Date of an enquiry as the panel shows it, in the site's time zone (as in the CSV); N/A when there is none. */
export function formatEnquiryDate(iso: string | null | undefined, timeZone: string): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return 'N/A';
  return formatInZone(iso, timeZone);
}

/**
 * The date of a row in the list, short: the time for one received today ("14:05"), else the day
 * ("24 Nov"), with the year when it is not this year ("24 Nov 2025"); in the site's time zone.
 */
export function formatListDate(iso: string, timeZone: string, now: Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'N/A';
  const day = (date: Date, options: Intl.DateTimeFormatOptions) =>
    date.toLocaleDateString('en-GB', { timeZone, ...options });
  if (day(at, { dateStyle: 'short' }) === day(now, { dateStyle: 'short' }))
    return at.toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const sameYear = day(at, { year: 'numeric' }) === day(now, { year: 'numeric' });
  return day(at, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) });
}
