import type { SignedIn } from './session.js';

/** /admin/privacy: find, download and erase one person's enquiries. */
export interface AdminPrivacyPage extends SignedIn {
  screen: 'privacy';
  /** The e-mail address or phone number looked up, and how many enquiries it matches. */
  lookup: { who: string; count: number } | null;
  /** What was done (after an erasure), or why the lookup was refused. */
  message: string | null;
  error: string | null;
}
