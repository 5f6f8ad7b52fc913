import type { FastifyInstance } from 'fastify';
import type { DrawingFiles } from '../drawings/drawing-files.js';
import type { DB } from '../../platform/db/open-database.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import type { MailboxSettings } from './mailbox-config.js';
import { createMailboxPoller, type MailboxPoller } from './mailbox-poller.js';
import { createReplyImport } from './reply-import.js';
import { threadLookups } from './reply-matching.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The reader of buyers' replies, when IMAP_URL is set (tests poll it). */
    mailbox?: MailboxPoller;
  }
}

/**
 * The mailbox reader, when IMAP_URL is set: it starts once the server listens (the site never waits
 * for the mail server) and stops, logging out, when the app closes.
 */
export function openMailbox(
  app: FastifyInstance,
  settings: MailboxSettings | undefined,
  services: { db: DB; storage: StorageMonitor; drawings: DrawingFiles; now: () => number },
): MailboxPoller | undefined {
  if (!settings) return undefined;
  const mailbox = createMailboxPoller({
    settings,
    replies: createReplyImport(services),
    lookups: threadLookups(services.db),
    log: app.log,
    now: services.now,
  });
  app.decorate('mailbox', mailbox);
  app.addHook('onListen', async () => mailbox.start());
  app.addHook('onClose', async () => mailbox.stop());
  return mailbox;
}
