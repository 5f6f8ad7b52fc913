import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DRAWING_LIMITS, DRAWING_TYPES, type DrawingType } from '../../../shared/enquiry/quote.js';
import type { NewDrawing } from '../enquiry-store.js';
import { fsyncDirectory } from '../../platform/storage/fsync-directory.js';
import { cleanFileName } from '../../platform/storage/file-name.js';
import { streamToFile } from '../../platform/storage/stream-to-file.js';
import { typeFromContent, typeFromName } from './drawing-type.js';

const HEAD_BYTES = 4096;
const ACCEPTED = Object.values(DRAWING_TYPES)
  .map((type) => type.label)
  .join(', ');

/** A drawing streamed to a temporary file, checked, fsynced: not yet part of an enquiry. */
export interface ReceivedDrawing {
  tempPath: string;
  name: string;
  size: number;
  type: DrawingType;
  sha256: string;
}

/**
 * Why drawings were refused: 400 (a file's content), 413 (a size or count limit), 429 (the client
 * network's allowance of bytes), 503 (storage failed, or the disk is nearly full).
 */
export interface Refusal {
  status: 400 | 413 | 429 | 503;
  message: string;
  /** The refusal is of the whole form (a malformed body), not of its drawings. */
  wholeForm?: true;
  /** Too many uploads under way (no slot for its first drawing): answered at once, the rest of the body unread. */
  busy?: true;
}

export interface ReceiveOptions {
  /** The refusal when the file goes over `budget` (by default: the form's total is too large). */
  overBudget?: Refusal;
  /** Called with the temporary file's path before it is opened, so its owner can always remove it. */
  opened?: (tempPath: string) => void;
}

export type DrawingFiles = ReturnType<typeof createDrawingFiles>;

/**
 * Drawings on disk: DATA_DIR/uploads/<random name>, mode 0600, each recorded in SQLite with its
 * enquiry. Files arrive in uploads/.tmp and are moved in only once complete and fsynced. A file is
 * not received at all when less than `minFreeBytes` (MIN_FREE_SPACE_MB) would stay free after it.
 */
export function createDrawingFiles(dataDir: string, minFreeBytes = 0) {
  const directory = join(dataDir, 'uploads');
  const temporary = join(directory, '.tmp');
  mkdirSync(temporary, { recursive: true, mode: 0o700 });

  return {
    directory,

    pathOf(storedName: string): string {
      return join(directory, storedName);
    },

    /**
     * Removes what no enquiry refers to: every temporary file (an upload cut short) and every stored
     * file without a row (the process stopped between the move and the commit). Run at start.
     */
    sweep(referenced: Set<string>): number {
      let removed = 0;
      for (const name of readdirSync(temporary)) {
        rmSync(join(temporary, name), { force: true });
        removed += 1;
      }
      for (const name of readdirSync(directory)) {
        if (name === '.tmp' || referenced.has(name)) continue;
        rmSync(join(directory, name), { force: true });
        removed += 1;
      }
      return removed;
    },

    /**
     * Streams one uploaded file to a temporary file while hashing it, then checks its size and that
     * its content is the format its name says. `budget` is what the total allowance has left.
     * The stream is always read to its end, so the rest of the request keeps flowing.
     */
    async receive(
      stream: Readable & { truncated?: boolean },
      originalName: string,
      budget: number,
      options: ReceiveOptions = {},
    ): Promise<ReceivedDrawing | Refusal> {
      const name = cleanFileName(originalName);
      const claimed = typeFromName(name);
      if (!claimed) {
        stream.resume();
        return { status: 400, message: `${name}: this kind of file is not accepted. Please attach ${ACCEPTED} files.` };
      }
      const { bavail, bsize } = statfsSync(temporary);
      const needed = minFreeBytes + Math.min(budget, DRAWING_LIMITS.fileBytes);
      if (bavail * bsize < needed) {
        stream.resume();
        return { status: 503, message: `less than ${Math.round(needed / 1048576)} MB free under ${directory}` };
      }
      const tempPath = join(temporary, randomBytes(16).toString('hex'));
      options.opened?.(tempPath);
      // Over the total: read on, keep nothing.
      const { bytes: size, sha256, head } = await streamToFile(stream, tempPath, budget, HEAD_BYTES);
      const refuse = async (status: 400 | 413, message: string): Promise<Refusal> => {
        await rm(tempPath, { force: true });
        return { status, message };
      };
      const mb = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
      if (stream.truncated)
        return refuse(
          413,
          `${name} is larger than ${mb(DRAWING_LIMITS.fileBytes)}; each file may be at most ${mb(DRAWING_LIMITS.fileBytes)}.`,
        );
      if (size > budget) {
        await rm(tempPath, { force: true });
        return (
          options.overBudget ?? {
            status: 413,
            message: `Your drawings together are larger than ${mb(DRAWING_LIMITS.totalBytes)}; please send fewer or smaller files.`,
          }
        );
      }
      if (size === 0) return refuse(400, `${name} is empty.`);
      const actual = typeFromContent(head);
      if (actual !== claimed) {
        return refuse(
          400,
          `${name} is not a ${DRAWING_TYPES[claimed].label} file: its content does not match its name.`,
        );
      }
      return { tempPath, name, size, type: claimed, sha256 };
    },

    /** Moves checked drawings into the uploads folder under random names, durably (the folder is fsynced). */
    async keep(received: ReceivedDrawing[]): Promise<NewDrawing[]> {
      const kept: NewDrawing[] = [];
      try {
        for (const { tempPath, ...drawing } of received) {
          const storedName = randomBytes(16).toString('hex');
          await rename(tempPath, join(directory, storedName));
          kept.push({ ...drawing, storedName });
        }
        if (kept.length > 0) fsyncDirectory(directory);
        return kept;
      } catch (error) {
        await this.remove(kept.map((drawing) => drawing.storedName));
        throw error;
      }
    },

    /** Deletes stored files (an enquiry deleted, or a commit that failed). */
    async remove(storedNames: string[]): Promise<void> {
      await Promise.all(storedNames.map((name) => rm(join(directory, name), { force: true })));
    },
  };
}

export function isRefusal(result: ReceivedDrawing | Refusal): result is Refusal {
  return 'status' in result;
}
