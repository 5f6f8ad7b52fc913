import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminPrivacyPage } from '../../../shared/admin/privacy.js';
import { AdminHeading } from './AdminShell.js';

const enquiries = (count: number) => `${count} ${count === 1 ? 'enquiry' : 'enquiries'}`;

/**
 * /admin/privacy: a buyer asks what is held about them, or to be erased. Plain forms (they work the
 * same with and without JavaScript): look up, then download as JSON, or erase after confirming.
 */
export function PrivacyPage({ page }: { page: AdminPrivacyPage }) {
  const { lookup } = page;
  return (
    <>
      <AdminHeading title="Personal data" />
      <section className="section section--tight">
        <div className="container admin-privacy">
          {page.message && (
            <p className="notice notice--success" role="status">
              {page.message}
            </p>
          )}
          <form method="get" action={ADMIN_PATHS.privacy} className="card card--padded">
            <div className={page.error ? 'field field--invalid' : 'field'}>
              <label htmlFor="privacy-who">E-mail address or phone number</label>
              <p id="privacy-who-hint" className="field__hint">
                As the person wrote it in their enquiry; a phone number matches however it is written.
              </p>
              <input
                id="privacy-who"
                name="who"
                type="text"
                maxLength={254}
                required
                defaultValue={lookup?.who ?? ''}
                autoComplete="off"
                aria-describedby={`privacy-who-hint${page.error ? ' privacy-who-error' : ''}`}
                aria-invalid={page.error ? true : undefined}
              />
              {page.error && (
                <p id="privacy-who-error" className="field__error">
                  {page.error}
                </p>
              )}
            </div>
            <button type="submit" className="button">
              Find enquiries
            </button>
          </form>
          {lookup && (
            <div className="card card--padded">
              <h2>{`${enquiries(lookup.count)} from ${lookup.who}`}</h2>
              {lookup.count > 0 && (
                <>
                  <p>
                    <a
                      className="button button--ghost"
                      href={`${ADMIN_PATHS.download}?who=${encodeURIComponent(lookup.who)}`}
                    >
                      {ADMIN_TEXT.downloadPersonData}
                    </a>
                  </p>
                  <form method="post" action={ADMIN_PATHS.erase}>
                    <input type="hidden" name="_csrf" value={page.csrfToken} />
                    <input type="hidden" name="who" value={lookup.who} />
                    <input type="hidden" name="count" value={lookup.count} />
                    <p>{`Erasing deletes ${lookup.count === 1 ? 'this enquiry' : `all ${lookup.count} enquiries`} permanently, with their notes and drawings. The audit log keeps only that an erasure happened.`}</p>
                    <button
                      type="submit"
                      className="button button--danger"
                    >{`Erase ${enquiries(lookup.count)} permanently`}</button>
                  </form>
                </>
              )}
            </div>
          )}
        </div>
      </section>
    </>
  );
}
