/** Dates as the business reads them: in the site's time zone (SITE_TIME_ZONE, default Asia/Kolkata). */

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(
  date: Date,
  timeZone: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, Number(part.value)]));
  return parts as ReturnType<typeof partsIn>;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-23 14:05": an instant as wall-clock time in `timeZone` (spreadsheets read it as a date). */
export function formatInZone(iso: string, timeZone: string): string {
  const p = partsIn(new Date(iso), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** "2026-11-23": the calendar day of an instant in `timeZone`. */
export function dayInZone(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The instant a calendar day ("2026-11-23") begins in `timeZone`. */
export function startOfDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date);
  // The zone's offset at that moment, then once more at the corrected moment (a DST change that day).
  let instant = asUtc;
  for (let i = 0; i < 2; i++) {
    const p = partsIn(new Date(instant), timeZone);
    const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - instant;
    instant = asUtc - offset;
  }
  return new Date(instant);
}

/** The calendar day after `day`. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/**
 * "Saturday, 28 November 2026, 4:05 am GMT+5:30 (Asia/Kolkata)": an instant as a person writes it,
 * in `timeZone` (its short name, or its offset and name where it has none), for e-mails people read.
 */
export function formatForPeople(iso: string, timeZone: string, locale = 'en-GB'): string {
  if (locale !== 'en-GB') return formatInLocale(iso, timeZone, locale);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
  const zone = part('timeZoneName');
  // An offset alone ("GMT+5:30") is named by its zone too.
  const named = zone.startsWith('GMT') ? `${zone} (${timeZone})` : zone;
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}, ${time} ${named}`;
}

/**
 * The same moment in another language's words and order, as Intl writes them there ("Dienstag, 10. März
 * 2026 um 15:04 GMT+5:30 (Asia/Kolkata)"); digits as the locale says (Latin digits for Arabic: `-u-nu-latn`).
 */
function formatInLocale(iso: string, timeZone: string, locale: string): string {
  const written = new Intl.DateTimeFormat(locale, {
    timeZone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(iso));
  const zone = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((part) => part.type === 'timeZoneName')!.value;
  return `${written} ${zone.startsWith('GMT') ? `${zone} (${timeZone})` : zone}`;
}
