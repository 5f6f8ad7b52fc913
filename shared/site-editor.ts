import type { SignedIn } from './admin/session.js';
import type { Photo } from './content/photo.js';
import type { FormValues, SectionId } from './content/sections.js';

/** The photos a section's form shows (by id): what the server has of each, for its preview, and whether the site shows it yet. */
export type FormPhotos = Record<string, Omit<Photo, 'alt'> & { published: boolean }>;

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
  note: string;
  errors: Record<string, string>;
  /** After a row was added, moved or deleted: the id of the element to focus. */
  focus?: string;
}

export interface HistoryView {
  name: 'history';
  revisions: (RevisionSummary & { changed: string[] })[];
  /** Cursor (a revision id) of the next, older page. */
  next: number | null;
}

/** One value an import would change. */
export interface ContentChange {
  section: string;
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

/** /admin/site and its screens. */
export interface AdminSitePage extends SignedIn {
  screen: 'site';
  /** The published revision; forms carry its id, so that a save over a newer one is refused. */
  revision: RevisionSummary;
  /** What was done ("Saved …"), or why it was refused. */
  message: { kind: 'success' | 'error'; text: string } | null;
  view: { name: 'overview' } | SectionView | HistoryView | TransferView;
}

/** What a save in place (fetch with Accept: application/json) answers. */
export type SectionSaveAnswer =
  | { ok: true; revision: RevisionSummary; values: FormValues; photos: FormPhotos; message: string }
  | {
      ok: false;
      revision: RevisionSummary;
      values: FormValues;
      photos: FormPhotos;
      errors: Record<string, string>;
      message: string;
      /** A row was added, moved or deleted (nothing saved): the id of the element to focus. */
      focus?: string;
    };

export const CONTENT_FILE_FORMAT = 'forge-site-content';
export const CONTENT_FILE_VERSION = 1;
