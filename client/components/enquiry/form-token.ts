import { FORM_TOKEN_API, FORM_TOKEN_LIFETIME_MS, type FormTokenAnswer } from '../../../shared/enquiry/form-token.js';

/** Renewed this long before the server would find it expired: a send takes time, and clocks drift. */
const RENEW_MARGIN_MS = 60 * 60 * 1000;

/**
 * The form token this tab holds for its next enquiry, kept outside the form so that it survives the
 * form leaving the page (a route change) and coming back (Back, a menu link), and the one each
 * enquiry sent in place brings for the next. When it was received is measured on this browser's
 * clock only, so a clock that is off does not matter; one that jumps (a laptop asleep) counts as
 * the time it was.
 */
let held: { token: string; receivedAt: number } | null = null;
let asking: Promise<string> | null = null;

function hold(token: string): string {
  held = { token, receivedAt: Date.now() };
  return token;
}

async function ask(body?: { formToken: string }): Promise<string> {
  const response = await fetch(FORM_TOKEN_API, {
    method: body ? 'POST' : 'GET',
    cache: 'no-store',
    headers: body ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
    ...(body && { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${FORM_TOKEN_API} answered ${response.status}`);
  return hold(((await response.json()) as FormTokenAnswer).formToken);
}

/** One request at a time: a form that mounts and sends at once asks once. */
function once(body?: { formToken: string }): Promise<string> {
  asking ??= ask(body).finally(() => (asking = null));
  return asking;
}

/**
 * The token for a form being shown: the one this tab holds; else the one the server rendered into
 * this page (`fromPage`, the first time only); else none yet, and the form asks for a new one
 * (`newToken`: it was reached by a client-side route change).
 */
export function tokenForForm(fromPage: string | undefined): string | null {
  if (held) return held.token;
  return fromPage ? hold(fromPage) : null;
}

/** A new token from the server, held for this tab. */
export function newToken(): Promise<string> {
  return once();
}

/** The token to send now: the one held, renewed first when it has expired (a tab left open for days). */
export async function tokenForSending(): Promise<string> {
  if (asking) await asking.catch(() => undefined);
  if (!held) return once();
  if (Date.now() - held.receivedAt > FORM_TOKEN_LIFETIME_MS - RENEW_MARGIN_MS) return once({ formToken: held.token });
  return held.token;
}

/** The server's token for the next enquiry, after one was stored. */
export function tokenForNext(token: string): string {
  return hold(token);
}
