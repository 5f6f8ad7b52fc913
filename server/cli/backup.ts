/**
 * npm run backup -- <file> — a consistent copy of the live SQLite database, taken with SQLite's
 * online backup API while the server keeps running, checked with PRAGMA integrity_check.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config/load-config.js';

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) throw new Error('Usage: npm run backup -- <file>   (for example: npm run backup -- backups/forge-2026-11-23.db)');
  const destination = resolve(target);
  if (existsSync(destination)) throw new Error(`${destination} already exists; choose a new file name.`);

  const config = loadConfig();
  if (!existsSync(config.databasePath)) throw new Error(`No database at ${config.databasePath}.`);
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
    renameSync(partial, destination);
    console.log(`Backed up ${n} enquiries to ${destination}`);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    copy.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
