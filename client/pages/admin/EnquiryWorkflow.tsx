import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { useState, type FormEvent } from 'react';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { replyMailto } from '../../../shared/admin/reply-link.js';
import { ENQUIRY_SCREEN_TEXT } from '../../../shared/admin/texts.js';
import { waMeHref } from '../../../shared/content/company.js';
import { MAX_NOTE_LENGTH, STAGE_LABELS, STAGES, type Enquiry, type Stage } from '../../../shared/enquiry/enquiry.js';

function replyWhatsapp(enquiry: Enquiry): string {
  return waMeHref(enquiry.phone, `Hello ${enquiry.name}, thank you for your enquiry about "${enquiry.subject}".`);
}

interface Hidden {
  csrfToken: string;
  back: string;
}

const HiddenFields = ({ csrfToken, back }: Hidden) => (
  <>
    <input type="hidden" name="_csrf" value={csrfToken} />
    <input type="hidden" name="back" value={back} />
  </>
);

/** Reply by e-mail or WhatsApp (in a new tab); using either moves a New enquiry to Open. */
export function ReplyLinks({ enquiry, onReply }: { enquiry: Enquiry; onReply: () => void }) {
  return (
    <p className="enquiry-page__reply">
      {enquiry.email && (
        <a
          className="button button--ghost"
          href={replyMailto(enquiry)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onReply}
        >
          Reply by e-mail<span className="visually-hidden"> to {enquiry.name} (opens in a new tab)</span>
        </a>
      )}
      <a
        className="button button--ghost"
        href={replyWhatsapp(enquiry)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onReply}
      >
        Reply on WhatsApp<span className="visually-hidden"> to {enquiry.name} (opens in a new tab)</span>
      </a>
    </p>
  );
}

/**
 * The stage of the sale, one click: a button per stage (the current one pressed), each a submit of
 * the same plain form; with JavaScript it is sent in place. The answer says what it did, with Undo.
 */
export function StageButtons({
  enquiry,
  onStage,
  ...hidden
}: Hidden & { enquiry: Enquiry; onStage: (stage: Stage) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') as Stage | null;
    if (chosen && chosen !== enquiry.status) onStage(chosen);
  };
  return (
    <form
      className="enquiry-page__stage"
      method="post"
      action={pathTo(ADMIN_PATHS.stage, { id: enquiry.id })}
      onSubmit={submit}
    >
      <HiddenFields {...hidden} />
      <fieldset>
        <legend>{ENQUIRY_SCREEN_TEXT.stage}</legend>
        {STAGES.map((stage) => (
          <button
            key={stage}
            type="submit"
            name="stage"
            value={stage}
            aria-pressed={stage === enquiry.status}
            className="button button--small button--ghost"
          >
            {STAGE_LABELS[stage]}
          </button>
        ))}
      </fieldset>
    </form>
  );
}

/**
 * Internal notes: listed with their time (unless `listed` is false: the enquiry's timeline shows
 * them); a form adds one. Never shown to the buyer.
 */
export function Notes({
  enquiry,
  timeZone,
  onNote,
  listed = true,
  ...hidden
}: Hidden & { enquiry: Enquiry; timeZone: string; onNote: (body: string) => Promise<boolean>; listed?: boolean }) {
  const [draft, setDraft] = useState('');
  const id = `enquiry-${enquiry.id}-note`;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.trim() && (await onNote(draft.trim()))) setDraft('');
  };
  return (
    <section className="enquiry-page__notes" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Internal notes</h2>
      {listed && enquiry.notes.length > 0 && (
        <ul>
          {enquiry.notes.map((note) => (
            <li key={note.id}>
              <time dateTime={note.createdAt}>{formatEnquiryDate(note.createdAt, timeZone)}</time>
              <p>{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action={pathTo(ADMIN_PATHS.notes, { id: enquiry.id })} onSubmit={submit}>
        <HiddenFields {...hidden} />
        <label htmlFor={id} className="visually-hidden">
          Add a note to the enquiry of {enquiry.name}
        </label>
        <textarea
          id={id}
          name="body"
          rows={2}
          required
          maxLength={MAX_NOTE_LENGTH}
          value={draft}
          placeholder="Add a note (only you see it)"
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button--ghost">
          Add note
        </button>
      </form>
    </section>
  );
}
