import type { FormEvent, ReactNode } from 'react';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { ADMIN_SCREENS } from '../../../shared/admin/screens.js';
import { postJson } from './admin-api.js';

/** The banner of every signed-in admin screen: its title, Logout, and the links between the screens. */
export function AdminHeader({
  title,
  csrfToken,
  current,
  onLogout,
}: {
  title: ReactNode;
  csrfToken: string;
  current: string;
  onLogout?: () => void;
}) {
  const logout = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const response = await postJson(ADMIN_PATHS.logout, csrfToken);
      if (!response.ok) throw new Error(`Logout failed with status ${response.status}`);
    } catch (error) {
      console.error(error);
    }
    onLogout?.();
    window.location.assign(ADMIN_PATHS.desk);
  };
  return (
    <div className="banner">
      <div className="container admin-header">
        <h1>{title}</h1>
        <form method="post" action={ADMIN_PATHS.logout} onSubmit={logout}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <button type="submit" className="button button--ghost-light">
            {ADMIN_TEXT.logout}
          </button>
        </form>
        <nav className="admin-screens" aria-label="Admin">
          <ul>
            {ADMIN_SCREENS.map(({ path, label }) => (
              <li key={path}>
                <a href={path} aria-current={path === current ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
