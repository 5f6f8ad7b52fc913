import type Database from 'better-sqlite3';
import type { EnquiryStats } from '../../shared/admin/desk.js';
import type { AdminView, EnquiryFilter } from '../../shared/admin/filter.js';
import { enquiryNumberOf } from '../../shared/admin/highlight.js';
import type { Enquiry, Note } from '../../shared/enquiry/enquiry.js';
import {
  enquiryOf,
  SELECT_COLUMNS,
  type EnquiryMailChannel,
  type EnquiryRow,
  type Related,
} from '../../shared/enquiry/enquiry-columns.js';
import type { DeliveryState } from '../../shared/enquiry/delivery.js';
import { codeOfWritten } from '../../shared/enquiry/country.js';
import { productLabel, type Drawing, type ProductNames } from '../../shared/enquiry/quote.js';
import { dayInZone, nextDay, startOfDay } from '../../shared/time/time-zone.js';

export interface EnquiryPage {
  enquiries: Enquiry[];
  /** Cursor for the next page, when there is one. */
  next: string | null;
}

/**
 * What the desk reads: pages of a view, counts, every matching enquiry and the charts. Any connection
 * to the database can answer them (the desk's reader thread has its own, read-only).
 */
export interface EnquiryReads {
  list(filter: EnquiryFilter, limit: number, after?: string): EnquiryPage;
  /** A page, and how many enquiries the filter matches: a search is made once for both. */
  counted(filter: EnquiryFilter, limit: number, after?: string): EnquiryPage & { count: number };
  count(filter: Pick<EnquiryFilter, 'view'> & Partial<EnquiryFilter>): number;
  /** Every matching enquiry, in the list's order, read a batch at a time (each batch its own query). */
  iterate(filter: EnquiryFilter): Generator<Enquiry>;
  get(id: number): Enquiry | undefined;
  /** The enquiries just before and after one in a filtered list's order, when there are. */
  neighbours(
    filter: EnquiryFilter,
    enquiry: Pick<Enquiry, 'id' | 'lastMessageAt' | 'followUp'>,
  ): { newer: number | null; older: number | null };
  /**
   * Enquiries per week for the last `weeks` weeks (weeks start on Monday in the site's time zone), and
   * per product (labelled by the products' current names).
   */
  stats(weeks: number, products: ProductNames): EnquiryStats;
  /** Rows to enquiries, with their drawings and notes (one query each for the whole list). */
  complete(rows: EnquiryRow[]): Enquiry[];
}

export type Row = EnquiryRow & { id: number };
export interface DrawingRow extends Drawing {
  enquiry_id: number;
  stored_name: string;
}

export const INBOX = 'trashed_at IS NULL AND spam_reason IS NULL';
/**
 * The views (migrations 14 and 22 keep their counts, by product and stage, with the same conditions; not
 * Due's, which depends on today: @today, in the site's time zone, counted from its index enquiries_due).
 */
export const IN_VIEW: Record<AdminView, string> = {
  inbox: INBOX,
  unread: `${INBOX} AND read_at IS NULL`,
  starred: `${INBOX} AND starred = 1`,
  due: `follow_up_on IS NOT NULL AND ${INBOX} AND follow_up_on <= @today AND status NOT IN ('won', 'lost')`,
  awaiting: `awaiting = 'us' AND ${INBOX} AND status NOT IN ('won', 'lost')`,
  spam: 'trashed_at IS NULL AND spam_reason IS NOT NULL',
  trash: 'trashed_at IS NOT NULL',
};
export const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';
/** Views whose counts no trigger keeps (enquiry_counts): each is counted from its own index. */
const UNCOUNTED_VIEWS = new Set<AdminView>(['due']);
/** A view, product and stage are counted by the triggers; a search, a language or days are counted from the indexes. */
const countedByTriggers = (filter: Pick<EnquiryFilter, 'view'> & Partial<EnquiryFilter>) =>
  !UNCOUNTED_VIEWS.has(filter.view) && !filter.query?.trim() && !filter.language && !filter.from && !filter.to;

