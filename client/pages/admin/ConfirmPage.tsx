import { CONFIRM_FIELDS, FRESH_SIGN_IN_MINUTES, type AdminConfirmPage } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { AdminHeader } from './AdminHeader.js';
import { CodeField } from './CodeField.js';

/**
 * "Confirm it's you" before a risky action when the sign-in is older than the limit: the password
 * (and a code when codes are on). A plain form that sends the action's own values again, so the
 * action goes on as asked; the same with and without JavaScript.
 */
export function ConfirmPage({ page }: { page: AdminConfirmPage }) {
  return (
    <>
      <AdminHeader title="Confirm it's you" csrfToken={page.csrfToken} current="" />
      <section className="section section--tight">
        <div className="container narrow">
          <form method="post" action={page.action} className="card card--padded" aria-label="Confirm it's you">
            <input type="hidden" name="_csrf" value={page.csrfToken} />
            {page.fields.map(([name, value], index) => (
              <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
            ))}
            <p>
              {`To ${page.what}, please enter your password again: you signed in more than ${FRESH_SIGN_IN_MINUTES} minutes ago.`}
            </p>
            {page.download && <p>The download starts as soon as you confirm.</p>}
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
                autoFocus
              />
            </div>
            {page.authenticatorOn && <CodeField id="confirm-code" name={CONFIRM_FIELDS.code} />}
            <button type="submit" className="button">
              Confirm
            </button>
          </form>
          <p className="confirm-cancel">
            <a href={ADMIN_PATHS.desk}>Cancel and go back to the enquiries</a>
          </p>
        </div>
      </section>
    </>
  );
}
