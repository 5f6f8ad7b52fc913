import { useRef, useState, type FormEvent } from 'react';
import type { AdminEnquiryPage } from '../../../shared/admin/desk.js';
import { filterSearch } from '../../../shared/admin/filter.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { replySubject } from '../../../shared/admin/reply-link.js';
import {
  MAX_REPLY_LENGTH,
  REPLY_FIELDS,
  type ReplyErrors,
  type ReplyRefused,
  type ReplySent,
} from '../../../shared/admin/reply.js';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { DRAWING_ACCEPT, DRAWING_LIMITS, DRAWING_TYPES, formatBytes } from '../../../shared/enquiry/quote.js';

const ACCEPTED = Object.values(DRAWING_TYPES)
  .map((type) => type.label)
  .join(', ');
const FILES_HINT = `${ACCEPTED}; at most ${DRAWING_LIMITS.files} files, ${formatBytes(DRAWING_LIMITS.fileBytes)} each.`;

/** A refused reply's answer, whatever came back (a page's error, a proxy's). */
async function refusedBy(response: Response): Promise<ReplyErrors> {
  if (response.status === 401) return { form: 'You were signed out. Sign in again, then send the reply.' };
  const body = (await response.json().catch(() => null)) as Partial<ReplyRefused> | null;
  return body?.errors && Object.keys(body.errors).length > 0 ? body.errors : { form: ADMIN_TEXT.actionFailed };
}

/**
 * The reply form of an enquiry's page: the text ("Reply"), the enquiry's drawings to attach, new
 * files (checked like a buyer's drawings), "Send reply". A plain multipart form that comes back to
 * the page; with JavaScript it is sent in place and `onSent` gets the enquiry and its timeline as
 * they are now. Refused, it says why beside the field and keeps the text. When the desk cannot send
 * (no mail server, no address), a sentence says why; the reply links stay on the page.
 */
export function ReplyForm({
  page,
  enquiry,
  onSent,
}: {
  page: AdminEnquiryPage;
  enquiry: Enquiry;
  onSent: (sent: ReplySent) => void;
}) {
  const draft = page.replyDraft;
  const [body, setBody] = useState(draft?.body ?? '');
  const [attach, setAttach] = useState<number[]>(draft?.attach ?? []);
  const [errors, setErrors] = useState<ReplyErrors>(draft?.errors ?? {});
  const [sending, setSending] = useState(false);
  // Edit of a reply that was not sent: taken back once this one is stored.
  const [replaces, setReplaces] = useState(draft?.replaces ?? null);
  // The form's key (a reply sent twice is stored once); each reply sent in place brings the next one.
  const [key, setKey] = useState(page.replying.enabled ? page.replying.key : '');
  const textRef = useRef<HTMLTextAreaElement>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const id = `enquiry-${enquiry.id}-reply`;
  const { replying } = page;

  if (!replying.enabled)
    return (
      <section className="reply-form" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Reply</h2>
        <p className="notice notice--info">{replying.why}</p>
      </section>
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    setSending(true);
    setErrors({});
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { accept: 'application/json', 'x-csrf-token': page.csrfToken },
        body: new FormData(form),
      });
      if (response.status !== 201) {
        const refused = await refusedBy(response);
        setErrors(refused);
        // To the field that says why (its message is its description); a message about the form is an alert.
        if (refused.body) textRef.current?.focus();
        else if (refused.files) filesRef.current?.focus();
        return;
      }
      const sent = (await response.json()) as ReplySent;
      setKey(sent.key);
      onSent(sent);
      setBody('');
      setAttach([]);
      setReplaces(null);
      form.reset();
    } catch (error) {
      console.error(error);
      setErrors({ form: ADMIN_TEXT.actionFailed });
    } finally {
      setSending(false);
    }
  };
  const toggle = (fileId: number, on: boolean) =>
    setAttach((current) => (on ? [...current, fileId] : current.filter((other) => other !== fileId)));
  const described = (hint: string | null, error: string | undefined, name: string) =>
    [hint, error && `${id}-${name}-error`].filter(Boolean).join(' ') || undefined;

  return (
    <section className="reply-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Reply</h2>
      <p className="reply-form__to">
        {`To ${replying.to}, subject “${replySubject(enquiry)}”. Its delivery shows in the timeline.`}
      </p>
      <form
        method="post"
        encType="multipart/form-data"
        action={`${pathTo(ADMIN_PATHS.reply, { id: enquiry.id })}${filterSearch(page.filter, page.after)}`}
        onSubmit={(event) => void submit(event)}
        aria-busy={sending || undefined}
      >
        <input type="hidden" name="_csrf" value={page.csrfToken} />
        <input type="hidden" name={REPLY_FIELDS.key} value={key} />
        {replaces !== null && (
          <>
            <input type="hidden" name={REPLY_FIELDS.replaces} value={replaces} />
            <p className="notice notice--info">
              This is the reply that was not sent. Change it if you like; when you send it, it takes the place of the
              one that was not sent.
            </p>
          </>
        )}
        {errors.form && (
          <p className="notice notice--error" role="alert">
            {errors.form}
          </p>
        )}
        <div className={`field${errors.body ? ' field--invalid' : ''}`}>
          <label htmlFor={id}>Reply</label>
          <textarea
            ref={textRef}
            id={id}
            name={REPLY_FIELDS.body}
            rows={8}
            required
            maxLength={MAX_REPLY_LENGTH}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={described(null, errors.body, 'body')}
          />
          {errors.body && (
            <p id={`${id}-body-error`} className="field__error">
              {errors.body}
            </p>
          )}
        </div>
        {enquiry.drawings.length > 0 && (
          <fieldset className="reply-form__drawings">
            <legend>Attach drawings of this enquiry</legend>
            {enquiry.drawings.map((drawing) => (
              <label key={drawing.id}>
                <input
                  type="checkbox"
                  name={REPLY_FIELDS.attach}
                  value={drawing.id}
                  checked={attach.includes(drawing.id)}
                  onChange={(event) => toggle(drawing.id, event.target.checked)}
                />
                {` ${drawing.name} (${formatBytes(drawing.size)})`}
              </label>
            ))}
          </fieldset>
        )}
        <div className={`field${errors.files ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-files`}>Attach new files</label>
          <p id={`${id}-files-hint`} className="field__hint">
            {FILES_HINT}
          </p>
          <input
            ref={filesRef}
            id={`${id}-files`}
            type="file"
            name={REPLY_FIELDS.files}
            multiple
            accept={DRAWING_ACCEPT}
            aria-invalid={errors.files ? true : undefined}
            aria-describedby={described(`${id}-files-hint`, errors.files, 'files')}
          />
          {errors.files && (
            <p id={`${id}-files-error`} className="field__error">
              {errors.files}
            </p>
          )}
        </div>
        <button type="submit" className="button" aria-disabled={sending || undefined}>
          Send reply
        </button>
      </form>
    </section>
  );
}
