/** Texts of the admin screens, word for word from the specification. */
export const ADMIN_TEXT = {
  loginTitle: 'Admin Login',
  login: 'Login',
  loggingIn: 'Logging in...',
  loginFailed: 'Invalid email or password.',
  rememberDevice: 'Remember this device for 30 days',
  rememberDeviceHint:
    'Only on your own phone or computer: you stay signed in for 30 days. Exporting, deleting for good or changing how you sign in still asks for your password.',
  rememberedAudit: 'this device remembered for 30 days',
  /** Above the list of what to correct in a form of the site editor. */
  correctThese: 'Please correct the following:',
  codeTitle: 'Enter your sign-in code',
  codeLabel: 'Code from your authenticator app',
  codeHint: 'The 6 digits your app shows now.',
  useRecoveryCode: 'Use a recovery code instead',
  codeFailed: 'That code is not right. Type the code your app shows now, or use a recovery code.',
  codeExpired: 'Your sign-in took too long. Please enter your email and password again.',
  recoveryCodeLabel: 'Recovery code',
  recoveryCodeHint: 'One of your recovery codes (xxxxx-xxxxx).',
  recoveryCodeFailed: 'That recovery code is not right, or it has been used.',
  signInWithPasskey: 'Sign in with a passkey',
  passkeyFailed: 'That passkey was not accepted. Please try again, or sign in another way.',
  passkeyWaiting: 'Waiting for your passkey…',
  passkeyCancelled: 'No passkey was used. You can try again when you are ready.',
  passkeysNeedJavaScript: 'Passkeys need JavaScript, which is off or blocked in this browser.',
  passkeysUnsupported: 'This browser cannot use passkeys.',
  verify: 'Verify',
  startAgain: 'Start again',
  panelTitle: 'Admin Panel - Customer Enquiries',
  logout: 'Logout',
  searchPlaceholder: 'Search by name, email, phone, or subject...',
  refresh: 'Refresh',
  totalEnquiries: 'Total Enquiries',
  filteredResults: 'Filtered Results',
  loading: 'Loading enquiries...',
  empty: 'No enquiries found.',
  confirmDelete: 'Are you sure you want to delete this enquiry?',
  deleteFailed: 'Failed to delete enquiry.',
  actionFailed: 'That did not work. Please try again.',
  loadFailed: 'Could not load the latest enquiries. The list shows what was loaded before.',
  delete: 'Delete',
  readingTooFast: 'Too many pages in a minute. Please wait a minute and try again.',
  drawingsTooFast: 'Too many drawings opened in a minute. Please wait a minute and try again.',
  enquiryBar: 'Stage and reply',
  replyButton: 'Reply',
  /** The bulk bar's menu of actions, folded on a phone. */
  bulkActions: 'Actions',
  awaitingSince: { us: 'Awaiting us since', buyer: 'Awaiting the buyer since' },
  /** The language of the page an enquiry was sent from, on its page ("German"). */
  language: 'Language',
  /** Above the reply form of an enquiry sent from a page in another language than English. */
  buyerWroteIn: (language: string) => `The buyer wrote in ${language}`,
  /** The disclosure that holds a technical message (a mail server's answer), for whoever helps. */
  details: 'Details',
  mailServerSaid: 'The mail server said:',
  /** Downloads named by what they hold, not their format. */
  downloadPersonData: "Download this person's data",
  downloadContent: 'Download the content',
  /** The Reports page's note on sources, without the address's parameter names. */
  sourceNote:
    'A source is the campaign source named in the link the buyer followed to the site, else the other website that sent them;',
} as const;

/** A code from the app typed a second time: each signs in once, so the next one is needed. */
export function codeUsedAlready(secondsToNext: number): string {
  return `That code was just used. Wait for the next one in ${secondsToNext} s.`;
}

