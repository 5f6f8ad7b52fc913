import type { ComponentType } from 'react';
import type { AdminScreenData, AdminScreenName } from '../../../shared/admin/screens.js';
import { AuditPage } from './AuditPage.js';
import { ConfirmPage } from './ConfirmPage.js';
import { DeskShortcuts, enquiryShortcuts, LIST_SHORTCUTS } from './DeskShortcuts.js';
import { EnquiryPage } from './EnquiryPage.js';
import { EnquiryPanel } from './EnquiryPanel.js';
import { IntegrationsPage } from './IntegrationsPage.js';
import { PrivacyPage } from './PrivacyPage.js';
import { QuotationPage } from './QuotationPage.js';
import { ReportsPage } from './ReportsPage.js';
import { SecurityPage } from './SecurityPage.js';
import { SitePage } from './site/SitePage.js';
import { TemplatesPage } from './TemplatesPage.js';

type ScreenComponent<Name extends AdminScreenName> = ComponentType<{ page: AdminScreenData[Name] }>;

/**
 * The component of each screen of shared/admin/screens.ts, by its name. They are part of the admin's
 * chunk (client/app/App.tsx loads it lazily), which the server preloads on every admin address.
 */
export const SCREEN_COMPONENTS: { [Name in AdminScreenName]: ScreenComponent<Name> } = {
  enquiries: ({ page }) => (
    <>
      <DeskShortcuts actions={LIST_SHORTCUTS} />
      <EnquiryPanel initial={page} />
    </>
  ),
  enquiry: ({ page }) => (
    <>
      <DeskShortcuts actions={enquiryShortcuts(page.enquiry.id)} />
      <EnquiryPage page={page} />
    </>
  ),
  reports: ReportsPage,
  site: SitePage,
  audit: AuditPage,
  privacy: PrivacyPage,
  integrations: IntegrationsPage,
  security: SecurityPage,
  confirm: ConfirmPage,
  quotation: QuotationPage,
  templates: TemplatesPage,
};

/** The screen the server rendered, with its data (whose `screen` is its name in the map). */
export function AdminScreen({ page }: { page: AdminScreenData[AdminScreenName] }) {
  const Component = SCREEN_COMPONENTS[page.screen] as ComponentType<{ page: typeof page }>;
  return <Component page={page} />;
}
