/**
 * npm run backup -- <file> — a consistent copy of the live SQLite database, taken with SQLite's
 * online backup API while the server keeps running, checked with PRAGMA integrity_check; then every
 * uploaded drawing that copy refers to, into <file>.uploads/ beside it, and every photo it lists (variants
 * and original), into <file>.media/photos/ and <file>.media/originals/.
 */
import '../runtime/check-node.mjs'; // first: an older Node stops here with one line, before better-sqlite3 loads
import { copyFileSync, cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { serverDatabase } from './server-database.js';

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) throw new Error('Usage: npm run backup -- <file>   (for example: npm run backup -- backups/forge-2026-11-23.db)');
  const destination = resolve(target);
  if (existsSync(destination)) throw new Error(`${destination} already exists; choose a new file name.`);

  const config = serverDatabase();
  mkdirSync(dirname(destination), { recursive: true });
  const source = new Database(config.databasePath, { fileMustExist: true });
  const partial = `${destination}.partial`;
  try {
    await source.backup(partial);
  } finally {
    source.close();
  }

  const copy = new Database(partial, { readonly: true });
  try {
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`The copy failed its integrity check: ${String(integrity)}`);
    const { n } = copy.prepare('SELECT count(*) AS n FROM enquiries').get() as { n: number };
    // Files are only ever added under new random names or removed, so each one the snapshot refers
    // to is either copied whole or, if deleted since, no longer needed.
    const files = copy.prepare('SELECT stored_name FROM enquiry_files').pluck().all() as string[];
    const uploadsCopy = `${destination}.uploads`;
    mkdirSync(uploadsCopy, { recursive: true });
    let copied = 0;
    for (const name of files) {
      const source = join(config.dataDir, 'uploads', name);
      if (!existsSync(source)) continue;
      copyFileSync(source, join(uploadsCopy, name));
      copied += 1;
    }
    // A photo's files are all on disk before its row is written, under names made from its content.
    // A database not yet migrated to version 12 (a backup before an upgrade) has no media table.
    const hasMedia = copy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'media'").get() !== undefined;
    const ids = hasMedia ? (copy.prepare('SELECT id FROM media').pluck().all() as string[]) : [];
    const media = join(config.dataDir, 'media');
    const mediaCopy = `${destination}.media`;
    for (const folder of ['photos', 'originals']) mkdirSync(join(mediaCopy, folder), { recursive: true });
    let photos = 0;
    const missing: string[] = [];
    for (const id of ids) {
      const variants = join(media, 'photos', id);
      const original = join(media, 'originals', id);
      if (!existsSync(variants) || !existsSync(original)) {
        missing.push(id);
        continue;
      }
      cpSync(variants, join(mediaCopy, 'photos', id), { recursive: true });
      copyFileSync(original, join(mediaCopy, 'originals', id));
      photos += 1;
    }
    renameSync(partial, destination);
    console.log(`Backed up ${n} enquiries to ${destination}, ${copied} drawings to ${uploadsCopy} and ${photos} photos to ${mediaCopy}`);
    // Photos are never deleted: one without its files was lost. Uploading the same file again in the editor makes it again.
    if (missing.length > 0) console.warn(`Warning: ${missing.length} photos have no files under ${media} (${missing.join(', ')}): upload them again in the site editor.`);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    copy.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
