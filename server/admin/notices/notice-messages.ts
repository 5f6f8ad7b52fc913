import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { formatInZone } from '../../../shared/time/time-zone.js';
import { networkPrefix } from '../../platform/security/client-network.js';
import { browserName } from './browser-name.js';

/** The admin a notice is about (the account of admin/auth/, which imports this file). */
export interface NoticeAccount {
  email: string;
}

/** A sign-in as its notice tells it: the network, never the address; how, never a code. */
export interface SignInSeen {
  /** How, as the audit log's detail says it ("with an authenticator code"); null: the password alone. */
  how: string | null;
  /** Whether a password was given (not with a passkey alone). */
  password: boolean;
  userAgent: string | undefined;
  ip: string;
}

/** A notice as its e-mail says it. */
export interface NoticeMessage {
  subject: string;
  text: string;
}

/** What the notices' words take from the site: its name now, its address, its time zone and clock. */
export interface NoticeSite {
  /** The company's name now (the site editor may change it). */
  company: () => string;
  /** SITE_URL, linked from each notice. */
  siteUrl: string;
  /** The site's time zone: the notice's time reads as the admin screens show it. */
  timeZone: string;
  now: () => number;
}

/** The link that makes a new address the sign-in e-mail, as its e-mail says it. */
export const emailChangeLinkMessage = (company: string, link: string, expiresMinutes: number) => ({
  subject: `Confirm your new sign-in e-mail for the ${company} admin`,
  text: [
    `Someone signed in to the admin of ${company} asked to sign in with this address from now on.`,
    '',
    `To confirm, open this link within ${expiresMinutes} minutes, signed in to the admin:`,
    link,
    '',
    'If you did not ask for it, do nothing: the sign-in e-mail stays as it was.',
  ].join('\n'),
});

/** The link to choose a new password, as its e-mail says it. */
export const resetLinkMessage = (company: string, email: string, link: string, expiresMinutes: number) => ({
  subject: `Choose a new password for the ${company} admin`,
  text: [
    `Someone asked to choose a new password for the admin of ${company} (${email}).`,
    '',
    `To choose one, open this link within ${expiresMinutes} minutes. It works once:`,
    link,
    '',
    'If you did not ask for it, do nothing: your password stays as it is.',
  ].join('\n'),
});

/** The notices about the admin account as their e-mails say them, written when sent. */
export function noticeMessages(site: NoticeSite) {
  const { timeZone } = site;
  const securityUrl = `${site.siteUrl}${ADMIN_PATHS.security}`;
  const auditUrl = `${site.siteUrl}${ADMIN_PATHS.audit}`;
  const when = () => `${formatInZone(new Date(site.now()).toISOString(), timeZone)} (${timeZone})`;
  const line = (label: string, value: string) => `${`${label}:`.padEnd(10)}${value}`;
  /** What to do when it was not the owner: a new password first (every other session ends), then `next`. */
  const ifNotYou = (next: string) => [
    `- Change your password under Security: every other browser is signed out. ${securityUrl}`,
    '  (If you cannot sign in any more, ask whoever runs the server to set a new password.)',
    `- Then ${next}: ${securityUrl}`,
    `- The audit log shows what was done: ${auditUrl}`,
  ];

  /** The end of a notice of a change the owner may not have made. */
  const ifNotYouMadeIt = [
    '',
    'If you made it, there is nothing to do.',
    '',
    'If you did not:',
    ...ifNotYou('check Security'),
  ];

  return {
    /** A sign-in from a browser new to the account: when, which browser, from which network, how. */
    newBrowserSignIn(account: NoticeAccount, seen: SignInSeen): NoticeMessage {
      const secondFactor = seen.how !== null;
      const company = site.company();
      return {
        subject: `New sign-in to the ${company} admin`,
        text: [
          `Someone signed in to the admin of ${company} as ${account.email}, from a browser that had not signed in there before.`,
          '',
          line('When', when()),
          line('Browser', `${browserName(seen.userAgent)} (roughly: as the browser names itself)`),
          line('Network', `${networkPrefix(seen.ip)} (the network of the address, not the address)`),
          line('How', !seen.password ? (seen.how ?? '') : secondFactor ? `password, ${seen.how}` : 'password alone'),
          '',
          'If it was you (a new browser or phone, cleared cookies), there is nothing to do.',
          '',
          'If it was not you:',
          ...ifNotYou(
            !seen.password
              ? 'remove under Security any passkey you do not know, and make new recovery codes'
              : secondFactor
                ? 'make new recovery codes under Security (and turn codes off and on again with a new key if the phone may be in other hands)'
                : 'turn on authenticator codes under Security, so that a password alone no longer signs in',
          ),
        ].join('\n'),
      };
    },

    /** A change to how the account signs in. */
    factorChanged(account: NoticeAccount, change: string): NoticeMessage {
      const company = site.company();
      return {
        subject: `Sign-in settings changed in the ${company} admin`,
        text: [
          `A change to how the admin of ${company} (${account.email}) signs in:`,
          '',
          line('Change', change),
          line('When', when()),
          ...ifNotYouMadeIt,
        ].join('\n'),
      };
    },

    /** The right password, then a wrong second factor `failures` times within an hour. */
    secondFactorFailures(account: NoticeAccount, failures: number, ip: string): NoticeMessage {
      const company = site.company();
      return {
        subject: `Failed sign-in codes in the ${company} admin`,
        text: [
          `Someone gave the right password for the admin of ${company} (${account.email}), then a wrong code or passkey ${failures} times within an hour.`,
          '',
          line('When', when()),
          line('Network', `${networkPrefix(ip)} (the network of the address, not the address)`),
          '',
          'If it was you (a mistyped code, a phone clock that is off), there is nothing to do.',
          '',
          'If it was not you, someone knows the password:',
          ...ifNotYou('check Security and use "Sign out everywhere"'),
        ].join('\n'),
      };
    },

    /** The account now signs in with another address. */
    emailChanged(oldEmail: string, newEmail: string): NoticeMessage {
      const company = site.company();
      return {
        subject: `Sign-in e-mail changed in the ${company} admin`,
        text: [
          `The admin of ${company} no longer signs in with ${oldEmail}: it signs in with ${newEmail}.`,
          '',
          line('When', when()),
          ...ifNotYouMadeIt,
        ].join('\n'),
      };
    },
  };
}
