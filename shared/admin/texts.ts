/** Texts of the admin screens, word for word from the specification. */
export const ADMIN_TEXT = {
  loginTitle: 'Admin Login',
  login: 'Login',
  loggingIn: 'Logging in...',
  loginFailed: 'Invalid email or password.',
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
  awaitingSince: { us: 'Awaiting us since', buyer: 'Awaiting the buyer since' },
} as const;

/** A code from the app typed a second time: each signs in once, so the next one is needed. */
export function codeUsedAlready(secondsToNext: number): string {
  return `That code has been used already. Your app shows a new one in ${secondsToNext} ${secondsToNext === 1 ? 'second' : 'seconds'}: type that one.`;
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