/**
 * A view's order and its keyset: the thread's last message newest first (the buyer's or ours, like
 * Gmail), for Awaiting us the longest waiting first, for Due the earliest follow-up first. `after`
 * is the condition of the rows after the cursor (@key, @id) in that order, `before` of those before.
 */
interface ListOrder {
  order: string;
  reverse: string;
  after: string;
  before: string;
  keyOf: (enquiry: ListedEnquiry) => string;
  cursor: RegExp;
}
type ListedEnquiry = Pick<Enquiry, 'lastMessageAt' | 'followUp'>;
const LAST_MESSAGE_CURSOR = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)_(\d+)$/;
const BY_LAST_MESSAGE: ListOrder = {
  order: 'ORDER BY last_message_at DESC, id DESC',
  reverse: 'ORDER BY last_message_at, id',
  after: '(last_message_at < @key OR (last_message_at = @key AND id < @id))',
  before: '(last_message_at > @key OR (last_message_at = @key AND id > @id))',
  keyOf: (enquiry) => enquiry.lastMessageAt,
  cursor: LAST_MESSAGE_CURSOR,
};
const LONGEST_WAITING: ListOrder = {
  order: BY_LAST_MESSAGE.reverse,
  reverse: BY_LAST_MESSAGE.order,
  after: BY_LAST_MESSAGE.before,
  before: BY_LAST_MESSAGE.after,
  keyOf: BY_LAST_MESSAGE.keyOf,
  cursor: LAST_MESSAGE_CURSOR,
};
const BY_FOLLOW_UP: ListOrder = {
  order: 'ORDER BY follow_up_on, id',
  reverse: 'ORDER BY follow_up_on DESC, id DESC',
  after: '(follow_up_on > @key OR (follow_up_on = @key AND id > @id))',
  before: '(follow_up_on < @key OR (follow_up_on = @key AND id < @id))',
  // An enquiry without one (opened from elsewhere) sorts after every follow-up.
  keyOf: (enquiry) => enquiry.followUp?.on ?? '9999-12-31',
  cursor: /^(\d{4}-\d\d-\d\d)_(\d+)$/,
};
const orderOf = (view: AdminView): ListOrder =>
  view === 'due' ? BY_FOLLOW_UP : view === 'awaiting' ? LONGEST_WAITING : BY_LAST_MESSAGE;
/**
 * The short fields a term of 1 or 2 characters is looked for in (by reading each row of the view):
 * the buyer's fields the search index covers (migration 17), and the inspection asked for ("UT"), but not the message, which made that read about
 * twice as slow at 100,000 enquiries and matches nearly every enquiry anyway (docs/enquiry-desk-search.md).
 */
const SHORT_FIELDS = ['name', 'email', 'phone', 'subject', 'company', 'material', 'country', 'inspection'] as const;
/**
 * The enquiries the trigram indexes find for @match: by their fields (enquiry_search), or by a text of
 * their thread, a message either way, a note or a file's name (thread_search, whose row ids carry the
 * enquiry's in their high bits: migration 24); and, when the term names a country (@country, its
 * code: "UAE", "Deutschland"), every enquiry from it, whatever the buyer wrote (migration 30). An
 * enquiry may come more than once: IN and the temporary table's key take it once, without the sort
 * a UNION would cost.
 */
const FOUND_BY_INDEX = `SELECT rowid FROM enquiry_search WHERE enquiry_search MATCH @match
  UNION ALL SELECT rowid >> 32 FROM thread_search WHERE thread_search MATCH @match
  UNION ALL SELECT id FROM enquiries INDEXED BY enquiries_country_code WHERE country_code = @country`;
