import { useRef, useState, useSyncExternalStore } from 'react';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
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

/** Adds a passkey under `name` (empty: the server names it): the Security screen's data after it. */
export async function addPasskey(csrfToken: string, name: string): Promise<AdminSecurityPage> {
  const failed = 'The passkey could not be added. Please try again.';
  const optionsJSON = await answerOf<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    await postJson(ADMIN_PATHS.securityPasskeyOptions, csrfToken),
    failed,
  );
  const response = await startRegistration({ optionsJSON }).catch((error: unknown) => {
    throw browserRefusal(error, failed);
  });
  return answerOf<AdminSecurityPage>(
    await postJson(ADMIN_PATHS.securityPasskeys, csrfToken, { name, response }),
    failed,
  );
}

/** Signs in with a passkey: alone (any of this site's), or as the step after a right password. */
export async function signInWithPasskey(csrfToken: string): Promise<void> {
  const optionsJSON = await answerOf<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    await postJson(ADMIN_PATHS.loginPasskeyOptions, csrfToken),
    ADMIN_TEXT.passkeyFailed,
  );
  const response = await startAuthentication({ optionsJSON }).catch((error: unknown) => {
    throw browserRefusal(error, ADMIN_TEXT.passkeyFailed);
  });
  await answerOf(await postJson(ADMIN_PATHS.loginPasskey, csrfToken, { response }), ADMIN_TEXT.passkeyFailed);
}

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
      if (!(failure instanceof PasskeyError)) console.error(failure);
      setError(failure instanceof PasskeyError ? failure.message : fallback);
      focusAfterRender(errorRef);
    }
    setBusy(false);
  };
  return { busy, error, errorRef, run };
}
