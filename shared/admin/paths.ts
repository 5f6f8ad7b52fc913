/**
 * Every address under /admin, in one table: the server declares its routes with these, and the
 * admin's screens link, post and fetch with them. `:name` is a parameter, filled in by pathTo().
 */
export const ADMIN_PATHS = {
  /** The enquiry desk (the sign-in form when signed out); its view and filters follow in the query string. */
  desk: '/admin',
  login: '/admin/login',
  logout: '/admin/logout',
  /** The second step of signing in, when a second factor is on: a code from the app or a recovery code. */
  loginCode: '/admin/login/code',
  /** A forgotten password: the page and its link request (a plain form), a recovery code's form, and the link's page. */
  loginForgot: '/admin/login/forgot',
  loginForgotRecovery: '/admin/login/forgot/recovery',
  loginReset: '/admin/login/reset',
  /** Confirming it is you before a download or a page (a risky action's form posts back to itself instead). */
  confirm: '/admin/confirm',
  /** Confirming it is you with a passkey (JSON, with JavaScript): the challenge, then the browser's answer. */
  confirmPasskeyOptions: '/admin/confirm/passkey/options',
  confirmPasskey: '/admin/confirm/passkey',
  /** Signing in with a passkey (JSON, with JavaScript): the challenge, then the browser's answer to it. */
  loginPasskeyOptions: '/admin/login/passkey/options',
  loginPasskey: '/admin/login/passkey',
  /** Sign-in settings: authenticator codes, passkeys and recovery codes. */
  security: '/admin/security',
  securityAuthenticator: '/admin/security/authenticator',
  securityAuthenticatorOff: '/admin/security/authenticator/off',
  securityRecoveryCodes: '/admin/security/recovery-codes',
  securityRecoveryCodesFile: '/admin/security/recovery-codes.txt',
  /** Adding a passkey (JSON, with JavaScript): the options, then the new passkey; removing one is a plain form. */
  securityPasskeyOptions: '/admin/security/passkeys/options',
  securityPasskeys: '/admin/security/passkeys',
  securityPasskeyRemove: '/admin/security/passkeys/:id/remove',
  /** A new password (a plain form): every other session ends. */
  securityPassword: '/admin/security/password',
  securityEmail: '/admin/security/email',
  securityEmailConfirm: '/admin/security/email/confirm',
  /** Every session of the admin ended, this browser's too (a plain form). */
  securitySignOutEverywhere: '/admin/security/sign-out-everywhere',
  /** The desk's list as JSON (GET), and one enquiry moved to Trash (DELETE). */
  enquiries: '/admin/api/enquiries',
  enquiry: '/admin/api/enquiries/:id',
  /** One enquiry, whole, with its actions (opening it marks it read); the list's filter follows in the query string. */
  enquiryPage: '/admin/enquiries/:id',
  bulk: '/admin/enquiries/bulk',
  stage: '/admin/enquiries/:id/stage',
  notes: '/admin/enquiries/:id/notes',
  /** A reply to the buyer, sent by e-mail from the enquiry's page (multipart: the text, drawings to attach, new files). */
  reply: '/admin/enquiries/:id/reply',
  /** The reply being written, kept as the enquiry's draft (the reply form's fields; JSON answer with JavaScript). */
  replyDraft: '/admin/enquiries/:id/draft',
  /** A reply that was not sent, tried again from the start now. */
  replyRetry: '/admin/enquiries/:id/replies/:replyId/retry',
  /** An enquiry's follow-up date and reminder: set, or cleared (the form's `clear`). */
  followUp: '/admin/enquiries/:id/follow-up',
  /** A message kept aside for an enquiry: attached to its thread, or discarded (the form's `action`). */
  keptAside: '/admin/enquiries/:id/kept-aside/:kept',
  /** The enquiry's quotation form (GET), saved as a new revision or its lines changed (POST, a plain form). */
  quotation: '/admin/enquiries/:id/quotation',
  /** One revision of the enquiry's quotation as its PDF (a download). */
  quotationPdf: '/admin/enquiries/:id/quotation/:revision/pdf',
  /** Sends the quotation's latest revision to the buyer as a reply with its PDF (POST). */
  quotationSend: '/admin/enquiries/:id/quotation/send',
  /** Every other action on one enquiry (read, star, spam, trash …). */
  action: '/admin/enquiries/:id/:action',
  drawing: '/admin/enquiries/:id/drawings/:drawingId',
  exportCsv: '/admin/export.csv',
  /** Where the period's leads came from and what they became (?from=…&to=…, days in the site's time zone). */
  reports: '/admin/reports',
  /** The owner's exchange rates to INR for Reports (a plain form, POST): 303 back to Reports. */
  reportRates: '/admin/reports/rates',
  /** The quotations sent in a period (?from=…&to=…) as a CSV file. */
  quotationsCsv: '/admin/reports/quotations.csv',
  audit: '/admin/audit',
  /** The off-site copies' state (JSON): the target without secrets, the last copy of each kind, the last drill. */
  backups: '/admin/api/backups',
  /** A restore drill of the off-site copies now (a plain form, or JSON): 303 to the desk, or the result. */
  backupDrill: '/admin/backups/drill',
  /** Webhook endpoints and their delivery logs (GET); a new endpoint (a plain form, POST). */
  integrations: '/admin/integrations',
  /** One endpoint turned on or off, its secret rotated, or removed (a plain form). */
  integrationAction: '/admin/integrations/:id/:action',
  /** One delivery of an endpoint's log sent again from the start, now (a plain form). */
  integrationResend: '/admin/integrations/:id/deliveries/:delivery/resend',
  /** The reply templates (GET, ?edit=<id> to edit one); one saved, new or edited (a plain form, POST). */
  templates: '/admin/templates',
  /** The signature below every reply, written on the Templates screen (a plain form, POST). */
  replySignature: '/admin/templates/signature',
  /** One template deleted (a plain form). */
  templateDelete: '/admin/templates/:id/delete',
  /** The Setup card on the desk: dismissed for good (a plain form). */
  setupDismiss: '/admin/setup/dismiss',
  privacy: '/admin/privacy',
  download: '/admin/privacy/download',
  erase: '/admin/privacy/erase',
  /** The site editor; a section's form is at /admin/site/<section id> (sectionPath in shared/content/sections.ts fills it in). */
  site: '/admin/site',
  siteSection: '/admin/site/:section',
  siteProduct: '/admin/site/:section/:slug',
  siteHistory: '/admin/site/history',
  /** GET: what restoring the version (?section=<id>: only that section) changes, to confirm; POST: restores it. */
  siteRestore: '/admin/site/history/:id/restore',
  /** A section's draft shown as the site would show it: private (signed in), unlisted, never cached. */
  sitePreview: '/admin/site/preview/:token',
  siteExport: '/admin/site/export',
  siteTransfer: '/admin/site/transfer',
  siteImportCheck: '/admin/site/transfer/check',
  siteImportApply: '/admin/site/transfer/apply',
  /** The Translations overview; a language's form is at …/<lang>?section=<section id>. */
  siteTranslations: '/admin/site/translations',
  siteTranslation: '/admin/site/translations/:lang',
  siteTranslationPublish: '/admin/site/translations/:lang/publish',
  siteTranslationUnpublish: '/admin/site/translations/:lang/unpublish',
  /** The language's missing and stale fields as an XLIFF 1.2 file, and its import as drafts. */
  siteTranslationExport: '/admin/site/translations/:lang/export',
  siteTranslationImport: '/admin/site/translations/:lang/import',
} as const;

/** The names of a path's parameters: 'id' | 'action' for '/admin/enquiries/:id/:action'. */
type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path of the table with its parameters filled in: pathTo(ADMIN_PATHS.notes, { id: 7 }) is '/admin/enquiries/7/notes'. */
export function pathTo<Path extends string>(path: Path, params: Record<ParamsOf<Path>, string | number>): string {
  const values = params as Record<string, string | number>;
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}
