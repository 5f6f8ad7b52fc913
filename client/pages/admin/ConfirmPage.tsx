import { useRef, type RefObject } from 'react';
import { CONFIRM_FIELDS, FRESH_SIGN_IN_MINUTES, type AdminConfirmPage } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { submitWithoutScript } from './admin-api.js';
import { AdminHeading } from './AdminShell.js';
import { CodeField } from './CodeField.js';
import { confirmWithPasskey, usePasskeyAction, usePasskeysUnavailable } from './passkeys.js';

/**
 * "Confirm it's you" before a risky action when the sign-in is older than the limit: the password
 * (and a code when a second factor is on), or, with JavaScript, a passkey alone. A plain form that
 * sends the action's own values again, so the action goes on as asked; after a passkey the page sends
 * that form itself, the session being fresh again.
 */
export function ConfirmPage({ page }: { page: AdminConfirmPage }) {
  const form = useRef<HTMLFormElement>(null);
  const { factors } = page;
  return (
    <>
      <AdminHeading title="Confirm it's you" />
      <section className="section section--tight">
        <div className="container narrow admin-sign-in">
          <p>
            {`To ${page.what}, please confirm it's you: you signed in more than ${FRESH_SIGN_IN_MINUTES} minutes ago.`}
            {page.download && ' The download starts as soon as you confirm.'}
          </p>
          {factors.passkeys && (
            <div className="card card--padded">
              <PasskeyConfirm page={page} form={form} />
            </div>
          )}
          <form
            ref={form}
            method="post"
            action={page.action}
            className="card card--padded"
            aria-label="Confirm it's you"
          >
            <input type="hidden" name="_csrf" value={page.csrfToken} />
            {page.fields.map(([name, value], index) => (
              <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
            ))}
            {page.error && (
              <p className="notice notice--error" role="alert">
                {page.error}
              </p>
            )}
            {/* For password managers: the account this password is for. */}
            <input type="email" autoComplete="username" value={page.email} readOnly hidden />
            <div className="field">
              <label htmlFor="confirm-password">Password</label>
              <input
                id="confirm-password"
                name={CONFIRM_FIELDS.password}
                type="password"
                required
                autoComplete="current-password"
                autoFocus={!factors.passkeys}
              />
            </div>
            {(factors.authenticator || factors.passkeys) && (
              <CodeField
                id="confirm-code"
                name={CONFIRM_FIELDS.code}
                recoveryName={CONFIRM_FIELDS.recoveryCode}
                recoveryOnly={!factors.authenticator}
              />
            )}
            <button type="submit" className="button">
              Confirm
            </button>
          </form>
          <p>
            <a href={ADMIN_PATHS.desk}>Cancel and go back to the enquiries</a>
          </p>
        </div>
      </section>
    </>
  );
}

/** One of your passkeys in place of the password and code; without JavaScript, why not. */
function PasskeyConfirm({ page, form }: { page: AdminConfirmPage; form: RefObject<HTMLFormElement | null> }) {
  const unavailable = usePasskeysUnavailable();
  const { busy, error, errorRef, run } = usePasskeyAction();
  if (unavailable) return <p className="notice notice--info">{`${unavailable} Type your password below.`}</p>;
  const confirm = () =>
    run(async () => {
      await confirmWithPasskey(page.csrfToken, page.what);
      // The session is fresh now: the form goes with the action's values only, no password or code.
      const sent = form.current!;
      for (const name of Object.values(CONFIRM_FIELDS)) {
        const field = sent.querySelector<HTMLInputElement>(`[name="${name}"]`);
        if (field) field.disabled = true;
      }
      submitWithoutScript(sent);
    }, ADMIN_TEXT.passkeyFailed);
  return (
    <div className="admin-passkey">
      <p>With one of your passkeys:</p>
      {error && (
        <p className="notice notice--error" role="alert" tabIndex={-1} ref={errorRef}>
          {error}
        </p>
      )}
      <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
        {busy ? ADMIN_TEXT.passkeyWaiting : 'Confirm with a passkey'}
      </button>
    </div>
  );
}
