import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  raw: string;
}

/**
 * A local SMTP server that records what it accepts, and refuses (451) while `refusing` is true; on
 * `port` when given (a server that comes back where the site was told it is), else on a free one.
 */
export async function testSmtp(port = 0) {
  const state = { refusing: false, received: [] as Received[] };
  const arrivals = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        if (state.refusing) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        state.received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
        arrivals.emit('message');
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const listening = (server.server.address() as AddressInfo).port;
  /** Resolves with the first message (already here or still to come) whose decoded body has `text`, or that `text` picks. */
  const waitFor = async (text: string | ((message: Received) => boolean)): Promise<Received> => {
    const picked = typeof text === 'string' ? (message: Received) => bodyText(message.raw).includes(text) : text;
    for (;;) {
      const found = state.received.find(picked);
      if (found) return found;
      await once(arrivals, 'message');
    }
  };
  return {
    state,
    waitFor,
    url: `smtp://127.0.0.1:${listening}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A message's body as text: quoted-printable soft breaks joined and its escapes decoded as UTF-8. */
export function bodyText(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/=\r?\n/g, '');
  return Buffer.from(
    body.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The acknowledgement an enquiry brings its buyer (issue #35), told from the desk's replies by its reference line. */
export const isAcknowledgement = (mail: Received): boolean => /^Reference number: #\d+\r?$/m.test(bodyText(mail.raw));

/** The messages the server accepted for `to`, but the acknowledgements: the desk's replies. */
export const repliesTo = (smtp: { state: { received: Received[] } }, to: string): Received[] =>
  smtp.state.received.filter((mail) => mail.to.includes(to) && !isAcknowledgement(mail));
