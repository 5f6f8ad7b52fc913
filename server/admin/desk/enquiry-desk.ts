import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import {
  BULK_ACTIONS,
  EVENT_OF_ACTION,
  ENQUIRY_ACTIONS,
  type Done,
  type AdminSignedIn,
  type BulkAction,
  type EnquiryAction,
  type EnquiryList,
} from '../../../shared/admin/desk.js';
import { DRAWING_TYPES } from '../../../shared/enquiry/quote.js';
import type { MailboxStatus } from '../../../shared/enquiry/mailbox-status.js';
import { MAX_NOTE_LENGTH, STAGE_LABELS, STAGES, type Stage } from '../../../shared/enquiry/enquiry.js';
import { doneWith, doneWithStage } from '../../../shared/admin/done.js';
import { addDays, QUOTE_FOLLOW_UP_NOTE } from '../../../shared/enquiry/follow-up.js';
import { dayInZone } from '../../../shared/time/time-zone.js';
import type { DB } from '../../platform/db/open-database.js';
import { createEnquiryEvents } from '../../enquiries/thread/enquiry-events.js';
import { createFollowUps } from '../../enquiries/thread/follow-ups.js';
import { followUpRoutes } from './follow-up-routes.js';
import { keptAsideRoutes } from './kept-aside-routes.js';
import { createKeptAside } from '../../enquiries/mailbox/kept-aside.js';
import { clientNetwork } from '../../platform/security/client-network.js';
import { answersJson } from '../../platform/http/negotiation.js';
import { sendAttachment } from '../../platform/http/attachment.js';
import type { NotificationQueue } from '../../enquiries/notifications/notification-queue.js';
import type { Replies } from '../../enquiries/replies/replies.js';
import { replyingOf } from '../../../shared/admin/reply.js';
import { replyStart } from './reply-start.js';
import { csvFileName } from './csv.js';
import { DeskReaderUnavailableError, type DeskReader } from './desk-reader.js';
import { deleteForGood, type DeskServices } from './desk-services.js';
import { filterOf, filterQuerySchema, type FilterQuery } from './filter-query.js';
import { enquiryPageData } from './enquiry-page-data.js';
import type { SetupChecks } from '../setup/setup-card.js';
import { createReadingMeter, type ReadingKind } from '../auth/reading-meter.js';
import type { QuotationStore } from '../../quotations/quotation-store.js';
import type { ReplyTemplates } from '../templates/template-store.js';

declare module 'fastify' {
  interface Session {
    /** What the last action did, for the page the form went back to (`at`) to say once, with its Undo. */
    done?: { at: string; done: Done };
  }
}

export interface EnquiryDeskOptions extends DeskServices {
  reader: DeskReader;
  /** The site's clock. */
  now: () => number;
  /** The e-mail notification queue, when SMTP is configured ("Resend notification"). */
  notifications?: NotificationQueue;
  /** Replies from the enquiry's page, when SMTP is configured (its page says whether it can send one). */
  replies?: Replies;
  /** The reader of buyers' replies, when IMAP_URL is set: the list says when it fails. */
  mailbox?: { status(): MailboxStatus };
  /** The main connection (the enquiries' timeline events and follow-ups are written on it). */
  db: DB;
  /** The first day's checks, shown as the Setup card until dismissed. */
  setup?: SetupChecks;
  /** Days after today that setting the stage to Quoted proposes a follow-up for (FOLLOW_UP_DAYS). */
  followUpDays: number;
  /** The webhook outbox: woken after a stage change (its deliveries were queued with it). */
  webhooks: { run(): Promise<void> };
  /** The enquiries' quotations: its page lists their revisions. */
  quotations: QuotationStore;
  /** The reply templates: the reply form's choice. */
  replyTemplates: ReplyTemplates;
}

const idParam = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;
const actionParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 }, action: { type: 'string', enum: [...ENQUIRY_ACTIONS] } },
  required: ['id', 'action'],
} as const;
/** An Undo's form says so: what it does is not offered to be undone again. */
const undoField = { enum: ['1', 1] } as const;
const stageBody = {
  type: 'object',
  properties: {
    stage: { type: 'string', enum: [...STAGES] },
    onlyFrom: { type: 'string', enum: [...STAGES] },
    back: { type: 'string' },
    undo: undoField,
    /** An Undo of Quoted: the follow-up day it proposed, cleared if still as proposed. */
    proposed: { type: 'string', maxLength: 10 },
  },
  required: ['stage'],
} as const;
const noteBody = {
  type: 'object',
  properties: {
    body: { type: 'string', minLength: 1, maxLength: MAX_NOTE_LENGTH, pattern: '\\S' },
    back: { type: 'string' },
  },
  required: ['body'],
} as const;
const BULK = [...new Set(Object.values(BULK_ACTIONS).flat())];
const MAX_BULK = 1000;
const bulkBody = {
  type: 'object',
  properties: {
    action: { type: 'string', enum: BULK },
    // A form sends one "id" per ticked box (Fastify makes a single one a list of one).
    id: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: MAX_BULK },
    back: { type: 'string' },
    undo: undoField,
  },
  required: ['action'],
} as const;