/** The title of the step after the password, by the ways the account has past it. */
export function secondStepTitle(factors: { authenticator: boolean; passkeys: boolean } | undefined): string {
  if (!factors?.passkeys) return ADMIN_TEXT.codeTitle;
  return factors.authenticator ? 'Use your passkey or a code' : 'Use your passkey or a recovery code';
}

/** The answer to a sign-in refused by the throttle, with how long to wait. */
export function tooManyLogins(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many failed sign-in attempts. Please try again in ${wait}.`;
}

export function exportLabel(count: number): string {
  return `Export to CSV (${count})`;
}

/** Texts of the site editor's translation screens (/admin/site/translations). */
export const TRANSLATION_TEXT = {
  title: 'Translations',
  chooseLanguage: 'Edit in',
  intro:
    'Each language’s texts, translated from the English. A missing translation shows the English on the site; a stale one was made from English that has changed since.',
  missing: 'Missing: the site shows the English.',
  stale: 'Stale: the English has changed since this was translated.',
  draft: 'Saved as a draft, not yet public.',
  stillRight: 'The translation is still right for the new English',
  english: 'English',
  save: 'Save as drafts',
  allDone: 'Every text is translated and up to date.',
  publish: 'Publish',
  unpublish: 'Unpublish',
  isPublic: 'Published',
  isPrivate: 'Not published.',
  exportXliff: 'Export missing and stale texts (XLIFF)',
  importXliff: 'Import a translated XLIFF file',
  importFile: 'XLIFF file (.xlf)',
  importButton: 'Import as drafts',
  importRefused: 'The file was not imported. Nothing was changed.',
  columns: { page: 'Page', translated: 'Translated', missing: 'Missing', stale: 'Stale', todo: 'To do' },
  missingMark: '(missing)',
  staleMark: '(stale)',
  pageByPage: 'page by page',
} as const;

/** "Saved 3 translations as drafts. …" */
export const translationsSaved = (count: number, language: string) =>
  count === 0
    ? 'Nothing changed: no translation was saved.'
    : `Saved ${count} ${count === 1 ? 'translation' : 'translations'} as drafts. ${language} visitors see them once you publish ${language}.`;

/** What Publish does, said before it is pressed: the language's pages answer at its address from then on. */
export const publishSays = (language: string, address: string, drafts: number, missing: number) =>
  `Publishing makes ${drafts} ${drafts === 1 ? 'draft' : 'drafts'} final; ${missing} ${missing === 1 ? 'text' : 'texts'} without a translation will show in English. The ${language} pages will be at ${address}.`;

/** After an XLIFF import. */
export const translationsImported = (count: number, language: string) =>
  `Imported ${count} ${count === 1 ? 'translation' : 'translations'} from the file as drafts. Review them, then publish ${language}.`;

export const languagePublished = (language: string) =>
  `${language} is published: its translations are final and its pages are on the site.`;
export const languageUnpublished = (language: string) =>
  `${language} is no longer published. Its translations are kept.`;

/** "German: 4 translated, 2 missing, 1 stale" */
export const countsLine = (counts: { translated: number; missing: number; stale: number }) =>
  `${counts.translated} translated, ${counts.missing} missing, ${counts.stale} stale`;

/** The Security screen's "Sign-in e-mail" card, and what its changes answer. */
export const EMAIL_CHANGE_TEXT = {
  heading: 'Sign-in e-mail',
  current: 'You sign in with',
  change: 'Change sign-in e-mail',
  hint: 'A link is sent to the new address; the change is made when it is opened there. Until then you sign in as now.',
  label: 'New e-mail address',
  send: 'Send the link',
  invalid: 'Please type a whole e-mail address, such as name@example.com.',
  same: 'That is the address you sign in with already.',
  notSent: 'The link could not be sent: the mail server is not set up or did not answer. Nothing has changed.',
  sent: 'A link is on its way to the new address. Open it within an hour to make the change.',
  confirmHeading: 'Confirm your new sign-in e-mail',
  confirm: 'Use this address',
  expired: 'That link has expired or was used already. Please ask for a new one below.',
  done: 'Your sign-in e-mail is changed. Every other browser or phone signed in to the admin was signed out.',
} as const;

/** A forgotten password, reset from the sign-in page: by a link to the account's e-mail, or a recovery code. */
export const FORGOT_TEXT = {
  link: 'Forgot your password?',
  title: 'Choose a new password',
  byLinkHeading: 'Get a link by e-mail',
  byLinkHint:
    'Type the e-mail you sign in with. A link to choose a new password is sent to it; it works once, for 30 minutes.',
  send: 'Send the link',
  /** Said whatever was typed: the page never tells whether an address is the admin's. */
  sent: 'If that is the e-mail you sign in with, a link is on its way to it. It works once, for 30 minutes. Nothing arrived within a few minutes? Look in the spam folder, or ask again.',
  byCodeHeading: 'Or use a recovery code',
  byCodeHint: 'If you turned on a second factor, one of your recovery codes lets you choose a new password here.',
  codeRefused: 'That e-mail and recovery code do not go together, or the code has been used. Nothing has changed.',
  secondFactorStays:
    'If a second factor is on (a passkey or authenticator codes), signing in after the reset still asks for it.',
  everySessionEnds: 'Every browser or phone signed in to the admin is signed out.',
  newPassword: 'New password',
  repeated: 'New password again',
  save: 'Save the new password',
  linkGone: 'That link has expired or was used already. Please ask for a new one.',
  askAgain: 'Ask for a new link',
  backToSignIn: 'Back to sign-in',
} as const;

/** The Reports period's legend, and how its days are counted, in words (not "days in Asia/Kolkata"). */
export const REPORT_PERIOD_LEGEND = 'Period';
/** Reports follow the money (issue 39): the quotations' section of Reports. */
export const MONEY_TEXTS = {
  title: 'Quotations: quoted and won',
  note: 'Quoted counts each quotation once, at its latest revision sent, in the month it was sent. Won is the revision the buyer accepted online, else the latest sent revision of an enquiry whose stage is Won. Win rate is won of quoted in the period.',
  byMonth: 'By month, in each currency',
  inInr: 'By month, in INR at your rates',
  month: 'Month',
  currency: 'Currency',
  quoted: 'Quoted',
  won: 'Won',
  quotedInr: 'Quoted (INR)',
  wonInr: 'Won (INR)',
  winRate: 'Win rate',
  toQuote: 'Median time to first quotation',
  none: 'No quotation was sent in this period.',
  unrated: (codes: readonly string[]) =>
    `No rate for ${codes.join(', ')}: left out of the INR figures. Enter it below.`,
  summary: (quoted: number, won: number, rate: string, median: string) =>
    `${quoted} ${quoted === 1 ? 'quotation' : 'quotations'} sent, ${won} won (win rate ${rate}); median time from enquiry to first quotation: ${median}.`,
  rates: 'Exchange rates to INR',
  ratesHint: 'Rupees for one unit of each currency, up to 4 decimals. Leave a field empty to remove its rate.',
  rateLabel: (code: string) => `INR for 1 ${code}`,
  saveRates: 'Save rates',
  ratesSaved: 'Rates saved.',
  rateRefused: (code: string) =>
    `The rate for ${code} must be a number greater than 0 with up to 4 decimals (for example 83.1250). No rate was changed.`,
  csv: 'Download the quotations of this period (CSV)',
} as const;
export function reportPeriodHint(timeZone: string): string {
  const place = (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
  return `Whole days, midnight to midnight by the time in ${place}.`;
}

/** Mail naming an enquiry from someone other than its buyer, kept aside on the enquiry's page (issue 40). */
export const KEPT_ASIDE_TEXT = {
  heading: 'Kept aside',
  intro: 'Not added to the conversation: it did not come from the buyer’s address alone. Attach it if it belongs here.',
  read: 'Read the message',
  discard: 'Discard',
  notStored: 'Files in it, not kept:',
  gone: 'That message was attached or discarded already.',
} as const;
/** The Inbox's line: which enquiries have mail kept aside. */
export const KEPT_ASIDE_LINE =
  'Mail kept aside (it names an enquiry but is not from its buyer): open the enquiry to attach or discard it.';
export const keptAsideFrom = (sender: string) => `A message from ${sender} names this enquiry`;
export const attachTo = (enquiryId: number) => `Attach to #${enquiryId}`;
export const keptAsideAttached = (sender: string, enquiryId: number) =>
  `The message from ${sender} is now in the conversation of #${enquiryId}.`;
export const keptAsideDiscarded = (sender: string) => `The message from ${sender} was discarded.`;

/** The Integrations screen's texts. */
export const INTEGRATIONS_TEXT = {
  title: 'Integrations',
  intro:
    'Webhooks send each chosen event to an address of yours as a signed JSON POST (Standard Webhooks). Enquiries in Spam never send one.',
  urlLabel: 'Endpoint URL',
  urlHint: 'An https:// address on the internet that answers with 2xx.',
  eventsLegend: 'Events',
  add: 'Add endpoint',
  secretOnce: 'Signing secret (shown once, copy it now):',
  previousUntil: (until: string) => `The previous secret also signs until ${until}.`,
  turnOn: 'Turn on',
  turnOff: 'Turn off',
  rotate: 'Rotate secret',
  remove: 'Remove',
  resend: 'Resend',
  on: 'On',
  off: 'Off',
  noDeliveries: 'Nothing sent yet.',
  noEndpoints: 'No endpoints yet.',
  deliveriesCaption: 'Delivery log (newest first)',
  added: 'Endpoint added. Copy its signing secret below: it is shown only this once.',
  rotated: 'New signing secret made. Copy it below: it is shown only this once.',
  turnedOn: 'Endpoint turned on.',
  turnedOff: 'Endpoint turned off.',
  removed: 'Endpoint removed.',
  resent: 'The delivery is being sent again.',
  urlInvalid: 'Enter a whole address starting with https:// or http://.',
  urlPrivate: 'That address is private or on this machine: webhooks go only to addresses on the internet.',
  urlUnresolved: 'That address has no host the site can find.',
  eventsRequired: 'Choose at least one event.',
} as const;
/** The quotation made on an enquiry's page (issue 39): its form, its revisions and what changed between two. */
export const QUOTATION_TEXT = {
  prepare: 'Prepare quotation',
  revise: 'Revise quotation',
  heading: 'Quotation',
  backToEnquiry: '← Back to the enquiry',
  intro: 'Filled in from the request. Saving makes a new revision; revisions saved before are kept as they were.',
  lines: 'Lines',
  line: 'Line',
  terms: 'Terms',
  description: 'Description',
  drawing: 'Drawing reference',
  material: 'Material',
  hsCode: 'HS code',
  quantity: 'Quantity',
  unit: 'Unit',
  unitPrice: 'Unit price',
  lineTotal: 'Line total',
  currency: 'Currency',
  incoterm: 'Incoterm',
  noIncoterm: 'None',
  place: 'Named place',
  validUntil: 'Valid until',
  paymentTerms: 'Payment terms',
  leadTime: 'Lead time',
  packing: 'Packing',
  inspection: 'Inspection and certificates',
  notes: 'Notes',
  tax: 'Tax',
  taxKinds: { 'export-lut': 'Export, zero-rated under LUT', gst: 'Domestic sale with GST' },
  gstRate: 'GST rate (%)',
  subtotal: 'Subtotal',
  total: 'Total',
  addLine: 'Add line',
  removeLine: 'Remove line',
  saveLine: 'Save line to price list',
  priceList: 'Price list',
  pickFromList: 'Add from price list',
  pick: 'Add',
  update: 'Update totals',
  save: 'Save quotation',
  revisions: 'Quotations',
  none: 'No quotation yet.',
  changesFrom: (revision: string) => `Changes from ${revision}`,
  noChanges: 'Nothing changed.',
  sent: 'sent',
  notSent: 'not sent',
} as const;

/** Sending a quotation's latest revision to the buyer as a reply in the thread (issue 39). */
export const QUOTATION_SEND_TEXT = {
  heading: 'Send quotation',
  send: 'Send quotation',
  message: 'Message',
  /** The message the send form starts with; the admin may change it. */
  defaultMessage: (number: string, revision: string, validUntil: string) =>
    `Dear Sir or Madam,\n\nPlease find attached our quotation ${number} ${revision}, valid until ${validUntil}.\n\nWe look forward to your order.`,
  to: (revision: string, email: string) => `Sends ${revision} to ${email} with its PDF attached.`,
  noEmail: 'The buyer gave no e-mail address: the quotation cannot be sent from here.',
  noSmtp: 'Sending needs the mail server (SMTP) set up.',
  pending: (revision: string) => `${revision} is being sent: it shows as sent once the mail server accepted it.`,
  failed: (revision: string) => `${revision} could not be sent yet; it is tried again, see the enquiry's thread.`,
  sentOn: (revision: string, at: string) => `${revision} sent on ${at}.`,
  followUp: 'Follow up on the quotation before it expires',
  queued: (number: string, revision: string) => `Quotation ${number} ${revision} is being sent.`,
  already: (revision: string) => `${revision} was sent already: revise the quotation to send a new one.`,
  emptyMessage: 'Please write a short message to go with the quotation.',
} as const;

/** The words of a quotation's PDF besides the form's labels. */
/** The link to a revision's PDF on the enquiry's page (the PDF's own texts: server/quotations/quotation-pdf-texts.ts). */
export const QUOTATION_PDF_TEXT = { download: 'PDF' } as const;

/** Why a quotation form is refused, beside the field. */
export const QUOTATION_ERRORS = {
  tooLong: (max: number) => `At most ${max} characters.`,
  choice: 'Please choose from the list.',
  description: 'Please describe the part.',
  hsCode: 'An HS code is 4 to 10 digits, such as 7326.19 or 73261990.',
  quantity: 'Please enter a quantity greater than 0, with at most 3 decimals.',
  unitPrice: (digits: number) => `Please enter a price such as 1250 or 1250.50, with at most ${digits} decimals.`,
  noLines: 'A quotation needs at least one line.',
  validUntil: 'Please enter the date the quotation is valid until, today or later.',
  gstRate: 'Please enter a GST rate from 0 to 28, such as 18.',
  tooLarge: 'The total is too large.',
} as const;

export const quotationSaved = (number: string, revision: string) => `Quotation ${number} ${revision} saved.`;
export const lineSavedToPriceList = (description: string) => `“${description}” is in the price list now.`;
/** The enquiry's one screen (issue 37): its header bar and its thread, newest message open. */
export const ENQUIRY_SCREEN_TEXT = {
  stage: 'Stage',
  followUpNone: 'No follow-up date',
  sentByUs: 'Sent by us',
  /** A reply's files that are the buyer's own drawings, attached again. */
  buyersDrawings: 'The buyer’s drawings',
  followUpOn: 'Follow up on',
  showAll: 'Open every message',
  foldOlder: 'Fold the older messages',
  older: (count: number) => `${count} older ${count === 1 ? 'message' : 'messages'} folded: click one to open it.`,
} as const;

/** The Templates screen (/admin/templates) and the reply form's choice of a template (issue 37). */
export const TEMPLATES_TEXT = {
  title: 'Templates',
  intro: 'Texts you send often. Choose one in the reply form of an enquiry to fill the reply with it.',
  placeholdersHeading: 'Placeholders',
  placeholdersIntro: 'Write these in the subject or the text; each becomes the enquiry’s own words in the reply:',
  none: 'No templates yet.',
  newHeading: 'New template',
  editHeading: (name: string) => `Edit “${name}”`,
  nameLabel: 'Name',
  subjectLabel: 'Subject',
  bodyLabel: 'Text',
  save: 'Save template',
  edit: 'Edit',
  delete: 'Delete',
  cancel: 'Cancel',
  saved: 'Template saved.',
  deleted: 'Template deleted.',
  required: 'Give the template a name and a text.',
  useLabel: 'Template',
  use: 'Use template',
  useHint: 'Without JavaScript, using a template replaces what you typed in the reply.',
  manage: 'Edit templates',
} as const;

/** The reply form's draft, signature and sign-in when the session ended (issue 37). */
export const REPLY_TEXT = {
  saveDraft: 'Save draft',
  draftSaved: 'Draft saved',
  draftSaving: 'Saving draft…',
  draftNotSaved: 'The draft could not be saved: storage is failing. Your text is still here; try again in a minute.',
  draftTooLong: 'The draft is too long to keep.',
  draftKeptHint: 'The draft keeps the text and the signature; CC, BCC and files are chosen when you send.',
  signatureLabel: 'Signature',
  signatureHint: 'Sent below your reply. Change it here for this reply only; the usual one is on the Templates screen.',
  signedOut: 'You were signed out. Your text is kept in this browser:',
  signIn: 'sign in again and come back to this enquiry',
  restored: 'Your reply as you typed it before you were signed out is back in the form.',
  ccLabel: 'CC',
  bccLabel: 'BCC',
  copiesHint: 'Optional. E-mail addresses separated by commas. CC is seen by everyone; BCC by no one else.',
  copyNotAnAddress: (label: string, typed: string) =>
    `${label}: “${typed}” is not an e-mail address. Check it, or remove it.`,
  tooManyCopies: (label: string, most: number) => `${label} may hold at most ${most} addresses.`,
} as const;

/** The Templates screen's signature form. */
export const SIGNATURE_TEXT = {
  heading: 'Signature',
  intro: 'Below every reply, in the e-mail’s text and HTML. Empty it to send replies without one.',
  label: 'Signature',
  save: 'Save signature',
  saved: 'Signature saved.',
} as const;

/** The desk's keyboard shortcuts (issue 37): each key and what it does, listed in the "?" dialog. */
export const SHORTCUT_TEXT = {
  open: 'Keyboard shortcuts',
  title: 'Keyboard shortcuts',
  intro: 'These keys work on the list and on an enquiry, never while you type in a field.',
  close: 'Close',
  keys: {
    j: 'Next enquiry (on the list: the next row)',
    k: 'Previous enquiry (on the list: the row before)',
    r: 'Reply: go to the reply form',
    e: 'Done: go to the stage buttons, at Won (Tab to Lost; Enter sets it, with Undo)',
    '#': 'Move to Trash (asks first, with Undo)',
    '?': 'This list',
  },
} as const;

/** The buyer's answer through a quotation's link, as the thread and the owner's e-mail say it (issue 39). */
export const QUOTATION_ANSWER_TEXT = {
  subject: (number: string, revision: string) => `Quotation ${number} ${revision}`,
  accepted: (revision: string, po: string) => `Accepted ${revision}${po ? `, PO ${po}` : ''}`,
  declined: (revision: string, reason: string) => `Declined ${revision}: ${reason}`,
  reasons: {
    price: 'price',
    'lead-time': 'lead time',
    specification: 'specification',
    'bought-elsewhere': 'bought elsewhere',
    'project-cancelled': 'project cancelled',
    other: 'other',
  },
  asked: (revision: string, why: 'expired' | 'superseded') =>
    `Asked for a new quotation (${revision} ${why === 'expired' ? 'has expired' : 'was replaced by a newer revision'})`,
  mailSubject: (id: number, what: string) => `Quotation answer [#${id}]: ${what}`,
  mailText: (page: string, what: string) => `${what}\n\nSee the enquiry on the desk: ${page}`,
} as const;
