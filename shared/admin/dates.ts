import { formatInZone } from '../time/time-zone.js';

/** Date of an enquiry as the panel shows it, in the site's time zone (as in the CSV); N/A when there is none. */
export function formatEnquiryDate(iso: string | null | undefined, timeZone: string): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return 'N/A';
  return formatInZone(iso, timeZone);
}

/** The list's formats, made once per time zone (toLocaleDateString with options makes one per call: 30 ms a page). */
const listFormats = new Map<
  string,
  Record<'date' | 'year' | 'time' | 'dayMonth' | 'dayMonthYear', Intl.DateTimeFormat>
>();
function listFormatsIn(timeZone: string) {
  let formats = listFormats.get(timeZone);
  if (!formats) {
    const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    formats = {
      date: format({ dateStyle: 'short' }),
      year: format({ year: 'numeric' }),
      time: format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      dayMonth: format({ day: 'numeric', month: 'short' }),
      dayMonthYear: format({ day: 'numeric', month: 'short', year: 'numeric' }),
    };
    listFormats.set(timeZone, formats);
  }
  return formats;
}

/**
 * The date of a row in the list, short: the time for one received today ("14:05"), else the day
 * ("24 Nov"), with the year when it is not this year ("24 Nov 2025"); in the site's time zone.
 */
export function formatListDate(iso: string, timeZone: string, now: Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'N/A';
  const { date, year, time, dayMonth, dayMonthYear } = listFormatsIn(timeZone);
  if (date.format(at) === date.format(now)) return time.format(at);
  return (year.format(at) === year.format(now) ? dayMonth : dayMonthYear).format(at);
}
