import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { signInWithPasskey, usePasskeyAction, usePasskeysUnavailable } from './passkeys.js';

/**
 * "Sign in with a passkey": alone on the sign-in form (no e-mail needed), or as the step after the
 * password. Without JavaScript (or a browser without WebAuthn) a sentence says so and points to
 * `otherWays` instead of a button that would do nothing.
 */
export function PasskeySignIn({ csrfToken, lead, otherWays }: { csrfToken: string; lead: string; otherWays: string }) {
  const unavailable = usePasskeysUnavailable();
  const { busy, error, errorRef, run } = usePasskeyAction();
  if (unavailable) {
    return (
      <p className="notice notice--info">
        {unavailable} {otherWays}
      </p>
    );
  }
  const signIn = () =>
    run(async () => {
      const { next } = await signInWithPasskey(csrfToken);
      window.location.assign(next ?? ADMIN_PATHS.desk);
    }, ADMIN_TEXT.passkeyFailed);
  return (
    <div className="admin-passkey">
      <p>{lead}</p>
      {error && (
        <p className="notice notice--error" role="alert" tabIndex={-1} ref={errorRef}>
          {error}
        </p>
      )}
      <button type="button" className="button" disabled={busy} onClick={() => void signIn()}>
        {busy ? ADMIN_TEXT.passkeyWaiting : ADMIN_TEXT.signInWithPasskey}
      </button>
    </div>
  );
}
