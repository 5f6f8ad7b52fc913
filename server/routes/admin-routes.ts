import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import fastifyCookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_API, ADMIN_PAGE_SIZE, ADMIN_TEXT, type AdminPageData, type EnquiryList } from '../../shared/admin.js';
import { csvFileName, csvLines } from '../admin/csv.js';
import type { AdminAccounts } from '../auth/admin-accounts.js';
import { createLoginThrottle } from '../auth/login-throttle.js';
import { createSqliteSessionStore } from '../auth/session-store.js';
import type { DB } from '../db/open-database.js';
import type { EnquiryStore } from '../db/enquiry-store.js';
import type { PageRenderer } from '../render/page-renderer.js';
import type { DrawingFiles } from '../uploads/drawing-files.js';
import { DRAWING_TYPES } from '../../shared/enquiry/quote.js';

declare module 'fastify' {
  interface Session {
    adminId?: number;
    adminEmail?: string;
  }
}

export interface AdminRouteOptions {
  db: DB;
  accounts: AdminAccounts;
  store: EnquiryStore;
  drawings: DrawingFiles;
  pages: PageRenderer;
  secret: string;
}

const SESSION_MAX_AGE_MS = 8 * 60 * 60 * 1000;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const MAX_LOGIN_FAILURES = 5;

const listQuery = {
  type: 'object',
  properties: { q: { type: 'string', maxLength: 200 }, after: { type: 'string', maxLength: 80 } },
} as const;
interface ListQuery {
  q?: string;
  after?: string;
}
const idParam = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;

const wantsJson = (request: FastifyRequest) => request.headers['content-type']?.startsWith('application/json') ?? false;

/**
 * The enquiry desk: sign-in, the panel, its JSON API, CSV export and delete. The session cookie is
 * limited to /admin, so no public page ever carries a session; every answer here is no-store.
 */
export async function adminRoutes(admin: FastifyInstance, options: AdminRouteOptions): Promise<void> {
  const { accounts, store, pages } = options;
  const sessionStore = createSqliteSessionStore(options.db, SESSION_MAX_AGE_MS);
  admin.addHook('onClose', async () => sessionStore.close());
  const throttle = createLoginThrottle(MAX_LOGIN_FAILURES, LOGIN_WINDOW_MS);

  await admin.register(fastifyCookie);
  await admin.register(fastifySession, {
    secret: options.secret,
    cookieName: 'forge_admin',
    store: sessionStore,
    saveUninitialized: false,
    cookie: { path: '/admin', httpOnly: true, sameSite: 'strict', secure: 'auto', maxAge: SESSION_MAX_AGE_MS },
  });
  await admin.register(csrfProtection, { sessionPlugin: '@fastify/session' });

  admin.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
  });

  const signedIn = (request: FastifyRequest) => request.session.get('adminId') !== undefined;

  /** For the JSON API and the export: 401 when signed out. */
  const requireAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!signedIn(request)) return reply.code(401).send({ error: 'Unauthorized', message: 'Please sign in at /admin.' });
  };

  const listEnquiries = (query: string, after?: string): EnquiryList => {
    const total = store.count();
    const filtered = query.trim() ? store.count(query) : total;
    return { total, filtered, ...store.list({ query, limit: ADMIN_PAGE_SIZE, after }) };
  };

  /** Deletes an enquiry and its drawing files, and logs it; false when there was none. */
  const deleteEnquiry = async (request: FastifyRequest, id: number) => {
    const files = store.delete(id);
    if (!files) return false;
    await options.drawings.remove(files);
    request.log.info({ enquiryId: id, drawings: files.length }, 'enquiry deleted');
    return true;
  };

  const sendAdminPage = (reply: FastifyReply, admin: AdminPageData, status = 200) =>
    pages.sendPrivate(reply, '/admin', { admin }, status);

  admin.get<{ Querystring: ListQuery }>('/admin', { schema: { querystring: listQuery } }, async (request, reply) => {
    const csrfToken = reply.generateCsrf();
    if (!signedIn(request)) return sendAdminPage(reply, { signedIn: false, csrfToken });
    const query = request.query.q ?? '';
    const after = request.query.after || null;
    return sendAdminPage(reply, {
      signedIn: true,
      csrfToken,
      email: request.session.get('adminEmail') ?? '',
      query,
      after,
      ...listEnquiries(query, after ?? undefined),
    });
  });

  admin.post<{ Body: { email?: unknown; password?: unknown } }>(
    ADMIN_API.login,
    { preHandler: admin.csrfProtection },
    async (request, reply) => {
      const email = typeof request.body?.email === 'string' ? request.body.email.trim() : '';
      const password = typeof request.body?.password === 'string' ? request.body.password : '';
      const keys = [`ip:${request.ip}`, `account:${email.toLowerCase()}`];
      const refuse = (status: number, message: string) =>
        wantsJson(request)
          ? reply.code(status).send({ error: status === 429 ? 'Too Many Requests' : 'Unauthorized', message })
          : sendAdminPage(reply, { signedIn: false, csrfToken: reply.generateCsrf(), email, loginError: message }, status);

      if (throttle.isBlocked(keys)) return refuse(429, ADMIN_TEXT.tooManyLogins);
      const account = email && password ? await accounts.authenticate(email, password) : null;
      if (!account) {
        throttle.recordFailure(keys);
        request.log.warn({ email }, 'admin sign-in failed');
        return refuse(401, ADMIN_TEXT.loginFailed);
      }
      throttle.reset(keys);
      await request.session.regenerate();
      request.session.set('adminId', account.id);
      request.session.set('adminEmail', account.email);
      request.log.info({ email: account.email }, 'admin signed in');
      return wantsJson(request) ? reply.send({ ok: true }) : reply.redirect('/admin', 303);
    },
  );

  admin.post(ADMIN_API.logout, { preHandler: admin.csrfProtection }, async (request, reply) => {
    await request.session.destroy();
    return wantsJson(request) ? reply.code(204).send() : reply.redirect('/admin', 303);
  });

  admin.get<{ Querystring: ListQuery }>(
    ADMIN_API.enquiries,
    { schema: { querystring: listQuery }, preHandler: requireAdmin },
    async (request) => listEnquiries(request.query.q ?? '', request.query.after),
  );

  admin.delete<{ Params: { id: number } }>(
    `${ADMIN_API.enquiries}/:id`,
    { schema: { params: idParam }, preHandler: [requireAdmin, admin.csrfProtection] },
    async (request, reply) => {
      if (!(await deleteEnquiry(request, request.params.id))) return reply.code(404).send({ error: 'Not Found', message: 'No such enquiry.' });
      return reply.code(204).send();
    },
  );

  // The same delete for the panel without JavaScript: a form POST, then back to the list.
  admin.post<{ Params: { id: number }; Body: { q?: unknown } }>(
    '/admin/enquiries/:id/delete',
    { schema: { params: idParam }, preHandler: admin.csrfProtection },
    async (request, reply) => {
      if (!signedIn(request)) return reply.redirect('/admin', 303);
      await deleteEnquiry(request, request.params.id);
      const q = typeof request.body?.q === 'string' && request.body.q ? `?q=${encodeURIComponent(request.body.q)}` : '';
      return reply.redirect(`/admin${q}`, 303);
    },
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
        .send(Readable.from(csvLines(store.iterate(query))));
    },
  );
}
