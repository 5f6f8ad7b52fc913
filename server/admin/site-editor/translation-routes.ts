import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import {
  TRANSLATION_TEXT,
  languagePublished,
  languageUnpublished,
  translationsImported,
  translationsSaved,
} from '../../../shared/admin/texts.js';
import { findSection, SECTIONS, sectionTitle } from '../../../shared/content/sections.js';
import { isTranslatedLanguage, LANGUAGE_INFO, TRANSLATED_LANGUAGES } from '../../../shared/i18n/languages.js';
import type { TranslatedLanguage } from '../../../shared/i18n/languages.js';
import { countTranslations, translationFormPath, type TranslationsView } from '../../../shared/translations.js';
import { createTranslations } from '../../site-content/languages/translations.js';
import type { EditorKit, SiteEditorOptions } from './editor-kit.js';
import { labelled } from './form-labels.js';
import { translationTransferRoutes } from './translation-transfer-routes.js';

type LangParams = { Params: { lang: string } };
type Message = { kind: 'success' | 'error'; text: string } | null;

const TRANSLATION_PREFIX = 't.';
const CONFIRM_PREFIX = 'confirm.';

/** What the overview says after Publish, Unpublish or an import (?published=de, ?imported=4&lang=de). */
function overviewMessage(query: {
  published?: string;
  unpublished?: string;
  imported?: string;
  lang?: string;
}): Message {
  const code = query.published ?? query.unpublished ?? query.lang;
  if (!code || !isTranslatedLanguage(code)) return null;
  const language = LANGUAGE_INFO[code].english;
  const text =
    query.imported !== undefined
      ? translationsImported(Number(query.imported), language)
      : query.published
        ? languagePublished(language)
        : languageUnpublished(language);
  return { kind: 'success', text };
}

/**
 * /admin/site/translations: the overview (per language and section, what is translated, missing and
 * stale), a section's form in one language (the English beside each translation; saved as drafts),
 * and Publish / Unpublish of a language (its drafts only; the page cache emptied).
 */
export function translationRoutes(admin: FastifyInstance, options: SiteEditorOptions, { show }: EditorKit) {
  const { content, pages } = options;
  const translations = createTranslations(options);
  try {
    translations.seedDefaults(content.current().content);
  } catch (error) {
    // A full disk at start: the site starts without them, and the next start tries again.
    admin.log.warn({ err: error }, 'translations: the default texts’ translations could not be stored');
  }
  const languageOf = (request: FastifyRequest<LangParams>) =>
    isTranslatedLanguage(request.params.lang) ? request.params.lang : undefined;

  const overview = (errors: string[] = []): TranslationsView => {
    const current = content.current().content;
    return {
      name: 'translations',
      errors,
      languages: TRANSLATED_LANGUAGES.map((code) => {
        const fields = translations.fields(code, current);
        return {
          code,
          published: translations.isPublic(code),
          counts: countTranslations(fields),
          sections: SECTIONS.map((section) => {
            const own = fields.filter((field) => field.section === section.id);
            return {
              id: section.id,
              title: sectionTitle(section, current),
              counts: countTranslations(own),
              todo: own.filter((field) => field.state !== 'translated').map(labelled),
            };
          }).filter((section) => section.counts.translated + section.counts.missing + section.counts.stale > 0),
        };
      }),
    };
  };
  const showOverview = (
    request: FastifyRequest,
    reply: FastifyReply,
    message: Message,
    errors?: string[],
    status = 200,
  ) => show(request, reply, { view: overview(errors), message }, status, ADMIN_PATHS.siteTranslations);

  admin.get<{ Querystring: { published?: string; unpublished?: string; imported?: string; lang?: string } }>(
    ADMIN_PATHS.siteTranslations,
    { config: { access: 'redirect' } },
    async (request, reply) => {
      return showOverview(request, reply, overviewMessage(request.query));
    },
  );

  admin.get<LangParams & { Querystring: { section?: string; saved?: string } }>(
    ADMIN_PATHS.siteTranslation,
    { config: { access: 'redirect' } },
    async (request, reply) => {
      const lang = languageOf(request);
      const section = findSection(request.query.section ?? SECTIONS[0]!.id);
      if (!lang || !section) return reply.callNotFound();
      const fields = translations
        .fields(lang, content.current().content)
        .filter((field) => field.section === section.id)
        .map(labelled);
      const saved = Number(request.query.saved);
      const message: Message = Number.isInteger(saved)
        ? { kind: 'success', text: translationsSaved(saved, LANGUAGE_INFO[lang].english) }
        : null;
      return show(request, reply, {
        view: {
          name: 'translation',
          lang,
          section: section.id,
          published: translations.isPublic(lang),
          fields,
          counts: countTranslations(fields),
        },
        message,
      });
    },
  );

  admin.post<LangParams & { Body: Record<string, string | undefined> }>(
    ADMIN_PATHS.siteTranslation,
    async (request, reply) => {
      const lang = languageOf(request);
      const section = findSection(request.body.section ?? '');
      if (!lang || !section) return reply.callNotFound();
      const given = new Map<string, string>();
      const confirmed = new Set<string>();
      for (const [name, value] of Object.entries(request.body)) {
        if (typeof value !== 'string') continue;
        if (name.startsWith(TRANSLATION_PREFIX)) given.set(name.slice(TRANSLATION_PREFIX.length), value);
        if (name.startsWith(CONFIRM_PREFIX)) confirmed.add(name.slice(CONFIRM_PREFIX.length));
      }
      const saved = translations.saveDrafts(
        lang,
        content.current().content,
        given,
        request.adminAccount!.email,
        confirmed,
      );
      return reply.redirect(`${translationFormPath(lang, section.id)}&saved=${saved}`, 303);
    },
  );

  const publishing = (path: string, act: (lang: TranslatedLanguage) => void, done: 'published' | 'unpublished') =>
    admin.post<LangParams>(path, async (request, reply) => {
      const lang = languageOf(request);
      if (!lang) return reply.callNotFound();
      act(lang);
      pages.forget();
      return reply.redirect(`${ADMIN_PATHS.siteTranslations}?${done}=${lang}`, 303);
    });
  publishing(ADMIN_PATHS.siteTranslationPublish, translations.publish, 'published');
  publishing(ADMIN_PATHS.siteTranslationUnpublish, translations.unpublish, 'unpublished');

  translationTransferRoutes(admin, options, translations, (request, reply, errors, status) =>
    showOverview(request, reply, { kind: 'error', text: TRANSLATION_TEXT.importRefused }, errors, status),
  );
}
