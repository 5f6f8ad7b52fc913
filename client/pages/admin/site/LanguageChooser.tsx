import { TRANSLATION_TEXT } from '../../../../shared/admin/texts.js';
import { sectionPath, type SectionId } from '../../../../shared/content/sections.js';
import { LANGUAGE_INFO, languages, type LanguageCode } from '../../../../shared/i18n/languages.js';
import { translationFormPath } from '../../../../shared/translations.js';

/** The language a section is edited in: English (its own form) or a translation (the translation form). Plain links. */
export function LanguageChooser({ section, current }: { section: SectionId; current: LanguageCode }) {
  return (
    <nav aria-label={TRANSLATION_TEXT.chooseLanguage} className="language-chooser">
      <span className="field__hint">{`${TRANSLATION_TEXT.chooseLanguage}:`}</span>{' '}
      {languages.map((code) => (
        <a
          key={code}
          href={code === 'en' ? sectionPath(section) : translationFormPath(code, section)}
          aria-current={code === current ? 'page' : undefined}
          lang={code}
        >
          {LANGUAGE_INFO[code].native}
        </a>
      ))}
    </nav>
  );
}
