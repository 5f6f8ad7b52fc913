import { ADMIN_PATHS, pathTo } from '../../../../shared/admin/paths.js';
import { countsLine, TRANSLATION_TEXT } from '../../../../shared/admin/texts.js';
import { findSection, sectionTitle } from '../../../../shared/content/sections.js';
import { LANGUAGE_INFO } from '../../../../shared/i18n/languages.js';
import type { AdminSitePage } from '../../../../shared/site-editor.js';
import { translationFieldId, type LabelledField, type TranslationFormView } from '../../../../shared/translations.js';
import { useContent } from '../../../context/site-context.js';
import { LanguageChooser } from './LanguageChooser.js';
import { Notice } from './Notice.js';

/** Where a field stands, in words beside it (not only a colour). */
function FieldState({ field, id }: { field: LabelledField; id: string }) {
  const notes = [
    field.state === 'missing' && TRANSLATION_TEXT.missing,
    field.state === 'stale' && TRANSLATION_TEXT.stale,
    field.draft && TRANSLATION_TEXT.draft,
  ].filter((note) => note !== false);
  if (notes.length === 0) return null;
  return (
    <p id={id} className={`translation__state translation__state--${field.state}`}>
      {notes.join(' ')}
    </p>
  );
}

function TranslationField({ field, lang }: { field: LabelledField; lang: TranslationFormView['lang'] }) {
  const id = translationFieldId(field.path);
  const info = LANGUAGE_INFO[lang];
  const multiline = field.english.length > 80 || field.english.includes('\n');
  return (
    <div className={`field translation translation--${field.state}`}>
      <label htmlFor={id}>{`${field.label} (${info.english})`}</label>
      <p className="translation__english" lang="en">
        <span className="field__hint">{`${TRANSLATION_TEXT.english}: `}</span>
        {field.english}
      </p>
      <FieldState field={field} id={`${id}-state`} />
      <textarea
        id={id}
        name={`t.${field.path}`}
        lang={lang}
        dir={info.dir}
        rows={multiline ? Math.min(12, Math.ceil(field.english.length / 60) + 1) : 1}
        defaultValue={field.translation}
        aria-describedby={field.state !== 'translated' || field.draft ? `${id}-state` : undefined}
      />
      {field.state === 'stale' && (
        <label className="checkbox">
          <input type="checkbox" name={`confirm.${field.path}`} value="1" /> {TRANSLATION_TEXT.stillRight}
        </label>
      )}
    </div>
  );
}

/** One section's texts in one language: the English beside each translation, saved as drafts (a plain form). */
export function TranslationForm({ page, view }: { page: AdminSitePage; view: TranslationFormView }) {
  const content = useContent();
  const section = findSection(view.section)!;
  const language = LANGUAGE_INFO[view.lang].english;
  return (
    <>
      <h2>{`${sectionTitle(section, content)}: ${language}`}</h2>
      <LanguageChooser section={view.section} current={view.lang} />
      <Notice message={page.message} />
      <p>{`${language}: ${countsLine(view.counts)}.`}</p>
      <form
        method="post"
        action={pathTo(ADMIN_PATHS.siteTranslation, { lang: view.lang })}
        className="translation-form"
      >
        <input type="hidden" name="_csrf" value={page.csrfToken} />
        <input type="hidden" name="section" value={view.section} />
        {view.fields.map((field) => (
          <TranslationField key={field.path} field={field} lang={view.lang} />
        ))}
        <button type="submit" className="button">
          {TRANSLATION_TEXT.save}
        </button>
      </form>
    </>
  );
}
