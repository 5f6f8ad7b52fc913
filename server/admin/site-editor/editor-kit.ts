import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PdfField, PhotoField } from '../../../shared/content/fields.js';
import type { SiteContent } from '../../../shared/content/schema.js';
import {
  pdfsIn,
  photosIn,
  replaceAt,
  SECTIONS,
  sectionTitle,
  sectionValue,
  toFormValues,
  withSection,
  type FormValues,
  type Section,
} from '../../../shared/content/sections.js';
import type { AdminSitePage, FormPdfs, FormPhotos, RevisionSummary } from '../../../shared/site-editor.js';
import { formatInZone } from '../../../shared/time/time-zone.js';
import type { ServerConfig } from '../../config/load-config.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { DB } from '../../platform/db/open-database.js';
import type { StorageUnavailableError } from '../../platform/storage/storage-error.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import type { MediaLibrary, ReceivedFile } from '../../site-content/media-library.js';
import type { SiteContentService } from '../../site-content/site-content.js';
import type { ReadContent } from './content-file.js';

export interface SiteEditorOptions {
  content: SiteContentService;
  pages: PageRenderer;
  media: MediaLibrary;
  timeZone: string;
  /** Drafts of previews are kept under the data directory; a translation file names the site by its address. */
  config: Pick<ServerConfig, 'dataDir' | 'site'>;
  /** The site's clock: which certificates the overview says expire soon. */
  now: () => number;
  /** The translations' tables (site_translations, site_languages). */
  db: DB;
  storage: StorageMonitor;
}

/** What a file part of a multipart form became: the upload in a temporary file, or the storage failure that stopped it. */
export type FilePart = ReceivedFile | { failure: StorageUnavailableError };
export const isFilePart = (value: unknown): value is FilePart =>
  typeof value === 'object' && value !== null && ('tempPath' in value || 'failure' in value);

/** The helpers every screen of the editor uses: answering with a screen, and the photos of a form. */
export function editorKit({ content, pages, media, timeZone, now }: SiteEditorOptions) {
  /**
   * Puts each photo of a section's value as this server has it (its size and placeholder, with the
   * alt text given); answers the photo fields whose photo it does not have (or that name none).
   */
  const completePhotos = (section: Section, value: Record<string, unknown>) => {
    const missing: { name: string; field: PhotoField; photo: { id: string; alt: string } }[] = [];
    for (const { name, field, photo } of photosIn(section, value)) {
      if (!photo) continue;
      const stored = media.get(photo.id);
      if (stored) replaceAt(value, name, { ...stored, alt: photo.alt });
      else missing.push({ name, field, photo });
    }
    return missing;
  };

  /**
   * Puts each PDF of a section's value as this server has it (its size); answers the PDF fields
   * whose PDF it does not have.
   */
  const completePdfs = (section: Section, value: Record<string, unknown>) => {
    const missing: { name: string; field: PdfField; pdf: { id: string } }[] = [];
    for (const { name, field, pdf } of pdfsIn(section, value)) {
      if (!pdf) continue;
      const stored = media.pdf(pdf.id);
      if (stored) replaceAt(value, name, { id: stored.id, bytes: stored.bytes });
      else missing.push({ name, field, pdf });
    }
    return missing;
  };

  /**
   * Imported content with each photo and PDF as this server has it (a photo's size and placeholder,
   * a PDF's size, from its files); refused when one is not here (exported from another site, or its
   * files lost).
   */
  const withStoredPhotos = (read: ReadContent): ReadContent => {
    if ('errors' in read) return read;
    let imported: SiteContent = read.content;
    const errors: string[] = [];
    for (const section of SECTIONS) {
      const value = structuredClone(sectionValue(imported, section.id)) as Record<string, unknown>;
      for (const { field, photo } of completePhotos(section, value)) {
        errors.push(
          `${sectionTitle(section, imported)}: the ${field.label.toLowerCase()} (photo ${photo.id}) is not on this server. Upload the same photo in the editor here, then import the file again.`,
        );
      }
      for (const { field, pdf } of completePdfs(section, value)) {
        errors.push(
          `${sectionTitle(section, imported)}: the ${field.label} (${pdf.id}) is not on this server. Upload the same PDF in the editor here, then import the file again.`,
        );
      }
      imported = withSection(imported, section.id, value);
    }
    return errors.length > 0 ? { errors } : { content: imported };
  };

  /**
   * The form's stored files of one kind (`find`: photos or PDFs) by id, each with whether the site
   * already shows it: for the photos' previews and the PDFs' sizes.
   */
  const filesOf = <T extends object>(section: Section, values: FormValues, find: (id: string) => T | undefined) => {
    const published = new Set(
      Object.values(toFormValues(section, sectionValue(content.current().content, section.id))),
    );
    return Object.fromEntries(
      Object.entries(values)
        .filter(([name]) => name.endsWith('.id'))
        .flatMap(([, id]) => {
          const stored = find(id);
          return stored ? [[id, { ...stored, published: published.has(id) }]] : [];
        }),
    ) as Record<string, T & { published: boolean }>;
  };
  const photosOf = (section: Section, values: FormValues): FormPhotos => filesOf(section, values, media.get);
  const pdfsOf = (section: Section, values: FormValues): FormPdfs => filesOf(section, values, media.pdf);

  /** Answers with a screen of the editor (for this request only: never stored). */
  const show = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: Pick<AdminSitePage, 'view' | 'message'>,
    status = 200,
    path = request.url.split('?')[0]!,
  ) =>
    pages.sendPrivate(
      reply,
      path,
      {
        admin: {
          ...reply.signedIn(),
          screen: 'site',
          now: new Date(now()).toISOString(),
          revision: content.current().revision,
          ...page,
        },
      },
      status,
    );

  const describe = (revision: RevisionSummary) =>
    `version ${revision.id}, saved by ${revision.actor} on ${formatInZone(revision.createdAt, timeZone)}`;

  return { completePhotos, completePdfs, withStoredPhotos, photosOf, pdfsOf, show, describe };
}

export type EditorKit = ReturnType<typeof editorKit>;
