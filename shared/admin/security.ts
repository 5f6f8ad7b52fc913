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
  /** Setting up the app: the secret as text and as a QR code (an SVG drawn by the server), sealed for the form. */
  enrolment: { sealed: string; secret: string; qrSvg: string } | null;
  /** New recovery codes, shown this once. */
  newRecoveryCodes: string[] | null;
  message: string | null;
  /** Why the set-up form was refused. */
  error: { form: 'setup'; message: string } | null;
}

/** The longest name a passkey may have (the field's limit, and the server's). */
export const PASSKEY_NAME_MAX = 60;
