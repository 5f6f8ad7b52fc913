/** Follow-up dates: calendar days (YYYY-MM-DD) in the site's time zone, checked and shown the same everywhere. */

import type { FollowUp } from './thread.js';

/** "2026-12-02: Call about the drawing" (or "cleared"), as the timeline's event says it. */
export const describeFollowUp = (followUp: FollowUp | null) =>
  followUp ? `${followUp.on}${followUp.note ? `: ${followUp.note}` : ''}` : 'cleared';

/** The note a follow-up proposed by setting the stage to Quoted carries. */
export const QUOTE_FOLLOW_UP_NOTE = 'Follow up on the quote';

/** How far back and ahead of today a follow-up date may be set. */
export const FOLLOW_UP_PAST_DAYS = 366;
export const FOLLOW_UP_FUTURE_DAYS = 2 * 366;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^(\d{4})-(\d\d)-(\d\d)$/;

/** The day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Whether `day` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  const match = DAY.exec(day);
  if (!match) return false;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const at = new Date(Date.UTC(year, month - 1, date));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
}

/** Why a follow-up date cannot be set (null when it can), given today in the site's time zone. */
export function followUpDayProblem(day: string, today: string): string | null {
  if (!isCalendarDay(day)) return 'Give the follow-up date as a real calendar day.';
  const days = daysBetween(today, day);
  if (days < -FOLLOW_UP_PAST_DAYS) return 'The follow-up date is more than a year ago.';
  if (days > FOLLOW_UP_FUTURE_DAYS) return 'The follow-up date is more than two years ahead.';
  return null;
}

/** "2 Dec", with the year when it is not today's year ("2 Jan 2027"). */
export function formatFollowUpDay(day: string, today: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return at.toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}