/** Where a form goes back to after an action: the list or an enquiry's page, nothing else. */
// Printable ASCII only in its query (the pages write it percent-encoded): nothing that could break
// the Location header.
const DESK_ADDRESS = new RegExp(`^${ADMIN_PATHS.desk}(/enquiries/\\d+)?(\\?[\\x21\\x22\\x24-\\x7e]*)?$`);
const LIST_ADDRESS = new RegExp(`^${ADMIN_PATHS.desk}(\\?|$)`);
/** The address to go back to, at the row acted on when it is the list (the row's id is its fragment). */
function backTo(value: unknown, ids: readonly number[] = []): string {
  const back = typeof value === 'string' && DESK_ADDRESS.test(value) ? value : ADMIN_PATHS.desk;
  return ids.length === 1 && LIST_ADDRESS.test(back) ? `${back}#enquiry-${ids[0]}` : back;
}
const undoing = (body: { undo?: unknown } | undefined) => body?.undo !== undefined;
const AUDITED: Partial<Record<BulkAction, 'moved to Trash' | 'restored'>> = {
  trash: 'moved to Trash',
  restore: 'restored',
};
/** The actions an enquiry's timeline shows (read, unread and the star are not). */
/**
 * The enquiry desk: the panel and its JSON API, the actions on one or many enquiries, drawings and
 * the CSV export. Registered beside the admin-auth plugin, whose hooks check each change's CSRF
 * token and answer signed-out requests (admin-guard.ts), and which sets request.adminAccount.
 */
