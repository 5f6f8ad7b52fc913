import { randomBytes } from 'node:crypto';

/** One attachment of a test message. */
export interface TestAttachment {
  name: string;
  type: string;
  bytes: Buffer;
}

/** An RFC 822 message as a buyer's mail program sends it: plain text or HTML only, with attachments in base64. */
export function rfc822(options: {
  from: string;
  to?: string;
  subject: string;
  text?: string;
  html?: string;
  messageId?: string | null;
  inReplyTo?: string;
  references?: string;
  attachments?: TestAttachment[];
  /** Header lines added as they are (Auto-Submitted, Authentication-Results, a second From ...). */
  extraHeaders?: string[];
  /** The whole From value instead of `Buffer <from>`. */
  fromHeader?: string;
}): Buffer {
  const messageId =
    options.messageId === null ? undefined : (options.messageId ?? `${randomBytes(8).toString('hex')}@buyer.example`);
  const headers = [
    `From: ${options.fromHeader ?? `Buyer <${options.from}>`}`,
    `To: ${options.to ?? 'sales@forge.test'}`,
    `Subject: ${options.subject}`,
    'Date: Wed, 25 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    ...(messageId ? [`Message-ID: <${messageId}>`] : []),
    ...(options.inReplyTo ? [`In-Reply-To: <${options.inReplyTo}>`] : []),
    ...(options.references ? [`References: ${options.references}`] : []),
    ...(options.extraHeaders ?? []),
  ];
  const body =
    options.html !== undefined
      ? { type: 'text/html; charset=utf-8', content: options.html }
      : { type: 'text/plain; charset=utf-8', content: options.text ?? '' };
  const attachments = options.attachments ?? [];
  if (attachments.length === 0)
    return Buffer.from(
      [...headers, `Content-Type: ${body.type}`, 'Content-Transfer-Encoding: 8bit', '', body.content, ''].join('\r\n'),
    );
  const boundary = `b-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [
    Buffer.from(
      [
        ...headers,
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        `Content-Type: ${body.type}`,
        'Content-Transfer-Encoding: 8bit',
        '',
        body.content,
        '',
      ].join('\r\n'),
    ),
  ];
  for (const attachment of attachments) {
    parts.push(
      Buffer.from(
        [
          `--${boundary}`,
          `Content-Type: ${attachment.type}; name="${attachment.name}"`,
          `Content-Disposition: attachment; filename="${attachment.name}"`,
          'Content-Transfer-Encoding: base64',
          '',
          '',
        ].join('\r\n'),
      ),
      Buffer.from(`${attachment.bytes.toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}
