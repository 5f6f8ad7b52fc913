import { ADMIN_PATHS, pathTo } from './admin/paths.js';
import type { TranslatableText } from './content/translatable.js';
import type { SectionId } from './content/sections.js';
import type { TranslatedLanguage } from './i18n/languages.js';

/** A text of the content in one language: the English, the translation (the draft if any) and where it stands. */
export interface TranslationField extends TranslatableText {
  translation: string;
  /** missing: no translation (the page shows the English); stale: made from English that has changed since. */
  state: 'translated' | 'missing' | 'stale';
  /** Saved but not yet published. */
  draft: boolean;
}

/** A field as a screen shows it: with what the editor calls it ("Slide 2: Title"). */
export type LabelledField = TranslationField & { label: string };

export interface TranslationCounts {
  translated: number;
  missing: number;
  stale: number;
  drafts: number;
}

export function countTranslations(fields: readonly TranslationField[]): TranslationCounts {
  const count = (state: TranslationField['state']) => fields.filter((field) => field.state === state).length;
  return {
    translated: count('translated'),
    missing: count('missing'),
    stale: count('stale'),
    drafts: fields.filter((field) => field.draft).length,
  };
}

/** /admin/site/translations: per language, whether it is public and its counts, per section with the fields to do. */
export interface TranslationsView {
  name: 'translations';
  languages: {
    code: TranslatedLanguage;
    published: boolean;
    counts: TranslationCounts;
    sections: { id: SectionId; title: string; counts: TranslationCounts; todo: LabelledField[] }[];
  }[];
  /** Why an XLIFF file was refused. */
  errors: string[];
}

/** /admin/site/translations/<lang>?section=<id>: a section's texts, the English beside each translation. */
export interface TranslationFormView {
  name: 'translation';
  lang: TranslatedLanguage;
  section: SectionId;
  published: boolean;
  fields: LabelledField[];
  counts: TranslationCounts;
}

/** The id of a field's translation input: the overview links to it. */
export const translationFieldId = (path: string) => `translation-${path.replace(/\./g, '-')}`;

/** The translation form of a section in a language, at a field when `path` is given. */
export const translationFormPath = (lang: TranslatedLanguage, section: SectionId, path?: string) =>
  `${pathTo(ADMIN_PATHS.siteTranslation, { lang })}?section=${encodeURIComponent(section)}${path ? `#${translationFieldId(path)}` : ''}`;
