import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';

/** Where e-mails go and how long each stage of a send may take (ServerConfig['mail']). */
export interface MailSenderSettings {
  smtpUrl: string;
  to: string;
  from: string;
  /** The longest each stage of a send may take: connecting, the server's greeting, each command's answer. */
  timeoutMs: number;
}

/** A plain-text e-mail to the configured address. */
export interface PlainMail {
  subject: string;
  text: string;
  replyTo?: string;
  /** Closes the connection when it aborts: the send rejects. */
  signal?: AbortSignal;
}

export type MailSender = ReturnType<typeof createMailSender>;

/**
 * Sends plain-text e-mails to the configured address. Each send has its own connection, and each
 * stage of it a time limit, so a mail server that accepts and never answers costs one send
 * `timeoutMs`, not minutes.
 */
export function createMailSender(settings: MailSenderSettings) {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  });
  return {
    /** Resolves once the SMTP server accepted the message; rejects with its error otherwise, or when `signal` aborts. */
    async send({ subject, text, replyTo, signal }: PlainMail): Promise<void> {
      // nodemailer closes the connection when the signal aborts (its types do not list the option yet).
      const message: Mail.Options & { signal?: AbortSignal } = {
        from: settings.from,
        to: settings.to,
        subject: subject.slice(0, 200),
        text,
        ...(replyTo && { replyTo }),
        ...(signal && { signal }),
      };
      try {
        await transport.sendMail(message);
      } catch (error) {
        // nodemailer says only "Timeout" or "Greeting never received": say what it means.
        if ((error as { timeoutType?: unknown }).timeoutType === undefined) throw error;
        throw new Error(
          `${(error as Error).message}: the mail server did not answer within ${settings.timeoutMs / 1000} s`,
          { cause: error },
        );
      }
    },
    close: () => transport.close(),
  };
}
