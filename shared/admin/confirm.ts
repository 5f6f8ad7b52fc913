import type { SignedIn } from './session.js';

/** How long after signing in (or confirming) the risky actions go ahead without asking again. */
export const FRESH_SIGN_IN_MINUTES = 10;

/**
 * Confirming it is you before a risky action (exporting, erasing, deleting for good, importing,
 * changing how you sign in) when the last sign-in is older than FRESH_SIGN_IN_MINUTES: the password
 * (and a code when a second factor is on), or a passkey alone; then the action goes on with what the
 * form held.
 */
export interface AdminConfirmPage extends SignedIn {
  screen: 'confirm';
  /** What is being confirmed, to finish "To …, please confirm it's you". */
  what: RiskyWhat;
  /** Where the form posts: the action itself, or /admin/confirm for a download (then `returnTo`). */
  action: string;
  /** The action's own form values, sent again unchanged (repeated names for lists). */
  fields: [name: string, value: string][];
  /** The action is a download: it starts when the admin confirms. */
  download: boolean;
  /** The account's second factors: a code (or a recovery code) is asked for with the password, or a passkey alone. */
  factors: { authenticator: boolean; passkeys: boolean };
  error: string | null;
}

/**
 * What each risky action does, as "To …, please confirm it's you" and the audit log say it. The only
 * texts a confirming form may send back: nobody can make the page or the log say anything else.
 */
export const RISKY_ACTIONS = {
  export: 'export the enquiries as a CSV file',
  exportQuotations: 'export the quotations as a CSV file',
  downloadPerson: "download this person's data",
  erasePerson: "erase this person's data",
  purgeMany: 'delete enquiries permanently',
  purgeOne: 'delete this enquiry permanently',
  importContent: 'import site content',
  setUpCodes: 'set up authenticator codes',
  turnOnCodes: 'turn on authenticator codes',
  turnOffCodes: 'turn authenticator codes off',
  renewCodes: 'make new recovery codes',
  addPasskey: 'add a passkey',
  removePasskey: 'remove a passkey',
  readPages: 'read more pages of enquiries',
  changePassword: 'change your password',
  changeEmail: 'change your sign-in e-mail',
  openDrawings: 'open more drawings',
} as const;
export type RiskyWhat = (typeof RISKY_ACTIONS)[keyof typeof RISKY_ACTIONS];

/** The form's own fields, taken off before the action sees its values. */
export const CONFIRM_FIELDS = {
  password: 'confirm_password',
  code: 'confirm_code',
  recoveryCode: 'confirm_recovery_code',
} as const;
