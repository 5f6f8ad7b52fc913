import { ADMIN_TEXT } from '../../../shared/admin/texts.js';

/**
 * The field for a code of the second factor (the step after the password, confirming it is you): the
 * 6 digits the app shows now, or a recovery code (only a recovery code when the app's codes are off).
 * The phone may offer a code it received.
 */
export function CodeField({
  id,
  name = 'code',
  withHint,
  recoveryOnly,
  error,
  autoFocus,
}: {
  id: string;
  name?: string;
  withHint?: boolean;
  recoveryOnly?: boolean;
  error?: string | null;
  autoFocus?: boolean;
}) {
  const hint = withHint ? (recoveryOnly ? ADMIN_TEXT.recoveryCodeHint : ADMIN_TEXT.codeHint) : undefined;
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>{recoveryOnly ? ADMIN_TEXT.recoveryCodeLabel : ADMIN_TEXT.codeLabel}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type="text"
        required
        maxLength={40}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        aria-describedby={described || undefined}
        aria-invalid={error ? true : undefined}
        autoFocus={autoFocus}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
