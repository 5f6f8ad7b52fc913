import type { AdminSitePage } from '../site-editor.js';
import type { AdminAuditPage } from './audit.js';
import type { AdminConfirmPage } from './confirm.js';
import type { AdminIntegrationsPage } from './integrations.js';
import type { AdminEnquiryPage, AdminSignedIn } from './desk.js';
import type { AdminPrivacyPage } from './privacy.js';
import type { AdminReportsPage } from './reports.js';
import type { AdminSecurityPage } from './security.js';
import { ADMIN_PATHS } from './paths.js';
import type { AdminSignedOut } from './session.js';

/** What the admin page renders: the sign-in form, or one of the screens. */
export type AdminPageData =
  | AdminSignedOut
  | AdminSignedIn
  | AdminEnquiryPage
  | AdminAuditPage
  | AdminReportsPage
  | AdminPrivacyPage
  | AdminSitePage
  | AdminSecurityPage
  | AdminIntegrationsPage
  | AdminConfirmPage;

/** The screens, as the admin's header links them. */
export const ADMIN_SCREENS = [
  { path: ADMIN_PATHS.desk, label: 'Enquiries' },
  { path: ADMIN_PATHS.reports, label: 'Reports' },
  { path: ADMIN_PATHS.site, label: 'Site' },
  { path: ADMIN_PATHS.audit, label: 'Audit log' },
  { path: ADMIN_PATHS.privacy, label: 'Personal data' },
  { path: ADMIN_PATHS.integrations, label: 'Integrations' },
  { path: ADMIN_PATHS.security, label: 'Security' },
] as const;
