import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminSecurityPage } from '../../../shared/admin/security.js';
import { EMAIL_CHANGE_TEXT as TEXT } from '../../../shared/admin/texts.js';

/**
 * The sign-in e-mail: a new address gets a link; the link opened here asks to confirm it. Plain forms,
 * the same with and without JavaScript.
 */
export function EmailCard({ page, error }: { page: AdminSecurityPage; error: string | null }) {
  const { emailChange, csrfToken } = page;
  return (
    <div className="card card--padded">
      <h2>{TEXT.heading}</h2>
      <p>
        {TEXT.current} <bdi>{page.email}</bdi>.
      </p>
      {emailChange && (
        <form method="post" action={ADMIN_PATHS.securityEmailConfirm}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="token" value={emailChange.token} />
          <h3>{TEXT.confirmHeading}</h3>
          <p>
            <bdi>{emailChange.email}</bdi>
          </p>
          <button type="submit" className="button">
            {TEXT.confirm}
          </button>
        </form>
      )}
      <form method="post" action={ADMIN_PATHS.securityEmail}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <h3>{TEXT.change}</h3>
        <p>{TEXT.hint}</p>
        {error && (
          <p id="security-email-error" className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor="security-email">{TEXT.label}</label>
          <input
            id="security-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            dir="auto"
            aria-describedby={error ? 'security-email-error' : undefined}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <button type="submit" className="button button--ghost">
          {TEXT.send}
        </button>
      </form>
    </div>
  );
}
