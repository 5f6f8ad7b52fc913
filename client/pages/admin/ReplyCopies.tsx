import { MAX_COPIES } from '../../../shared/admin/reply-copies.js';
import { REPLY_FIELDS, type ReplyErrors } from '../../../shared/admin/reply.js';
import { REPLY_TEXT } from '../../../shared/admin/texts.js';

type CopyName = 'cc' | 'bcc';

/** One of the copy fields: its address list as typed (kept with the draft), with why it was refused. */
function CopyField({
  id,
  name,
  label,
  typed,
  error,
  onChange,
}: {
  id: string;
  name: CopyName;
  label: string;
  typed: string;
  error: string | undefined;
  onChange: (value: string) => void;
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
        value={typed}
        onChange={(event) => onChange(event.target.value)}
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
export function ReplyCopies({
  id,
  copies,
  errors,
  onChange,
}: {
  id: string;
  copies: Record<CopyName, string>;
  errors: ReplyErrors;
  onChange: (typed: Partial<Record<CopyName, string>>) => void;
}) {
  return (
    <div className="reply-form__copies">
      <p id={`${id}-copies-hint`} className="field__hint">
        {`${REPLY_TEXT.copiesHint} At most ${MAX_COPIES} in each.`}
      </p>
      {(['cc', 'bcc'] as const).map((name) => (
        <CopyField
          key={name}
          id={id}
          name={name}
          label={name === 'cc' ? REPLY_TEXT.ccLabel : REPLY_TEXT.bccLabel}
          typed={copies[name]}
          error={errors[name]}
          onChange={(value) => onChange({ [name]: value })}
        />
      ))}
    </div>
  );
}
