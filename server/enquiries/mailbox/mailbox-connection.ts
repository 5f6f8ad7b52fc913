import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import { withoutPassword, type MailboxSettings } from './mailbox-config.js';

/**
 * imapflow and mailparser (about 20 MB with what they load), loaded before the first connection, not
 * with the site: a failure to load them fails that poll like an unreachable server.
 */
const mailLibraries = async () => {
  const [{ ImapFlow }, { simpleParser }] = await Promise.all([import('imapflow'), import('mailparser')]);
  return { ImapFlow, simpleParser };
};

export type SimpleParser = Awaited<ReturnType<typeof mailLibraries>>['simpleParser'];

/** An IMAP error in words: the server's answer, or the error's message, with its code. */
export function errorText(error: unknown): string {
  const { responseText, code, message } = error as { responseText?: string; code?: string; message?: string };
  const text = responseText || message || String(error);
  return code && !text.includes(code) ? `${text} (${code})` : text;
}

/**
 * The poller's one connection to the mailbox (IMAP_URL), opened when first needed and again after it
 * broke. `onNewMail` hears the server say new mail came while the connection IDLEs.
 */
export function createMailboxConnection(options: {
  settings: MailboxSettings;
  log: FastifyBaseLogger;
  onNewMail: () => void;
  /** The server is stopping: a connection that opens now is closed at once. */
  closed: () => boolean;
}) {
  const { settings, log } = options;
  const safe = (text: string) => withoutPassword(text, settings.password);
  let client: ImapFlow | undefined;
  /** A connection still being opened (cut by stop when the mail server never greets). */
  let connecting: ImapFlow | undefined;
  /** mailparser's parser, there from the first connection on (every message is read after one). */
  let simpleParser: SimpleParser | undefined;

  const drop = () => {
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on('error', () => {});
    old?.close();
  };

  const open = (ImapFlowClass: typeof ImapFlow) => {
    const fresh = new ImapFlowClass({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: { user: settings.user, pass: settings.password },
      // imapflow's own log would carry the login: nothing of it is logged.
      logger: false,
      connectionTimeout: 30_000,
      greetingTimeout: 15_000,
      socketTimeout: 5 * 60_000,
      // A poll's commands follow each other at once: IDLE soon after the last one, to hear of new mail.
      autoIdleDelay: 1_000,
    });
    fresh.on('error', (error: unknown) => log.warn(`mailbox connection error: ${safe(errorText(error))}`));
    // New mail while IDLE: read it now rather than at the next interval.
    fresh.on('exists', options.onNewMail);
    return fresh;
  };

  return {
    drop,

    /** The open connection, or a new one. */
    async connected(): Promise<ImapFlow> {
      if (client?.usable) return client;
      drop();
      const libraries = await mailLibraries();
      simpleParser = libraries.simpleParser;
      const fresh = open(libraries.ImapFlow);
      connecting = fresh;
      try {
        await fresh.connect();
      } catch (error) {
        fresh.removeAllListeners();
        fresh.on('error', () => {});
        fresh.close();
        throw error;
      } finally {
        connecting = undefined;
      }
      if (options.closed()) {
        fresh.close();
        throw new Error('the server is stopping');
      }
      client = fresh;
      return fresh;
    },

    /** mailparser's parser (loaded with the first connection). */
    parser: (): SimpleParser => {
      if (!simpleParser) throw new Error('the mail libraries are not loaded yet');
      return simpleParser;
    },

    /** Logs out (when the connection is usable) within the caller's grace. */
    async logout(): Promise<void> {
      if (client?.usable) await client.logout().catch(() => {});
    },

    /** Cuts the connection, and one being opened. */
    cut(): void {
      connecting?.close();
      drop();
    },
  };
}

export type MailboxConnection = ReturnType<typeof createMailboxConnection>;
