import type { ReactNode } from 'react';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { ADMIN_SCREENS } from '../../../shared/admin/screens.js';
import type { SignedIn } from '../../../shared/admin/session.js';
import { useCompany } from '../../context/site-context.js';

/** The section of the admin an address belongs to (the longest screen path it starts with). */
function sectionOf(path: string): string {
  const [enquiries, ...others] = ADMIN_SCREENS.map((screen) => screen.path);
  return others.find((screen) => path === screen || path.startsWith(`${screen}/`)) ?? enquiries!;
}

/**
 * The admin's application shell, in place of the public site's top bar, menu and footer: a compact
 * header with the company's name, the sections (Enquiries with its unread count) and Logout, then
 * the screen. Signed out, the header holds the name alone.
 */
export function AdminShell({ session, path, children }: { session?: SignedIn; path: string; children: ReactNode }) {
  const { name, shortName } = useCompany();
  const current = sectionOf(path);
  return (
    <>
      <header className="admin-bar">
        <a className="admin-bar__name" href={ADMIN_PATHS.desk}>
          {shortName || name}
          <span className="visually-hidden"> admin</span>
        </a>
        {session && (
          <>
            <nav className="admin-bar__sections" aria-label="Admin">
              <ul>
                {ADMIN_SCREENS.map(({ path: screen, label }) => (
                  <li key={screen}>
                    <a href={screen} aria-current={screen === current ? 'page' : undefined}>
                      {label}
                      {screen === ADMIN_PATHS.desk && session.unread > 0 && (
                        <span className="admin-bar__count">
                          {session.unread}
                          <span className="visually-hidden"> unread</span>
                        </span>
                      )}
                      {screen === ADMIN_PATHS.desk && session.repliesNotSent > 0 && (
                        <span className="admin-bar__count admin-bar__count--failed">
                          {`${session.repliesNotSent} not sent`}
                          <span className="visually-hidden">
                            {session.repliesNotSent === 1 ? ': a reply was' : ': replies were'} not accepted by the mail
                            server
                          </span>
                        </span>
                      )}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <form className="admin-bar__logout" method="post" action={ADMIN_PATHS.logout}>
              <input type="hidden" name="_csrf" value={session.csrfToken} />
              <button type="submit" className="button button--ghost-light button--small">
                {ADMIN_TEXT.logout}
              </button>
            </form>
          </>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

/** A screen's heading, with what belongs beside it (counts, links). */
export function AdminHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="admin-head container">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
