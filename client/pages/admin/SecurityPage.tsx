import { useRef, useState } from 'react';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { MIN_PASSWORD_LENGTH, type AdminSecurityPage } from '../../../shared/admin/security.js';
import { useFocusAfterRender } from '../../components/use-focus-after-render.js';
import { AdminHeading } from './AdminShell.js';
import { AuthenticatorCard } from './AuthenticatorCard.js';
import { BackupsCard } from './BackupsCard.js';
import { EmailCard } from './EmailCard.js';
import { PasskeysCard } from './PasskeysCard.js';

/** New recovery codes, shown this once, with the form that downloads them as a text file. */
function RecoveryCodesList({ codes, csrfToken }: { codes: string[]; csrfToken: string }) {
  return (
    <div className="card card--padded">
      <h2>Your recovery codes</h2>
      <p>
        Each code signs in once, in place of a code from your app or a passkey: for when your phone or your passkeys are
        lost or replaced. They are shown only now. Save them somewhere safe, away from your phone.
      </p>
      <ol className="security-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <form method="post" action={ADMIN_PATHS.securityRecoveryCodesFile}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        {codes.map((code) => (
          <input key={code} type="hidden" name="codes" value={code} />
        ))}
        <button type="submit" className="button button--ghost">
          Download the codes as a text file
        </button>
      </form>
    </div>
  );
}

/** A new password, typed twice; the browser's password manager may offer one. */
function PasswordCard({ csrfToken, error }: { csrfToken: string; error: string | null }) {
  return (
    <div className="card card--padded">
      <h2>Password</h2>
      <form method="post" action={ADMIN_PATHS.securityPassword}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <h3>Change password</h3>
        <p>
          {`At least ${MIN_PASSWORD_LENGTH} characters. Every other browser or phone signed in to the admin is signed out; this one stays signed in.`}
        </p>
        {error && (
          <p id="security-password-error" className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor="security-password">New password</label>
          <input
            id="security-password"
            name="password"
            type="password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            autoComplete="new-password"
            aria-describedby={error ? 'security-password-error' : undefined}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="security-password-repeated">New password again</label>
          <input
            id="security-password-repeated"
            name="repeated"
            type="password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            autoComplete="new-password"
          />
        </div>
        <button type="submit" className="button">
          Change password
        </button>
      </form>
    </div>
  );
}

/**
 * /admin/security: authenticator codes on or off, passkeys, and the recovery codes. Plain forms, which
 * work the same with and without JavaScript, except adding a passkey (WebAuthn needs JavaScript): its
 * answer is the screen's data after the change, shown in place.
 */
export function SecurityPage({ page: initial }: { page: AdminSecurityPage }) {
  const [page, setPage] = useState(initial);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const passkeysOn = page.passkeys.length > 0;
  const errorIn = (form: NonNullable<AdminSecurityPage['error']>['form']) =>
    page.error?.form === form ? page.error.message : null;
  const passkeyAdded = (next: AdminSecurityPage) => {
    setPage(next);
    focusAfterRender(messageRef);
  };
  return (
    <>
      <AdminHeading title="Security" />
      <section className="section section--tight">
        <div className="container admin-security">
          {page.message && (
            <p className="notice notice--success" role="status" tabIndex={-1} ref={messageRef}>
              {page.message}
            </p>
          )}
          {page.newRecoveryCodes && <RecoveryCodesList codes={page.newRecoveryCodes} csrfToken={page.csrfToken} />}
          <EmailCard page={page} error={errorIn('email')} />
          <PasswordCard csrfToken={page.csrfToken} error={errorIn('password')} />
          <AuthenticatorCard page={page} error={errorIn('setup')} />
          <PasskeysCard page={page} onAdded={passkeyAdded} />
          {(page.authenticatorOn || passkeysOn) && (
            <div className="card card--padded">
              <h2>Recovery codes</h2>
              <p>{`${page.recoveryCodesLeft} of 10 recovery codes left.`}</p>
              <form method="post" action={ADMIN_PATHS.securityRecoveryCodes}>
                <input type="hidden" name="_csrf" value={page.csrfToken} />
                <h3>Make new recovery codes</h3>
                <p>The old codes stop working.</p>
                <button type="submit" className="button button--ghost">
                  Make new recovery codes
                </button>
              </form>
            </div>
          )}
          <BackupsCard backups={page.backups} now={page.now} timeZone={page.timeZone} csrfToken={page.csrfToken} />
          <div className="card card--padded">
            <h2>Signed-in browsers</h2>
            <form method="post" action={ADMIN_PATHS.securitySignOutEverywhere}>
              <input type="hidden" name="_csrf" value={page.csrfToken} />
              <h3>Sign out everywhere</h3>
              <p>
                Every browser and phone signed in to the admin is signed out, this one too. Use it if you think someone
                else is signed in; then sign in again here.
              </p>
              <button type="submit" className="button button--ghost">
                Sign out everywhere
              </button>
            </form>
          </div>
        </div>
      </section>
    </>
  );
}
