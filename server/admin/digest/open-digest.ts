import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config/load-config.js';
import type { DB } from '../../platform/db/open-database.js';
import { createMailSender } from '../../platform/mail/mail-sender.js';
import { stopWhenClosing } from '../../platform/mail/stop-when-closing.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import { createDigestSchedule, type DigestSchedule } from './digest-schedule.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The morning digest, when SMTP is configured and DIGEST_HOUR is not "off". */
    digest?: DigestSchedule;
  }
}

/** Starts the morning digest with the app (once it is ready) and stops it with the app. */
export function openDigest(
  app: FastifyInstance,
  { db, storage, config, now }: { db: DB; storage: StorageMonitor; config: ServerConfig; now?: () => number },
): DigestSchedule {
  const mail = createMailSender(config.mail!);
  const digest = createDigestSchedule({
    db,
    storage,
    mail,
    siteUrl: config.site.siteUrl,
    timeZone: config.site.timeZone,
    hour: config.digestHour ?? 9,
    now: now ?? Date.now,
    log: app.log,
  });
  app.decorate('digest', digest);
  app.addHook('onReady', async () => void digest.start());
  stopWhenClosing(app, async () => {
    await digest.close();
    mail.close();
  });
  return digest;
}
