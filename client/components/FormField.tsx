import type { ChangeEvent } from 'react';

interface FormFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  type?: 'text' | 'email' | 'tel' | 'password' | 'search';
  required?: boolean;
  maxLength?: number;
  autoComplete?: string;
  multiline?: boolean;
  hint?: string;
}

/** A labelled input or textarea with its error message tied to it for screen readers. */
export function FormField({ id, label, error, hint, multiline, required, type = 'text', ...input }: FormFieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    ...input,
  };
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : <span className="field__optional"> (optional)</span>}
      </label>
      {hint && <p id={`${id}-hint`} className="field__hint">{hint}</p>}
      {multiline ? <textarea rows={6} {...common} /> : <input type={type} {...common} />}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