export default async function enquiryDesk(admin: FastifyInstance, options: EnquiryDeskOptions): Promise<void> {
  const { store, audit, storage, pages } = options;
  const actor = (request: FastifyRequest) => request.adminAccount?.email ?? 'unknown';
  const clock = () => new Date(options.now());
  const events = createEnquiryEvents(options.db, storage, clock);
  const followUps = createFollowUps(options.db, storage, events);
  const today = () => dayInZone(clock(), options.timeZone);

  // The heavy reads (pages, counts, the CSV export) run on the desk's reader thread; writes stay on
  // the main connection.
  const { reader } = options;
  /** A read the reader thread could not answer (it stopped, or took too long): 503, try again. */
  const unavailable = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof DeskReaderUnavailableError)) throw error;
    request.log.warn({ reason: error.message }, 'desk read unavailable');
    reply.code(503).header('retry-after', '5');
    if (answersJson(request, 'json-body-or-accept') || request.url.startsWith(ADMIN_PATHS.exportCsv))
      return reply.send({ error: 'Service Unavailable', message: error.message });
    return pages.sendPrivate(
      reply,
      ADMIN_PATHS.desk,
      { error: { status: 503, title: 'Service Unavailable', message: error.message } },
      503,
    );
  };

  /** Deletes for good (only what is in Trash), audit-logged with the deletion; then their files. */
  const purge = async (request: FastifyRequest, ids: readonly number[]) => {
    const removed = await deleteForGood(options, actor(request), 'deleted permanently', () => store.purge(ids, true));
    if (removed.ids.length > 0)
      request.log.info({ enquiryIds: removed.ids, drawings: removed.files.length }, 'enquiries deleted permanently');
    return removed.ids;
  };

  /** An action on some enquiries, audit-logged where it must be; the ids it changed. */
  const actOnMany = async (request: FastifyRequest, ids: readonly number[], action: BulkAction): Promise<number[]> => {
    if (action === 'purge') return purge(request, ids);
    const audited = AUDITED[action];
    const event = EVENT_OF_ACTION[action];
    return storage.write(() => {
      const changed = store.markMany(ids, action);
      if (audited) for (const id of changed) audit.record(actor(request), audited, id);
      if (event) for (const id of changed) events.record(id, actor(request), event);
      return changed;
    });
  };

  const exists = (id: number) => store.get(id) !== undefined;

  // Reading in bulk (paging fast or far, opening many drawings) asks a session whose sign-in is older
  // than 10 minutes to confirm it is the admin; reading faster than a person can is refused (429).
  const meter = createReadingMeter(options.now);
  const listRead = (request: FastifyRequest) => {
    if (!request.adminAccount) return null;
    const kinds: ReadingKind[] = (request.query as FilterQuery).after ? ['list', 'laterPage'] : ['list'];
    return meter.record(request, kinds) ? { what: RISKY_ACTIONS.readPages } : null;
  };
  const enquiryRead = (request: FastifyRequest) =>
    request.method === 'GET' && meter.record(request, ['enquiry']) ? { what: RISKY_ACTIONS.readPages } : null;
  const drawingRead = (request: FastifyRequest) =>
    meter.record(request, ['drawing']) ? { what: RISKY_ACTIONS.openDrawings, download: true } : null;
  /**
   * 429 with Retry-After when the session reads `kind` faster than a person can, as JSON for the
   * desk's scripts and as a page saying to wait for a browser; null otherwise.
   */
  const tooFast = (request: FastifyRequest, reply: FastifyReply, kind: ReadingKind) => {
    if (!meter.tooFast(request, kind)) return null;
    const message = kind === 'drawing' ? ADMIN_TEXT.drawingsTooFast : ADMIN_TEXT.readingTooFast;
    reply.code(429).header('retry-after', '60');
    if (answersJson(request, 'json-body-or-accept')) return reply.send({ error: 'Too Many Requests', message });
    const error = { status: 429, title: 'Too Many Requests', message };
    return pages.sendPrivate(reply, new URL(request.url, 'http://admin.invalid').pathname, { error }, 429);
  };

  /** One action on one enquiry; false when it changed nothing (no such enquiry, or already so). */
  const act = async (request: FastifyRequest, id: number, action: EnquiryAction): Promise<boolean> => {
    if (action === 'resend') return options.notifications?.resend(id) ?? false;
    if (action === 'star' || action === 'unstar') return store.mark(id, action);
    return (await actOnMany(request, [id], action)).length > 0;
  };

  /**
   * What the last action did, shown once by the page its form went back to (not by another tab's
   * page, nor by a HEAD request, which only asks).
   */
  const takeDone = (request: FastifyRequest): Done | null => {
    const kept = request.session.get('done');
    if (!kept || kept.at !== request.url || request.method !== 'GET') return null;
    request.session.set('done', undefined);
    return kept.done;
  };

  admin.get<{ Querystring: FilterQuery }>(
    ADMIN_PATHS.desk,
    {
      schema: { querystring: filterQuerySchema },
      config: {
        access: 'public',
        rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: (request) => clientNetwork(request.ip) },
        risky: listRead,
      },
    },
    async (request, reply) => {
      if (!request.adminAccount) return reply.sendSignIn();
      const refused = tooFast(request, reply, 'laterPage');
      if (refused) return refused;
      const filter = filterOf(request.query);
      const after = request.query.after || null;
      let list: EnquiryList;
      try {
        list = await reader.list(filter, after ?? undefined);
      } catch (error) {
        return unavailable(request, reply, error);
      }
      const data: AdminSignedIn = {
        ...reply.signedIn(),
        screen: 'enquiries',
        filter,
        after,
        selectAll: request.query.select === 'all',
        done: takeDone(request),
        now: new Date(options.now()).toISOString(),
        mailbox: options.mailbox?.status() ?? null,
        setup: options.setup?.card() ?? null,
        ...list,
      };
      return pages.sendPrivate(reply, ADMIN_PATHS.desk, { admin: data });
    },
  );

  // One enquiry, whole; opening it marks it read. The list's filter and page follow in the query
  // string: Back returns to them, and Newer/Older go through the same list.
  admin.get<{ Params: { id: number }; Querystring: FilterQuery }>(
    ADMIN_PATHS.enquiryPage,
    { schema: { params: idParam, querystring: filterQuerySchema }, config: { access: 'redirect', risky: enquiryRead } },
    async (request, reply) => {
      const refused = tooFast(request, reply, 'enquiry');
      if (refused) return refused;
      const filter = filterOf(request.query);
      let opened: Awaited<ReturnType<typeof reader.enquiry>>;
      try {
        opened = await reader.enquiry(filter, request.params.id);
      } catch (error) {
        return unavailable(request, reply, error);
      }
      const path = new URL(request.url, 'http://admin.invalid').pathname;
      if (!opened) return pages.sendPrivate(reply, path, { notFound: true }, 404);
      const { enquiry } = opened;
      // Opening it marks it read; coming back here after an action (Mark as unread …) does not.
      const done = takeDone(request);
      if (!enquiry.read && !done && request.method === 'GET') {
        try {
          store.mark(enquiry.id, 'read');
          enquiry.read = true;
        } catch (error) {
          // Shown as it is on disk (unread) when the mark could not be written.
          request.log.warn({ err: error, enquiryId: enquiry.id }, 'opening an enquiry could not mark it read');
        }
      }
      const key = randomUUID();
      const data = enquiryPageData(request, reply.signedIn(), opened, {
        done,
        replying: replyingOf(enquiry, options.replies !== undefined, key),
        ...replyStart(options, opened, request.query, key),
        quotations: options.quotations.revisions(enquiry.id),
      });
      return pages.sendPrivate(reply, path, { admin: data });
    },
  );

  admin.get<{ Querystring: FilterQuery }>(
    ADMIN_PATHS.enquiries,
    { schema: { querystring: filterQuerySchema }, config: { access: 'unauthorized', risky: listRead } },
    async (request, reply) =>
      tooFast(request, reply, 'laterPage') ??
      reader
        .list(filterOf(request.query), request.query.after)
        .catch((error: unknown) => unavailable(request, reply, error)),
  );

  // The spec's Delete: the enquiry moves to Trash (restored from there, or deleted permanently).
  admin.delete<{ Params: { id: number } }>(
    ADMIN_PATHS.enquiry,
    { schema: { params: idParam }, config: { access: 'unauthorized' } },
    async (request, reply) => {
      if (!(await act(request, request.params.id, 'trash')))
        return reply.code(404).send({ error: 'Not Found', message: 'No such enquiry.' });
      return reply.code(204).send();
    },
  );

  /**
   * Answers a change: JSON for the enhanced desk (what it did, with its Undo; 404 when there was no
   * such enquiry), otherwise 303 back to the page the form was on, at the row acted on, where the
   * status message and its Undo show once.
   */
  const answer = (
    request: FastifyRequest<{ Body: { back?: unknown } }>,
    reply: FastifyReply,
    done: Done | null,
    ids: readonly number[],
    extra: Record<string, unknown> = {},
  ) => {
    if (!answersJson(request, 'json-body-or-accept')) {
      const back = backTo(request.body?.back, ids);
      if (done) request.session.set('done', { at: back.split('#')[0]!, done });
      return reply.redirect(back, 303);
    }
    if (!done) return reply.code(404).send({ error: 'Not Found', message: 'No such enquiry.' });
    return reply.code(200).send({ ...extra, done });
  };

  // Bulk actions on the ticked rows (the form's "id" fields, or a JSON list).
  admin.post<{ Body: { action: BulkAction; id?: number[]; back?: unknown; undo?: unknown } }>(
    ADMIN_PATHS.bulk,
    {
      schema: { body: bulkBody },
      config: {
        risky: (request) =>
          (request.body as { action?: unknown }).action === 'purge' ? { what: RISKY_ACTIONS.purgeMany } : null,
      },
    },
    async (request, reply) => {
      const { action, id: ids = [] } = request.body;
      if (ids.length === 0)
        return answer(request, reply, { message: 'Select one or more enquiries first.', undo: null }, []);
      const changed = await actOnMany(request, ids, action);
      // Back at the one row acted on (a bulk action on several returns to the list as it was).
      return answer(request, reply, doneWith(action, changed, undoing(request.body)), ids.length === 1 ? ids : [], {
        changed,
      });
    },
  );

  admin.post<{
    Params: { id: number };
    Body: { stage: Stage; onlyFrom?: Stage; back?: unknown; undo?: unknown; proposed?: string };
  }>(ADMIN_PATHS.stage, { schema: { params: idParam, body: stageBody } }, (request, reply) => {
    const { id } = request.params;
    const { stage, onlyFrom } = request.body;
    // The stage, its event and (to Quoted, when it has none) a proposed follow-up, in one write.
    const { was, proposed } = storage.write(() => {
      const was = store.setStage(id, stage, onlyFrom);
      if (was === undefined || was === stage) return { was, proposed: undefined };
      events.record(id, actor(request), 'stage', `${STAGE_LABELS[was]} → ${STAGE_LABELS[stage]}`);
      const { proposed } = request.body;
      const current = followUps.of(id);
      if (undoing(request.body) && proposed && current?.on === proposed && current.note === QUOTE_FOLLOW_UP_NOTE)
        followUps.set(id, null, actor(request));
      if (stage !== 'quoted' || undoing(request.body)) return { was, proposed: undefined };
      const on = addDays(today(), options.followUpDays);
      const set = followUps.propose(id, { on, note: QUOTE_FOLLOW_UP_NOTE }, actor(request));
      return { was, proposed: set ? { on, today: today() } : undefined };
    });
    if (was !== undefined && was !== stage) void options.webhooks.run();
    const done =
      was !== undefined
        ? doneWithStage(id, stage, was, undoing(request.body), proposed)
        : exists(id) && onlyFrom
          ? { message: `#${id} is no longer ${STAGE_LABELS[onlyFrom]}: its stage was not changed.`, undo: null }
          : null;
    return answer(request, reply, done, [id], proposed ? { followUp: followUps.of(id) } : {});
  });

  followUpRoutes(admin, { followUps, today, actor, answer });
  keptAsideRoutes(admin, {
    keptAside: createKeptAside({ db: options.db, storage, now: options.now }),
    audit,
    actor,
    answer,
  });

  admin.post<{ Params: { id: number }; Body: { body: string; back?: unknown } }>(
    ADMIN_PATHS.notes,
    { schema: { params: idParam, body: noteBody } },
    (request, reply) => {
      const note = store.addNote(request.params.id, request.body.body.trim(), actor(request));
      if (!answersJson(request, 'json-body-or-accept')) {
        const back = backTo(request.body.back, [request.params.id]);
        if (note)
          request.session.set('done', { at: back.split('#')[0]!, done: { message: 'Note added.', undo: null } });
        return reply.redirect(back, 303);
      }
      if (!note) return reply.code(404).send({ error: 'Not Found', message: 'No such enquiry.' });
      return reply.code(201).send(note);
    },
  );

  // Every other action on one enquiry (read, star, spam, Trash …).
  admin.post<{ Params: { id: number; action: EnquiryAction }; Body: { back?: unknown; undo?: unknown } }>(
    ADMIN_PATHS.action,
    {
      schema: { params: actionParams },
      config: {
        risky: (request) =>
          (request.params as { action?: unknown }).action === 'purge' ? { what: RISKY_ACTIONS.purgeOne } : null,
      },
    },
    async (request, reply) => {
      const { id, action } = request.params;
      const changed = await act(request, id, action);
      // Nothing to do (already so, or changed meanwhile in another tab) is said; only a missing enquiry is 404.
      const done = changed || exists(id) ? doneWith(action, changed ? [id] : [], undoing(request.body)) : null;
      return answer(request, reply, done, [id]);
    },
  );
  // A drawing, only for the signed-in admin, as a download.
  admin.get<{ Params: { id: number; drawingId: number } }>(
    ADMIN_PATHS.drawing,
    {
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'integer', minimum: 1 }, drawingId: { type: 'integer', minimum: 1 } },
          required: ['id', 'drawingId'],
        },
      },
      config: { access: 'unauthorized', risky: drawingRead },
    },
    async (request, reply) => {
      const refused = tooFast(request, reply, 'drawing');
      if (refused) return refused;
      const drawing = store.drawingFile(request.params.id, request.params.drawingId);
      if (!drawing) return reply.code(404).send({ error: 'Not Found', message: 'No such drawing.' });
      const file = { name: drawing.name, type: DRAWING_TYPES[drawing.type].mime, size: drawing.size };
      return sendAttachment(reply, file, createReadStream(options.drawings.pathOf(drawing.storedName)));
    },
  );

  // Exactly the view, search and filters on screen; who exported what is audit-logged.
  admin.get<{ Querystring: FilterQuery }>(
    ADMIN_PATHS.exportCsv,
    {
      schema: { querystring: filterQuerySchema },
      config: { access: 'unauthorized', risky: { what: RISKY_ACTIONS.export, download: true } },
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      let csv: Awaited<ReturnType<typeof reader.csv>>;
      let count: number;
      try {
        count = await reader.count(filter);
        csv = await reader.csv(filter, options.content.current().content.products);
      } catch (error) {
        return unavailable(request, reply, error);
      }
      audit.record(
        actor(request),
        'export',
        null,
        `CSV of ${count} enquiries (${new URL(request.url, 'http://x').search || 'inbox'})`,
      );
      return sendAttachment(reply, { name: csvFileName(), type: 'text/csv; charset=utf-8' }, csv);
    },
  );
}
