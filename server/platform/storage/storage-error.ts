/** Seconds a client is asked to wait before sending again when storage fails. */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

/**
 * The database could not durably take a write (disk full, I/O error, read-only file, lock held by
 * another process, file removed or replaced). Answered as 503 with Retry-After: nothing was stored.
 */
export class StorageUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`storage unavailable: ${reason}`, options);
    this.name = 'StorageUnavailableError';
  }
}

// SQLite result codes (and their extended forms, e.g. SQLITE_IOERR_FSYNC), and file-system error codes,
// that mean "not stored, try later" (EMFILE, ENFILE: out of file descriptors for now: 503, never 500).
const STORAGE_CODES =
  /^(SQLITE_(FULL|IOERR|READONLY|BUSY|LOCKED|CANTOPEN|CORRUPT|NOTADB|PROTOCOL)|ENOSPC$|EDQUOT$|EIO$|EROFS$|EMFILE$|ENFILE$)/;

/** The error as a StorageUnavailableError when it is one, or a SQLite storage failure; otherwise null. */
export function asStorageFailure(error: unknown): StorageUnavailableError | null {
  if (error instanceof StorageUnavailableError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && STORAGE_CODES.test(code)) return new StorageUnavailableError(code, { cause: error });
  return null;
}
