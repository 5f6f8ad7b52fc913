import type { Transporter } from 'nodemailer';
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

/** A file attached to an e-mail, read from disk when it is sent. */
export interface MailAttachment {
  filename: string;
  path: string;
  contentType: string;
}

/** A plain-text e-mail to another address (a reply to a buyer), in a thread: ids without angle brackets. */
export interface AddressedMail extends Omit<PlainMail, 'replyTo'> {
  to: string;
  /** Copies: CC in the mail's headers, BCC only in the SMTP envelope. */
  cc?: readonly string[];
  bcc?: readonly string[];
  /** The sender's name beside the configured address (the company's), unless that address has a name already. */
  fromName?: string;
  messageId: string;
  /** The message it answers, and every earlier message of the thread (oldest first). */
  inReplyTo?: string | null;
  references?: readonly string[];
  attachments?: readonly MailAttachment[];
  /** The same words as HTML (multipart/alternative with the text), when given. */
  html?: string;
}

const bracketed = (id: string) => `<${id}>`;

export type MailSender = ReturnType<typeof createMailSender>;

/**
 * Sends plain-text e-mails: to the configured address, or (a reply) to another. Each send has its own connection, and each
 * stage of it a time limit, so a mail server that accepts and never answers costs one send
 * `timeoutMs`, not minutes. nodemailer (about 7 MB) is loaded with the first send, not with the site.
 */
export function createMailSender(settings: MailSenderSettings) {
  let loaded: Promise<Transporter> | undefined;
  const transport = () =>
    (loaded ??= import('nodemailer').then(
      ({ default: nodemailer }) =>
        nodemailer.createTransport({
          url: settings.smtpUrl,
          connectionTimeout: settings.timeoutMs,
          greetingTimeout: settings.timeoutMs,
          socketTimeout: settings.timeoutMs,
        }),
      (error: unknown) => {
        // Not loaded (files running out, say): this send fails, the next one tries again.
        loaded = undefined;
        throw error;
      },
    ));
  /** Resolves once the SMTP server accepted the message; rejects with its error otherwise, or when `signal` aborts. */
  async function deliver(message: Mail.Options & { signal?: AbortSignal }): Promise<void> {
    // nodemailer closes the connection when the signal aborts (its types do not list the option yet).
    try {
      await (await transport()).sendMail(message);
    } catch (error) {
      // nodemailer says only "Timeout" or "Greeting never received": say what it means.
      if ((error as { timeoutType?: unknown }).timeoutType === undefined) throw error;
      throw new Error(
        `${(error as Error).message}: the mail server did not answer within ${settings.timeoutMs / 1000} s`,
        { cause: error },
      );
    }
  }
  return {
    /** To the configured address (NOTIFY_TO). */
    send: ({ subject, text, replyTo, signal }: PlainMail): Promise<void> =>
      deliver({
        from: settings.from,
        to: settings.to,
        subject: subject.slice(0, 200),
        text,
        ...(replyTo && { replyTo }),
        ...(signal && { signal }),
      }),
    /** To `to`, with the Message-ID given and the thread's In-Reply-To and References; attachments read from disk. */
    sendTo: ({
      to,
      cc = [],
      bcc = [],
      fromName,
      subject,
      text,
      signal,
      messageId,
      inReplyTo,
      references = [],
      attachments = [],
      html,
    }: AddressedMail) =>
      deliver({
        from: fromName && !settings.from.includes('<') ? { name: fromName, address: settings.from } : settings.from,
        to,
        ...(cc.length > 0 && { cc: [...cc] }),
        ...(bcc.length > 0 && { bcc: [...bcc] }),
        subject: subject.slice(0, 200),
        text,
        ...(html !== undefined && { html }),
        messageId: bracketed(messageId),
        ...(inReplyTo && { inReplyTo: bracketed(inReplyTo) }),
        ...(references.length > 0 && { references: references.map(bracketed) }),
        attachments: attachments.map(({ filename, path, contentType }) => ({
          filename,
          path,
          contentType,
          contentDisposition: 'attachment' as const,
        })),
        ...(signal && { signal }),
      }),
    close: () =>
      void loaded?.then(
        (sender) => sender.close(),
        () => {},
      ),
  };
}
