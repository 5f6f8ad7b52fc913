import { copyFileSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SECRET_FILE_NAME } from '../platform/security/server-secret.js';
import type { DatabaseSnapshot } from './backup-database.js';
import { counted } from '../../shared/text/plural.js';

export interface CopiedFiles {
  drawings: number;
  photos: number;
  /** Photos the snapshot lists whose files are missing from the data folder. */
  missingPhotos: string[];
  pdfs: number;
  /** PDFs the snapshot lists whose files are missing from the data folder. */
  missingPdfs: string[];
  /** Whether the session secret's file was copied (not when SESSION_SECRET sets the secret). */
  secret: boolean;
}

/**
 * Copies into the backup folder `to`, laid out as the data folder `from` is, the files a database
 * snapshot refers to, and the session secret. Files are only ever added under new names or removed,
 * so each one the snapshot refers to is either copied whole or, if deleted since, no longer needed.
 */
export function copyDataFiles(from: string, to: string, snapshot: DatabaseSnapshot): CopiedFiles {
  mkdirSync(join(to, 'uploads'));
  let drawings = 0;
  for (const name of snapshot.drawings) {
    const source = join(from, 'uploads', name);
    if (!existsSync(source)) continue;
    copyFileSync(source, join(to, 'uploads', name));
    drawings += 1;
  }

  // A photo's files are all on disk before its row is written, under names made from its content.
  for (const folder of ['photos', 'originals']) mkdirSync(join(to, 'media', folder), { recursive: true });
  let photos = 0;
  const missingPhotos: string[] = [];
  for (const id of snapshot.photos) {
    const variants = join(from, 'media', 'photos', id);
    const original = join(from, 'media', 'originals', id);
    if (!existsSync(variants) || !existsSync(original)) {
      missingPhotos.push(id);
      continue;
    }
    cpSync(variants, join(to, 'media', 'photos', id), { recursive: true });
    copyFileSync(original, join(to, 'media', 'originals', id));
    photos += 1;
  }

  // A PDF's file is on disk before its row is written, under a name made from its content.
  mkdirSync(join(to, 'media', 'pdfs'), { recursive: true });
  let pdfs = 0;
  const missingPdfs: string[] = [];
  for (const id of snapshot.pdfs) {
    const file = join('media', 'pdfs', `${id}.pdf`);
    if (!existsSync(join(from, file))) {
      missingPdfs.push(id);
      continue;
    }
    copyFileSync(join(from, file), join(to, file));
    pdfs += 1;
  }

  const secretFile = join(from, SECRET_FILE_NAME);
  const secret = existsSync(secretFile);
  if (secret) copyFileSync(secretFile, join(to, SECRET_FILE_NAME));
  return { drawings, photos, missingPhotos, pdfs, missingPdfs, secret };
}

/** "1 enquiry, 2 drawings, 0 photos and 1 PDF": what a backup holds, each noun in the right number. */
export function backedUpCounts(enquiries: number, files: { drawings: number; photos: number; pdfs: number }): string {
  return (
    `${counted(enquiries, 'enquiry', 'enquiries')}, ${counted(files.drawings, 'drawing')}, ` +
    `${counted(files.photos, 'photo')} and ${counted(files.pdfs, 'PDF')}`
  );
}