const MATCHES = `(${FOUND_BY_INDEX})`;
/** The same, kept for one request of the desk (EnquiryReads.counted). */
const FOUND = 'temp.search_found';
/** Each view's partial index, in the view's order (migrations 19 and 22). */
const VIEW_INDEX: Record<AdminView, string> = {
  inbox: 'enquiries_inbox_latest',
  unread: 'enquiries_unread',
  starred: 'enquiries_starred',
  due: 'enquiries_due',
  awaiting: 'enquiries_awaiting',
  spam: 'enquiries_spam',
  trash: 'enquiries_trash',
};
/** Past this many found, a page is taken by walking the view's index rather than sorting what was found. */
const WALK_FROM = 2000;
/** The trigram index finds substrings of at least this many characters. */
export const INDEXED_TERM = 3;
const ITERATE_BATCH = 1000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

function encodeCursor(order: ListOrder, enquiry: Enquiry): string {
  return `${order.keyOf(enquiry)}_${enquiry.id}`;
}

function decodeCursor(order: ListOrder, cursor: string | undefined): { key: string; id: number } | null {
  const match = cursor ? order.cursor.exec(cursor) : null;
  return match ? { key: match[1]!, id: Number(match[2]) } : null;
}

export const toDrawing = ({ id, name, size, type, sha256 }: DrawingRow): Drawing => ({ id, name, size, type, sha256 });

/** A short term as a LIKE pattern's middle: its wildcards taken literally. */
const likeText = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Every way of writing a short term that LIKE (which folds ASCII letters only) must be given: each
 * letter outside ASCII in its lower and upper case ("ëa": ëa, Ëa).
 */
function caseVariants(term: string): string[] {
  let variants = [''];
  for (const char of term) {
    const forms = char.charCodeAt(0) < 128 ? [char] : [...new Set([char, char.toLowerCase(), char.toUpperCase()])];
    variants = variants.flatMap((start) => forms.map((form) => start + form));
  }
  return variants;
}

/**
 * The search's condition, and whether the desk's covering index (enquiries_desk) answers it. `#58` is
 * enquiry 58 (in the view and filters), never text. A term of 3 characters or more goes through the
 * trigram index over the short fields, the country and the message (any case, Latin letters with or
 * without accents); a shorter one, which that index cannot find, by reading the short fields of each
 * row of the view, in any case (docs/enquiry-desk-search.md). Either way a term that names a country
 * ("UAE", "UK") finds every enquiry stored with its code.
 */
function searchOf(
  query: string,
  params: Record<string, unknown>,
  matches: string,
): { where: string; indexed: boolean; matched?: true } {
  const number = enquiryNumberOf(query);
  if (number !== null) {
    params.number = number;
    return { where: 'id = @number', indexed: true };
  }
  params.country = codeOfWritten(query);
  if ([...query].length >= INDEXED_TERM) {
    params.match = `"${query.replace(/"/g, '""')}"`;
    return { where: `id IN ${matches}`, indexed: true, matched: true };
  }
  const variants = caseVariants(query);
  variants.forEach((variant, n) => (params[`v${n}`] = `%${likeText(variant)}%`));
  const where = SHORT_FIELDS.flatMap((column) => variants.map((_, n) => `${column} LIKE @v${n} ESCAPE '\\'`)).join(
    ' OR ',
  );
  return { where: `(${where} OR country_code = @country)`, indexed: false };
}

