import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminSecurityPage } from '../../../shared/admin/security.js';

/** Setting up the app: its QR code and key, then the first code it shows (`error` when that code was refused). */
function AuthenticatorSetup({
  enrolment,
  csrfToken,
  error,
}: {
  enrolment: NonNullable<AdminSecurityPage['enrolment']>;
  csrfToken: string;
  error: string | null;
}) {
  return (
    <form method="post" action={ADMIN_PATHS.securityAuthenticator}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="sealed" value={enrolment.sealed} />
      <ol className="security-steps">
        <li>
          <p>
            In an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password …), add an account by
            scanning this QR code:
          </p>
          <div
            className="security-qr"
            role="img"
            aria-label="QR code of the key below"
            // An SVG the server drew from the key (uqr): rectangles only, nothing from a visitor.
            dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
          />
          <p>
            Or type this key: <code className="security-secret">{enrolment.secret}</code>
          </p>
        </li>
        <li>
          <div className={error ? 'field field--invalid' : 'field'}>
            <label htmlFor="security-first-code">The 6-digit code the app shows now</label>
            <input
              id="security-first-code"
              name="code"
              type="text"
              inputMode="numeric"
              pattern="[0-9 ]*"
              required
              maxLength={8}
              autoComplete="one-time-code"
              aria-describedby={error ? 'security-first-code-error' : undefined}
              aria-invalid={error ? true : undefined}
            />
            {error && (
              <p id="security-first-code-error" className="field__error">
                {error}
              </p>
            )}
          </div>
        </li>
      </ol>
      <button type="submit" className="button">
        Turn on authenticator codes
      </button>
    </form>
  );
}

/** Authenticator codes: on (with the form that turns them off), being set up, or off (with the link that sets them up). */
export function AuthenticatorCard({ page, error }: { page: AdminSecurityPage; error: string | null }) {
  const { enrolment, csrfToken } = page;
  const passkeysOn = page.passkeys.length > 0;
  return (
    <div className="card card--padded">
      <h2>Authenticator codes</h2>
      {page.authenticatorOn ? (
        <>
          <p>
            <strong>On.</strong> Signing in asks for the code your authenticator app shows, after your password
            {passkeysOn && ' (or for a passkey)'}.
          </p>
          <form method="post" action={ADMIN_PATHS.securityAuthenticatorOff}>
            <input type="hidden" name="_csrf" value={csrfToken} />
            <h3>Turn authenticator codes off</h3>
            <p>
              {passkeysOn
                ? 'Your passkeys and recovery codes keep working.'
                : 'Your password alone will sign in again, and the recovery codes stop working.'}
            </p>
            <button type="submit" className="button button--danger">
              Turn authenticator codes off
            </button>
          </form>
        </>
      ) : enrolment ? (
        <AuthenticatorSetup enrolment={enrolment} csrfToken={csrfToken} error={error} />
      ) : (
        <>
          <p>
            <strong>Off.</strong>{' '}
            {passkeysOn
              ? 'With authenticator codes on, a code from your phone also works after your password.'
              : 'Your password alone signs in. With authenticator codes on, someone who learns your password still cannot sign in without your phone.'}
          </p>
          <p>
            <a className="button" href={`${ADMIN_PATHS.security}?setup=authenticator`}>
              Set up authenticator codes
            </a>
          </p>
        </>
      )}
    </div>
  );
}
