import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { formatInZone } from '../../../shared/time/time-zone.js';
import { createMailSender, type MailSenderSettings } from '../../platform/mail/mail-sender.js';
import { networkPrefix } from '../../platform/security/client-network.js';
import { browserName } from './browser-name.js';

/** On shutdown, how long notices under way may take before their connections are cut (they are not sent). */
const CLOSE_GRACE_MS = 2000;

/** The admin a notice is about (the account of admin/auth/, which imports this file). */
interface NoticeAccount {
  email: string;
}

/** Whether a notice went out, or why not. */
export type NoticeOutcome = { sent: true } | { sent: false; reason: string };

/** A sign-in as its notice tells it: the network, never the address; how, never a code. */
export interface SignInSeen {
  /** How, as the audit log's detail says it ("with an authenticator code"); null: the password alone. */
  how: string | null;
  /** Whether a password was given (not with a passkey alone). */
  password: boolean;
  userAgent: string | undefined;
  ip: string;
}

export interface AdminNoticeOptions {
  /** SMTP and NOTIFY_TO; undefined: no notice is sent, and that is no error. */
  mail: MailSenderSettings | undefined;
  /** The company's name now (the site editor may change it). */
  company: () => string;
  /** SITE_URL, linked from each notice. */
  siteUrl: string;
  /** The site's time zone: the notice's time reads as the admin screens show it. */
  timeZone: string;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

export type AdminNotices = ReturnType<typeof createAdminNotices>;

/**
 * E-mails to NOTIFY_TO that tell the owner about the admin account: a sign-in from a browser that had
 * not signed in before, and every change to how it signs in. Each is sent in the background at once
 * (bounded by the mail sender's time limits, never retried): the caller does not wait, and a failure
 * is logged, never thrown. The returned promise says how it went, for a caller that can wait (the
 * command line). No secret, code or full address is ever in a notice or its log line.
 */
export function createAdminNotices(options: AdminNoticeOptions) {
  const { log, timeZone } = options;
  const sender = options.mail && createMailSender(options.mail);
  const underWay = new Set<Promise<NoticeOutcome>>();
  /** Aborted on close, once the grace is over: cuts the sends still under way. */
  const stop = new AbortController();
  let closed = false;

  const securityUrl = `${options.siteUrl}${ADMIN_PATHS.security}`;
  const auditUrl = `${options.siteUrl}${ADMIN_PATHS.audit}`;
  const when = () => `${formatInZone(new Date(options.now()).toISOString(), timeZone)} (${timeZone})`;
  const line = (label: string, value: string) => `${`${label}:`.padEnd(10)}${value}`;
  /** What to do when it was not the owner: a new password first (every other session ends), then `next`. */
  const ifNotYou = (next: string) => [
    `- Change your password under Security: every other browser is signed out. ${securityUrl}`,
    '  (If you cannot sign in any more, run `npm run admin:password` on the server.)',
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

  const messageId = () => `${randomUUID()}@${new URL(options.siteUrl).hostname}`;

  /**
   * Sends what `compose` writes, to NOTIFY_TO or to `to` (inside: nothing about a notice can throw
   * into its caller).
   */
  function send(kind: string, compose: () => { subject: string; text: string }, to?: string): Promise<NoticeOutcome> {
    if (!sender) return Promise.resolve({ sent: false, reason: 'no mail server is set (SMTP_URL and NOTIFY_TO)' });
    if (closed) return Promise.resolve({ sent: false, reason: 'the server is shutting down' });
    const sending = Promise.resolve()
      .then(() =>
        to
          ? sender.sendTo({ ...compose(), to, messageId: messageId(), signal: stop.signal })
          : sender.send({ ...compose(), signal: stop.signal }),
      )
      .then(
        (): NoticeOutcome => {
          log.info(`admin notice sent: ${kind}`);
          return { sent: true };
        },
        (error: unknown): NoticeOutcome => {
          log.error({ err: error }, `admin notice not sent: ${kind}`);
          return { sent: false, reason: (error as Error).message };
        },
      );
    underWay.add(sending);
    void sending.then(() => underWay.delete(sending));
    return sending;
  }

  return {
    /**
     * A sign-in from a browser that carried no device cookie for the account: when, which browser
     * (roughly), from which network, how, and what to do if it was not the owner.
     */
    newBrowserSignIn(account: NoticeAccount, seen: SignInSeen): Promise<NoticeOutcome> {
      const secondFactor = seen.how !== null;
      return send('new browser sign-in', () => {
        const company = options.company();
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
      });
    },

    /** A change to how the account signs in, e.g. `factorChanged(account, 'Authenticator codes turned on')`. */
    factorChanged(account: NoticeAccount, change: string): Promise<NoticeOutcome> {
      return send(`sign-in settings changed (${change})`, () => {
        const company = options.company();
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
      });
    },

    /**
     * The right password, then a wrong second factor `failures` times within an hour: someone may know
     * the password. From which network, never a code.
     */
    secondFactorFailures(account: NoticeAccount, failures: number, ip: string): Promise<NoticeOutcome> {
      return send('second factor failing', () => {
        const company = options.company();
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
      });
    },

    /** To the new address: the link that makes it the account's sign-in e-mail (signed, expiring, used once). */
    emailChangeLink(newEmail: string, link: string, expiresMinutes: number): Promise<NoticeOutcome> {
      const compose = () => {
        const company = options.company();
        return {
          subject: `Confirm your new sign-in e-mail for the ${company} admin`,
          text: [
            `Someone signed in to the admin of ${company} asked to sign in with this address from now on.`,
            '',
            `To confirm, open this link within ${expiresMinutes} minutes, signed in to the admin:`,
            link,
            '',
            'If you did not ask for it, do nothing: the sign-in e-mail stays as it was.',
          ].join('\n'),
        };
      };
      return send('e-mail change link', compose, newEmail);
    },

    /** To the old address (and NOTIFY_TO, as every sign-in change): the account now signs in with another. */
    emailChanged(oldEmail: string, newEmail: string): Promise<NoticeOutcome> {
      const compose = () => {
        const company = options.company();
        return {
          subject: `Sign-in e-mail changed in the ${company} admin`,
          text: [
            `The admin of ${company} no longer signs in with ${oldEmail}: it signs in with ${newEmail}.`,
            '',
            line('When', when()),
            ...ifNotYouMadeIt,
          ].join('\n'),
        };
      };
      void send('e-mail changed', compose);
      return send('e-mail changed, to the old address', compose, oldEmail);
    },

    /** Resolves when no notice is being sent. */
    async idle(): Promise<void> {
      while (underWay.size > 0) await Promise.all(underWay);
    },

    /** No new notice is sent; those under way get CLOSE_GRACE_MS, then their connections are cut. */
    async close(): Promise<void> {
      closed = true;
      if (underWay.size > 0) {
        let grace: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all(underWay),
          new Promise<void>((resolve) => (grace = setTimeout(resolve, CLOSE_GRACE_MS))),
        ]);
        clearTimeout(grace);
        stop.abort();
        await Promise.all(underWay);
      }
      sender?.close();
    },
  };
}
