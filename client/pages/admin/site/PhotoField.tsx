import { useEffect, useState } from 'react';
import type { PhotoField as PhotoFieldDescription } from '../../../../shared/content/fields.js';
import { PHOTO_ACCEPT, photoUrl, variantWidths } from '../../../../shared/content/photo.js';
import { inputId, photoInputs, type FormValues } from '../../../../shared/content/sections.js';
import type { FormPhotos } from '../../../../shared/site-editor.js';
import { controlProps, describedBy } from '../../../components/FormField.js';

const PREVIEW_WIDTH = 240;

/**
 * A photo in a section's form: what is there now (or what the page shows instead), a file input
 * to choose a new one, its alt text, and "Remove". Without JavaScript the file is sent with the
 * form; with it, the chosen file is previewed before it is sent.
 */
export function PhotoField({ name, field, values, photos, errors }: { name: string; field: PhotoFieldDescription; values: FormValues; photos: FormPhotos; errors: Record<string, string> }) {
  const inputs = photoInputs(name);
  const id = inputId(name);
  const ids = { file: inputId(inputs.file), alt: inputId(inputs.alt), remove: inputId(inputs.remove) };
  const current = photos[values[inputs.id] ?? ''];
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);
  const fileError = errors[inputs.file];
  const altError = errors[inputs.alt];
  const altHint = `${field.altHint} Required with a photo.`;
  const previewWidth = current && (variantWidths(current.width).find((width) => width >= PREVIEW_WIDTH) ?? current.width);

  return (
    <fieldset id={id} className={fileError || altError ? 'content-photo field--invalid' : 'content-photo'} aria-describedby={field.hint ? `${id}-hint` : undefined}>
      <legend>{field.label} <span className="field__optional">(optional)</span></legend>
      {field.hint && <p id={`${id}-hint`} className="field__hint">{field.hint}</p>}
      <input type="hidden" name={inputs.id} value={values[inputs.id] ?? ''} />
      <div className="content-photo__preview">
        {chosen ? (
          <figure>
            <img src={chosen} alt="" />
            <figcaption>The photo you chose: it is sent when you save.</figcaption>
          </figure>
        ) : current ? (
          <figure>
            <img src={photoUrl(current.id, previewWidth!, 'webp')} alt="" width={current.width} height={current.height} />
            <figcaption>{`The photo now (${current.width} × ${current.height} pixels).`}</figcaption>
          </figure>
        ) : (
          <p className="field__hint">{`No photo: the page shows ${field.instead}.`}</p>
        )}
      </div>
      <div className={fileError ? 'field field--invalid' : 'field'}>
        <label htmlFor={ids.file}>{current ? 'Replace it with' : 'Choose a photo'}</label>
        <input {...controlProps(ids.file, fileError)} name={inputs.file} type="file" accept={PHOTO_ACCEPT}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setChosen(file ? URL.createObjectURL(file) : null);
          }} />
        {fileError && <p id={`${ids.file}-error`} className="field__error">{fileError}</p>}
      </div>
      <div className={altError ? 'field field--invalid' : 'field'}>
        <label htmlFor={ids.alt}>Alt text</label>
        <p id={`${ids.alt}-hint`} className="field__hint">{altHint}</p>
        <input id={ids.alt} name={inputs.alt} type="text" maxLength={field.altMax} defaultValue={values[inputs.alt] ?? ''}
          aria-invalid={altError ? true : undefined} aria-describedby={describedBy(ids.alt, altHint, altError)} />
        {altError && <p id={`${ids.alt}-error`} className="field__error">{altError}</p>}
      </div>
      {current && (
        <div className="content-photo__remove">
          <input id={ids.remove} name={inputs.remove} type="checkbox" defaultChecked={values[inputs.remove] === 'on'} />
          <label htmlFor={ids.remove}>{`Remove: the page shows ${field.instead}`}</label>
        </div>
      )}
    </fieldset>
  );
}
