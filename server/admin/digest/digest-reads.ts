import { ADMIN_SPAM_REASON } from '../../../shared/admin/desk.js';
import { dayInZone } from '../../../shared/time/time-zone.js';
import { INBOX, IN_VIEW } from '../../enquiries/enquiry-reads.js';
import type { DB } from '../../platform/db/open-database.js';
import type { DigestData, DigestEnquiry } from './digest-content.js';

/** At most this many enquiries per section (the desk has the rest). */
const MOST = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Row {
  id: number;
  name: string;
  company: string | null;
  subject: string;
  follow_up_on: string | null;
  follow_up_note: string | null;
  last_message_at: string;
  reply_error: string | null;
}
const COLUMNS = 'id, name, company, subject, follow_up_on, follow_up_note, last_message_at, reply_error';
const toEnquiry = (row: Row): DigestEnquiry => ({
  id: row.id,
  name: row.name,
  company: row.company,
  subject: row.subject,
  followUpOn: row.follow_up_on,
  followUpNote: row.follow_up_note,
  lastMessageAt: row.last_message_at,
  replyError: row.reply_error,
});

/** What the morning digest says, read from the database at `now` (days in `timeZone`). */
export function createDigestReads(db: DB, timeZone: string) {
  const notSent = db.prepare<{ most: number }, Row>(
    `SELECT ${COLUMNS} FROM enquiries WHERE reply_status = 'failed' AND trashed_at IS NULL ORDER BY id LIMIT @most`,
  );
  const unanswered = db.prepare<{ most: number }, Row>(
    `SELECT ${COLUMNS} FROM enquiries WHERE status = 'new' AND awaiting = 'us' AND ${INBOX}
     ORDER BY created_at, id LIMIT @most`,
  );
  const due = db.prepare<{ today: string; most: number }, Row>(
    `SELECT ${COLUMNS} FROM enquiries WHERE ${IN_VIEW.due} ORDER BY follow_up_on, id LIMIT @most`,
  );
  // Our turn since a buyer's reply (the thread's last message is one received) more than a day ago.
  const waiting = db.prepare<{ dayAgo: string; most: number }, Row>(
    `SELECT ${COLUMNS} FROM enquiries WHERE awaiting = 'us' AND ${INBOX} AND status IN ('new', 'open', 'quoted')
       AND last_message_at <= @dayAgo
       AND (SELECT direction FROM enquiry_messages m WHERE m.enquiry_id = enquiries.id
            ORDER BY m.created_at DESC, m.id DESC LIMIT 1) = 'received'
     ORDER BY last_message_at, id LIMIT @most`,
  );
  const lastDigest = db.prepare<[], string | null>('SELECT max(done_at) FROM digest_days').pluck();
  const spam = db
    .prepare<{ since: string; byAdmin: string }, number>(
      `SELECT count(*) FROM enquiries WHERE spam_reason IS NOT NULL AND spam_reason <> @byAdmin
       AND trashed_at IS NULL AND spam_at > @since`,
    )
    .pluck();

  return {
    read(now: Date): DigestData {
      const today = dayInZone(now, timeZone);
      const listedNew = unanswered.all({ most: MOST }).map(toEnquiry);
      const isNew = new Set(listedNew.map((enquiry) => enquiry.id));
      const since = lastDigest.get() ?? new Date(now.getTime() - DAY_MS).toISOString();
      return {
        today,
        notSent: notSent.all({ most: MOST }).map(toEnquiry),
        unanswered: listedNew,
        due: due.all({ today, most: MOST }).map(toEnquiry),
        // A New enquiry with the buyer's reply is listed once, among the new ones.
        waiting: waiting
          .all({ dayAgo: new Date(now.getTime() - DAY_MS).toISOString(), most: MOST })
          .map(toEnquiry)
          .filter((enquiry) => !isNew.has(enquiry.id)),
        spam: spam.get({ since, byAdmin: ADMIN_SPAM_REASON }) ?? 0,
      };
    },
  };
}