/** Completes enquiry rows with their drawings, notes and the state of their e-mails (from the outbox). */
function relatedReads(db: Database.Database): (rows: EnquiryRow[]) => Enquiry[] {
  const notesOf = db.prepare<[string], Note & { enquiry_id: number }>(
    `SELECT id, enquiry_id, body, created_at AS createdAt, author FROM enquiry_notes
     WHERE enquiry_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const drawingsOf = db.prepare<[string], DrawingRow>(
    `SELECT id, enquiry_id, stored_name, name, size, type, sha256 FROM enquiry_files
     WHERE enquiry_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const deliveriesOf = db.prepare<[string], DeliveryState & { enquiry_id: number; channel: EnquiryMailChannel }>(
    `SELECT enquiry_id, channel, status, error, tries FROM deliveries
     WHERE enquiry_id IN (SELECT value FROM json_each(?)) AND channel IN ('notification', 'acknowledgement')
       AND event = 'enquiry.received' ORDER BY id`,
  );

  function complete(rows: EnquiryRow[]): Enquiry[] {
    const ids = JSON.stringify(rows.map((row) => row.id));
    const drawings = new Map<number, Drawing[]>();
    for (const row of drawingsOf.all(ids))
      drawings.set(row.enquiry_id, [...(drawings.get(row.enquiry_id) ?? []), toDrawing(row)]);
    const notes = new Map<number, Note[]>();
    for (const { enquiry_id, ...note } of notesOf.all(ids))
      notes.set(enquiry_id, [...(notes.get(enquiry_id) ?? []), note]);
    const deliveries = new Map<number, Related['deliveries']>();
    for (const { enquiry_id, channel, ...state } of deliveriesOf.all(ids))
      deliveries.set(enquiry_id, { ...deliveries.get(enquiry_id), [channel]: state });
    return rows.map((row) => {
      const id = row.id as number;
      return enquiryOf(row, {
        drawings: drawings.get(id) ?? [],
        notes: notes.get(id) ?? [],
        deliveries: deliveries.get(id) ?? {},
      });
    });
  }

  return complete;
}

/**
 * The WHERE clause and parameters of a filter (the days in the site's time zone); what the search
 * index finds comes from `matches`, a query by default.
 */
function filterWhere(
  filter: Pick<EnquiryFilter, 'view'> & Partial<EnquiryFilter>,
  { now, timeZone }: { now: () => Date; timeZone: string },
  matches = MATCHES,
) {
  const query = filter.query?.trim();
  const parts = [IN_VIEW[filter.view]];
  const params: Record<string, unknown> = {};
  if (filter.view === 'due') params.today = dayInZone(now(), timeZone);
  const search = query ? searchOf(query, params, matches) : null;
  if (search) parts.push(search.where);
  const add = (where: string, name: string, value: unknown) => {
    parts.push(where);
    params[name] = value;
  };
  if (filter.stage) add('status = @stage', 'stage', filter.stage);
  if (filter.product) add('product = @product', 'product', filter.product);
  if (filter.language) add('language = @language', 'language', filter.language);
  if (filter.from) add('created_at >= @since', 'since', startOfDay(filter.from, timeZone).toISOString());
  if (filter.to) add('created_at < @until', 'until', startOfDay(nextDay(filter.to), timeZone).toISOString());
  // Each enquiry the trigram index finds (or the one `#58` names) is checked against the view and
  // filters in the desk's covering index (by id), never in the table's wide rows; SQLite would pick
  // the table, or a view's index, otherwise.
  return {
    where: parts.join(' AND '),
    params,
    from: search?.indexed ? 'enquiries INDEXED BY enquiries_desk' : 'enquiries',
    matched: search?.matched ?? false,
  };
}

/** The temporary table of what the search index found, kept for one request, and the inbox's count of it. */
function foundReads(db: Database.Database) {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS ${FOUND} (id INTEGER PRIMARY KEY)`);
  const clearFound = db.prepare(`DELETE FROM ${FOUND}`);
  const insertFound = db.prepare(`INSERT OR IGNORE INTO ${FOUND} ${FOUND_BY_INDEX}`);
  // The inbox's: all found but those in Trash or Spam (few, from their own indexes).
  const foundInInbox = db
    .prepare<[], number>(
      `SELECT (SELECT count(*) FROM ${FOUND})
       - (SELECT count(*) FROM enquiries INDEXED BY enquiries_trash WHERE ${IN_VIEW.trash} AND id IN ${FOUND})
       - (SELECT count(*) FROM enquiries INDEXED BY enquiries_spam WHERE ${IN_VIEW.spam} AND id IN ${FOUND})`,
    )
    .pluck();
  return { clearFound, insertFound, foundInInbox };
}

/**
 * The desk's counts: the inbox's enquiries received in a time span and per product, and a view's
 * (by product and stage) as the triggers keep them.
 */
function countReads(db: Database.Database) {
  // The inbox's recent weeks, from its own index (enquiries_inbox) alone.
  const receivedBetween = db
    .prepare<[string, string], number>(
      `SELECT count(*) FROM enquiries INDEXED BY enquiries_inbox WHERE created_at >= ? AND created_at < ? AND ${INBOX}`,
    )
    .pluck();
  const perProduct = db.prepare<[], { product: string; n: number }>(
    `SELECT product, sum(n) AS n FROM enquiry_counts WHERE view = 'inbox' GROUP BY product HAVING sum(n) > 0 ORDER BY n DESC, product`,
  );
  const counted = db
    .prepare<{ view: AdminView; product: string | null; stage: string | null }, number>(
      `SELECT coalesce(sum(n), 0) FROM enquiry_counts
     WHERE view = @view AND (@product IS NULL OR product = @product) AND (@stage IS NULL OR stage = @stage)`,
    )
    .pluck();
  return { receivedBetween, perProduct, counted };
}

/** The first days of the last `weeks` weeks (Mondays) up to `today`'s, and the Monday after them. */
function weekStarts(today: string, weeks: number): { starts: string[]; end: string } {
  // Weeks begin on Monday, in the site's time zone; the last one is the current week.
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  let day = new Date(Date.parse(`${today}T00:00:00Z`) - weekday * 86_400_000 - (weeks - 1) * WEEK_MS)
    .toISOString()
    .slice(0, 10);
  const starts: string[] = [];
  for (let n = 0; n < weeks; n++) {
    starts.push(day);
    for (let d = 0; d < 7; d++) day = nextDay(day);
  }
  return { starts, end: day };
}

/** Filters combine into a few dozen distinct statements at most: each prepared once. */
function statementCache(db: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  return <T>(sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement as Database.Statement<unknown[], T>;
  };
}

export function createEnquiryReads(
  db: Database.Database,
  timeZone: string,
  now: () => Date = () => new Date(),
): EnquiryReads {
  const prepared = statementCache(db);
  const complete = relatedReads(db);
  const one = db.prepare<[number], Row>(`SELECT ${SELECT_COLUMNS} FROM enquiries WHERE id = ?`);
  const rowsOf = db.prepare<[string], Row>(
    `SELECT ${SELECT_COLUMNS} FROM enquiries WHERE id IN (SELECT value FROM json_each(?))`,
  );
  const { receivedBetween, perProduct, counted } = countReads(db);

  const { clearFound, insertFound, foundInInbox } = foundReads(db);
  const whereOf = (filter: Pick<EnquiryFilter, 'view'> & Partial<EnquiryFilter>, matches?: string) =>
    filterWhere(filter, { now, timeZone }, matches);

  /** Up to `limit` ids of the filter's list after the cursor, in its order (keyset pagination). */
  function pageIds(
    filter: EnquiryFilter,
    limit: number,
    after: string | undefined,
    { where, params, from }: Pick<ReturnType<typeof filterWhere>, 'where' | 'params' | 'from'> = whereOf(filter),
  ): number[] {
    const order = orderOf(filter.view);
    const cursor = decodeCursor(order, after);
    // The page's ids first (sorted without reading the wide rows), then its rows.
    return prepared<number>(
      `SELECT id FROM ${from} WHERE ${cursor ? `${order.after} AND ` : ''}${where} ${order.order} LIMIT @limit`,
    )
      .pluck()
      .all({ ...params, ...cursor, limit });
  }

  /** The page of `limit` enquiries from one more id than fits (so there is a next page). */
  function pageOf(filter: EnquiryFilter, ids: number[], limit: number): EnquiryPage {
    const order = orderOf(filter.view);
    const page = ids.slice(0, limit);
    const byId = new Map(complete(rowsOf.all(JSON.stringify(page))).map((enquiry) => [enquiry.id, enquiry]));
    const enquiries = page.map((id) => byId.get(id)!).filter(Boolean);
    return { enquiries, next: ids.length > limit ? encodeCursor(order, enquiries[enquiries.length - 1]!) : null };
  }

  return {
    complete,
    list(filter, limit, after) {
      return pageOf(filter, pageIds(filter, limit + 1, after), limit);
    },
    counted(filter, limit, after) {
      if (!whereOf(filter).matched) return { ...this.list(filter, limit, after), count: this.count(filter) };
      // What the search index finds is kept for this request in a temporary table, read by the count
      // and the page: a broad term finds most enquiries, and finding them is the cost.
      return db.transaction(() => {
        const { where, params } = whereOf(filter, FOUND);
        insertFound.run(params);
        const { view, stage, product, language, from: since, to: until } = filter;
        const count =
          view === 'inbox' && !stage && !product && !language && !since && !until
            ? foundInInbox.get()!
            : prepared<number>(`SELECT count(*) FROM enquiries INDEXED BY enquiries_desk WHERE ${where}`)
                .pluck()
                .get(params)!;
        // Many found: the view's own index, in the list's order, until the page is full; few: each
        // looked up by id in the desk's index, then sorted.
        const from = `enquiries INDEXED BY ${count > WALK_FROM ? VIEW_INDEX[view] : 'enquiries_desk'}`;
        const page = pageOf(filter, pageIds(filter, limit + 1, after, { where, params, from }), limit);
        clearFound.run(); // not kept past the request
        return { ...page, count };
      })();
    },
    count(filter) {
      if (countedByTriggers(filter)) {
        return counted.get({ view: filter.view, product: filter.product ?? null, stage: filter.stage ?? null }) ?? 0;
      }
      const { where, params, from } = whereOf(filter);
      return prepared<{ n: number }>(`SELECT count(*) AS n FROM ${from} WHERE ${where}`).get(params)!.n;
    },
    *iterate(filter) {
      // Batches rather than one open cursor: the connection stays free for other requests while a
      // slow client downloads an export.
      let after: string | undefined;
      do {
        const page = this.list(filter, ITERATE_BATCH, after);
        yield* page.enquiries;
        after = page.next ?? undefined;
      } while (after);
    },
    neighbours(filter, enquiry) {
      // "Older" is the next in the list's order, "Newer" the one before.
      const order = orderOf(filter.view);
      const { where, params, from } = whereOf(filter);
      const at = { ...params, key: order.keyOf(enquiry), id: enquiry.id };
      const older = prepared<number>(`SELECT id FROM ${from} WHERE ${order.after} AND ${where} ${order.order} LIMIT 1`)
        .pluck()
        .get(at);
      const newer = prepared<number>(
        `SELECT id FROM ${from} WHERE ${order.before} AND ${where} ${order.reverse} LIMIT 1`,
      )
        .pluck()
        .get(at);
      return { newer: newer ?? null, older: older ?? null };
    },
    get(id) {
      const row = one.get(id);
      return row && complete([row])[0];
    },
    stats(weeks, products) {
      const { starts, end } = weekStarts(dayInZone(now(), timeZone), weeks);
      const bounds = [...starts, end].map((start) => startOfDay(start, timeZone).toISOString());
      // The current week runs on to whatever is newest (a clock set back still counts it).
      bounds[bounds.length - 1] = '9999';
      return {
        weeks: starts.map((start, n) => ({ start, count: receivedBetween.get(bounds[n]!, bounds[n + 1]!) ?? 0 })),
        products: perProduct
          .all()
          .map(({ product, n }) => ({ label: productLabel(product || null, products) || 'Not given', count: n })),
      };
    },
  };
}
