import { useEffect } from 'react';
import { usePageData } from '../../app/site-context.js';
import { EnquiryPanel } from './EnquiryPanel.js';
import { LoginForm } from './LoginForm.js';

/** /admin: the login form when signed out, the enquiry panel when signed in (both rendered by the server). */
export default function AdminPage() {
  const { admin } = usePageData();

  // Reached by a client-side navigation (history), with no server data: let the server render it.
  useEffect(() => {
    if (!admin) window.location.reload();
  }, [admin]);

  if (!admin) return null;
  return admin.signedIn ? <EnquiryPanel initial={admin} /> : <LoginForm initial={admin} />;
}
