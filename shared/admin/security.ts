import type { OffSiteStatus } from './backups.js';
import type { SignedIn } from './session.js';

/** One of the admin's passkeys, as the Security screen lists it (ISO dates). */
export interface Passkey {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** /admin/security: the second factor of signing in. */
export interface AdminSecurityPage extends SignedIn {
  screen: 'security';
  /** Whether sign-in asks for a code from an authenticator app after the password. */
  authenticatorOn: boolean;
  /** The passkeys, oldest first. */
  passkeys: Passkey[];
  /** Recovery codes not yet used. */
  recoveryCodesLeft: number;
  /** The off-site copies (BACKUP_TARGET) and the last restore drill. */
  backups: OffSiteStatus;
  /** The server's clock when the page was made: how far behind a copy is. */
  now: number;
  /** Setting up the app: the secret as text and as a QR code (an SVG drawn by the server), sealed for the form. */
  enrolment: { sealed: string; secret: string; qrSvg: string } | null;
  /** New recovery codes, shown this once. */
  newRecoveryCodes: string[] | null;
  /** A link to change the sign-in e-mail, opened: the new address, and the link's token for the form that confirms it. */
  emailChange: { token: string; email: string } | null;
  message: string | null;
  /** Why a form was refused: setting up the app's codes, a new password, or a new sign-in e-mail. */
  error: { form: 'setup' | 'password' | 'email'; message: string } | null;
}

/** The shortest admin password accepted (ADMIN_PASSWORD, npm run admin:password, the Security screen). */
export const MIN_PASSWORD_LENGTH = 12;

/** The longest name a passkey may have (the field's limit, and the server's). */
export const PASSKEY_NAME_MAX = 60;
