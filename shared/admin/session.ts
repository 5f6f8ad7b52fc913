/** Signed out: the sign-in form (after a refused sign-in, with the e-mail typed and why). */
export interface AdminSignedOut {
  signedIn: false;
  csrfToken: string;
  email?: string;
  loginError?: string;
  /**
   * 'code' after a right password, when a second factor is on: the form asks for a code or a passkey.
   * 'forgot': asking for a link to choose a new password (or using a recovery code); 'reset': the link opened.
   */
  step?: 'code' | 'forgot' | 'reset';
  /** On the forgot page after a request: what happened, in words that never say whether the e-mail is the admin's. */
  message?: string;
  /** At the 'reset' step: the link's token, sent back with the new password; null when the link is no longer good. */
  resetToken?: string | null;
  /** At the code step: which ways the account has (a passkey needs JavaScript; a recovery code works always). */
  factors?: { authenticator: boolean; passkeys: boolean };
}

/** What every screen of a signed-in admin carries. */
export interface SignedIn {
  signedIn: true;
  csrfToken: string;
  email: string;
  /** The site's time zone: dates are shown in it. */
  timeZone: string;
  /** Unread enquiries in the inbox, as the admin's header counts them. */
  unread: number;
  /** Enquiries with a reply the mail server never accepted (failed for good), counted in the header too. */
  repliesNotSent: number;
}
