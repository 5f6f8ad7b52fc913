import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { CONTENT_FILE_FORMAT, CONTENT_FILE_VERSION } from '../../../shared/site-editor.js';
import { sendAttachment } from '../../platform/http/attachment.js';
import { STORAGE_RETRY_AFTER_SECONDS } from '../../platform/storage/storage-error.js';
import { contentChanges } from './content-changes.js';
import { readContent, readContentFile } from './content-file.js';
import { isFilePart, type EditorKit, type SiteEditorOptions } from './editor-kit.js';

export const IMPORT_FILE_LIMIT = 1024 * 1024;

/** Export of the whole content as a JSON file, and its import: checked and compared first, applied once confirmed. */
export function transferRoutes(admin: FastifyInstance, { content }: SiteEditorOptions, kit: EditorKit) {
  const { show, describe, withStoredPhotos } = kit;

  admin.get(ADMIN_PATHS.siteExport, { config: { access: 'unauthorized' } }, async (_request, reply) => {
    const { revision, content: current } = content.current();
    const file = {
      format: CONTENT_FILE_FORMAT,
      version: CONTENT_FILE_VERSION,
      revision: revision.id,
      exportedAt: new Date().toISOString(),
      content: current,
    };
    return sendAttachment(
      reply,
      { name: `site-content_version-${revision.id}.json`, type: 'application/json; charset=utf-8' },
      `${JSON.stringify(file, null, 2)}\n`,
    );
  });

  admin.get(ADMIN_PATHS.siteTransfer, { config: { access: 'redirect' } }, async (request, reply) => {
    return show(request, reply, { view: { name: 'transfer', errors: [], preview: null }, message: null });
  });

  // Import, step 1: the file is checked and compared with the published content (nothing saved).
  admin.post<{ Body: { file?: unknown; _csrf?: string } }>(ADMIN_PATHS.siteImportCheck, async (request, reply) => {
    const refuse = (errors: string[], status = 400) =>
      show(
        request,
        reply,
        {
          view: { name: 'transfer', errors, preview: null },
          message: { kind: 'error', text: 'The file was not imported.' },
        },
        status,
        ADMIN_PATHS.siteTransfer,
      );
    const upload = request.body?.file;
    if (isFilePart(upload) && 'failure' in upload) {
      reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
      return refuse(['The server cannot store anything just now: try again in a minute.'], 503);
    }
    if (!isFilePart(upload) || 'failure' in upload || upload.bytes === 0)
      return refuse(['Choose a site content file (.json) to import.']);
    if (upload.tooLarge)
      return refuse(
        [`The file is larger than ${IMPORT_FILE_LIMIT / (1024 * 1024)} MB: it is not a site content export.`],
        413,
      );
    const read = withStoredPhotos(readContentFile(await readFile(upload.tempPath, 'utf8')));
    if ('errors' in read) return refuse(read.errors);
    const changes = contentChanges(content.current().content, read.content);
    return show(
      request,
      reply,
      {
        view: { name: 'transfer', errors: [], preview: { json: JSON.stringify(read.content), changes } },
        message: null,
      },
      200,
      ADMIN_PATHS.siteTransfer,
    );
  });

  // Import, step 2: applied as a new revision, unless the content changed since the comparison.
  admin.post<{ Body: { json?: string; base?: string } }>(
    ADMIN_PATHS.siteImportApply,
    { bodyLimit: 2 * IMPORT_FILE_LIMIT, config: { risky: { what: RISKY_ACTIONS.importContent } } },
    async (request, reply) => {
      const json = request.body?.json ?? '';
      const read = withStoredPhotos(readContent(json));
      if ('errors' in read)
        return show(
          request,
          reply,
          {
            view: { name: 'transfer', errors: read.errors, preview: null },
            message: { kind: 'error', text: 'The file was not imported.' },
          },
          400,
          ADMIN_PATHS.siteTransfer,
        );
      const base = Number(request.body?.base);
      const result = content.commit(base, (current, atBase) => (current === atBase ? read.content : null), {
        actor: request.adminAccount!.email,
        note: 'Imported from a file',
      });
      if ('conflict' in result) {
        const changes = contentChanges(content.current().content, read.content);
        return show(
          request,
          reply,
          {
            view: { name: 'transfer', errors: [], preview: { json, changes } },
            message: {
              kind: 'error',
              text: `Not imported: the site was changed meanwhile (${describe(result.conflict.revision)}). Here is what the file would change now; apply it again if that is still right.`,
            },
          },
          409,
          ADMIN_PATHS.siteTransfer,
        );
      }
      request.log.info({ revision: result.published.revision.id }, 'site editor: content imported');
      return reply.redirect(`${ADMIN_PATHS.site}?imported=${result.published.revision.id}`, 303);
    },
  );
}
