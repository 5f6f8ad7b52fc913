import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PDF_LIMITS } from '../../../shared/content/pdf.js';
import { PHOTO_LIMITS } from '../../../shared/content/photo.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { asStorageFailure } from '../../platform/storage/storage-error.js';
import { editorKit, type FilePart, type SiteEditorOptions } from './editor-kit.js';
import { historyRoutes } from './history-routes.js';
import { createPreviewDrafts } from './preview-drafts.js';
import { previewRoutes } from './preview-routes.js';
import { trackReceivedFiles } from './received-files.js';
import { restoreRoutes } from './restore-routes.js';
import { sectionRoutes } from './section-routes.js';
import { IMPORT_FILE_LIMIT, transferRoutes } from './transfer-routes.js';
import { translationRoutes } from './translation-routes.js';

export type { SiteEditorOptions } from './editor-kit.js';

/**
 * A multipart form (a section with photos, or the import): its texts and its files, one per photo
 * field (Home: one per slide; a rows field with photos, one per row, sent even when none is
 * chosen), each streamed to a temporary file first. A file is cut one byte over the photo limit, so
 * that it is known to be too large.
 */
const MULTIPART_LIMITS = {
  fileSize: PHOTO_LIMITS.maxBytes + 1,
  files: 200,
  fields: 3000,
  fieldSize: 64 * 1024,
  parts: 3200,
};

/**
 * /admin/site: the site editor. A form per section of the content (saved as a new revision, and
 * refused when that section changed since the form was opened, or previewed as a draft first), the
 * history with what each version changes and its restore (confirmed first, whole or one section),
 * and export and import of the whole content as a JSON file. Every save publishes at once.
 */
export default async function siteEditor(admin: FastifyInstance, options: SiteEditorOptions) {
  const { media } = options;

  // Multipart forms (sections with photos, the import) are read whole before the CSRF check, which
  // needs their _csrf field: so only a signed-in admin's are read at all (the admin guard answers
  // the others first, admin-auth.ts). Each file goes to a temporary file, removed once the request
  // is over, however it ended (received-files.ts).
  const received = trackReceivedFiles(admin, (path) => media.discard(path));
  await admin.register(multipart, {
    limits: MULTIPART_LIMITS,
    throwFileSizeLimit: false,
    attachFieldsToBody: 'keyValues',
    async onFile(this: FastifyRequest, part: MultipartFile) {
      const file = received.arriving(this);
      let value: FilePart;
      try {
        value = await media.receive(
          part.file,
          part.filename,
          part.fieldname === 'file'
            ? IMPORT_FILE_LIMIT
            : part.fieldname.endsWith('.pdf.file')
              ? PDF_LIMITS.maxBytes
              : PHOTO_LIMITS.maxBytes,
          file.named,
        );
      } catch (error) {
        part.file.resume();
        const failure = asStorageFailure(error);
        if (!failure) throw error;
        value = { failure };
      } finally {
        file.settled();
      }
      (part as unknown as { value: FilePart }).value = value;
    },
  });

  const kit = editorKit(options);
  const drafts = createPreviewDrafts(options.config.dataDir);

  admin.get<{ Querystring: { saved?: string; imported?: string } }>(
    ADMIN_PATHS.site,
    { config: { access: 'redirect' } },
    async (request, reply) => {
      const imported = request.query.imported !== undefined;
      return kit.show(request, reply, {
        view: { name: 'overview' },
        message: imported ? { kind: 'success', text: 'Imported. The site shows the imported content now.' } : null,
      });
    },
  );

  previewRoutes(admin, options, drafts);
  sectionRoutes(admin, options, kit, drafts);
  historyRoutes(admin, options, kit);
  restoreRoutes(admin, options, kit);
  transferRoutes(admin, options, kit);
  translationRoutes(admin, options, kit);
}
