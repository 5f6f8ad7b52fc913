import type { FastifyBaseLogger } from 'fastify';
import { foldQuoted } from '../../../shared/enquiry/quoted-text.js';
import type { DB } from '../../platform/db/open-database.js';
import type { MailSender } from '../../platform/mail/mail-sender.js';
import { CLOSE_GRACE_MS, settledWithin } from '../../platform/mail/stop-when-closing.js';

/** A buyer's answer not yet announced to the admin, with what the mail says of its enquiry. */
export interface Answer {
  messageId: number;
  enquiryId: number;
  name: string;
  company: string | null;
  subject: string;
  body: string;
  /** When it was taken from the mailbox (ISO 8601). */
  at: string;
  files: number;
}

/** The most answers one mail lists; more are in the next mail, sent straight after. */
const MOST_PER_MAIL = 50;
/** The start of an answer the mail quotes, in characters. */
const QUOTED_CHARS = 600;
/** After a refused or failed send, the next try (the answers stay waiting meanwhile). */
const RETRY_MS = 5 * 60_000;

/** "28 Nov 2026, 06:05 (Asia/Kolkata)": a time as a person writes it, in the site's time zone. */
export function personTime(iso: string, timeZone: string): string {
  const written = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  return `${written.format(new Date(iso))} (${timeZone})`;
}

/**
 * The mail that tells the admin of buyers' answers: one enquiry's answer in the subject with its
 * `[#n]`, or a burst's enquiries each with its `[#n]`; each answer with who, when, the start of what
 * they wrote (without the quoted history) and the link to its enquiry on the desk.
 */
export function answerMailContent(
  answers: readonly Answer[],
  siteUrl: string,
  timeZone: string,
): { subject: string; text: string } {
  const enquiries = [...new Set(answers.map((answer) => answer.enquiryId))];
  const first = answers[0]!;
  const subject =
    enquiries.length === 1
      ? `${first.name} answered: ${first.subject} [#${first.enquiryId}]`
      : `${answers.length} answers from buyers: ${enquiries.map((id) => `[#${id}]`).join(' ')}`;
  const blocks = answers.map((answer) => {
    const { reply } = foldQuoted(answer.body);
    const start = reply.length > QUOTED_CHARS ? `${reply.slice(0, QUOTED_CHARS).trimEnd()} …` : reply;
    return [
      `#${answer.enquiryId} ${answer.name}${answer.company ? `, ${answer.company}` : ''}: ${answer.subject}`,
      `Answered ${personTime(answer.at, timeZone)}`,
      '',
      ...start.split('\n').map((line) => `  ${line}`),
      '',
      ...(answer.files > 0
        ? [`${answer.files === 1 ? '1 file' : `${answer.files} files`} attached (on the desk)`]
        : []),
      `Read it and reply from the desk: ${siteUrl}/admin/enquiries/${answer.enquiryId}`,
    ].join('\n');
  });
  const opening =
    answers.length === 1
      ? 'A buyer answered.'
      : `Buyers answered: ${answers.length} answers on ${enquiries.length} enquiries.`;
  return {
    subject,
    text: `${opening}\n\n${blocks.join('\n\n')}\n\nEvery thread awaiting us: ${siteUrl}/admin?view=awaiting\n`,
  };
}

export type AnswerMail = ReturnType<typeof createAnswerMail>;

/**
 * E-mails the admin (NOTIFY_TO) when buyers answer, batched: the first answer not yet announced
 * starts a wait of `waitMs`, and every answer taken meanwhile goes in the same mail. An answer is
 * marked announced only once the mail server accepted the mail; a failed send is tried again after
 * RETRY_MS, and answers still waiting at start are mailed then.
 */
export function createAnswerMail(options: {
  db: DB;
  mail: Pick<MailSender, 'send'>;
  siteUrl: string;
  timeZone: string;
  waitMs: number;
  log: FastifyBaseLogger;
  now: () => number;
}) {
  const { db, mail, log } = options;
  const waiting = db.prepare<[number], Answer>(
    `SELECT m.id AS messageId, m.enquiry_id AS enquiryId, e.name, e.company, e.subject, m.body, m.created_at AS at,
       (SELECT count(*) FROM enquiry_message_files f WHERE f.message_id = m.id) AS files
     FROM enquiry_messages m JOIN enquiries e ON e.id = m.enquiry_id
     WHERE m.direction = 'received' AND m.announced_at IS NULL ORDER BY m.id LIMIT ?`,
  );
  const markAnnounced = db.prepare<[string, string]>(
    'UPDATE enquiry_messages SET announced_at = ? WHERE id IN (SELECT value FROM json_each(?))',
  );
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> | undefined;
  let closed = false;
  /** Aborted on close, once the grace is over: cuts a send still under way (its answers stay waiting). */
  const stop = new AbortController();

  function later(ms: number): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void answerMail.sendNow();
    }, ms);
    timer.unref();
  }

  /** One mail of what is waiting; true when more wait. */
  async function sendBatch(): Promise<boolean> {
    const answers = waiting.all(MOST_PER_MAIL + 1);
    if (answers.length === 0) return false;
    const batch = answers.slice(0, MOST_PER_MAIL);
    await mail.send({ ...answerMailContent(batch, options.siteUrl, options.timeZone), signal: stop.signal });
    markAnnounced.run(new Date(options.now()).toISOString(), JSON.stringify(batch.map((answer) => answer.messageId)));
    log.info({ answers: batch.length }, 'the admin was e-mailed of buyers’ answers');
    return answers.length > batch.length;
  }

  const answerMail = {
    /** A buyer's answer was stored: the mail goes once the wait is over, with every answer taken meanwhile. */
    answered(): void {
      later(options.waitMs);
    },
    /** Sends what is waiting now (the end of the wait; tests call it). Never rejects. */
    sendNow(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      sending ??= (async () => {
        try {
          while (!closed && (await sendBatch()));
        } catch (error) {
          if (stop.signal.aborted) {
            log.info('the e-mail of buyers’ answers was cut by the shutdown; it goes after the next start');
            return;
          }
          log.error({ err: error }, `the e-mail of buyers’ answers failed; trying again in ${RETRY_MS / 60_000} min`);
          later(RETRY_MS);
        } finally {
          sending = undefined;
        }
      })();
      return sending;
    },
    /** At start: answers taken but not announced before a restart wait no longer than new ones. */
    start(): void {
      if (waiting.all(1).length > 0) later(options.waitMs);
    },
    /** No new mail; one under way gets CLOSE_GRACE_MS, then its connection is cut. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      if (sending && !(await settledWithin(sending, CLOSE_GRACE_MS))) stop.abort();
      await sending;
    },
  };
  return answerMail;
}
