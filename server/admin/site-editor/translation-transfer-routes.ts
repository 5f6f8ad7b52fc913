import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { TRANSLATION_TEXT } from '../../../shared/admin/texts.js';
import { isTranslatedLanguage, type TranslatedLanguage } from '../../../shared/i18n/languages.js';
import { sendAttachment } from '../../platform/http/attachment.js';
import { STORAGE_RETRY_AFTER_SECONDS } from '../../platform/storage/storage-error.js';
import type { TranslationsService } from '../../site-content/languages/translations.js';
import { isFilePart, type SiteEditorOptions } from './editor-kit.js';
import { labelled } from './form-labels.js';
import { readXliff, writeXliff, type FileOrigin } from './translation-file.js';

type Refuse = (request: FastifyRequest, reply: FastifyReply, errors: string[], status: number) => Promise<FastifyReply>;

/**
 * A language's missing and stale fields exported as XLIFF 1.2 for a translator, and the translated
 * file imported back as drafts: refused, changing nothing, when it is for another site, language or
 * version of the content.
 */
export function translationTransferRoutes(
  admin: FastifyInstance,
  { content, config }: SiteEditorOptions,
  translations: TranslationsService,
  refuse: Refuse,
) {
  const origin = (lang: TranslatedLanguage): FileOrigin => ({
    host: new URL(config.site.siteUrl).host,
    lang,
    revision: content.current().revision.id,
  });

  admin.get<{ Params: { lang: string } }>(
    ADMIN_PATHS.siteTranslationExport,
    { config: { access: 'unauthorized' } },
    async (request, reply) => {
      const { lang } = request.params;
      if (!isTranslatedLanguage(lang)) return reply.callNotFound();
      const todo = translations
        .fields(lang, content.current().content)
        .filter((field) => field.state !== 'translated')
        .map(labelled);
      const file = origin(lang);
      return sendAttachment(
        reply,
        { name: `translations_${lang}_version-${file.revision}.xlf`, type: 'application/xliff+xml; charset=utf-8' },
        await writeXliff(file, todo),
      );
    },
  );

  admin.post<{ Params: { lang: string }; Body: { file?: unknown } }>(
    ADMIN_PATHS.siteTranslationImport,
    async (request, reply) => {
      const { lang } = request.params;
      if (!isTranslatedLanguage(lang)) return reply.callNotFound();
      const upload = request.body?.file;
      if (isFilePart(upload) && 'failure' in upload) {
        reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
        return refuse(request, reply, ['The server cannot store anything just now: try again in a minute.'], 503);
      }
      if (!isFilePart(upload) || 'failure' in upload || upload.bytes === 0 || upload.tooLarge)
        return refuse(request, reply, [`${TRANSLATION_TEXT.importFile}: choose the translated file to import.`], 400);
      const current = content.current().content;
      const fields = translations.fields(lang, current);
      const read = await readXliff(
        await readFile(upload.tempPath, 'utf8'),
        origin(lang),
        new Set(fields.map((field) => field.path)),
      );
      if ('errors' in read) return refuse(request, reply, read.errors, 400);
      const saved = translations.saveDrafts(lang, current, read.translations, request.adminAccount!.email);
      return reply.redirect(`${ADMIN_PATHS.siteTranslations}?imported=${saved}&lang=${lang}`, 303);
    },
  );
}
