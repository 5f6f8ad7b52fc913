import type { AdminSitePage } from '../site-editor.js';
import type { AdminAuditPage } from './audit.js';
import type { AdminSignedIn } from './desk.js';
import type { AdminPrivacyPage } from './privacy.js';
import type { AdminSignedOut } from './session.js';

/** What the admin page renders: the sign-in form, or one of the screens. */
export type AdminPageData = AdminSignedOut | AdminSignedIn | AdminAuditPage | AdminPrivacyPage | AdminSitePage;

/** The screens, as the admin's header links them. */
export const ADMIN_SCREENS = [
  { path: '/admin', label: 'Enquiries' },
  { path: '/admin/site', label: 'Site' },
  { path: '/admin/audit', label: 'Audit log' },
  { path: '/admin/privacy', label: 'Personal data' },
] as const;
