import { useRef, useState, type FormEvent, type RefObject } from 'react';
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
import { ADMIN_TEXT, REPLY_TEXT } from '../../../shared/admin/texts.js';
import {
  DraftStatus,
  forgetSignedOutReply,
  keepSignedOutReply,
  SignatureField,
  useDraftAutosave,
  useTypedReply,
  type DraftState,
} from './ReplyDraft.js';
import { ReplyCopies } from './ReplyCopies.js';
import { TemplatePicker } from './TemplatePicker.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { LANGUAGE_INFO } from '../../../shared/i18n/languages.js';
import { DRAWING_ACCEPT, DRAWING_LIMITS, DRAWING_TYPES, formatBytes } from '../../../shared/enquiry/quote.js';

const ACCEPTED = Object.values(DRAWING_TYPES)
  .map((type) => type.label)
  .join(', ');
const FILES_HINT = `${ACCEPTED}; at most ${DRAWING_LIMITS.files} files, ${formatBytes(DRAWING_LIMITS.fileBytes)} each.`;

/** A refused reply's answer, whatever came back (a page's error, a proxy's). */
async function refusedBy(response: Response): Promise<ReplyErrors> {
  const body = (await response.json().catch(() => null)) as Partial<ReplyRefused> | null;
  return body?.errors && Object.keys(body.errors).length > 0 ? body.errors : { form: ADMIN_TEXT.actionFailed };
}

/** A buyer who wrote from a page in another language than English: said beside whom the reply goes to. */
const languageNote = ({ language }: Enquiry) =>
  language === 'en' ? null : ` ${ADMIN_TEXT.buyerWroteIn(LANGUAGE_INFO[language].english)}.`;
/** The enquiry's drawings, ticked to attach to the reply. */
function DrawingChoice({
  drawings,
  attach,
  onToggle,
}: {
  drawings: Enquiry['drawings'];
  attach: number[];
  onToggle: (fileId: number, on: boolean) => void;
}) {
  if (drawings.length === 0) return null;
  return (
    <fieldset className="reply-form__drawings">
      <legend>Attach drawings of this enquiry</legend>
      {drawings.map((drawing) => (
        <label key={drawing.id}>
          <input
            type="checkbox"
            name={REPLY_FIELDS.attach}
            value={drawing.id}
            checked={attach.includes(drawing.id)}
            onChange={(event) => onToggle(drawing.id, event.target.checked)}
          />
          {` ${drawing.name} (${formatBytes(drawing.size)})`}
        </label>
      ))}
    </fieldset>
  );
}

