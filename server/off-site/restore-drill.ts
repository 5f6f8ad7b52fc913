import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createMailSender, type MailSenderSettings } from '../platform/mail/mail-sender.js';
import type { DB } from '../platform/db/open-database.js';
import type { BackupTarget } from './backup-target.js';
import type { OffSiteKeys } from './off-site-key.js';
import { restoreCopies } from './restore-copies.js';
import type { DrillResult } from '../../shared/admin/backups.js';

/** A drill a day; none for longer than this is shown (and e-mailed) as missing. */
export const DRILL_EVERY_MS = 24 * 60 * 60_000;
const MISSING_AFTER_MS = DRILL_EVERY_MS + 60 * 60_000;
/** Enquiries younger than this may not be in the copy yet: they are left out of the comparison. */
const SETTLING_MS = 60_000;

export interface DrillOptions {
  db: DB;
  target: BackupTarget;
  keys: OffSiteKeys;
  /** E-mails a failed or missing drill to NOTIFY_TO (none without SMTP). */
  mail: MailSenderSettings | undefined;
  log: FastifyBaseLogger;
  now: () => number;
}

/**
 * The restore drill: the latest copies restored into a temporary folder with the same code as `npm
 * run restore`, PRAGMA integrity_check, every drawing the copy refers to present, and the enquiries
 * older than a minute counted against the live ones. Each result is recorded (backup_drills).
 */
export function createRestoreDrill({ db, target, keys, mail, log, now }: DrillOptions) {
  const sender = mail && createMailSender(mail);
  const insert = db.prepare('INSERT INTO backup_drills (ran_at, ok, detail) VALUES (?, ?, ?)');
  const lastRow = db.prepare<[], { ran_at: number; ok: number; detail: string }>(
    'SELECT ran_at, ok, detail FROM backup_drills ORDER BY id DESC LIMIT 1',
  );
  const liveBefore = db.prepare<[string], number>('SELECT count(*) FROM enquiries WHERE created_at < ?').pluck();
  let running: Promise<DrillResult> | undefined;
  let missingSaid = false;

  function last(): DrillResult | null {
    const row = lastRow.get();
    return row ? { ranAt: row.ran_at, ok: row.ok === 1, detail: row.detail } : null;
  }

  async function drill(): Promise<DrillResult> {
    const ranAt = now();
    const cutoff = new Date(ranAt - SETTLING_MS).toISOString();
    const live = liveBefore.get(cutoff)!;
    const work = mkdtempSync(join(tmpdir(), 'forge-drill-'));
    let ok = false;
    let detail: string;
    try {
      const dataDir = join(work, 'data');
      const restored = await restoreCopies(target, keys, dataDir, join(dataDir, 'forge.db'));
      const copy = new Database(join(dataDir, 'forge.db'), { readonly: true });
      const copied = copy.prepare('SELECT count(*) FROM enquiries WHERE created_at < ?').pluck().get(cutoff) as number;
      copy.close();
      const problems = [
        restored.integrity !== 'ok' && `integrity_check: ${restored.integrity}`,
        copied !== live && `${copied} enquiries older than a minute in the copy, ${live} live`,
        restored.drawingFiles !== restored.drawings &&
          `${restored.drawings - restored.drawingFiles} of ${restored.drawings} drawings missing from the copy`,
      ].filter((problem): problem is string => typeof problem === 'string');
      ok = problems.length === 0;
      detail = ok
        ? `restored ${restored.enquiries} enquiries, ${restored.drawingFiles} drawings, ${restored.photos} photos and ${restored.pdfs} PDFs; integrity ok; counts match the live site`
        : problems.join('; ');
    } catch (error) {
      detail = `the copy could not be restored: ${(error as Error).message}`;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    insert.run(ranAt, ok ? 1 : 0, detail);
    if (ok) log.info(`restore drill passed: ${detail}`);
    else {
      log.error(`restore drill FAILED: ${detail}`);
      tell('The daily restore drill of the off-site copies failed', detail);
    }
    return { ranAt, ok, detail };
  }

  function tell(subject: string, detail: string): void {
    if (!sender) return;
    sender
      .send({ subject, text: `${detail}\n\nThe admin's Backups card shows the copies' state. See docs/backup.md.` })
      .catch((error: unknown) => log.error({ err: error }, 'restore drill e-mail not sent'));
  }

  return {
    last,
    /** Runs one drill now (or joins the one under way). */
    run(): Promise<DrillResult> {
      running ??= drill().finally(() => (running = undefined));
      return running;
    },
    /** Whether the last drill is older than a day and an hour (or there has been none since `since`). */
    missing(since: number): boolean {
      return now() - (last()?.ranAt ?? since) > MISSING_AFTER_MS;
    },
    /** Called every minute: a drill when a day has passed since the last; a missing one said once. */
    tick(since: number): void {
      const previous = last()?.ranAt ?? since - DRILL_EVERY_MS;
      if (now() - previous >= DRILL_EVERY_MS && !running) void this.run();
      if (this.missing(since) && !missingSaid) {
        missingSaid = true;
        tell('No restore drill of the off-site copies for more than a day', 'The daily restore drill has not run.');
      }
    },
  };
}

export type RestoreDrill = ReturnType<typeof createRestoreDrill>;
