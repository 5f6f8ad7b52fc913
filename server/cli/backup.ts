/**
 * npm run backup -- <folder> — everything the server's data folder holds that cannot be made again,
 * as one new folder laid out like a data folder, so restoring is starting the server on (a copy of) it:
 *
 *   forge.db         a consistent copy of the live database (SQLite's online backup API, taken while
 *                    the server runs), checked with PRAGMA integrity_check, in rollback-journal mode so
 *                    that no -wal or -shm file sits beside it
 *   session-secret   signs admin sessions and form tokens (unless SESSION_SECRET sets it instead)
 *   uploads/         every drawing the copy refers to
 *   media/           every photo the copy lists: photos/<id>/ (variants) and originals/<id>; every
 *                    PDF it lists: pdfs/<id>.pdf
 *
 * The folder is 0700 and every file in it 0600 (it holds customers' personal data). It is written as
 * <folder>.partial-<pid> and renamed when complete, so a folder with the name is always whole; a
 * failed backup removes its partial folder, and the next backup into the same folder removes the
 * partial folders of backups that were killed (their process gone). It never overwrites anything.
 */
import '../runtime/check-node.mjs'; // first: an older Node stops here with one line, before better-sqlite3 loads
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { nonEmpty } from '../config/env.js';
import { counted } from '../../shared/text/plural.js';
import { backedUpCounts, copyDataFiles } from './backup-files.js';
import { removeKilledBackups } from './backup-leftovers.js';
import { fsyncDirectory } from '../platform/storage/fsync-directory.js';
import { snapshotDatabase } from './backup-database.js';
import { serverDatabase } from './server-database.js';

function main(): void {
  // Made by this process: readable by its user only, whatever the shell's umask.
  process.umask(0o077);
  const target = process.argv[2];
  if (!target)
    throw new Error('Usage: npm run backup -- <folder>   (for example: npm run backup -- backups/forge-2026-11-23)');
  const destination = resolve(target);
  if (existsSync(destination)) throw new Error(`${destination} already exists; choose a new name.`);

  const { dataDir, databasePath } = serverDatabase();
  mkdirSync(dirname(destination), { recursive: true, mode: 0o700 });
  for (const name of removeKilledBackups(dirname(destination)))
    console.warn(`Removed ${join(dirname(destination), name)}, left by a backup that was stopped part-way.`);
  const partial = join(dirname(destination), `${basename(destination)}.partial-${process.pid}`);
  mkdirSync(partial, { mode: 0o700 });
  try {
    const snapshot = snapshotDatabase(databasePath, join(partial, 'forge.db'));
    const files = copyDataFiles(dataDir, partial, snapshot);
    // The copy's entry in its folder, then the folder's new name, on disk before the backup says it is done.
    fsyncDirectory(partial);
    renameSync(partial, destination);
    fsyncDirectory(dirname(destination));
    const secretFromEnvironment = nonEmpty(process.env, 'SESSION_SECRET') !== undefined;
    console.log(
      `Backed up ${backedUpCounts(snapshot.enquiries, files)} to ${destination}` +
        (files.secret && !secretFromEnvironment ? ', with the session secret' : ''),
    );
    // Photos are never deleted: one without its files was lost. Uploading the same file again in the editor makes it again.
    if (files.missingPhotos.length > 0) {
      console.warn(
        `Warning: ${counted(files.missingPhotos.length, 'photo has', 'photos have')} no files under ${join(dataDir, 'media')} (${files.missingPhotos.join(', ')}): upload them again in the site editor.`,
      );
    }
    if (files.missingPdfs.length > 0) {
      console.warn(
        `Warning: ${counted(files.missingPdfs.length, 'PDF has', 'PDFs have')} no files under ${join(dataDir, 'media', 'pdfs')} (${files.missingPdfs.join(', ')}): upload them again in the site editor.`,
      );
    }
    if (secretFromEnvironment || !files.secret) {
      console.warn(
        `Note: the session secret is not in this backup (${secretFromEnvironment ? 'SESSION_SECRET sets it' : `there is no ${join(dataDir, 'session-secret')}`}). ` +
          'Restore with the same SESSION_SECRET; with another secret every admin is signed out, and an enquiry sent from a contact page opened before the restore goes to Spam (its form token no longer verifies).',
      );
    }
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
