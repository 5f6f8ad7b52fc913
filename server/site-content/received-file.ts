import { randomBytes } from 'node:crypto';
import { statfsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { PDF_MAGIC } from '../../shared/content/pdf.js';
import { cleanFileName } from '../platform/storage/file-name.js';
import { StorageUnavailableError } from '../platform/storage/storage-error.js';
import { streamToFile } from '../platform/storage/stream-to-file.js';

/** An upload streamed to a temporary file, not yet read as a photo. */
export interface ReceivedFile {
  tempPath: string;
  name: string;
  bytes: number;
  sha256: string;
  /** Larger than the limit: only the limit's worth was kept. */
  tooLarge: boolean;
  /** The form's file input was left empty (no name, no bytes). */
  none: boolean;
  /** Its first bytes (up to HEAD_BYTES): what it is, by its content. */
  head: Buffer;
}

const HEAD_BYTES = 16;

/** Whether a received file is a PDF by its content (it starts as every PDF does), whatever its name. */
export const isPdf = (received: Pick<ReceivedFile, 'head'>): boolean =>
  received.head.subarray(0, PDF_MAGIC.length).toString('latin1') === PDF_MAGIC;

/**
 * Streams an upload to a temporary file under `temporary` (fsynced) while hashing it; keeps at most
 * `limit` bytes. The stream is read to its end. Refused (as a storage failure) when the disk under
 * `root` is nearly full. `named` hears the file's path before it exists.
 */
export async function receiveFile(
  dirs: { root: string; temporary: string; minFreeBytes: number },
  stream: Readable & { truncated?: boolean },
  originalName: string,
  limit: number,
  named?: (tempPath: string) => void,
): Promise<ReceivedFile> {
  const { bavail, bsize } = statfsSync(dirs.root);
  if (bavail * bsize < dirs.minFreeBytes + limit) {
    stream.resume();
    throw new StorageUnavailableError(
      `less than ${Math.round((dirs.minFreeBytes + limit) / 1048576)} MB free under ${dirs.root}`,
    );
  }
  const tempPath = join(dirs.temporary, randomBytes(16).toString('hex'));
  named?.(tempPath); // before it exists: whoever removes the request's files knows it whatever happens
  const { bytes, sha256, head } = await streamToFile(stream, tempPath, limit, HEAD_BYTES);
  return {
    tempPath,
    head,
    name: cleanFileName(originalName),
    none: originalName === '' && bytes === 0,
    bytes,
    sha256,
    tooLarge: bytes > limit || stream.truncated === true,
  };
}
