import type { DB } from '../platform/db/open-database.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';
import type { Currency } from '../../shared/quotations/money.js';
import {
  priceQuotation,
  quotationDraftSchema,
  type QuotationDraft,
  type QuotationLine,
  type QuotationTotals,
} from '../../shared/quotations/quotation.js';
import { quotationNumber, type QuotationRevision } from '../../shared/quotations/revisions.js';
import { dayInZone } from '../../shared/time/time-zone.js';
import type { PriceListItem } from '../../shared/quotations/price-list.js';

interface RevisionRow {
  number: string;
  revision: number;
  draft: string;
  savedAt: string;
  savedBy: string;
  sentAt: string | null;
}

/** The latest revision's way to the buyer: the status of the reply that carries it (null: none yet). */
export interface QuotationDelivery {
  revision: number;
  status: 'pending' | 'sent' | 'failed' | null;
  sentAt: string | null;
}

/** A stored draft read back through its schema, with its line totals worked out again. */
function revisionOf(row: RevisionRow): QuotationRevision {
  const draft = quotationDraftSchema.parse(JSON.parse(row.draft));
  const priced = priceQuotation(draft);
  if (!priced.ok) throw new Error(`quotation ${row.number} R${row.revision} is stored unpriceable`);
  return { ...row, draft, totals: priced.totals };
}

export type QuotationStore = ReturnType<typeof createQuotationStore>;

/**
 * Quotations and their revisions (migration 42), and the price list (migration 43). A save is always
 * a new revision: nothing saved is changed, so a sent revision stays as the buyer received it.
 */
export function createQuotationStore(db: DB, storage: StorageMonitor, now: () => number, timeZone: string) {
  const revisionsOf = db.prepare<[number], RevisionRow>(
    `SELECT q.number, r.revision, r.draft, r.saved_at AS savedAt, r.saved_by AS savedBy, r.sent_at AS sentAt
     FROM quotation_revisions r JOIN quotations q ON q.id = r.quotation_id
     WHERE q.enquiry_id = ? ORDER BY r.revision`,
  );
  const quotationOf = db.prepare<[number], { id: number; number: string }>(
    'SELECT id, number FROM quotations WHERE enquiry_id = ?',
  );
  const nextSequence = db.prepare<[number], number>(
    `INSERT INTO quotation_numbers (year, last) VALUES (?, 1)
     ON CONFLICT (year) DO UPDATE SET last = last + 1 RETURNING last`,
  );
  const insertQuotation = db.prepare<[number, string]>('INSERT INTO quotations (enquiry_id, number) VALUES (?, ?)');
  const lastRevision = db.prepare<[number], number>(
    'SELECT coalesce(max(revision), 0) FROM quotation_revisions WHERE quotation_id = ?',
  );
  const insertRevision = db.prepare(
    `INSERT INTO quotation_revisions (quotation_id, revision, draft, currency, subtotal, tax, total, saved_at, saved_by)
     VALUES (@quotationId, @revision, @draft, @currency, @subtotal, @tax, @total, @savedAt, @savedBy)`,
  );
  const items = db.prepare<[], PriceListItem>(
    `SELECT id, description, drawing, material, hs_code AS hsCode, unit, unit_price AS unitPrice, currency
     FROM price_list ORDER BY description, drawing, currency`,
  );
  const upsertItem = db.prepare(
    `INSERT INTO price_list (description, drawing, material, hs_code, unit, unit_price, currency, saved_at)
     VALUES (@description, @drawing, @material, @hsCode, @unit, @unitPrice, @currency, @savedAt)
     ON CONFLICT (description, drawing, material, currency) DO UPDATE SET
       hs_code = excluded.hs_code, unit = excluded.unit, unit_price = excluded.unit_price, saved_at = excluded.saved_at`,
  );
  const deliveryOf = db.prepare<[number], QuotationDelivery>(
    `SELECT r.revision, d.status, r.sent_at AS sentAt
     FROM quotation_revisions r JOIN quotations q ON q.id = r.quotation_id
     LEFT JOIN deliveries d ON d.reply_id = r.reply_id
     WHERE q.enquiry_id = ? ORDER BY r.revision DESC LIMIT 1`,
  );
  const setReply = db.prepare<{ enquiryId: number; revision: number; replyId: number }>(
    `UPDATE quotation_revisions SET reply_id = @replyId WHERE revision = @revision AND reply_id IS NULL
       AND quotation_id = (SELECT id FROM quotations WHERE enquiry_id = @enquiryId)`,
  );
  const savedAt = () => new Date(now()).toISOString();

  /** The enquiry's quotation, numbered on its first save with the next number of the year (in the site's time zone). */
  const quotationFor = (enquiryId: number) => {
    const found = quotationOf.get(enquiryId);
    if (found) return found;
    const year = Number(dayInZone(new Date(now()), timeZone).slice(0, 4));
    const number = quotationNumber(year, nextSequence.pluck().get(year)!);
    return { id: Number(insertQuotation.run(enquiryId, number).lastInsertRowid), number };
  };

  return {
    /** The enquiry's revisions, oldest first. */
    revisions: (enquiryId: number): QuotationRevision[] => revisionsOf.all(enquiryId).map(revisionOf),

    /** Saves a priced draft as the quotation's next revision (R1 for its first); its number and revision. */
    save(enquiryId: number, draft: QuotationDraft, totals: QuotationTotals, actor: string) {
      return storage.write(() => {
        const { id, number } = quotationFor(enquiryId);
        const revision = lastRevision.pluck().get(id)! + 1;
        insertRevision.run({
          quotationId: id,
          revision,
          draft: JSON.stringify(draft),
          currency: draft.currency,
          subtotal: totals.subtotal,
          tax: totals.tax,
          total: totals.total,
          savedAt: savedAt(),
          savedBy: actor,
        });
        return { number, revision };
      });
    },

    /** The latest revision and the state of the reply that carries it to the buyer (status null: not sent). */
    delivery: (enquiryId: number): QuotationDelivery | undefined => deliveryOf.get(enquiryId),

    /** Links a revision to the reply that sends it (inside the reply's storage write). */
    attachReply(enquiryId: number, revision: number, replyId: number): void {
      setReply.run({ enquiryId, revision, replyId });
    },

    priceList: (): PriceListItem[] => items.all(),

    /** Keeps a line in the price list (the same part in the same currency is replaced). */
    saveToPriceList(line: QuotationLine, currency: Currency): void {
      storage.write(() => upsertItem.run({ ...line, currency, savedAt: savedAt() }));
    },
  };
}
