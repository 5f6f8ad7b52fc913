import { randomUUID } from 'node:crypto';
import { ADMIN_PATHS, pathTo } from '../../shared/admin/paths.js';
import { QUOTATION_ANSWER_TEXT as TEXT } from '../../shared/admin/texts.js';
import { STAGE_LABELS, type Stage } from '../../shared/enquiry/enquiry.js';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import type { AcceptForm, DeclineForm, DeclineReason, QuotationAnswer } from '../../shared/quotations/answer.js';
import { quotationDraftSchema, priceQuotation } from '../../shared/quotations/quotation.js';
import { revisionLabel, type QuotationRevision } from '../../shared/quotations/revisions.js';
import type { DB } from '../platform/db/open-database.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';
import type { EnquiryStore } from '../enquiries/enquiry-store.js';
import { createEnquiryEvents } from '../enquiries/thread/enquiry-events.js';
import { queueQuotationAccepted } from '../integrations/webhook-events.js';

interface AnsweredRow {
  id: number;
  enquiryId: number;
  number: string;
  revision: number;
  draft: string;
  savedAt: string;
  savedBy: string;
  sentAt: string | null;
  answer: QuotationAnswer['kind'] | null;
  answeredAt: string | null;
  poNumber: string | null;
  declineReason: DeclineReason | null;
  /** The newest revision of the same quotation sent to the buyer. */
  latestSent: number | null;
  email: string | null;
  language: LanguageCode;
}

/** A sent revision as its link finds it, with the enquiry it belongs to and what was answered. */
export interface LinkedRevision {
  id: number;
  enquiryId: number;
  language: LanguageCode;
  /** The buyer's address (the sender of the answer in the thread). */
  buyer: string;
  revision: QuotationRevision;
  answer: QuotationAnswer | null;
  /** A newer revision was sent since. */
  superseded: boolean;
}

export type QuotationAnswers = ReturnType<typeof createQuotationAnswers>;

/** A sent revision by its id, as its link finds it; undefined when not sent or its enquiry is in Trash. */
function revisionFinder(db: DB) {
  const revisionOf = db.prepare<[number], AnsweredRow>(
    `SELECT r.id, q.enquiry_id AS enquiryId, q.number, r.revision, r.draft, r.saved_at AS savedAt,
       r.saved_by AS savedBy, r.sent_at AS sentAt, r.answer, r.answered_at AS answeredAt, r.po_number AS poNumber,
       r.decline_reason AS declineReason, e.email, e.language,
       (SELECT max(o.revision) FROM quotation_revisions o WHERE o.quotation_id = r.quotation_id AND o.sent_at IS NOT NULL) AS latestSent
     FROM quotation_revisions r JOIN quotations q ON q.id = r.quotation_id JOIN enquiries e ON e.id = q.enquiry_id
     WHERE r.id = ? AND e.trashed_at IS NULL`,
  );

  return (revisionId: number): LinkedRevision | undefined => {
    const row = revisionOf.get(revisionId);
    if (!row?.sentAt) return undefined;
    const draft = quotationDraftSchema.parse(JSON.parse(row.draft));
    const priced = priceQuotation(draft);
    if (!priced.ok) return undefined;
    const { id, enquiryId, number, revision, savedAt, savedBy, sentAt } = row;
    return {
      id,
      enquiryId,
      language: row.language,
      buyer: row.email ?? 'buyer',
      revision: { number, revision, draft, totals: priced.totals, savedAt, savedBy, sentAt },
      answer: answerOf(row),
      superseded: (row.latestSent ?? 0) > revision,
    };
  };
}

/**
 * The buyer's answers through a quotation's link. Each is one transaction: the revision's answer
 * (migration 45), the enquiry's stage (Won or Lost, an event of its timeline), the answer in the
 * thread as the buyer's message, the owner's e-mail (a delivery on the outbox's notification
 * channel) and, for an acceptance, the "quotation.accepted" webhooks.
 */
