import type { FastifyRequest } from 'fastify';
import { PASSKEY_CEREMONY_MS } from './passkeys.js';

/**
 * What a passkey challenge was given out for: adding a passkey (signed in), signing in with a passkey
 * alone, the second step after a right password, or confirming it is you before a risky action. A challenge is good only for what it was given for.
 */
export type PasskeyPurpose = 'register' | 'sign-in' | 'second-step' | 'confirm';

declare module 'fastify' {
  interface Session {
    /** The one passkey challenge this browser was given, what for and when (site clock): used once. */
    passkeyChallenge?: { challenge: string; purpose: PasskeyPurpose; at: number };
  }
}

/** Keeps a new challenge in the session, in place of any earlier one. */
export function rememberChallenge(request: FastifyRequest, purpose: PasskeyPurpose, challenge: string, now: number) {
  request.session.set('passkeyChallenge', { challenge, purpose, at: now });
}

/**
 * Takes the session's challenge out (it is good once, whatever comes of it): the challenge when it was
 * given for `purpose` within PASSKEY_CEREMONY_MS, else null.
 */
export function takeChallenge(request: FastifyRequest, purpose: PasskeyPurpose, now: number): string | null {
  const kept = request.session.get('passkeyChallenge');
  if (!kept) return null;
  request.session.set('passkeyChallenge', undefined);
  const fresh = now >= kept.at && now - kept.at <= PASSKEY_CEREMONY_MS;
  return kept.purpose === purpose && fresh ? kept.challenge : null;
}
