import { useEffect } from 'react';
import { usePageData } from '../../context/site-context.js';
import { AuditPage } from './AuditPage.js';
import { ConfirmPage } from './ConfirmPage.js';
import { EnquiryPanel } from './EnquiryPanel.js';
import { LoginForm } from './LoginForm.js';
import { PrivacyPage } from './PrivacyPage.js';
import { ReportsPage } from './ReportsPage.js';
import { SecurityPage } from './SecurityPage.js';
import { SitePage } from './site/SitePage.js';

/** /admin and its screens: the login form when signed out, else the screen the server rendered. */
export default function AdminPage() {
  const { admin } = usePageData();

  // Reached by a client-side navigation (history), with no server data: let the server render it.
  useEffect(() => {
    if (!admin) window.location.reload();
  }, [admin]);

  if (!admin) return null;
  if (!admin.signedIn) return <LoginForm initial={admin} />;
  if (admin.screen === 'audit') return <AuditPage page={admin} />;
  if (admin.screen === 'reports') return <ReportsPage page={admin} />;
  if (admin.screen === 'privacy') return <PrivacyPage page={admin} />;
  if (admin.screen === 'site') return <SitePage page={admin} />;
  if (admin.screen === 'security') return <SecurityPage page={admin} />;
  if (admin.screen === 'confirm') return <ConfirmPage page={admin} />;
  return <EnquiryPanel initial={admin} />;
}
