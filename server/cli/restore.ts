/**
 * npm run restore -- <target> — fills an EMPTY data folder (DATA_DIR, DATABASE_PATH as the server
 * resolves them) from the off-site copies at <target> (as BACKUP_TARGET names it, with the same
 * variables), then prints what it restored. The key: BACKUP_KEY_FILE (the kept copy of the
 * session-secret file, or the key file the server used) or SESSION_SECRET.
 */
import '../runtime/check-node.mjs'; // first: an older Node stops here with one line, before better-sqlite3 loads
import { existsSync, readdirSync } from 'node:fs';
import { resolveDataPaths } from '../config/data-paths.js';
import { nonEmpty } from '../config/env.js';
import { counted } from '../../shared/text/plural.js';
import { describeTarget, parseBackupTarget } from '../off-site/backup-target.js';
import { offSiteKeys, offSiteSecret } from '../off-site/off-site-key.js';
import { restoreCopies } from '../off-site/restore-copies.js';

async function main(): Promise<void> {
  process.umask(0o077);
  const value = process.argv[2] ?? nonEmpty(process.env, 'BACKUP_TARGET');
  if (!value)
    throw new Error('Usage: npm run restore -- <target>   (for example: npm run restore -- /mnt/backup/forge)');
  const target = parseBackupTarget(value, process.env);
  const { dataDir, databasePath } = resolveDataPaths(process.env);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: restore only fills an empty data folder (move this one aside first).`);
  if (existsSync(databasePath)) throw new Error(`${databasePath} already exists: restore never overwrites a database.`);
  const keyFile = nonEmpty(process.env, 'BACKUP_KEY_FILE');
  const sessionSecret = nonEmpty(process.env, 'SESSION_SECRET');
  if (!keyFile && !sessionSecret)
    throw new Error(
      'Set BACKUP_KEY_FILE to your kept copy of the session-secret file (or SESSION_SECRET): the copies are encrypted with it.',
    );
  console.log(`Restoring from ${describeTarget(target)} into ${dataDir}`);
  const restored = await restoreCopies(
    target,
    offSiteKeys(offSiteSecret(dataDir, keyFile, sessionSecret)),
    dataDir,
    databasePath,
  );
  if (restored.integrity !== 'ok')
    throw new Error(`The restored database failed its integrity check: ${restored.integrity}`);
  console.log(
    `Restored ${counted(restored.enquiries, 'enquiry', 'enquiries')} (the last at ${restored.lastEnquiryAt ?? 'none'}), ` +
      `${restored.drawingFiles} of ${counted(restored.drawings, 'drawing')}, ${counted(restored.photos, 'photo')} and ${counted(restored.pdfs, 'PDF')}. ` +
      'Start the server on it.',
  );
}

try {
  await main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
