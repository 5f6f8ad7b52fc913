import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import fastifyCookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_API,
  ADMIN_PAGE_SIZE,
  ADMIN_TEXT,
  ADMIN_VIEWS,
  ENQUIRY_ACTIONS,
  tooManyLogins,
  type AdminPageData,
  type AdminView,
  type EnquiryAction,
  type EnquiryList,
} from '../../shared/admin.js';
import { csvFileName, csvLines } from '../admin/csv.js';
import type { AdminAccounts } from '../auth/admin-accounts.js';
import { isKnownDevice, rememberDevice } from '../auth/device-cookie.js';
import { createLoginThrottle } from '../auth/login-throttle.js';
import { hashClientIp } from '../security/server-secret.js';
import { createSqliteSessionStore } from '../auth/session-store.js';
import type { DB } from '../db/open-database.js';
import type { EnquiryStore } from '../db/enquiry-store.js';
import type { PageRenderer } from '../render/page-renderer.js';
import type { DrawingFiles } from '../uploads/drawing-files.js';
import type { NotificationQueue } from '../notify/notification-queue.js';
import { DRAWING_TYPES } from '../../shared/enquiry/quote.js';
import { MAX_NOTE_LENGTH, STAGES, type Stage } from '../../shared/enquiry/enquiry.js';

declare module 'fastify' {
  interface Session {
    adminId?: number;
    adminEmail?: string;
    /** Milliseconds since the epoch: when the admin signed in, and (to the minute) last did something. */
    signedInAt?: number;
    seenAt?: number;
  }
}

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

/** A session ends after 2 hours without a request, and 12 hours after sign-in whatever happens. */
const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** The last-seen time is written at most this often (not on every keystroke of the search). */
const SEEN_RESOLUTION_MS = 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const SESSION_COOKIE = 'forge_admin';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
 * The request comes from this site: its Origin (or, without one, its Sec-Fetch-Site) says so. A
 * request with neither (an old browser, a script) is let through to the CSRF check.
 */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin) {
    try {
      return new URL(origin).host === request.host;
    } catch {
      return false;
    }
  }
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

const wantsJson = (request: FastifyRequest) => request.headers['content-type']?.startsWith('application/json') ?? false;

/**
 * The enquiry desk: sign-in, the panel, its JSON API, CSV export and delete. The session cookie is
 * limited to /admin, so no public page ever carries a session; every answer here is no-store.
 */
