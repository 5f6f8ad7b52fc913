import t from 'tap';
import { formatListDate } from '../../../shared/admin/dates.js';

// The list's short dates, in the site's time zone (Asia/Kolkata is UTC+5:30).
const now = new Date('2026-11-27T10:00:00Z'); // 15:30 on 27 Nov 2026 in Kolkata

t.test('a row received today shows its time, 24-hour, in the site’s zone', async (t) => {
  t.equal(formatListDate('2026-11-27T03:05:00Z', 'Asia/Kolkata', now), '08:35');
  t.equal(formatListDate('2026-11-26T19:00:00Z', 'Asia/Kolkata', now), '00:30', 'just after midnight there');
});

t.test('earlier this year: the day and month; another year: with the year', async (t) => {
  t.equal(formatListDate('2026-11-26T18:00:00Z', 'Asia/Kolkata', now), '26 Nov', 'before midnight there: yesterday');
  t.equal(formatListDate('2026-01-05T12:00:00Z', 'Asia/Kolkata', now), '5 Jan');
  t.equal(formatListDate('2025-11-24T12:00:00Z', 'Asia/Kolkata', now), '24 Nov 2025');
  t.equal(formatListDate('2025-12-31T19:00:00Z', 'Asia/Kolkata', now), '1 Jan', 'new year there already');
});

t.test('each zone its own: the same instant is today in Kolkata, yesterday in New York', async (t) => {
  t.equal(formatListDate('2026-11-27T03:05:00Z', 'America/New_York', now), '26 Nov');
  t.equal(formatListDate('2026-11-27T03:05:00Z', 'Asia/Kolkata', now), '08:35');
});

t.test('a date that is not one is N/A', async (t) => {
  t.equal(formatListDate('not a date', 'Asia/Kolkata', now), 'N/A');
});
