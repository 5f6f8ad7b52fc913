import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageData } from '../../context/site-context.js';
import '../../styles/admin.css';
import '../../styles/desk-thread.css';
import { AdminShell } from './AdminShell.js';
import { AuditPage } from './AuditPage.js';
import { ConfirmPage } from './ConfirmPage.js';
import { EnquiryPage } from './EnquiryPage.js';
import { EnquiryPanel } from './EnquiryPanel.js';
import { IntegrationsPage } from './IntegrationsPage.js';
import { LoginForm } from './LoginForm.js';
import { PrivacyPage } from './PrivacyPage.js';
import { ReportsPage } from './ReportsPage.js';
import { SecurityPage } from './SecurityPage.js';
import { SitePage } from './site/SitePage.js';

/** The screen the server rendered for a signed-in admin. */
function Screen() {
  const admin = usePageData().admin!;
  if (!admin.signedIn) return <LoginForm initial={admin} />;
  switch (admin.screen) {
    case 'audit':
      return <AuditPage page={admin} />;
    case 'reports':
      return <ReportsPage page={admin} />;
    case 'privacy':
      return <PrivacyPage page={admin} />;
    case 'site':
      return <SitePage page={admin} />;
    case 'security':
      return <SecurityPage page={admin} />;
    case 'integrations':
      return <IntegrationsPage page={admin} />;
    case 'confirm':
      return <ConfirmPage page={admin} />;
    case 'enquiry':
      return <EnquiryPage page={admin} />;
    case 'enquiries':
      return <EnquiryPanel initial={admin} />;
  }
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