export function createQuotationAnswers(options: {
  db: DB;
  storage: StorageMonitor;
  store: EnquiryStore;
  siteUrl: string;
  now: () => number;
}) {
  const { db, storage, store } = options;
  const at = () => new Date(options.now());
  const events = createEnquiryEvents(db, storage, at);
  const find = revisionFinder(db);
  const recordAnswer = db.prepare(
    `UPDATE quotation_revisions SET answer = @answer, answered_at = @at, po_number = @poNumber,
       answer_note = @note, decline_reason = @reason WHERE id = @id AND answer IS NULL AND sent_at IS NOT NULL`,
  );
  const insertMessage = db.prepare(
    `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, sender, recipient, subject, body, created_at, announced_at)
     VALUES (@enquiryId, 'received', @messageId, @sender, '', @subject, @body, @at, @at)`,
  );
  const awaitUs = db.prepare("UPDATE enquiries SET read_at = NULL, awaiting = 'us', last_message_at = ? WHERE id = ?");
  const queueMail = db.prepare(
    `INSERT INTO deliveries (enquiry_id, channel, event, data, status, next_at, created_at)
     VALUES (@enquiryId, 'notification', 'quotation.answered', @data, 'pending', @at, @at)`,
  );
  const askedOf = db
    .prepare<[string], number>("SELECT 1 FROM enquiry_messages WHERE message_id LIKE ? AND direction = 'received'")
    .pluck();
  const host = new URL(options.siteUrl).hostname;

  /** The buyer's words in the thread, the enquiry awaiting us, and the owner told by e-mail. */
  function intoThread(linked: LinkedRevision, kind: 'answer' | 'ask', body: string, time: string) {
    const { enquiryId, revision } = linked;
    insertMessage.run({
      enquiryId,
      messageId: `quotation-${linked.id}-${kind}-${randomUUID()}@${host}`,
      sender: linked.buyer,
      subject: TEXT.subject(revision.number, revisionLabel(revision.revision)),
      body,
      at: time,
    });
    awaitUs.run(time, enquiryId);
    const page = `${options.siteUrl}${pathTo(ADMIN_PATHS.enquiryPage, { id: enquiryId })}`;
    const data = { subject: TEXT.mailSubject(enquiryId, body.split('\n')[0]!), text: TEXT.mailText(page, body) };
    queueMail.run({ enquiryId, data: JSON.stringify(data), at: time });
  }

  function moveTo(linked: LinkedRevision, stage: Stage) {
    const was = store.setStage(linked.enquiryId, stage);
    if (was !== undefined && was !== stage)
      events.record(linked.enquiryId, linked.buyer, 'stage', `${STAGE_LABELS[was]} → ${STAGE_LABELS[stage]}`);
  }

  /** Records an answer once; false (nothing changed) when the revision was answered already. */
  function answer(
    linked: LinkedRevision,
    fields: {
      answer: QuotationAnswer['kind'];
      poNumber: string | null;
      note: string | null;
      reason: DeclineReason | null;
    },
    body: string,
  ) {
    const time = at().toISOString();
    return storage.write(() => {
      if (recordAnswer.run({ ...fields, id: linked.id, at: time }).changes === 0) return false;
      moveTo(linked, fields.answer === 'accepted' ? 'won' : 'lost');
      intoThread(linked, 'answer', body, time);
      if (fields.answer === 'accepted') {
        const { number, revision, draft, totals } = linked.revision;
        const quotation = {
          number,
          revision: revisionLabel(revision),
          currency: draft.currency,
          total: totals.total,
          poNumber: fields.poNumber,
        };
        queueQuotationAccepted(db, linked.enquiryId, quotation, new Date(time));
      }
      return true;
    });
  }

  return {
    find,
    accept(linked: LinkedRevision, form: AcceptForm): boolean {
      const poNumber = form.poNumber ?? '';
      const label = revisionLabel(linked.revision.revision);
      const body = [TEXT.accepted(label, poNumber), form.note].filter(Boolean).join('\n\n');
      return answer(
        linked,
        { answer: 'accepted', poNumber: poNumber || null, note: form.note || null, reason: null },
        body,
      );
    },
    decline(linked: LinkedRevision, form: DeclineForm): boolean {
      const label = revisionLabel(linked.revision.revision);
      const body = [TEXT.declined(label, TEXT.reasons[form.reason]), form.details].filter(Boolean).join('\n\n');
      return answer(
        linked,
        { answer: 'declined', poNumber: null, note: form.details || null, reason: form.reason },
        body,
      );
    },
    /** A buyer whose link expired or was superseded asks for a new quotation: the message in the thread. */
    askAgain(linked: LinkedRevision, why: 'expired' | 'superseded', message: string): void {
      const time = at().toISOString();
      const what = TEXT.asked(revisionLabel(linked.revision.revision), why);
      storage.write(() => intoThread(linked, 'ask', `${what}\n\n${message}`, time));
    },
    /** Whether the buyer asked for a new quotation through this revision's link. */
    asked: (linked: LinkedRevision): boolean => askedOf.get(`quotation-${linked.id}-ask-%`) !== undefined,
  };
}

function answerOf(row: AnsweredRow): QuotationAnswer | null {
  if (row.answer === 'accepted') return { kind: 'accepted', poNumber: row.poNumber ?? '', at: row.answeredAt! };
  if (row.answer === 'declined') return { kind: 'declined', reason: row.declineReason ?? 'other', at: row.answeredAt! };
  return null;
}
