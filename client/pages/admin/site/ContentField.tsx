import { inputId, type FormValues } from '../../../../shared/content/sections.js';
import type { Field, TextField } from '../../../../shared/content/fields.js';
import type { FormPdfs, FormPhotos } from '../../../../shared/site-editor.js';
import { controlProps, FieldFrame } from '../../../components/FormField.js';
import { PhotoField } from './PhotoField.js';
import { ListField } from './ListField.js';
import { RowsField } from './RowsField.js';
import { growWithContent, LONG_TEXT, keepOnOneLine } from './auto-grow.js';

const INPUT_TYPES: Partial<Record<NonNullable<TextField['format']>, 'email' | 'url'>> = {
  email: 'email',
  https: 'url',
};

/** One field of a section's form, as the content's field description says: input, textarea, a list or rows of inputs, or a photo. */
export function ContentField({
  name,
  field,
  values,
  photos,
  pdfs,
  errors,
  focus,
  note,
}: {
  name: string;
  field: Field;
  values: FormValues;
  photos: FormPhotos;
  pdfs: FormPdfs;
  errors: Record<string, string>;
  /** The element to focus after a row was added, moved or deleted. */
  focus?: string;
  /** The id of a note shown under the field that describes it too (the company name's warning). */
  note?: string;
}) {
  const id = inputId(name);
  const error = errors[name];
  if (field.kind === 'photo')
    return <PhotoField name={name} field={field} values={values} photos={photos} errors={errors} />;
  if (field.kind === 'rows')
    return (
      <RowsField name={name} field={field} values={values} photos={photos} pdfs={pdfs} errors={errors} focus={focus} />
    );
  if (field.kind === 'lines')
    return <ListField name={name} field={field} values={values} errors={errors} focus={focus} />;
  const required = !field.optional;
  const control = controlProps(id, error, field.hint, required);
  const described = [control['aria-describedby'], note].filter(Boolean).join(' ') || undefined;
  const common = { ...control, 'aria-describedby': described, name, defaultValue: values[name] ?? '' };
  return (
    <FieldFrame id={id} label={field.label} error={error} hint={field.hint} required={required}>
      {field.kind === 'paragraphs' ? (
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
