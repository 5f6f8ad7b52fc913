import { MAX_COPIES } from '../../../shared/admin/reply-copies.js';
import { REPLY_FIELDS, type ReplyDraft, type ReplyErrors } from '../../../shared/admin/reply.js';
import { REPLY_TEXT } from '../../../shared/admin/texts.js';

/** One of the copy fields: its address list as typed (kept when the reply is refused), with why it was refused. */
function CopyField({
  id,
  name,
  label,
  typed,
  error,
}: {
  id: string;
  name: 'cc' | 'bcc';
  label: string;
  typed: string | undefined;
  error: string | undefined;
}) {
  const fieldId = `${id}-${name}`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={fieldId}>{label}</label>
      <input
        id={fieldId}
        type="email"
        multiple
        name={REPLY_FIELDS[name]}
        defaultValue={typed}
        autoComplete="email"
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-copies-hint`, error && `${fieldId}-error`].filter(Boolean).join(' ')}
      />
      {error && (
        <p id={`${fieldId}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A reply's CC and BCC (issue 37): e-mail addresses separated by commas, at most MAX_COPIES each;
 * checked by the browser (an e-mail field) and by the server.
 */
export function ReplyCopies({ id, draft, errors }: { id: string; draft: ReplyDraft | undefined; errors: ReplyErrors }) {
  return (
    <div className="reply-form__copies">
      <p id={`${id}-copies-hint`} className="field__hint">
        {`${REPLY_TEXT.copiesHint} At most ${MAX_COPIES} in each.`}
      </p>
      <CopyField id={id} name="cc" label={REPLY_TEXT.ccLabel} typed={draft?.cc} error={errors.cc} />
      <CopyField id={id} name="bcc" label={REPLY_TEXT.bccLabel} typed={draft?.bcc} error={errors.bcc} />
    </div>
  );
}
