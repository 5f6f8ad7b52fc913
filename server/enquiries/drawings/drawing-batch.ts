import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { NewDrawing } from '../enquiry-store.js';
import type { DrawingFiles, ReceivedDrawing, Refusal } from './drawing-files.js';

/**
 * The files of one submission, from the moment each temporary file is opened: `discard` (run once,
 * whatever happened: a hang-up at any byte, a refusal, a repeat, a storage failure) removes every
 * temporary file and every drawing moved into uploads/ but not committed with an enquiry.
 */
export function startDrawingBatch(files: DrawingFiles) {
  const temporary = new Set<string>();
  const moved = new Set<string>();
  const streaming = new Set<Readable>();
  let over = false;

  return {
    async receive(
      stream: Readable & { truncated?: boolean },
      originalName: string,
      budget: number,
      overBudget?: Refusal,
    ): Promise<ReceivedDrawing | Refusal> {
      if (over) {
        stream.resume();
        return { status: 400, message: 'The request ended before this file arrived.' };
      }
      streaming.add(stream);
      try {
        return await files.receive(stream, originalName, budget, { overBudget, opened: (path) => temporary.add(path) });
      } finally {
        streaming.delete(stream);
      }
    },

    /** Ends the files still arriving (their temporary files are closed and removed): the request was given up. */
    abort(error: Error): void {
      for (const stream of streaming) stream.destroy(error);
    },

    /** Moves the received drawings into uploads/; they stay this batch's until `committed`. */
    async keep(received: ReceivedDrawing[]): Promise<NewDrawing[]> {
      const kept = await files.keep(received);
      for (const drawing of received) temporary.delete(drawing.tempPath);
      for (const drawing of kept) moved.add(drawing.storedName);
      return kept;
    },

    /** These stored names are now an enquiry's: `discard` leaves them. */
    committed(storedNames: string[]): void {
      for (const name of storedNames) moved.delete(name);
    },

    /** Removes everything received that is not committed. */
    async discard(): Promise<void> {
      over = true;
      const paths = [...temporary];
      temporary.clear();
      await Promise.all(paths.map((path) => rm(path, { force: true })));
      const names = [...moved];
      moved.clear();
      await files.remove(names);
    },
  };
}

export type DrawingBatch = ReturnType<typeof startDrawingBatch>;
