import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { asStorageFailure } from './storage-error.js';

/**
 * Streams an upload into a new private file (mode 0600) while hashing it, then fsyncs it. Keeps at
 * most `limit` bytes (the rest is read on and dropped, so the request keeps flowing) and the first
 * `headBytes` in memory. On a disk full or an I/O error mid-upload no half-written file stays behind.
 * `bytes` counts everything that arrived, so `bytes > limit` says the file was too large.
 */
export async function streamToFile(
  stream: Readable,
  path: string,
  limit: number,
  headBytes = 0,
): Promise<{ bytes: number; sha256: string; head: Buffer }> {
  const file = await open(path, 'wx', 0o600);
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > limit) continue;
      if (head.length < headBytes) head = Buffer.concat([head, chunk.subarray(0, headBytes - head.length)]);
      hash.update(chunk);
      await file.write(chunk);
    }
    await file.sync();
  } catch (error) {
    stream.resume();
    await file.close().catch(() => {});
    await rm(path, { force: true });
    throw asStorageFailure(error) ?? error;
  }
  await file.close();
  return { bytes, sha256: hash.digest('hex'), head };
}
