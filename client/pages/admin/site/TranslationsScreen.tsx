import { countsLine, publishSays, TRANSLATION_TEXT } from '../../../../shared/admin/texts.js';
import { ADMIN_PATHS, pathTo } from '../../../../shared/admin/paths.js';
import { LANGUAGE_INFO } from '../../../../shared/i18n/languages.js';
import type { AdminSitePage } from '../../../../shared/site-editor.js';
import { translationFormPath, type TranslationsView } from '../../../../shared/translations.js';
import { Notice } from './Notice.js';

type Language = TranslationsView['languages'][number];

/** Publish (saying what becomes public) or Unpublish: a plain form each. */
function Publishing({ language, csrf }: { language: Language; csrf: string }) {
  const { code, published, counts } = language;
  const name = LANGUAGE_INFO[code].english;
  return (
    <div className="translation-publish">
      <p>{published ? TRANSLATION_TEXT.isPublic : TRANSLATION_TEXT.isPrivate}</p>
      {(!published || counts.drafts > 0) && (
        <form method="post" action={pathTo(ADMIN_PATHS.siteTranslationPublish, { lang: code })}>
          <input type="hidden" name="_csrf" value={csrf} />
          <p className="field__hint">{publishSays(name, `/${code}/`, counts.drafts, counts.missing)}</p>
          <button type="submit" className="button">{`${TRANSLATION_TEXT.publish} ${name}`}</button>
        </form>
      )}
      {published && (
        <form method="post" action={pathTo(ADMIN_PATHS.siteTranslationUnpublish, { lang: code })}>
          <input type="hidden" name="_csrf" value={csrf} />
          <button type="submit" className="button button--ghost">{`${TRANSLATION_TEXT.unpublish} ${name}`}</button>
        </form>
      )}
    </div>
  );
}

/** The missing and stale texts as an XLIFF file for a translator, and the translated file back as drafts. */
function XliffTransfer({ code, csrf }: { code: Language['code']; csrf: string }) {
  const id = `xliff-${code}`;
  return (
    <div className="translation-transfer">
      <a href={pathTo(ADMIN_PATHS.siteTranslationExport, { lang: code })} className="button button--ghost" download>
        {TRANSLATION_TEXT.exportXliff}
      </a>
      <form
        method="post"
        action={pathTo(ADMIN_PATHS.siteTranslationImport, { lang: code })}
        encType="multipart/form-data"
        aria-label={`${TRANSLATION_TEXT.importXliff}: ${LANGUAGE_INFO[code].english}`}
      >
        <input type="hidden" name="_csrf" value={csrf} />
        <label htmlFor={id}>{TRANSLATION_TEXT.importFile}</label>{' '}
        <input id={id} name="file" type="file" accept=".xlf,.xliff,application/xliff+xml" required />{' '}
        <button type="submit" className="button button--ghost">
          {TRANSLATION_TEXT.importButton}
        </button>
      </form>
    </div>
  );
}

function LanguageCard({ language, csrf }: { language: Language; csrf: string }) {
  const { code, counts, sections } = language;
  const info = LANGUAGE_INFO[code];
  return (
    <section aria-labelledby={`lang-${code}`} className="card card--padded">
      <h3 id={`lang-${code}`}>
        {info.english} <span lang={code}>({info.native})</span>
      </h3>
      <p>{`${countsLine(counts)}.`}</p>
      <Publishing language={language} csrf={csrf} />
      <XliffTransfer code={code} csrf={csrf} />
      {/* On a phone the table scrolls in its own box; the page does not. */}
      <div
        className="table-scroll"
        role="region"
        aria-label={`${info.english}, ${TRANSLATION_TEXT.pageByPage}`}
        tabIndex={0}
      >
        <table className="translation-counts">
          <caption>{`${info.english}, ${TRANSLATION_TEXT.pageByPage}`}</caption>
          <thead>
            <tr>
              {Object.values(TRANSLATION_TEXT.columns).map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sections.map((section) => (
              <tr key={section.id}>
                <th scope="row">
                  <a href={translationFormPath(code, section.id)}>{section.title}</a>
                </th>
                <td>{section.counts.translated}</td>
                <td>{section.counts.missing}</td>
                <td>{section.counts.stale}</td>
                <td>
                  <ul className="translation-todo">
                    {section.todo.map((field) => (
                      <li key={field.path}>
                        <a href={translationFormPath(code, section.id, field.path)}>{field.label}</a>{' '}
                        {field.state === 'missing' ? TRANSLATION_TEXT.missingMark : TRANSLATION_TEXT.staleMark}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** /admin/site/translations: per language and page, what is translated, missing and stale; Publish / Unpublish. */
export function TranslationsScreen({ page, view }: { page: AdminSitePage; view: TranslationsView }) {
  return (
    <>
      <h2>{TRANSLATION_TEXT.title}</h2>
      <Notice message={page.message} />
      {view.errors.length > 0 && (
        <div className="error-summary" role="alert" aria-labelledby="xliff-errors-title">
          <h3 id="xliff-errors-title">{TRANSLATION_TEXT.importRefused}</h3>
          <ul>
            {view.errors.map((error, index) => (
              <li key={index}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      <p>{TRANSLATION_TEXT.intro}</p>
      {view.languages.map((language) => (
        <LanguageCard key={language.code} language={language} csrf={page.csrfToken} />
      ))}
    </>
  );
}
