import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describeTarget, type BackupSetting, type BackupTarget } from './backup-target.js';
import { databaseReplication, type DatabaseReplication } from './database-replication.js';
import { LITESTREAM_MISSING, RESTIC_MISSING } from './engines.js';
import { fileCopies, SERVER_ID_FILE, type FileCopies } from './file-copies.js';
import { offSiteKeys } from './off-site-key.js';
import type { DrillResult, OffSiteStatus } from '../../shared/admin/backups.js';
import { createRestoreDrill, type RestoreDrill } from './restore-drill.js';
import type { MailSenderSettings } from '../platform/mail/mail-sender.js';
import type { DB } from '../platform/db/open-database.js';

/** A drawing's enquiry is off the machine within 10 s: the files are copied this long after the first change. */
const FILES_DEBOUNCE_MS = 2_000;
/** Photos and PDFs (and anything the watch missed) at least this often. */
const FILES_EVERY_MS = 5 * 60_000;
/** After a failed copy (the target unreachable), the next try. */
const RETRY_MS = 10_000;

/** How often the drill's schedule is looked at (a drill runs when a day has passed since the last). */
const DRILL_CHECK_MS = 60_000;

export const OFF_SITE_FOLDER = 'off-site';

/** The id this data folder's server tags its copies with (copied with them, so a restored server keeps it). */
function serverId(dataDir: string): string {
  const file = join(dataDir, SERVER_ID_FILE);
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(8).toString('hex')}\n`, { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export interface OffSiteOptions {
  setting: BackupSetting;
  dataDir: string;
  databasePath: string;
  /** The secret the copies' keys are made from: BACKUP_KEY_FILE's content, else the session secret. */
  secret: string;
  db: DB;
  /** A failed or missing drill is e-mailed to NOTIFY_TO. */
  mail: MailSenderSettings | undefined;
  log: FastifyBaseLogger;
  now: () => number;
}

function initialStatus(setting: BackupSetting): OffSiteStatus {
  return {
    target: setting && 'target' in setting ? describeTarget(setting.target) : null,
    problem: setting && 'problem' in setting ? setting.problem : null,
    database: { lastCopyAt: null, behindSince: null, lastError: null },
    files: { lastCopyAt: null, behindSince: null, lastError: null },
    databaseSizeBytes: null,
    filesSizeBytes: null,
    drill: { last: null, missing: false },
  };
}

/** A copy of the files was made at `at`. */
function copied(status: OffSiteStatus, copies: FileCopies, at: number): void {
  status.files.lastCopyAt = at;
  status.files.lastError = null;
  // The size at the target, for the card, measured beside the next copies: a failure to measure it
  // is no failure of the copy.
  copies.sizeBytes().then(
    (size) => void (status.filesSizeBytes = size),
    () => {},
  );
}

/** Watches a folder (made if missing) for new files; returns how to stop watching. */
function watchFolder(folder: string, changed: () => void): () => void {
  mkdirSync(folder, { recursive: true });
  const watcher: FSWatcher = watch(folder, { recursive: true }, changed);
  watcher.on('error', () => watcher.close());
  return () => watcher.close();
}

/**
 * Litestream and restic for the target, once both are there and the target holds no other server's
 * copies (it may be new); throws the problem in words otherwise.
 */
async function openEngines(target: BackupTarget, options: OffSiteOptions) {
  const { dataDir, databasePath } = options;
  const folder = join(dataDir, OFF_SITE_FOLDER);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const keys = offSiteKeys(options.secret);
  const id = serverId(dataDir);
  const files = fileCopies(target, keys, join(folder, 'known_hosts'));
  const database = databaseReplication(target, keys, join(folder, 'litestream.yml'), databasePath);
  const missing = [!database.present && LITESTREAM_MISSING, !files.present && RESTIC_MISSING].filter(Boolean);
  if (missing.length > 0) throw new Error(`${missing.join('; ')}: no off-site copies are made`);
  await files.prepare();
  const latest = await files.latest();
  if (latest && !latest.tags?.includes(`server-${id}`))
    throw new Error(
      `BACKUP_TARGET ${describeTarget(target)} holds the copies of another server: refused (give this server its own target, or restore from it with npm run restore)`,
    );
  return { id, files, database };
}

/** Continuous off-site copies (BACKUP_TARGET): Litestream for the database, restic for the files. */
export function createOffSiteCopies(options: OffSiteOptions) {
  const { setting, dataDir, secret, log, now } = options;
  const status = initialStatus(setting);
  const startedAt = now();
  let database: DatabaseReplication | undefined;
  let files: FileCopies | undefined;
  let drill: RestoreDrill | undefined;
  let id = '';
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  /** Files added so far, to tell whether a copy holds the last of them. */
  let changes = 0;
  let starting: Promise<void> | undefined;
  let stopping = false;
  const stoppers: (() => void)[] = [];

  async function copyFiles(): Promise<void> {
    if (!files) return;
    if (running) {
      again = true;
      return running;
    }
    // The files stay behind until a copy that started after their last change has finished.
    const seen = changes;
    const copies = files;
    running = copies
      .snapshot(dataDir, id)
      .then(
        () => {
          if (changes === seen) status.files.behindSince = null;
          copied(status, copies, now());
        },
        (error: Error) => {
          status.files.lastError = error.message;
          log.warn(`off-site copy of the files failed: ${error.message}; tried again in ${RETRY_MS / 1000} s`);
          schedule(RETRY_MS);
        },
      )
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void copyFiles();
        }
      });
    return running;
  }

  /** A file was added: copied within FILES_DEBOUNCE_MS (and the copy's own time). */
  function filesChanged(): void {
    changes += 1;
    status.files.behindSince ??= now();
    schedule(FILES_DEBOUNCE_MS);
  }

  function schedule(delayMs: number): void {
    if (stopping) return;
    timer ??= setTimeout(() => {
      timer = undefined;
      void copyFiles();
    }, delayMs);
  }

  return {
    status(): OffSiteStatus {
      if (database) {
        const { lastCopyAt, behindSince, lastError, sizeBytes } = database.state();
        status.database = { lastCopyAt, behindSince, lastError };
        status.databaseSizeBytes = sizeBytes;
      }
      if (drill) status.drill = { last: drill.last(), missing: drill.missing(startedAt) };
      return status;
    },
    /** A restore drill now (the admin's "Run the drill now"); undefined when no copies are made. */
    runDrill: (): Promise<DrillResult> | undefined => drill?.run(),
    /** Starts in the background: an unreachable target does not hold the site's start. */
    start(): void {
      starting = start();
    },
    /** The last files copied, then Litestream's last sync: before the database closes. */
    async stop(): Promise<void> {
      stopping = true;
      await starting;
      stoppers.forEach((stop) => stop());
      clearTimeout(timer);
      timer = undefined;
      while (running) await running;
      if (status.files.behindSince !== null) await copyFiles();
      await database?.stop();
    },
  };

  /** Checks the target is this server's (or new), then starts both engines. A problem is logged and shown, never thrown. */
  async function start(): Promise<void> {
    if (!setting || !('target' in setting)) {
      if (status.problem) log.error(status.problem);
      return;
    }
    try {
      ({ id, files, database } = await openEngines(setting.target, options));
    } catch (error) {
      status.problem = (error as Error).message;
      log.error(`off-site copies: ${status.problem}`);
      return;
    }
    database.start();
    await copyFiles();
    for (const folder of ['uploads', 'media']) stoppers.push(watchFolder(join(dataDir, folder), filesChanged));
    const every = setInterval(() => void copyFiles(), FILES_EVERY_MS);
    const restoreDrill = createRestoreDrill({ ...options, target: setting.target, keys: offSiteKeys(secret) });
    drill = restoreDrill;
    const drills = setInterval(() => restoreDrill.tick(startedAt), DRILL_CHECK_MS);
    for (const interval of [every, drills]) {
      interval.unref();
      stoppers.push(() => clearInterval(interval));
    }
    log.info(`off-site copies to ${status.target}: the database by Litestream, the files by restic`);
  }
}

export type OffSiteCopies = ReturnType<typeof createOffSiteCopies>;
