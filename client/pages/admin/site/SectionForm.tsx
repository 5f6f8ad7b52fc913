import { Fragment, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
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
import { BOOTSTRAP_ELEMENT_ID, type Bootstrap } from '../../../../shared/page-data.js';
import type {
  AdminSitePage,
  FormPdfs,
  FormPhotos,
  SectionSaveAnswer,
  SectionView,
} from '../../../../shared/site-editor.js';
import { useContent } from '../../../context/site-context.js';
import { ErrorSummary } from '../../../components/enquiry/ErrorSummary.js';
import { controlProps, FieldFrame } from '../../../components/FormField.js';
import { sendForm } from '../../../components/send-form.js';
import { ContentField } from './ContentField.js';
import { growsWithText } from './auto-grow.js';
import { LineArea } from './GrowingText.js';
import { NAME_FIT_ID, NameFitHint } from './NameFitHint.js';
import { useFocusAfterRender } from '../../../components/use-focus-after-render.js';
import { LanguageChooser } from './LanguageChooser.js';

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

/**
 * `forms` counts the forms shown in place: each save, and each row added, moved or deleted, shows
 * the values the server answered in a fresh form; `focus` is the element to focus in it.
 */
type Saved = Pick<AdminSitePage, 'revision' | 'message'> &
  Pick<SectionView, 'values' | 'photos' | 'pdfs' | 'errors' | 'note' | 'focus'> & { forms: number; saved: boolean };

/** The CSRF token of a fresh copy of this page, when the admin is signed in (again, in another tab). */
async function freshToken(): Promise<string | null> {
  const html = await (await fetch(window.location.pathname, { headers: { accept: 'text/html' } })).text();
  const json = new DOMParser().parseFromString(html, 'text/html').getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  const admin = json ? (JSON.parse(json) as Bootstrap).pageData.admin : undefined;
  return admin?.signedIn ? admin.csrfToken : null;
}

const isAnswer = (body: unknown): body is SectionSaveAnswer =>
  typeof body === 'object' && body !== null && 'ok' in body && 'revision' in body;
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
  const [state, setState] = useState<Saved>({
    revision: page.revision,
    message: page.message,
    values: view.values,
    photos: view.photos,
    pdfs: view.pdfs,
    errors: view.errors,
    note: view.note,
    focus: view.focus,
    forms: 0,
    saved: false,
  });
  const [saving, setSaving] = useState(false);
  /** How much of a form with photos has been sent (0 to 1), while it is. */
  const [sent, setSent] = useState<number | null>(null);
  /** What is being sent: "the photos", or "the files" when a PDF is among them. */
  const [sending, setSending] = useState('the photos');
  const multipart = hasFiles(section.entries);
  const [csrfToken, setCsrfToken] = useState(page.csrfToken);
  const summaryRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
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

  const save = async (event: FormEvent<HTMLFormElement>) => {
    // Preview is a plain post: the server answers with the preview's address, opened in this tab.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.value === 'preview') return;
    event.preventDefault();
    const { action } = event.currentTarget;
    // A row's button (Add, Up, Down, Delete) sends its name and value with the form.
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const typedNote = form.get('note');
    const note = typeof typedNote === 'string' ? typedNote : '';
    const chosen = [...form.values()].filter((value): value is File => value instanceof File && value.size > 0);
    const choseFiles = chosen.length > 0;
    setSending(chosen.every((file) => file.type.startsWith('image/')) ? 'the photos' : 'the files');
    const data = multipart ? form : new URLSearchParams(form as unknown as Record<string, string>);
    const post = () => sendForm<unknown>(action, data, (fraction) => choseFiles && setSent(fraction));
    setSaving(true);
    setSent(choseFiles ? 0 : null);
    try {
      let response = await post();
      // The session ended (or Logout in another tab): if the admin has signed in again meanwhile,
      // the form's token is renewed and the save sent again; else the text stays for the next try.
      const signedOut = response.status === 401 || response.status === 403;
      const token = signedOut ? await freshToken() : null;
      if (token) {
        setCsrfToken(token);
        data.set('_csrf', token);
        response = await post();
      }
      const answer = response.body;
      if (!isAnswer(answer)) {
        const text =
          response.status === 401 || response.status === 403
            ? 'Not saved: you are signed out. Sign in again at /admin in another tab, then press Save and publish here again: your text is kept.'
            : response.status === 413
              ? 'Not saved: the form was too large for the server. Send the photos one at a time: your text is kept.'
              : `Not saved: the server answered ${response.status}. Your text is kept: try again in a minute.`;
        setState((current) => ({ ...current, message: { kind: 'error', text } }));
        focusAfterRender(statusRef);
        return;
      }
      if (answer.ok) {
        setState((current) => ({
          revision: answer.revision,
          message: { kind: 'success', text: answer.message },
          values: answer.values,
          photos: answer.photos,
          pdfs: answer.pdfs,
          errors: {},
          note: '',
          forms: current.forms + 1,
          saved: true,
        }));
        focusAfterRender(statusRef);
      } else if (answer.focus) {
        // A row added, moved or deleted: the form again with the change, nothing published, still
        // saving against the version it was opened on (a save since then stays a conflict).
        setState((current) => ({
          ...current,
          message: { kind: 'success', text: answer.message },
          values: answer.values,
          photos: answer.photos,
          pdfs: answer.pdfs,
          errors: {},
          note,
          focus: answer.focus,
          forms: current.forms + 1,
        }));
      } else {
        // The typed text stays in the form; the answer's values bring the photos it kept meanwhile.
        setState((current) => ({
          ...current,
          revision: answer.revision,
          message: { kind: 'error', text: answer.message },
          values: answer.values,
          photos: answer.photos,
          pdfs: answer.pdfs,
          errors: answer.errors,
        }));
        focusAfterRender(Object.keys(answer.errors).length > 0 ? summaryRef : statusRef);
      }
    } catch (error) {
      console.error(error);
      setState((current) => ({
        ...current,
        message: { kind: 'error', text: 'Not saved: the server could not be reached. Your text is kept: try again.' },
      }));
    } finally {
      setSaving(false);
      setSent(null);
    }
  };

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
      <ErrorSummary ref={summaryRef} errors={errorList} />
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
