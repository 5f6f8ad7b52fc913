import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createMailSender, type MailSenderSettings } from '../../platform/mail/mail-sender.js';
import {
  emailChangeLinkMessage,
  noticeMessages,
  resetLinkMessage,
  type NoticeAccount,
  type NoticeMessage,
  type NoticeSite,
  type SignInSeen,
} from './notice-messages.js';

/** On shutdown, how long notices under way may take before their connections are cut (they are not sent). */
const CLOSE_GRACE_MS = 2000;

/** Whether a notice went out, or why not. */
export type NoticeOutcome = { sent: true } | { sent: false; reason: string };

export interface AdminNoticeOptions extends NoticeSite {
  /** SMTP and NOTIFY_TO; undefined: no notice is sent, and that is no error. */
  mail: MailSenderSettings | undefined;
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
  const { log } = options;
  const sender = options.mail && createMailSender(options.mail);
  const underWay = new Set<Promise<NoticeOutcome>>();
  /** Aborted on close, once the grace is over: cuts the sends still under way. */
  const stop = new AbortController();
  let closed = false;

  const messages = noticeMessages(options);

  const messageId = () => `${randomUUID()}@${new URL(options.siteUrl).hostname}`;

  /**
   * Sends what `compose` writes, to NOTIFY_TO or to `to` (inside: nothing about a notice can throw
   * into its caller).
   */
  function send(kind: string, compose: () => NoticeMessage, to?: string): Promise<NoticeOutcome> {
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
      return send('new browser sign-in', () => messages.newBrowserSignIn(account, seen));
    },

    /** A change to how the account signs in, e.g. `factorChanged(account, 'Authenticator codes turned on')`. */
    factorChanged(account: NoticeAccount, change: string): Promise<NoticeOutcome> {
      return send(`sign-in settings changed (${change})`, () => messages.factorChanged(account, change));
    },

    /**
     * The right password, then a wrong second factor `failures` times within an hour: someone may know
     * the password. From which network, never a code.
     */
    secondFactorFailures(account: NoticeAccount, failures: number, ip: string): Promise<NoticeOutcome> {
      return send('second factor failing', () => messages.secondFactorFailures(account, failures, ip));
    },

    /** To the new address: the link that makes it the account's sign-in e-mail (signed, expiring, used once). */
    emailChangeLink: (newEmail: string, link: string, expiresMinutes: number): Promise<NoticeOutcome> =>
      send('e-mail change link', () => emailChangeLinkMessage(options.company(), link, expiresMinutes), newEmail),

    /** To the account's own address: the link to choose a new password (signed, expiring, used once). */
    passwordResetLink: (email: string, link: string, expiresMinutes: number): Promise<NoticeOutcome> =>
      send('password reset link', () => resetLinkMessage(options.company(), email, link, expiresMinutes), email),

    /** To the old address (and NOTIFY_TO, as every sign-in change): the account now signs in with another. */
    emailChanged(oldEmail: string, newEmail: string): Promise<NoticeOutcome> {
      const compose = () => messages.emailChanged(oldEmail, newEmail);
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
