import type { AdminSitePage } from '../site-editor.js';
import type { AdminAuditPage } from './audit.js';
import type { AdminConfirmPage } from './confirm.js';
import type { AdminIntegrationsPage } from './integrations.js';
import type { AdminEnquiryPage, AdminSignedIn } from './desk.js';
import type { AdminPrivacyPage } from './privacy.js';
import type { AdminReportsPage } from './reports.js';
import type { AdminSecurityPage } from './security.js';
import type { AdminQuotationPage } from '../quotations/quotation-page.js';
import type { AdminTemplatesPage } from './templates.js';
import { ADMIN_AREA } from './area.js';
import { ADMIN_PATHS } from './paths.js';
import type { AdminSignedOut } from './session.js';

/** The data each screen is rendered with, by its `screen` name: what its server plugin loads. */
export interface AdminScreenData {
  enquiries: AdminSignedIn;
  enquiry: AdminEnquiryPage;
  reports: AdminReportsPage;
  site: AdminSitePage;
  audit: AdminAuditPage;
  privacy: AdminPrivacyPage;
  integrations: AdminIntegrationsPage;
  security: AdminSecurityPage;
  confirm: AdminConfirmPage;
  quotation: AdminQuotationPage;
  templates: AdminTemplatesPage;
}

export type AdminScreenName = keyof AdminScreenData;

/** What the admin page renders: the sign-in form, or one of the screens. */
export type AdminPageData = AdminSignedOut | AdminScreenData[AdminScreenName];

/** One screen of the admin, declared once. */
export interface AdminScreen {
  /** The addresses that show it; a trailing /* covers every address under a path (a refused form answers at its own). */
  paths: readonly string[];
  /** The page's title and description (in <head> and document.title). */
  title: string;
  description: string;
  /** Its label in the admin's header; none when the header does not link to it. The first path is the link. */
  label?: string;
}

/**
 * Every admin screen, in the header's order. The admin's route table (shared/admin/routes.ts) and
 * the header's sections are made from it; the server's plugins (server/admin/admin-screens.ts) and
 * the components (client/pages/admin/screens.tsx) are listed by the same names, and the type
 * checker asks for both when a screen is added here.
 */
export const SCREEN_REGISTRY: { [Name in AdminScreenName]: AdminScreen } = {
  enquiries: {
    // The sign-in form answers at the desk's address, and at the sign-in steps when one is refused.
    paths: [
      ADMIN_PATHS.desk,
      ADMIN_PATHS.login,
      ADMIN_PATHS.loginCode,
      ADMIN_PATHS.loginForgot,
      ADMIN_PATHS.loginForgotRecovery,
      ADMIN_PATHS.loginReset,
      ADMIN_PATHS.exportCsv,
    ],
    title: 'Admin',
    description: 'Enquiry desk for staff.',
    label: 'Enquiries',
  },
  // Deleting for good asks to confirm it is you at the action's address (/admin/enquiries/bulk …).
  enquiry: { paths: [`${ADMIN_AREA}/enquiries/*`], title: 'Admin', description: 'Enquiry desk for staff.' },
  reports: {
    paths: [ADMIN_PATHS.reports],
    title: 'Reports',
    description: 'Where enquiries came from, and what they became.',
    label: 'Reports',
  },
  site: {
    paths: [ADMIN_PATHS.site, `${ADMIN_PATHS.site}/*`],
    title: 'Site',
    description: 'Edit the texts of the site.',
    label: 'Site',
  },
  audit: {
    paths: [ADMIN_PATHS.audit],
    title: 'Audit log',
    description: 'Who did what to which enquiry, when.',
    label: 'Audit log',
  },
  privacy: {
    paths: [ADMIN_PATHS.privacy, `${ADMIN_PATHS.privacy}/*`],
    title: 'Personal data',
    description: "Find, download or erase one person's enquiries.",
    label: 'Personal data',
  },
  // A refused endpoint answers at /admin/integrations with the screen and what was wrong.
  integrations: {
    paths: [ADMIN_PATHS.integrations],
    title: 'Integrations',
    description: 'Webhooks: send enquiry events to your own systems.',
    label: 'Integrations',
  },
  security: {
    paths: [ADMIN_PATHS.security, `${ADMIN_PATHS.security}/*`],
    title: 'Security',
    description: 'Authenticator codes, passkeys and recovery codes for signing in.',
    label: 'Security',
  },
  // Confirming it is you before a download; a risky form's action answers at its own address.
  confirm: {
    paths: [ADMIN_PATHS.confirm],
    title: "Confirm it's you",
    description: 'Sign in again before a risky action.',
  },
  // The enquiry's quotation form, at /admin/enquiries/:id/quotation (under the enquiry's paths).
  quotation: { paths: [], title: 'Admin', description: 'Enquiry desk for staff.' },
  // Opened from the reply form's "Edit templates" (not in the header: its sections fit a phone on two lines).
  templates: {
    paths: [ADMIN_PATHS.templates],
    title: 'Templates',
    description: 'Reply texts you send often, with placeholders for the enquiry.',
  },
};

/** The screens, as the admin's header links them. */
export const ADMIN_SCREENS: readonly { path: string; label: string }[] = Object.values(SCREEN_REGISTRY).flatMap(
  (screen: AdminScreen) => (screen.label === undefined ? [] : [{ path: screen.paths[0]!, label: screen.label }]),
);
