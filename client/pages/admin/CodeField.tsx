import { ADMIN_TEXT } from '../../../shared/admin/texts.js';

/**
 * The field for a code of the second factor (the step after the password, confirming it is you): the
 * 6 digits the app shows now, on a keypad of digits, with a recovery code folded under "Use a recovery
 * code instead" (letters and digits: a field of its own, since a keypad of digits cannot type them).
 * Only the recovery code when the app's codes are off. The phone may offer a code it received.
 */
export function CodeField({
  id,
  name = 'code',
  recoveryName = 'recoveryCode',
  withHint,
  recoveryOnly,
  error,
  autoFocus,
}: {
  id: string;
  /** The app's code. */
  name?: string;
  /** The recovery code, when the app's codes are on too. */
  recoveryName?: string;
  withHint?: boolean;
  recoveryOnly?: boolean;
  error?: string | null;
  autoFocus?: boolean;
}) {
  if (recoveryOnly)
    return (
      <CodeInput
        id={id}
        name={name}
        label={ADMIN_TEXT.recoveryCodeLabel}
        hint={withHint ? ADMIN_TEXT.recoveryCodeHint : undefined}
        error={error}
        autoFocus={autoFocus}
        required
      />
    );
  return (
    <>
      <CodeInput
        id={id}
        name={name}
        label={ADMIN_TEXT.codeLabel}
        hint={withHint ? ADMIN_TEXT.codeHint : undefined}
        error={error}
        autoFocus={autoFocus}
        digits
      />
      <details className="code-field__recovery">
        <summary>{ADMIN_TEXT.useRecoveryCode}</summary>
        <CodeInput
          id={`${id}-recovery`}
          name={recoveryName}
          label={ADMIN_TEXT.recoveryCodeLabel}
          hint={ADMIN_TEXT.recoveryCodeHint}
        />
      </details>
    </>
  );
}

function CodeInput({
  id,
  name,
  label,
  hint,
  error,
  autoFocus,
  required,
  digits,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string | null;
  autoFocus?: boolean;
  required?: boolean;
  /** The app's 6 digits: a keypad of digits, and the code the phone received offered. */
  digits?: boolean;
}) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type="text"
        required={required}
        maxLength={40}
        inputMode={digits ? 'numeric' : undefined}
        autoComplete={digits ? 'one-time-code' : 'off'}
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
