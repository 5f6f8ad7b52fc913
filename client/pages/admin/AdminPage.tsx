import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageData } from '../../context/site-context.js';
import '../../styles/admin.css';
import '../../styles/desk-thread.css';
import { AdminShell } from './AdminShell.js';
import { LoginForm } from './LoginForm.js';
import { AdminScreen } from './screens.js';

/** The screen the server rendered for a signed-in admin. */
function Screen() {
  const admin = usePageData().admin!;
  return admin.signedIn ? <AdminScreen page={admin} /> : <LoginForm initial={admin} />;
}

/** /admin and its screens, in the admin's own shell: the login form when signed out, else the screen the server rendered. */
export default function AdminPage() {
  const { admin } = usePageData();
  const { pathname } = useLocation();

  // Reached by a client-side navigation (history), with no server data: let the server render it.
  useEffect(() => {
    if (!admin) window.location.reload();
  }, [admin]);

  if (!admin) return null;
  return (
    <AdminShell session={admin.signedIn ? admin : undefined} path={pathname}>
      <Screen />
    </AdminShell>
  );
}
