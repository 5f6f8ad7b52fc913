import { inputId, rowCount, type FormValues } from '../../../../shared/content/sections.js';
import type { Field, TextField } from '../../../../shared/content/fields.js';
import type { FormPhotos } from '../../../../shared/site-editor.js';
import { controlProps, describedBy, FieldFrame } from '../../../components/FormField.js';
import { PhotoField } from './PhotoField.js';
import { growWithContent, LONG_TEXT, keepOnOneLine } from './auto-grow.js';

const INPUT_TYPES: Partial<Record<NonNullable<TextField['format']>, 'email' | 'url'>> = {
  email: 'email',
  https: 'url',
};

/** One field of a section's form, as the content's field description says: input, textarea, rows of inputs, or a photo. */
export function ContentField({
  name,
  field,
  values,
  photos,
  errors,
  note,
}: {
  name: string;
  field: Field;
  values: FormValues;
  photos: FormPhotos;
  errors: Record<string, string>;
  /** The id of a note shown under the field that describes it too (the company name's warning). */
  note?: string;
}) {
  const id = inputId(name);
  const error = errors[name];
  if (field.kind === 'photo')
    return <PhotoField name={name} field={field} values={values} photos={photos} errors={errors} />;
  if (field.kind === 'rows') {
    const columns = Object.entries(field.columns);
    const count = rowCount(values, name, field.max);
    return (
      <fieldset
        id={id}
        className={error ? 'content-rows field--invalid' : 'content-rows'}
        aria-describedby={describedBy(id, field.hint, error)}
      >
        <legend>{field.label}</legend>
        {field.hint && (
          <p id={`${id}-hint`} className="field__hint">
            {field.hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
        <div className="content-rows__head" aria-hidden="true">
          {columns.map(([column, descriptor]) => (
            <span key={column}>{descriptor.label}</span>
          ))}
        </div>
        {Array.from({ length: count }, (_, row) => (
          <div key={row} className="content-rows__row">
            {columns.map(([column, descriptor]) => {
              const cellName = `${name}.${row}.${column}`;
              const cellId = inputId(cellName);
              const cellError = errors[cellName];
              return (
                <div key={column} className={cellError ? 'field field--invalid' : 'field'}>
                  <label htmlFor={cellId} className="visually-hidden">{`Row ${row + 1}: ${descriptor.label}`}</label>
                  <input
                    name={cellName}
                    type="text"
                    defaultValue={values[cellName] ?? ''}
                    maxLength={descriptor.max}
                    {...controlProps(cellId, cellError)}
                  />
                  {cellError && (
                    <p id={`${cellId}-error`} className="field__error">
                      {cellError}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </fieldset>
    );
  }
  const required = field.kind === 'lines' ? field.min > 0 : !field.optional;
  const control = controlProps(id, error, field.hint, required);
  const described = [control['aria-describedby'], note].filter(Boolean).join(' ') || undefined;
  const common = { ...control, 'aria-describedby': described, name, defaultValue: values[name] ?? '' };
  return (
    <FieldFrame id={id} label={field.label} error={error} hint={field.hint} required={required}>
      {field.kind === 'lines' ? (
        <textarea {...common} rows={Math.min(Math.max(field.max, 2), 8)} />
      ) : field.kind === 'paragraphs' ? (
        <textarea
          {...common}
          rows={field.max > 2000 ? 14 : 6}
          maxLength={field.max}
          className={field.max > 2000 ? 'auto-grow auto-grow--tall' : 'auto-grow auto-grow--paragraphs'}
          onInput={growWithContent}
        />
      ) : !field.format && field.max > LONG_TEXT ? (
        // A long single-line value shows whole, growing as it wraps; Enter adds no line break.
        <textarea
          {...common}
          rows={1}
          maxLength={field.max}
          className="auto-grow auto-grow--line"
          onInput={growWithContent}
          onKeyDown={keepOnOneLine}
        />
      ) : (
        <input
          {...common}
          type={(field.format && INPUT_TYPES[field.format]) ?? 'text'}
          maxLength={field.max}
          inputMode={field.format === 'digits' ? 'numeric' : undefined}
          spellCheck={field.format ? false : undefined}
        />
      )}
    </FieldFrame>
  );
}
