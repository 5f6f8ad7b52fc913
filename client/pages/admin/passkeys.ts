import { useRef, useState, useSyncExternalStore } from 'react';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { RISKY_ACTIONS, type RiskyWhat } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminSecurityPage } from '../../../shared/admin/security.js';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { useFocusAfterRender } from '../../components/use-focus-after-render.js';
import { postJson } from './admin-api.js';

/** A refusal with words for the admin: the server's message, or what the browser's error means. */
class PasskeyError extends Error {}

/** The server's JSON answer, or a PasskeyError with its message (or `fallback`). */
async function answerOf<T>(response: Response, fallback: string): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok || body === null) throw new PasskeyError(body?.message ?? fallback);
  return body;
}

/** What the browser's own refusal means: cancelling, or letting the time run out, is no failure. */
function browserRefusal(error: unknown, fallback: string): PasskeyError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return new PasskeyError(ADMIN_TEXT.passkeyCancelled);
  if (name === 'InvalidStateError')
    return new PasskeyError('This device already holds a passkey for this site. You can use that one.');
  console.error(error);
  return new PasskeyError(fallback);
}

/** The admin is asked to confirm it is them first: the page that asks, then back to this screen. */
export class ConfirmFirst extends Error {}

/**
 * Adds a passkey under `name` (empty: the server names it): the Security screen's data after it.
 * Signed in too long ago, the browser goes to "Confirm it's you" first (and ConfirmFirst is thrown).
 */
export async function addPasskey(csrfToken: string, name: string): Promise<AdminSecurityPage> {
  const failed = 'The passkey could not be added. Please try again.';
  const asked = await postJson(ADMIN_PATHS.securityPasskeyOptions, csrfToken);
  if (asked.status === 401 && ((await asked.clone().json()) as { confirm?: boolean }).confirm) {
    const query = new URLSearchParams({ returnTo: ADMIN_PATHS.security, what: RISKY_ACTIONS.addPasskey });
    window.location.assign(`${ADMIN_PATHS.confirm}?${query.toString()}`);
    throw new ConfirmFirst('confirm first');
  }
  const optionsJSON = await answerOf<Parameters<typeof startRegistration>[0]['optionsJSON']>(asked, failed);
  const response = await startRegistration({ optionsJSON }).catch((error: unknown) => {
    throw browserRefusal(error, failed);
  });
  return answerOf<AdminSecurityPage>(
    await postJson(ADMIN_PATHS.securityPasskeys, csrfToken, { name, response }),
    failed,
  );
}

/**
 * A passkey's signature of the server's challenge, sent back: signing in, or confirming it is you.
 * Signing in, the server may name the screen asked for before it (`next`).
 */
async function provePasskey(
  csrfToken: string,
  paths: { options: string; answer: string },
  body = {},
): Promise<{ next?: string }> {
  const optionsJSON = await answerOf<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    await postJson(paths.options, csrfToken),
    ADMIN_TEXT.passkeyFailed,
  );
  const response = await startAuthentication({ optionsJSON }).catch((error: unknown) => {
    throw browserRefusal(error, ADMIN_TEXT.passkeyFailed);
  });
  const answer = await postJson(paths.answer, csrfToken, { ...body, response });
  return answer.status === 204 ? {} : answerOf<{ next?: string }>(answer, ADMIN_TEXT.passkeyFailed);
}

/**
 * Signs in with a passkey: alone (any of this site's; `remember`: this device for 30 days), or as the
 * step after a right password (remembered as that step asked: the server reads no `remember` then).
 */
export const signInWithPasskey = (csrfToken: string, remember: boolean) =>
  provePasskey(csrfToken, { options: ADMIN_PATHS.loginPasskeyOptions, answer: ADMIN_PATHS.loginPasskey }, { remember });

/** Confirms it is you with one of your passkeys, before `what` (a risky action). */
export const confirmWithPasskey = (csrfToken: string, what: RiskyWhat) =>
  provePasskey(csrfToken, { options: ADMIN_PATHS.confirmPasskeyOptions, answer: ADMIN_PATHS.confirmPasskey }, { what });

const noSubscription = () => () => {};
const supportNow = () => (typeof window.PublicKeyCredential === 'function' ? 'ready' : 'unsupported');

/**
 * Why passkeys cannot be used here, or null when they can: in the server's HTML (and so without
 * JavaScript) they need JavaScript; once hydrated, the browser may lack WebAuthn.
 */
export function usePasskeysUnavailable(): string | null {
  const support = useSyncExternalStore(noSubscription, supportNow, () => 'no-script');
  if (support === 'ready') return null;
  return support === 'no-script' ? ADMIN_TEXT.passkeysNeedJavaScript : ADMIN_TEXT.passkeysUnsupported;
}

/**
 * One passkey action at a time: `run` marks it busy and, when it fails, shows why in the alert that
 * `errorRef` is put on and moves the focus there.
 */
export function usePasskeyAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const run = async (action: () => Promise<void>, fallback: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      if (failure instanceof ConfirmFirst) return; // on the way to "Confirm it's you"
      if (!(failure instanceof PasskeyError)) console.error(failure);
      setError(failure instanceof PasskeyError ? failure.message : fallback);
      focusAfterRender(errorRef);
    }
    setBusy(false);
  };
  return { busy, error, errorRef, run };
}
