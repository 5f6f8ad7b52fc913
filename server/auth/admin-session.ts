import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface Session {
    adminId?: number;
    adminEmail?: string;
    /** Milliseconds since the epoch: when the admin signed in, and (to the minute) last did something. */
    signedInAt?: number;
    seenAt?: number;
  }
}

export const SESSION_COOKIE = 'forge_admin';
/** A session ends after 2 hours without a request, and 12 hours after sign-in whatever happens. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** The last-seen time is written at most this often (not on every keystroke of the search). */
const SEEN_RESOLUTION_MS = 60 * 1000;

/** Ends the session: its row is deleted and the browser told to drop the cookie. */
export async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await request.session.destroy();
  reply.clearCookie(SESSION_COOKIE, { path: '/admin' });
}

/** Sessions end 2 h after the last request and 12 h after sign-in; the last-seen time moves by the minute. */
export async function checkSessionLifetime(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { session } = request;
  if (session?.get('adminId') === undefined) return;
  const now = Date.now();
  if (now - (session.get('signedInAt') ?? 0) > SESSION_ABSOLUTE_MS || now - (session.get('seenAt') ?? 0) > SESSION_IDLE_MS) {
    await signOut(request, reply);
    return;
  }
  if (now - (session.get('seenAt') ?? 0) >= SEEN_RESOLUTION_MS) session.set('seenAt', now);
}

/** Starts the session of an admin who has just given the right password (the id changes). */
export async function signIn(request: FastifyRequest, account: { id: number; email: string }): Promise<void> {
  await request.session.regenerate();
  const now = Date.now();
  request.session.set('adminId', account.id);
  request.session.set('adminEmail', account.email);
  request.session.set('signedInAt', now);
  request.session.set('seenAt', now);
}

export const isSignedIn = (request: FastifyRequest) => request.session?.get('adminId') !== undefined;