/** New files to attach (checked like a buyer's drawings), with why they were refused. */
function FilesField({
  id,
  error,
  inputRef,
}: {
  id: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={`${id}-files`}>Attach new files</label>
      <p id={`${id}-files-hint`} className="field__hint">
        {FILES_HINT}
      </p>
      <input
        ref={inputRef}
        id={`${id}-files`}
        type="file"
        name={REPLY_FIELDS.files}
        multiple
        accept={DRAWING_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-files-hint`, error && `${id}-files-error`].filter(Boolean).join(' ')}
      />
      {error && (
        <p id={`${id}-files-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Why no reply can be sent from here (no mail server, no address); the reply links stay on the page. */
function ReplyUnavailable({ id, why }: { id: string; why: string }) {
  return (
    <section className="reply-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Reply</h2>
      <p className="notice notice--info">{why}</p>
    </section>
  );
}

/** The edit of a reply that was not sent: the id it takes the place of once stored. */
function ReplacesNotice({ replaces }: { replaces: number }) {
  return (
    <>
      <input type="hidden" name={REPLY_FIELDS.replaces} value={replaces} />
      <p className="notice notice--info">
        This is the reply that was not sent. Change it if you like; when you send it, it takes the place of the one that
        was not sent.
      </p>
    </>
  );
}

/** The reply's text, with why it was refused. */
function BodyField({
  id,
  value,
  error,
  textRef,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  textRef: RefObject<HTMLTextAreaElement | null>;
  onChange: (body: string) => void;
}) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>Reply</label>
      <textarea
        ref={textRef}
        id={id}
        name={REPLY_FIELDS.body}
        rows={8}
        required
        maxLength={MAX_REPLY_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-body-error` : undefined}
      />
      {error && (
        <p id={`${id}-body-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Send reply, Save draft (the form sent to the draft's address, without its checks) and where the draft stands. */
function ReplyButtons({
  sending,
  draftAction,
  draft,
  signInHref,
}: {
  sending: boolean;
  draftAction: string;
  draft: DraftState;
  signInHref: string;
}) {
  return (
    <>
      <div className="reply-form__buttons">
        <button type="submit" className="button" aria-disabled={sending || undefined}>
          Send reply
        </button>
        <button type="submit" className="button button--ghost" formAction={draftAction} formNoValidate>
          {REPLY_TEXT.saveDraft}
        </button>
        <DraftStatus state={draft} signInHref={signInHref} />
      </div>
      <p className="field__hint">{REPLY_TEXT.draftKeptHint}</p>
    </>
  );
}

type SendResult = { sent: ReplySent } | { refused: ReplyErrors } | { signedOut: true };

/** Sends the reply form in place: stored (201), refused (why, by field), or the session ended. */
async function sendInPlace(form: HTMLFormElement, csrfToken: string): Promise<SendResult> {
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-csrf-token': csrfToken },
      body: new FormData(form),
    });
    if (response.status === 401) return { signedOut: true };
    if (response.status !== 201) return { refused: await refusedBy(response) };
    return { sent: (await response.json()) as ReplySent };
  } catch (error) {
    console.error(error);
    return { refused: { form: ADMIN_TEXT.actionFailed } };
  }
}

/**
 * The reply form of an enquiry's page: the text ("Reply"), the signature, the enquiry's drawings to
 * attach, new files (checked like a buyer's drawings), "Send reply" and "Save draft". A plain
 * multipart form that comes back to the page; with JavaScript it is sent in place and `onSent` gets
 * the enquiry and its timeline as they are now, and the text is kept on the server as it is typed.
 * Refused, it says why beside the field and keeps the text. When the desk cannot send (no mail
 * server, no address), a sentence says why; the reply links stay on the page.
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
  const { replyDraft: draft, replying } = page;
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
  const search = filterSearch(page.filter, page.after);
  const draftAction = `${pathTo(ADMIN_PATHS.replyDraft, { id: enquiry.id })}${search}`;
  const draftSaver = useDraftAutosave(draftAction, page.csrfToken, enquiry.id, draft?.savedAt);
  const { body, signature, copies, typed, change, restored, clear } = useTypedReply(
    enquiry.id,
    { body: draft?.body ?? '', signature: draft?.signature ?? null, cc: draft?.cc ?? '', bcc: draft?.bcc ?? '' },
    page.replySignature ?? '',
    draftSaver,
  );

  if (!replying.enabled) return <ReplyUnavailable id={id} why={replying.why} />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('formaction')) return draftSaver.saveNow(typed());
    if (sending) return;
    setSending(true);
    setErrors({});
    // A draft being saved lands first: the reply, once stored, removes it.
    await draftSaver.settle();
    const result = await sendInPlace(form, page.csrfToken);
    setSending(false);
    if ('signedOut' in result) {
      keepSignedOutReply(enquiry.id, typed());
      return draftSaver.setState({ kind: 'signed-out' });
    }
    if ('refused' in result) {
      setErrors(result.refused);
      // To the field that says why (its message is its description); a message about the form is an alert.
      if (result.refused.body) textRef.current?.focus();
      else if (result.refused.cc || result.refused.bcc)
        document.getElementById(`${id}-${result.refused.cc ? 'cc' : 'bcc'}`)?.focus();
      else if (result.refused.files) filesRef.current?.focus();
      return;
    }
    setKey(result.sent.key);
    onSent(result.sent);
    clear();
    forgetSignedOutReply(enquiry.id);
    setAttach([]);
    setReplaces(null);
    draftSaver.setState({ kind: 'idle' });
    form.reset();
  };
  const toggle = (fileId: number, on: boolean) =>
    setAttach((current) => (on ? [...current, fileId] : current.filter((other) => other !== fileId)));

  return (
    <section className="reply-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Reply</h2>
      <p className="reply-form__to">
        {`To ${replying.to}, subject “${replySubject(enquiry)}”. Its delivery shows in the timeline.`}
        {languageNote(enquiry)}
      </p>
      <TemplatePicker
        page={page}
        onUse={(text) => {
          change({ body: text });
          textRef.current?.focus();
        }}
      />
      <form
        method="post"
        encType="multipart/form-data"
        action={`${pathTo(ADMIN_PATHS.reply, { id: enquiry.id })}${search}`}
        onSubmit={(event) => void submit(event)}
        aria-busy={sending || undefined}
      >
        <input type="hidden" name="_csrf" value={page.csrfToken} />
        <input type="hidden" name={REPLY_FIELDS.key} value={key} />
        {replaces !== null && <ReplacesNotice replaces={replaces} />}
        {restored && <p className="notice notice--info">{REPLY_TEXT.restored}</p>}
        {errors.form && (
          <p className="notice notice--error" role="alert">
            {errors.form}
          </p>
        )}
        <ReplyCopies id={id} copies={copies} errors={errors} onChange={change} />
        <BodyField
          id={id}
          value={body}
          error={errors.body}
          textRef={textRef}
          onChange={(next) => change({ body: next })}
        />
        <SignatureField id={id} value={signature} onChange={(next) => change({ signature: next })} />
        <DrawingChoice drawings={enquiry.drawings} attach={attach} onToggle={toggle} />
        <FilesField id={id} error={errors.files} inputRef={filesRef} />
        <ReplyButtons
          sending={sending}
          draftAction={draftAction}
          draft={draftSaver.state}
          signInHref={`${pathTo(ADMIN_PATHS.enquiryPage, { id: enquiry.id })}${search}`}
        />
      </form>
    </section>
  );
}
