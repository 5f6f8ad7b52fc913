import { inputId, type FormValues } from '../../../../shared/content/sections.js';
import type { Field, TextField } from '../../../../shared/content/fields.js';
import type { FormPdfs, FormPhotos } from '../../../../shared/site-editor.js';
import { controlProps, FieldFrame } from '../../../components/FormField.js';
import { PhotoField } from './PhotoField.js';
import { ListField } from './ListField.js';
import { RowsField } from './RowsField.js';
import { growsWithText } from './auto-grow.js';
import { LineArea, ParagraphsArea } from './GrowingText.js';

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
        <ParagraphsArea
          {...common}
          place="field"
          rows={field.max > 2000 ? 14 : 6}
          tall={field.max > 2000}
          maxLength={field.max}
        />
      ) : growsWithText(field, 'field') ? (
        <LineArea {...common} place="field" maxLength={field.max} />
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
