import { existsSync } from 'node:fs';
import { resolveDataPaths, type DataPaths } from '../config/data-paths.js';

/**
 * The data of the server a command acts on: DATA_DIR and DATABASE_PATH resolved exactly as the server
 * resolves them (config/data-paths.ts). Prints the database's absolute path; refuses (throws) when
 * there is no database there, since creating one would act on data no server uses.
 */
export function serverDatabase(env: NodeJS.ProcessEnv = process.env): DataPaths {
  const paths = resolveDataPaths(env);
  if (!existsSync(paths.databasePath)) {
    throw new Error(`No database at ${paths.databasePath}. Run it with the same DATA_DIR as the server.`);
  }
  console.log(`Database: ${paths.databasePath}`);
  return paths;
}
