import { readFileSync } from 'node:fs';

/**
 * The process's soft limit on open files (`ulimit -n`), from /proc/self/limits; null where it cannot
 * be read (not Linux) or is unlimited.
 */
export function openFilesLimit(limitsFile = '/proc/self/limits'): number | null {
  try {
    const line = /^Max open files\s+(\S+)/m.exec(readFileSync(limitsFile, 'utf8'));
    const soft = Number(line?.[1]);
    return Number.isSafeInteger(soft) && soft > 0 ? soft : null;
  } catch {
    return null;
  }
}

/**
 * Descriptors kept back from connections: the database and its WAL, the log, the lock, worker threads,
 * each upload's temporary file, photos being processed, SMTP and IMAP: a quarter of the limit, at least 60.
 */
export function descriptorReserve(limit: number): number {
  return Math.max(60, Math.floor(limit / 4));
}

/**
 * MAX_CONNECTIONS as configured, or lower when the open-files limit leaves fewer descriptors after the
 * reserve (a connection past the limit would take the descriptor an upload's file needs: EMFILE).
 * `said` is the line the log gives at start when it was capped.
 */
export function connectionCap(configured: number, limit: number | null): { max: number; said?: string } {
  if (limit === null) return { max: configured };
  const reserve = descriptorReserve(limit);
  const fits = Math.max(1, limit - reserve);
  if (configured <= fits) return { max: configured };
  return {
    max: fits,
    said: `MAX_CONNECTIONS ${configured} is more than the open-files limit (ulimit -n ${limit}) allows: capped at ${fits}, keeping ${reserve} descriptors for files, the database and mail. Raise ulimit -n (e.g. docker run --ulimit nofile=65536) for more.`,
  };
}
