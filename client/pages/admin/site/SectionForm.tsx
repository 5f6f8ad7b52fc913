import { Fragment, useEffect, type ReactNode } from 'react';
import { NOTE_FIELD } from '../../../../shared/content/fields.js';
import {
  findSection,
  inputId,
  leaves,
  photoInputs,
  sectionPath,
  sectionTitle,
  type Entry,
  type FormValues,
} from '../../../../shared/content/sections.js';
import type { AdminSitePage, FormPdfs, FormPhotos, SectionView } from '../../../../shared/site-editor.js';
import { ADMIN_TEXT } from '../../../../shared/admin/texts.js';
import { useContent } from '../../../context/site-context.js';
import { ErrorSummary } from '../../../components/enquiry/ErrorSummary.js';
import { controlProps, FieldFrame } from '../../../components/FormField.js';
import { ContentField } from './ContentField.js';
import { growsWithText } from './auto-grow.js';
import { LineArea } from './GrowingText.js';
import { NAME_FIT_ID, NameFitHint } from './NameFitHint.js';
import { LanguageChooser } from './LanguageChooser.js';
import { useSectionSave } from './use-section-save.js';

type EntriesProps = {
  entries: readonly Entry[];
  values: FormValues;
  photos: FormPhotos;
  pdfs: FormPdfs;
  errors: Record<string, string>;
  focus?: string;
  /** What shows under a field, by its name, and its id (the company name's warning). */
  after?: Record<string, { id: string; node: ReactNode }>;
};

function Entries({ entries, after, ...props }: EntriesProps) {
  return entries.map((entry) =>
    'field' in entry ? (
      <Fragment key={entry.name}>
        {/* A photo field starts afresh (no file chosen) once its photo is stored. */}
        <ContentField
          key={entry.field.kind === 'photo' ? `${entry.name}:${props.values[photoInputs(entry.name).id]}` : entry.name}
          name={entry.name}
          field={entry.field}
          note={after?.[entry.name] ? after[entry.name]!.id : undefined}
          {...props}
        />
        {after?.[entry.name]?.node}
      </Fragment>
    ) : (
      <fieldset key={entry.legend} className="content-group">
        <legend>{entry.legend}</legend>
        {entry.hint && <p className="field__hint">{entry.hint}</p>}
        <Entries entries={entry.entries} after={after} {...props} />
      </fieldset>
    ),
  );
}

/** Where a message in the summary links to: the input it is about (a rows field's first input). */
function targetOf(name: string, entries: readonly Entry[]): string {
  const field = leaves(entries).find((leaf) => leaf.name === name)?.field;
  return inputId(
    field?.kind === 'rows'
      ? `${name}.0.${Object.keys(field.columns)[0]}`
      : field?.kind === 'lines'
        ? `${name}.0`
        : name,
  );
}

/** A form with a photo field, or rows with photos or PDFs, is sent as multipart (its files with it). */
const hasFiles = (entries: readonly Entry[]) =>
  leaves(entries).some(
    ({ field }) =>
      field.kind === 'photo' ||
      (field.kind === 'rows' &&
        Object.values(field.columns).some((cell) => cell.kind !== 'text' && cell.kind !== 'paragraphs')),
  );

/**
 * A section's form. Without JavaScript it posts and the server answers with the page (303 after a
 * save, the form again with messages after a refusal). With JavaScript it saves in place: the same
 * form data, answered with JSON, and the outcome in a live region.
 */
export function SectionForm({ page, view }: { page: AdminSitePage; view: SectionView }) {
  const section = findSection(view.section)!;
  const content = useContent();
  const multipart = hasFiles(section.entries);
  const { state, saving, sent, sending, csrfToken, save, summaryRef, statusRef } = useSectionSave(
    section,
    page,
    view,
    multipart,
  );
  const noteControl = {
    ...controlProps('field-note', state.errors.note, NOTE_FIELD.hint),
    name: 'note',
    maxLength: NOTE_FIELD.max,
    defaultValue: state.note,
  };
  const errorList = Object.entries(state.errors).map(([name, message]): [string, string] => [
    targetOf(name, section.entries),
    message,
  ]);

  // After a row was added, moved or deleted in place: focus where the server said.
  useEffect(() => {
    if (state.forms > 0 && state.focus) document.getElementById(state.focus)?.focus();
  }, [state.forms, state.focus]);

  return (
    <>
      <h2>{sectionTitle(section, content)}</h2>
      <LanguageChooser section={section.id} current="en" />
      <p className="field__hint">
        {`Shown on: ${section.shownAt}. Preview shows the page with your changes before anything is published.`}{' '}
        <a href={section.view}>View on the site</a>
      </p>
      {/* Outside the live region: a screen reader is not told every percent. */}
      {sent !== null && (
        <p className="notice">
          <label htmlFor="upload-progress">{`Sending ${sending}: ${Math.round(sent * 100)} %`}</label>
          <progress id="upload-progress" max={1} value={sent} />
        </p>
      )}
      <div aria-live="polite">
        {state.message && sent === null && (
          <p
            ref={statusRef}
            tabIndex={-1}
            className={`notice notice--${state.message.kind}`}
            role={state.message.kind === 'error' ? 'alert' : 'status'}
          >
            {state.message.text}
          </p>
        )}
      </div>
      <ErrorSummary ref={summaryRef} heading={ADMIN_TEXT.correctThese} errors={errorList} />
      {/* Saved values replace the form (key), typed values stay after a refusal. */}
      <form
        key={state.forms}
        method="post"
        action={sectionPath(section.id)}
        encType={multipart ? 'multipart/form-data' : undefined}
        className="content-form"
        onSubmit={save}
        noValidate
      >
        {/* The form's default button, first: Enter in a field saves, never a row's Up or Delete. */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Save and publish
        </button>
        <input type="hidden" name="_csrf" value={csrfToken} />
        {/* A draft's form saves against the version it was made on (a save since then is a conflict). */}
        <input
          type="hidden"
          name="base"
          value={!state.saved && view.base !== undefined ? view.base : state.revision.id}
        />
        {/* Read-only while saving: what is typed meanwhile would be replaced by the saved values. */}
        <fieldset className="content-fields" disabled={saving}>
          <Entries
            entries={section.entries}
            values={state.values}
            photos={state.photos}
            pdfs={state.pdfs}
            errors={state.errors}
            focus={state.focus}
            after={
              section.id === 'company'
                ? {
                    name: {
                      id: NAME_FIT_ID,
                      node: <NameFitHint name={state.values.name ?? ''} shortName={state.values.shortName ?? ''} />,
                    },
                  }
                : undefined
            }
          />
          <FieldFrame id="field-note" label={NOTE_FIELD.label} hint={NOTE_FIELD.hint} error={state.errors.note}>
            {growsWithText(NOTE_FIELD, 'field') ? (
              <LineArea {...noteControl} place="field" />
            ) : (
              <input {...noteControl} type="text" />
            )}
          </FieldFrame>
        </fieldset>
        {/* Stays in view at the bottom of the window while the form is longer than it (admin.css). */}
        <div className="save-bar">
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving…' : 'Save and publish'}
          </button>
          <button type="submit" name="intent" value="preview" className="button button--ghost" disabled={saving}>
            Preview
          </button>
        </div>
      </form>
    </>
  );
}
