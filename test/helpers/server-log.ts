import type { DB } from '../../server/platform/db/open-database.js';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/**
 * Resolves once `count` lines logged after `from` match (a server given `hooks.logStream` that pushes
 * each line to `lines`); the server logs a request's line once it is over, files discarded or kept.
 */
export async function whenLogged(
  lines: string[],
  from: number,
  match: (line: LogLine) => boolean,
  count = 1,
  timeoutMs = 10_000,
): Promise<LogLine[]> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 10))) {
    const found = lines
      .slice(from)
      .map((line) => JSON.parse(line) as LogLine)
      .filter(match);
    if (found.length >= count) return found;
    if (Date.now() > deadline)
      throw new Error(`fewer than ${count} matching lines logged:\n${lines.slice(from).join('')}`);
  }
}

/** The stored names of every drawing an enquiry refers to. */
export function storedDrawingNames(db: DB): Set<string> {
  return new Set(db.prepare('SELECT stored_name FROM enquiry_files').pluck().all() as string[]);
}
