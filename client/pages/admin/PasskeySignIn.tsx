import { useState } from 'react';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { signInWithPasskey, usePasskeyAction, usePasskeysUnavailable } from './passkeys.js';
import { RememberDevice } from './RememberDevice.js';

/**
 * "Sign in with a passkey": alone on the sign-in form (no e-mail needed), or as the step after the
 * password. Without JavaScript (or a browser without WebAuthn) a sentence says so and points to
 * `otherWays` instead of a button that would do nothing. `remember`: alone, with its own "Remember this
 * device for 30 days" (after the password, that step's box counts).
 */
export function PasskeySignIn({
  csrfToken,
  lead,
  otherWays,
  remember = false,
}: {
  csrfToken: string;
  lead: string;
  otherWays: string;
  remember?: boolean;
}) {
  const unavailable = usePasskeysUnavailable();
  const { busy, error, errorRef, run } = usePasskeyAction();
  const [remembered, setRemembered] = useState(false);
  if (unavailable) {
    return (
      <p className="notice notice--info">
        {unavailable} {otherWays}
      </p>
    );
  }
  const signIn = () =>
    run(async () => {
      const { next } = await signInWithPasskey(csrfToken, remembered);
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
      {remember && <RememberDevice id="admin-passkey-remember" onChange={setRemembered} hintOf="admin-remember" />}
      <button type="button" className="button" disabled={busy} onClick={() => void signIn()}>
        {busy ? ADMIN_TEXT.passkeyWaiting : ADMIN_TEXT.signInWithPasskey}
      </button>
    </div>
  );
}
