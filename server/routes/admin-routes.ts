import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_API,
  ADMIN_PAGE_SIZE,
  ADMIN_TEXT,
  ADMIN_VIEWS,
  ENQUIRY_ACTIONS,
  type AdminPageData,
  type AdminView,
  type EnquiryAction,
  type EnquiryList,
} from '../../shared/admin.js';
import { csvFileName, csvLines } from '../admin/csv.js';
import type { AdminAccounts } from '../auth/admin-accounts.js';
import adminAuth from '../auth/admin-auth.js';
import { clientNetwork } from '../auth/client-network.js';
import { wantsJson } from '../auth/login-routes.js';
import type { DB } from '../db/open-database.js';
import type { EnquiryStore } from '../db/enquiry-store.js';
import type { PageRenderer } from '../render/page-renderer.js';
import type { DrawingFiles } from '../uploads/drawing-files.js';
import type { NotificationQueue } from '../notify/notification-queue.js';
import { DRAWING_TYPES } from '../../shared/enquiry/quote.js';
import { MAX_NOTE_LENGTH, STAGES, type Stage } from '../../shared/enquiry/enquiry.js';

export interface AdminRouteOptions {
  db: DB;
  accounts: AdminAccounts;
  store: EnquiryStore;
  drawings: DrawingFiles;
  pages: PageRenderer;
  secret: string;
  /** Enquiries in Trash longer than this are deleted permanently (TRASH_RETENTION_DAYS). */
  trashRetentionDays: number;
  /** The e-mail notification queue, when SMTP is configured ("Resend notification"). */
  notifications?: NotificationQueue;
}

const listQuery = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 200 },
    after: { type: 'string', maxLength: 80 },
    view: { type: 'string', enum: [...ADMIN_VIEWS] },
  },
} as const;
interface ListQuery {
  q?: string;
  after?: string;
  view?: AdminView;
}
const idParam = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;
const actionParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 }, action: { type: 'string', enum: [...ENQUIRY_ACTIONS] } },
  required: ['id', 'action'],
} as const;
const stageBody = {
  type: 'object',
  properties: { stage: { type: 'string', enum: [...STAGES] }, onlyFrom: { type: 'string', enum: [...STAGES] }, back: { type: 'string' } },
  required: ['stage'],
} as const;
const noteBody = {
  type: 'object',
  properties: { body: { type: 'string', minLength: 1, maxLength: MAX_NOTE_LENGTH, pattern: '\\S' }, back: { type: 'string' } },
  required: ['body'],
} as const;
/** Where a form goes back to after an action: a panel address, nothing else. */
const backTo = (value: unknown) => (typeof value === 'string' && /^\/admin(\?[^\s]*)?$/.test(value) ? value : '/admin');

/**
 * The enquiry desk: the panel, its JSON API, CSV export and the actions on enquiries. Sign-in, the
 * session and CSRF come from the admin-auth plugin (server/auth/), registered in this scope only: the
 * session cookie is limited to /admin, so no public page ever carries a session.
 */
