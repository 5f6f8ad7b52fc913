import type { SiteContent } from '../../../shared/content/schema.js';
import { translatableTexts, type TranslatableText } from '../../../shared/content/translatable.js';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../../../shared/i18n/languages.js';
import type { TranslationField } from '../../../shared/translations.js';
import { SYSTEM_ACTOR } from '../../platform/db/audit-log.js';
import type { DB } from '../../platform/db/open-database.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import { defaultTranslationsFor } from './default-translations.js';

interface Row {
  path: string;
  state: 'draft' | 'published';
  text: string;
  source: string;
}

export type TranslationsService = ReturnType<typeof createTranslations>;

/** Where a translation stands against the English now: none (missing), made from other English (stale), or current. */
function stateOf(text: string, source: string, english: string): TranslationField['state'] {
  if (text.trim() === '') return 'missing';
  return source === english ? 'translated' : 'stale';
}

/**
 * The translations of the site content (site_translations): per language and field, a draft and the
 * published text, each with the English it was made from. Saving writes drafts only; publishing a
 * language publishes its drafts (no other language's) and makes the language public (site_languages).
 */
export function createTranslations({ db, storage, now }: { db: DB; storage: StorageMonitor; now: () => number }) {
  const rowsOf = db.prepare<[string], Row>('SELECT path, state, text, source FROM site_translations WHERE lang = ?');
  const putDraft = db.prepare(
    `INSERT INTO site_translations (lang, path, state, text, source, saved_at, actor) VALUES (?, ?, 'draft', ?, ?, ?, ?)
     ON CONFLICT (lang, path, state) DO UPDATE SET text = excluded.text, source = excluded.source,
       saved_at = excluded.saved_at, actor = excluded.actor`,
  );
  const publishDrafts = db.prepare(
    `INSERT INTO site_translations (lang, path, state, text, source, saved_at, actor)
       SELECT lang, path, 'published', text, source, saved_at, actor FROM site_translations WHERE lang = ? AND state = 'draft'
     ON CONFLICT (lang, path, state) DO UPDATE SET text = excluded.text, source = excluded.source,
       saved_at = excluded.saved_at, actor = excluded.actor`,
  );
  const dropDrafts = db.prepare("DELETE FROM site_translations WHERE lang = ? AND state = 'draft'");
  const makePublic = db.prepare('INSERT OR REPLACE INTO site_languages (code, published_at) VALUES (?, ?)');
  const makePrivate = db.prepare('DELETE FROM site_languages WHERE code = ?');
  const anyTranslation = db.prepare('SELECT 1 FROM site_translations LIMIT 1');
  const isPublic = db.prepare<[string], { code: string }>('SELECT code FROM site_languages WHERE code = ?');

  /** Each translatable text of the content with its translation in `lang`: the draft when there is one, else the published. */
  function fields(lang: TranslatedLanguage, content: SiteContent): TranslationField[] {
    const byPath = new Map<string, { draft?: Row; published?: Row }>();
    for (const row of rowsOf.all(lang)) byPath.set(row.path, { ...byPath.get(row.path), [row.state]: row });
    return translatableTexts(content).map((text: TranslatableText): TranslationField => {
      const { draft, published } = byPath.get(text.path) ?? {};
      const current = draft ?? published;
      const translation = current?.text ?? '';
      return {
        ...text,
        translation,
        state: stateOf(translation, current?.source ?? '', text.english),
        draft: draft !== undefined && (draft.text !== published?.text || draft.source !== published.source),
      };
    });
  }

  return {
    fields,

    isPublic: (lang: TranslatedLanguage): boolean => isPublic.get(lang) !== undefined,

    /**
     * Saves as drafts the translations given (by path) that differ from what the field has, each with
     * the English it now translates; `confirmed` paths keep their text but are marked as made from
     * the English now (the owner checked a stale one). Paths that are not translatable texts of the
     * content are ignored. Answers how many fields were saved.
     */
    saveDrafts(
      lang: TranslatedLanguage,
      content: SiteContent,
      given: ReadonlyMap<string, string>,
      actor: string,
      confirmed: ReadonlySet<string> = new Set(),
    ): number {
      const at = new Date(now()).toISOString();
      return storage.write(() => {
        let saved = 0;
        for (const field of fields(lang, content)) {
          const text = given.get(field.path)?.replace(/\r\n?/g, '\n').trim();
          const changed = text !== undefined && text !== field.translation;
          const checked = confirmed.has(field.path) && field.state === 'stale';
          if (!changed && !checked) continue;
          putDraft.run(lang, field.path, text ?? field.translation, field.english, at, actor);
          saved++;
        }
        return saved;
      });
    },

    /**
     * On a site that has no translation yet, the shipped translations of the default texts it still
     * has, as drafts of every language: publishing a language shows them at once.
     */
    seedDefaults(content: SiteContent): void {
      if (anyTranslation.get() !== undefined) return;
      for (const lang of TRANSLATED_LANGUAGES)
        this.saveDrafts(lang, content, defaultTranslationsFor(lang, content), SYSTEM_ACTOR);
    },

    /** Publishes the language's drafts (and no other language's) and makes the language public. */
    publish(lang: TranslatedLanguage): void {
      storage.write(() => {
        publishDrafts.run(lang);
        dropDrafts.run(lang);
        makePublic.run(lang, new Date(now()).toISOString());
      });
    },

    /** The language's pages are no longer public; its translations are kept. */
    unpublish(lang: TranslatedLanguage): void {
      storage.write(() => makePrivate.run(lang));
    },
  };
}
