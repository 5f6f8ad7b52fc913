import type { ChangeEvent, ReactNode } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface FrameProps {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  required?: boolean;
}

interface FormFieldProps extends FrameProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<Control>) => void;
  type?: 'text' | 'email' | 'tel' | 'password' | 'search' | 'number' | 'date';
  maxLength?: number;
  autoComplete?: string;
  multiline?: boolean;
  /** The id of a <datalist> of suggestions (the field stays free text). */
  list?: string;
  min?: number;
  max?: number;
  step?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  /** Makes it a <select> of these choices. */
  options?: readonly { value: string; label: string }[];
}

/** The ids a control is described by: its hint and its error, tied to it for screen readers. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

/** Label, hint and error around one control. */
export function FieldFrame({ id, label, error, hint, required, children }: FrameProps & { children: ReactNode }) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : <span className="field__optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The attributes every control in a FieldFrame carries. */
export function controlProps(id: string, error: string | undefined, hint?: unknown, required?: boolean) {
  return { id, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, hint, error) };
}

/** A labelled input, textarea or select with its hint and error. */
export function FormField({
  id,
  label,
  error,
  hint,
  multiline,
  required,
  type = 'text',
  options,
  ...input
}: FormFieldProps) {
  const common = { ...controlProps(id, error, hint, required), ...input };
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required}>
      {options ? (
        <select {...common}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea rows={6} {...common} />
      ) : (
        <input type={type} {...common} />
      )}
    </FieldFrame>
  );
}
