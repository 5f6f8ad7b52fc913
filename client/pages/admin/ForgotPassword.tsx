import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { MIN_PASSWORD_LENGTH } from '../../../shared/admin/security.js';
import type { AdminSignedOut } from '../../../shared/admin/session.js';
import { FORGOT_TEXT as TEXT } from '../../../shared/admin/texts.js';
import { AdminHeading } from './AdminShell.js';
import { CodeField } from './CodeField.js';

/** The new password, typed twice (the browser's password manager may offer one). */
function NewPasswordFields({ id }: { id: string }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-password`}>{TEXT.newPassword}</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          autoComplete="new-password"
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-repeated`}>{TEXT.repeated}</label>
        <input
          id={`${id}-repeated`}
          name="repeated"
          type="password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          autoComplete="new-password"
        />
      </div>
    </>
  );
}

function Notices({ initial }: { initial: AdminSignedOut }) {
  return (
    <>
      {initial.message && (
        <p className="notice notice--success" role="status">
          {initial.message}
        </p>
      )}
      {initial.loginError && (
        <p className="notice notice--error" role="alert">
          {initial.loginError}
        </p>
      )}
    </>
  );
}

/** What a reset does besides the password, said before it is done. */
function WhatHappens() {
  return <p>{`At least ${MIN_PASSWORD_LENGTH} characters. ${TEXT.everySessionEnds} ${TEXT.secondFactorStays}`}</p>;
}

/**
 * "Forgot your password?": a link sent to the sign-in e-mail, or a recovery code with the new password.
 * Plain forms, the same with and without JavaScript.
 */
export function ForgotPasswordForm({ initial }: { initial: AdminSignedOut }) {
  return (
    <>
      <AdminHeading title={TEXT.title} />
      <section className="section">
        <div className="container narrow admin-sign-in">
          <Notices initial={initial} />
          <form className="card card--padded" method="post" action={ADMIN_PATHS.loginForgot}>
            <input type="hidden" name="_csrf" value={initial.csrfToken} />
            <h2>{TEXT.byLinkHeading}</h2>
            <p>{TEXT.byLinkHint}</p>
            <div className="field">
              <label htmlFor="forgot-email">Email</label>
              <input id="forgot-email" name="email" type="email" required autoComplete="username" dir="auto" />
            </div>
            <button type="submit" className="button">
              {TEXT.send}
            </button>
          </form>
          <form className="card card--padded" method="post" action={ADMIN_PATHS.loginForgotRecovery}>
            <input type="hidden" name="_csrf" value={initial.csrfToken} />
            <h2>{TEXT.byCodeHeading}</h2>
            <p>{TEXT.byCodeHint}</p>
            <div className="field">
              <label htmlFor="forgot-code-email">Email</label>
              <input
                id="forgot-code-email"
                name="email"
                type="email"
                required
                autoComplete="username"
                dir="auto"
                defaultValue={initial.email}
              />
            </div>
            <CodeField id="forgot-code" name="recoveryCode" recoveryOnly withHint />
            <WhatHappens />
            <NewPasswordFields id="forgot-code" />
            <button type="submit" className="button">
              {TEXT.save}
            </button>
          </form>
          <p>
            <a href={ADMIN_PATHS.desk}>{TEXT.backToSignIn}</a>
          </p>
        </div>
      </section>
    </>
  );
}

/** The link from the e-mail, opened: the new password, or, when the link no longer works, a way to ask again. */
export function ResetPasswordForm({ initial }: { initial: AdminSignedOut }) {
  return (
    <>
      <AdminHeading title={TEXT.title} />
      <section className="section">
        <div className="container narrow admin-sign-in">
          {initial.resetToken ? (
            <form className="card card--padded" method="post" action={ADMIN_PATHS.loginReset}>
              <input type="hidden" name="_csrf" value={initial.csrfToken} />
              <input type="hidden" name="token" value={initial.resetToken} />
              <Notices initial={initial} />
              <WhatHappens />
              <NewPasswordFields id="reset" />
              <button type="submit" className="button">
                {TEXT.save}
              </button>
            </form>
          ) : (
            <div className="card card--padded">
              <p className="notice notice--error" role="alert">
                {TEXT.linkGone}
              </p>
              <p>
                <a href={ADMIN_PATHS.loginForgot}>{TEXT.askAgain}</a>
              </p>
            </div>
          )}
          <p>
            <a href={ADMIN_PATHS.desk}>{TEXT.backToSignIn}</a>
          </p>
        </div>
      </section>
    </>
  );
}
