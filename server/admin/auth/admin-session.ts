import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_AREA } from '../../../shared/admin/area.js';
import type { AdminAccount, AdminAccounts } from './admin-accounts.js';

declare module 'fastify' {
  interface Session {
    adminId?: number;
    /** The account's updated_at at sign-in: a later change of its e-mail or password ends the session. */
    credentialsAt?: string;
    /** Milliseconds since the epoch: when the admin signed in, and (to the minute) last did something. */
    signedInAt?: number;
    seenAt?: number;
    /** When the admin last gave the password (and factor), by the site's clock: at sign-in, or confirming it again. */
    confirmedAt?: number;
    /** Signed in with "Remember this device for 30 days": the session's limits are REMEMBERED_MS. */
    remembered?: boolean;
    /**
     * Between a right password and the second factor: whose password it was (and its credentials'
     * time), when (site clock), and the throttle counts the attempt holds until the code is right.
     */
    passwordOk?: { adminId: number; credentialsAt: string; at: number; counted: string[]; remember?: boolean };
  }
  interface FastifyRequest {
    /** The signed-in admin, or null: set once per request, before any handler runs. */
    adminAccount: AdminAccount | null;
  }
}

export const SESSION_COOKIE = 'forge_admin';
/** A session ends after 2 hours without a request, and 12 hours after sign-in whatever happens. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/**
 * Signed in with "Remember this device for 30 days": the session ends 30 days after sign-in (and
 * after 30 days without a request). Risky actions still ask to confirm it is you (fresh-sign-in.ts).
 */
export const REMEMBERED_MS = 30 * 24 * 60 * 60 * 1000;
/** The longest a session can last, of either kind: how long the store remembers an ended one. */
export const LONGEST_SESSION_MS = Math.max(SESSION_ABSOLUTE_MS, REMEMBERED_MS);

/** A session's idle and absolute limits: today's, or 30 days on a remembered device. */
const limitsOf = (session: FastifyRequest['session']) =>
  session.get('remembered') === true
    ? { idle: REMEMBERED_MS, absolute: REMEMBERED_MS }
    : { idle: SESSION_IDLE_MS, absolute: SESSION_ABSOLUTE_MS };

/** The last-seen time is written at most this often (not on every keystroke of the search). */
const SEEN_RESOLUTION_MS = 60 * 1000;

/**
 * The session's end: 2 h after it was last seen, 12 h after sign-in at the latest (30 days, remembered).
 * It is the cookie's Expires and the row's expires_at, so the browser and the store forget it when the
 * server would.
 */
function endOf(session: FastifyRequest['session'], now: number): Date {
  const { idle, absolute } = limitsOf(session);
  return new Date(Math.min(now + idle, (session.get('signedInAt') ?? now) + absolute));
}

/**
 * An onRequest hook (after the session is loaded): the admin is signed in only while the account
 * still exists with the credentials it signed in with, and within the idle and absolute limits. A
 * session that fails any of these is deleted from the store and left unmodified in memory, so that
 * nothing writes it back; the session plugin clears its cookie on the next request.
 */
export function resolveAdmin(accounts: AdminAccounts) {
  return async (request: FastifyRequest): Promise<void> => {
    const { session } = request;
    const id = session.get('adminId');
    if (id === undefined) return;
    const account = accounts.get();
    const now = Date.now();
    const { idle, absolute } = limitsOf(session);
    const valid =
      account !== undefined &&
      account.id === id &&
      account.updatedAt === session.get('credentialsAt') &&
      now - (session.get('signedInAt') ?? 0) <= absolute &&
      now - (session.get('seenAt') ?? 0) <= idle;
    if (!valid) {
      await new Promise<void>((resolve, reject) =>
        request.sessionStore.destroy(session.sessionId, (error?: Error) => (error ? reject(error) : resolve())),
      );
      return;
    }
    request.adminAccount = account;
    if (now - (session.get('seenAt') ?? 0) >= SEEN_RESOLUTION_MS) {
      session.set('seenAt', now);
      session.cookie.expires = endOf(session, now);
    }
  };
}

/** How long the second step may take after the password. */
export const SECOND_STEP_MS = 5 * 60 * 1000;

/**
 * The account whose password this browser gave within SECOND_STEP_MS, still with the same
 * credentials: it now needs its second factor. Null when there is none (or it is too old).
 */
export function awaitingSecondStep(
  request: FastifyRequest,
  accounts: AdminAccounts,
  now: number,
): (AdminAccount & { counted: string[]; remember: boolean }) | null {
  const pending = request.session.get('passwordOk');
  const account = accounts.get();
  if (!pending || !account || account.id !== pending.adminId || account.updatedAt !== pending.credentialsAt)
    return null;
  if (now - pending.at > SECOND_STEP_MS || now < pending.at) return null;
  return { ...account, counted: pending.counted, remember: pending.remember === true };
}

/**
 * Starts the session of an admin who has just given the right password (and code), under a new id;
 * `confirmedAt` is the site's clock; `remembered`: for 30 days (REMEMBERED_MS).
 */
export async function signIn(
  request: FastifyRequest,
  account: AdminAccount,
  confirmedAt: number,
  remembered = false,
): Promise<void> {
  await request.session.regenerate();
  const now = Date.now();
  request.session.set('confirmedAt', confirmedAt);
  if (remembered) request.session.set('remembered', true);
  request.session.set('adminId', account.id);
  request.session.set('credentialsAt', account.updatedAt);
  request.session.set('signedInAt', now);
  request.session.set('seenAt', now);
  request.session.cookie.expires = endOf(request.session, now);
  request.adminAccount = account;
}

/**
 * Ends the session: its row is deleted and the browser told to drop the cookie. When the store cannot
 * write, the session is refused from memory until the delete is written (session-store.ts): logout
 * never fails.
 */
export async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await request.session.destroy();
  reply.clearCookie(SESSION_COOKIE, { path: ADMIN_AREA });
  request.adminAccount = null;
}