export async function adminRoutes(admin: FastifyInstance, options: AdminRouteOptions): Promise<void> {
  const { accounts, store, pages, secret } = options;
  await admin.register(adminAuth, { db: options.db, accounts, pages, secret });
  const signedIn = (request: FastifyRequest) => admin.isSignedIn(request);
  const requireAdmin = admin.requireAdmin;

  const listEnquiries = (query: string, view: AdminView = 'inbox', after?: string): EnquiryList => ({
    total: store.count(),
    filtered: store.count(query, view),
    unread: store.count('', 'unread'),
    ...store.list({ query, view, limit: ADMIN_PAGE_SIZE, after }),
  });

  /** One action on one enquiry, logged; false when there was no such enquiry (in that state). */
  const act = async (request: FastifyRequest, id: number, action: EnquiryAction) => {
    if (action === 'resend') return options.notifications?.resend(id) ?? false;
    if (action !== 'purge') {
      const done = store.mark(id, action);
      if (done && (action === 'trash' || action === 'restore')) request.log.info({ enquiryId: id }, `enquiry ${action === 'trash' ? 'moved to Trash' : 'restored'}`);
      return done;
    }
    const files = store.delete(id);
    if (!files) return false;
    await options.drawings.remove(files);
    request.log.info({ enquiryId: id, drawings: files.length }, 'enquiry deleted permanently');
    return true;
  };

  // Trash is emptied of what has been there longer than the retention period, at start and daily.
  const emptyTrash = async () => {
    const files = store.emptyTrash(new Date(Date.now() - options.trashRetentionDays * 24 * 60 * 60 * 1000));
    await options.drawings.remove(files);
  };
  const dailyTrash = setInterval(() => void emptyTrash().catch((error: unknown) => admin.log.error({ err: error }, 'emptying Trash failed')), 24 * 60 * 60 * 1000).unref();
  admin.addHook('onClose', async () => clearInterval(dailyTrash));
  admin.addHook('onReady', emptyTrash);

  const sendAdminPage = (reply: FastifyReply, admin: AdminPageData, status = 200) =>
    pages.sendPrivate(reply, '/admin', { admin }, status);

  admin.get<{ Querystring: ListQuery }>('/admin', { schema: { querystring: listQuery }, config: { rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: (request) => clientNetwork(request.ip) } } }, async (request, reply) => {
    const csrfToken = reply.csrfToken();
    if (!signedIn(request)) return sendAdminPage(reply, { signedIn: false, csrfToken });
    const query = request.query.q ?? '';
    const after = request.query.after || null;
    const view = request.query.view ?? 'inbox';
    return sendAdminPage(reply, {
      signedIn: true,
      csrfToken,
      email: request.adminAccount?.email ?? '',
      query,
      view,
      after,
      ...listEnquiries(query, view, after ?? undefined),
    });
  });

  admin.get<{ Querystring: ListQuery }>(
    ADMIN_API.enquiries,
    { schema: { querystring: listQuery }, preHandler: requireAdmin },
    async (request) => listEnquiries(request.query.q ?? '', request.query.view, request.query.after),
  );

  // The spec's Delete: the enquiry moves to Trash (restored from there, or deleted permanently).
  admin.delete<{ Params: { id: number } }>(
    `${ADMIN_API.enquiries}/:id`,
    { schema: { params: idParam }, preHandler: [requireAdmin, admin.csrfProtection] },
    async (request, reply) => {
      if (!(await act(request, request.params.id, 'trash'))) return reply.code(404).send({ error: 'Not Found', message: 'No such enquiry.' });
      return reply.code(204).send();
    },
  );

  /**
   * Runs a change to one enquiry and answers: JSON for the enhanced panel (204, or the result with
   * 201; 404 when there was no such enquiry), otherwise 303 back to the view the form was on.
   */
  const change = async <T>(request: FastifyRequest<{ Body: { back?: unknown } }>, reply: FastifyReply, work: () => Promise<T | false | undefined> | T | false | undefined) => {
    const json = wantsJson(request) || /application\/json/.test(request.headers.accept ?? '');
    if (!signedIn(request)) return json ? reply.code(401).send({ error: 'Unauthorized', message: 'Please sign in at /admin.' }) : reply.redirect('/admin', 303);
    const result = await work();
    if (!json) return reply.redirect(backTo(request.body?.back), 303);
    if (result === false || result === undefined) return reply.code(404).send({ error: 'Not Found', message: 'No such enquiry.' });
    return result === true ? reply.code(204).send() : reply.code(201).send(result);
  };

  admin.post<{ Params: { id: number }; Body: { stage?: unknown; onlyFrom?: unknown; back?: unknown } }>(
    '/admin/enquiries/:id/stage',
    { schema: { params: idParam, body: stageBody }, preHandler: admin.csrfProtection },
    (request, reply) => change(request, reply, () => store.setStage(request.params.id, request.body.stage as Stage, request.body.onlyFrom as Stage | undefined)),
  );

  admin.post<{ Params: { id: number }; Body: { body?: unknown; back?: unknown } }>(
    '/admin/enquiries/:id/notes',
    { schema: { params: idParam, body: noteBody }, preHandler: admin.csrfProtection },
    (request, reply) => change(request, reply, () => store.addNote(request.params.id, String(request.body.body).trim())),
  );

  // Every other action on a card (read, star, Trash …).
  admin.post<{ Params: { id: number; action: EnquiryAction }; Body: { back?: unknown } }>(
    '/admin/enquiries/:id/:action',
    { schema: { params: actionParams }, preHandler: admin.csrfProtection },
    (request, reply) => change(request, reply, () => act(request, request.params.id, request.params.action)),
  );

  // A drawing, only for the signed-in admin: always a download (never shown inline by the browser),
  // never sniffed, sandboxed if opened anyway, never cached.
  admin.get<{ Params: { id: number; drawingId: number } }>(
    '/admin/enquiries/:id/drawings/:drawingId',
    {
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'integer', minimum: 1 }, drawingId: { type: 'integer', minimum: 1 } },
          required: ['id', 'drawingId'],
        },
      },
      preHandler: requireAdmin,
    },
    async (request, reply) => {
      const drawing = store.drawingFile(request.params.id, request.params.drawingId);
      if (!drawing) return reply.code(404).send({ error: 'Not Found', message: 'No such drawing.' });
      return reply
        .type(DRAWING_TYPES[drawing.type].mime)
        .header('content-disposition', contentDisposition(drawing.name, { type: 'attachment' }))
        .header('content-length', drawing.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .send(createReadStream(options.drawings.pathOf(drawing.storedName)));
    },
  );

  admin.get<{ Querystring: ListQuery }>(
    ADMIN_API.exportCsv,
    { schema: { querystring: listQuery }, preHandler: requireAdmin },
    async (request, reply) => {
      const query = request.query.q ?? '';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName()}"`)
        .send(Readable.from(csvLines(store.iterate(query, request.query.view))));
    },
  );
}
