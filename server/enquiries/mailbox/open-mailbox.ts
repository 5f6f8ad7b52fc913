import type { FastifyInstance } from 'fastify';
import type { DrawingFiles } from '../drawings/drawing-files.js';
import { createAnswerMail, type AnswerMail } from '../notifications/answer-mail.js';
import type { DB } from '../../platform/db/open-database.js';
import { createMailSender, type MailSenderSettings } from '../../platform/mail/mail-sender.js';
import { stopWhenClosing } from '../../platform/mail/stop-when-closing.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import type { MailboxSettings } from './mailbox-config.js';
import { createKeptAside } from './kept-aside.js';
import { createMailboxPoller, type MailboxPoller } from './mailbox-poller.js';
import { createReplyImport } from './reply-import.js';
import { threadLookups } from './reply-matching.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The reader of buyers' replies, when IMAP_URL is set (tests poll it). */
    mailbox?: MailboxPoller;
    /** The e-mail to the admin of buyers' answers, when IMAP_URL and SMTP are set (tests end its wait). */
    answerMail?: AnswerMail;
  }
}

/** Where the e-mail of buyers' answers goes (SMTP and NOTIFY_TO), and what its links and times use. */
export interface AnswerMailSettings {
  mail: MailSenderSettings;
  siteUrl: string;
  timeZone: string;
}

/** With SMTP: the e-mail to the admin when buyers answer, started and stopped with the app. */
function openAnswerMail(
  app: FastifyInstance,
  settings: MailboxSettings,
  answers: AnswerMailSettings,
  services: { db: DB; now: () => number },
): AnswerMail {
  const sender = createMailSender(answers.mail);
  const answerMail = createAnswerMail({
    db: services.db,
    mail: sender,
    siteUrl: answers.siteUrl,
    timeZone: answers.timeZone,
    waitMs: settings.answerWaitMs,
    log: app.log,
    now: services.now,
  });
  app.decorate('answerMail', answerMail);
  app.addHook('onReady', async () => answerMail.start());
  stopWhenClosing(app, async () => {
    await answerMail.close();
    sender.close();
  });
  return answerMail;
}

/**
 * The mailbox reader, when IMAP_URL is set: it starts once the server listens (the site never waits
 * for the mail server) and stops, logging out, when the app closes. With SMTP, each reply stored
 * is announced to the admin by e-mail (batched: answer-mail.ts), and `onImported` is told of it.
 */
export function openMailbox(
  app: FastifyInstance,
  settings: MailboxSettings | undefined,
  services: { db: DB; storage: StorageMonitor; drawings: DrawingFiles; now: () => number; onImported?: () => void },
  answers?: AnswerMailSettings,
): MailboxPoller | undefined {
  if (!settings) return undefined;
  const answerMail = answers && openAnswerMail(app, settings, answers, services);
  const mailbox = createMailboxPoller({
    settings,
    replies: createReplyImport({
      ...services,
      onImported: () => {
        answerMail?.answered();
        services.onImported?.();
      },
    }),
    keptAside: createKeptAside(services),
    lookups: threadLookups(services.db),
    log: app.log,
    now: services.now,
  });
  app.decorate('mailbox', mailbox);
  app.addHook('onListen', async () => mailbox.start());
  stopWhenClosing(app, () => mailbox.stop());
  return mailbox;
}
