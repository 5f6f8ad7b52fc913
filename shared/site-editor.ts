import type { SignedIn } from './admin/session.js';
import type { Pdf } from './content/pdf.js';
import type { Photo } from './content/photo.js';
import type { FormValues, SectionId } from './content/sections.js';
import type { TranslationFormView, TranslationsView } from './translations.js';

/** The photos a section's form shows (by id): what the server has of each, for its preview, and whether the site shows it yet. */
export type FormPhotos = Record<string, Omit<Photo, 'alt'> & { published: boolean }>;

/** The PDFs a section's form holds (by id): their size and the name they were uploaded under, and whether the site links each yet. */
export type FormPdfs = Record<string, Pdf & { name: string; published: boolean }>;

/** One saved version of the site's content. */
export interface RevisionSummary {
  id: number;
  createdAt: string;
  actor: string;
  note: string;
  /** The revision this one brought back ("Restore this version"), if any. */
  restored: number | null;
}

/** A section's form: its values as typed, messages by field name, and what happened to the last save. */
export interface SectionView {
  name: 'section';
  section: SectionId;
  values: FormValues;
  photos: FormPhotos;
  pdfs: FormPdfs;
  note: string;
  errors: Record<string, string>;
  /** After a row was added, moved or deleted: the id of the element to focus. */
  focus?: string;
  /** The version a preview's draft was made on (the form saves against it), when the form is a draft's. */
  base?: number;
}

/** A version in the history: the sections it changed, and what restoring it would change on the site now. */
export type HistoryEntry = RevisionSummary & { changed: string[]; changes: ContentChange[] };

export interface HistoryView {
  name: 'history';
  revisions: HistoryEntry[];
  /** Cursor (a revision id) of the next, older page. */
  next: number | null;
}

/** One value an import or a restore would change (`photo`, `pdf`: the file itself, not a photo's alt text). */
export interface ContentChange {
  sectionId: SectionId;
  section: string;
  photo: boolean;
  pdf: boolean;
  field: string;
  before: string;
  after: string;
}

export interface TransferView {
  name: 'transfer';
  /** Why the file was refused. */
  errors: string[];
  /** A valid file: what applying it would change, and the file's content to apply. */
  preview: { json: string; changes: ContentChange[] } | null;
}

/** Restoring a version (or one section of it), before it is confirmed: what it changes on the site now. */
export interface RestoreView {
  name: 'restore';
  version: RevisionSummary;
  /** Only this section of the version, or the whole of it. */
  section: SectionId | null;
  changes: ContentChange[];
}

/** /admin/site and its screens. */
export interface AdminSitePage extends SignedIn {
  screen: 'site';
  /** The server's time (ISO): the overview's notices of certificates that expire. */
  now: string;
  /** The published revision; forms carry its id, so that a save over a newer one is refused. */
  revision: RevisionSummary;
  /** What was done ("Saved …"), or why it was refused. */
  message: { kind: 'success' | 'error'; text: string } | null;
  view:
    | { name: 'overview' }
    | SectionView
    | HistoryView
    | RestoreView
    | TransferView
    | TranslationsView
    | TranslationFormView;
}

/** What a save in place (fetch with Accept: application/json) answers. */
export type SectionSaveAnswer =
  | { ok: true; revision: RevisionSummary; values: FormValues; photos: FormPhotos; pdfs: FormPdfs; message: string }
  | {
      ok: false;
      revision: RevisionSummary;
      values: FormValues;
      photos: FormPhotos;
      pdfs: FormPdfs;
      errors: Record<string, string>;
      message: string;
      /** A row was added, moved or deleted (nothing saved): the id of the element to focus. */
      focus?: string;
    };

/** How many values, photos and PDFs a list of changes changes ("14 fields and 2 photos"). */
export function countChanges(changes: readonly ContentChange[]): { fields: number; photos: number; pdfs: number } {
  const photos = changes.filter((change) => change.photo).length;
  const pdfs = changes.filter((change) => change.pdf).length;
  return { fields: changes.length - photos - pdfs, photos, pdfs };
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "changes 14 fields and 2 photos", "changes 1 field, 1 photo and 1 PDF", "changes nothing". */
export function describeChanges(changes: readonly ContentChange[]): string {
  const { fields, photos, pdfs } = countChanges(changes);
  const parts = [
    fields > 0 && counted(fields, 'field', 'fields'),
    photos > 0 && counted(photos, 'photo', 'photos'),
    pdfs > 0 && counted(pdfs, 'PDF', 'PDFs'),
  ].filter((part) => part !== false);
  if (parts.length === 0) return 'changes nothing';
  return `changes ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`}`;
}

export const CONTENT_FILE_FORMAT = 'forge-site-content';
export const CONTENT_FILE_VERSION = 1;