export async function adminRoutes(admin: FastifyInstance, options: AdminRouteOptions): Promise<void> {
  const { accounts, store, pages, secret } = options;
  const sessionStore = createSqliteSessionStore(options.db, SESSION_ABSOLUTE_MS);
  const throttle = createLoginThrottle(options.db);
  const sweep = setInterval(() => throttle.sweep(), SWEEP_EVERY_MS).unref();
  admin.addHook('onClose', async () => {
    sessionStore.close();
    clearInterval(sweep);
  });

  const privateCookie = { path: '/admin', httpOnly: true, sameSite: 'strict', secure: 'auto' } as const;
  await admin.register(fastifyCookie, { secret });
  // rolling: false: a session is written when it changes (sign-in, the last-seen minute), not on every request.
  await admin.register(fastifySession, {
    secret,
    cookieName: SESSION_COOKIE,
    store: sessionStore,
    saveUninitialized: false,
    rolling: false,
    cookie: { ...privateCookie, maxAge: SESSION_ABSOLUTE_MS },
  });
  // CSRF secrets in a signed cookie, not in the session: a visitor who is not signed in writes nothing.
  await admin.register(csrfProtection, { cookieKey: 'forge_csrf', cookieOpts: { ...privateCookie, signed: true } });

  admin.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
    // A change sent from another site is refused before anything else (the CSRF token is checked too).
    if (MUTATING.has(request.method) && !sameOrigin(request)) {
      return reply.code(403).send({ error: 'Forbidden', message: 'This request came from another site.' });
    }
  });

  // Sessions end 2 h after the last request and 12 h after sign-in; the last-seen time moves by the minute.
  admin.addHook('preHandler', async (request, reply) => {
    const { session } = request;
    if (session?.get('adminId') === undefined) return;
    const now = Date.now();
    if (now - (session.get('signedInAt') ?? 0) > SESSION_ABSOLUTE_MS || now - (session.get('seenAt') ?? 0) > SESSION_IDLE_MS) {
      await signOut(request, reply);
      return;
    }
    if (now - (session.get('seenAt') ?? 0) >= SEEN_RESOLUTION_MS) session.set('seenAt', now);
  });

  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: '/admin' });
  };

  const signedIn = (request: FastifyRequest) => request.session?.get('adminId') !== undefined;

  /** For the JSON API and the export: 401 when signed out. */
  const requireAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!signedIn(request)) return reply.code(401).send({ error: 'Unauthorized', message: 'Please sign in at /admin.' });
  };

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

  admin.get<{ Querystring: ListQuery }>('/admin', { schema: { querystring: listQuery }, config: { rateLimit: { max: 120, timeWindow: 60_000 } } }, async (request, reply) => {
    const csrfToken = reply.generateCsrf();
    if (!signedIn(request)) return sendAdminPage(reply, { signedIn: false, csrfToken });
    const query = request.query.q ?? '';
    const after = request.query.after || null;
    const view = request.query.view ?? 'inbox';
    return sendAdminPage(reply, {
      signedIn: true,
      csrfToken,
      email: request.session.get('adminEmail') ?? '',
      query,
      view,
      after,
      ...listEnquiries(query, view, after ?? undefined),
    });
  });

  admin.post<{ Body: { email?: unknown; password?: unknown } }>(
    ADMIN_API.login,
    { preHandler: admin.csrfProtection },
    async (request, reply) => {
      const email = typeof request.body?.email === 'string' ? request.body.email.trim() : '';
      const password = typeof request.body?.password === 'string' ? request.body.password : '';
      // Keyed hashes: the throttle table and the log hold no address and no typed e-mail.
      const ipKey = `ip:${hashClientIp(secret, request.ip)}`;
      const emailHash = hashClientIp(secret, email.toLowerCase());
      const accountKey = `account:${emailHash}`;
      const refuse = (status: number, message: string) =>
        wantsJson(request)
          ? reply.code(status).send({ error: status === 429 ? 'Too Many Requests' : 'Unauthorized', message })
          : sendAdminPage(reply, { signedIn: false, csrfToken: reply.generateCsrf(), email, loginError: message }, status);

      const owner = accounts.get();
      const knownDevice = owner?.email.toLowerCase() === email.toLowerCase() && isKnownDevice(request, owner);
      const verdict = throttle.begin(ipKey, accountKey, knownDevice);
      if (!verdict.allowed) {
        const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
        request.log.warn({ emailHash, retryAfter: seconds }, 'admin sign-in refused: too many failures');
        reply.header('retry-after', String(seconds));
        return refuse(429, tooManyLogins(seconds));
      }
      const account = email && password ? await accounts.authenticate(email, password) : null;
      if (!account) {
        request.log.warn({ emailHash }, 'admin sign-in failed');
        return refuse(401, ADMIN_TEXT.loginFailed);
      }
      throttle.succeeded(ipKey, accountKey);
      await request.session.regenerate();
      const now = Date.now();
      request.session.set('adminId', account.id);
      request.session.set('adminEmail', account.email);
      request.session.set('signedInAt', now);
      request.session.set('seenAt', now);
      rememberDevice(reply, account);
      request.log.info({ emailHash }, 'admin signed in');
      return wantsJson(request) ? reply.send({ ok: true }) : reply.redirect('/admin', 303);
    },
  );

  admin.post(ADMIN_API.logout, { preHandler: admin.csrfProtection }, async (request, reply) => {
    await signOut(request, reply);
    return wantsJson(request) ? reply.code(204).send() : reply.redirect('/admin', 303);
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
