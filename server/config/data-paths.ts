import { join } from 'node:path';
import { resolveFromProject } from '../platform/paths.js';
import { nonEmpty, type Env } from './env.js';

/** Where the server keeps its data, as absolute paths. */
export interface DataPaths {
  /** DATA_DIR: the database (by default), the session secret, uploads/ and media/. */
  dataDir: string;
  /** DATABASE_PATH: the SQLite file. */
  databasePath: string;
}

/**
 * DATA_DIR (default `data`) and DATABASE_PATH (default `forge.db` in it), a relative path taken from
 * the project folder whatever the working directory. The server (load-config.ts) and every command
 * (server/cli/) resolve them here and nowhere else, so a command acts on the data of a server started
 * with the same environment. Creates and checks nothing.
 */
export function resolveDataPaths(env: Env = process.env): DataPaths {
  const dataDir = resolveFromProject(nonEmpty(env, 'DATA_DIR') ?? 'data');
  const databasePath = resolveFromProject(nonEmpty(env, 'DATABASE_PATH') ?? join(dataDir, 'forge.db'));
  return { dataDir, databasePath };
}
