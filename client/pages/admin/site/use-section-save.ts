import { useRef, useState, type FormEvent } from 'react';
import { applyRowAction, ROW_ACTION, type RowActionDone } from '../../../../shared/content/rows.js';
import type { FormValues, Section } from '../../../../shared/content/sections.js';
import { BOOTSTRAP_ELEMENT_ID, type Bootstrap } from '../../../../shared/page-data.js';
import type { AdminSitePage, SectionSaveAnswer, SectionView } from '../../../../shared/site-editor.js';
import { sendForm } from '../../../components/send-form.js';
import { useFocusAfterRender } from '../../../components/use-focus-after-render.js';

/**
 * `forms` counts the forms shown in place: each save, and each row added, moved or deleted, shows
 * the values the server answered in a fresh form; `focus` is the element to focus in it.
 */
export type Saved = Pick<AdminSitePage, 'revision' | 'message'> &
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
/** The message when a save got no answer from the editor: signed out, too large, or another status. */
function unansweredText(status: number): string {
  return status === 401 || status === 403
    ? 'Not saved: you are signed out. Sign in again at /admin in another tab, then press Save and publish here again: your text is kept.'
    : status === 413
      ? 'Not saved: the form was too large for the server. Send the photos one at a time: your text is kept.'
      : `Not saved: the server answered ${status}. Your text is kept: try again in a minute.`;
}

/** The form's state after the editor's answer: saved, a row changed in place, or refused with its messages. */
function afterAnswer(current: Saved, answer: SectionSaveAnswer, note: string): Saved {
  if (answer.ok)
    return {
      revision: answer.revision,
      message: { kind: 'success', text: answer.message },
      values: answer.values,
      photos: answer.photos,
      pdfs: answer.pdfs,
      errors: {},
      note: '',
      forms: current.forms + 1,
      saved: true,
    };
  // A row added, moved or deleted: the form again with the change, nothing published, still
  // saving against the version it was opened on (a save since then stays a conflict).
  if (answer.focus)
    return {
      ...current,
      message: { kind: 'success', text: answer.message },
      values: answer.values,
      photos: answer.photos,
      pdfs: answer.pdfs,
      errors: {},
      note,
      focus: answer.focus,
      forms: current.forms + 1,
    };
  // The typed text stays in the form; the answer's values bring the photos it kept meanwhile.
  return {
    ...current,
    revision: answer.revision,
    message: { kind: 'error', text: answer.message },
    values: answer.values,
    photos: answer.photos,
    pdfs: answer.pdfs,
    errors: answer.errors,
  };
}

/**
 * The row button's action (Add, Up, Down, Delete) done on the form's values, with the shared code the
 * server runs without JavaScript; null when the form was not sent by a row's button.
 */
function rowActionHere(section: Section, form: FormData): RowActionDone | null {
  const asked = form.get(ROW_ACTION);
  if (typeof asked !== 'string') return null;
  const values: FormValues = {};
  for (const [key, value] of form) if (typeof value === 'string' && key !== ROW_ACTION) values[key] = value;
  return applyRowAction(section, values, asked);
}

/**
 * Saving a section's form in place: the same form data as without JavaScript, answered with JSON;
 * the state shown (values, messages, progress of the files being sent) and the form's submit handler.
 */
export function useSectionSave(section: Section, page: AdminSitePage, view: SectionView, multipart: boolean) {
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
  const [csrfToken, setCsrfToken] = useState(page.csrfToken);
  const summaryRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();

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
    // A row added, moved or deleted with no file chosen: done here, at once, as the server would do it.
    const done = choseFiles ? null : rowActionHere(section, form);
    if (done) {
      setState((current) => ({
        ...current,
        message: { kind: 'success', text: done.message },
        values: done.values,
        errors: {},
        note,
        focus: done.focus,
        forms: current.forms + 1,
      }));
      return;
    }
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
        setState((current) => ({ ...current, message: { kind: 'error', text: unansweredText(response.status) } }));
        focusAfterRender(statusRef);
        return;
      }
      setState((current) => afterAnswer(current, answer, note));
      const refused = !answer.ok && !answer.focus;
      if (answer.ok || refused)
        focusAfterRender(refused && Object.keys(answer.errors).length > 0 ? summaryRef : statusRef);
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

  return { state, saving, sent, sending, csrfToken, save, summaryRef, statusRef };
}
