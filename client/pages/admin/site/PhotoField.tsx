import { useEffect, useState } from 'react';
import type { PhotoField as PhotoFieldDescription } from '../../../../shared/content/fields.js';
import { PHOTO_ACCEPT, PHOTO_LIMITS, photoUrl, variantWidths } from '../../../../shared/content/photo.js';
import { inputId, photoInputs, type FormValues } from '../../../../shared/content/sections.js';
import type { FormPhotos } from '../../../../shared/site-editor.js';
import { describedBy } from '../../../components/FormField.js';
import { growsWithText } from './auto-grow.js';
import { LineArea } from './GrowingText.js';

const PREVIEW_WIDTH = 240;
const MB = 1024 * 1024;

/** The photo a field holds now: the site's, one uploaded with a refused save, or an id the server lost. */
function Current({ id, photos, instead }: { id: string; photos: FormPhotos; instead: string }) {
  const photo = photos[id];
  if (!id) return <p className="field__hint">{`No photo: the page shows ${instead}.`}</p>;
  if (!photo)
    return (
      <p className="field__hint">
        The photo chosen before is no longer on the server: choose its file again, or tick Remove.
      </p>
    );
  const width = variantWidths(photo.width).find((candidate) => candidate >= PREVIEW_WIDTH) ?? photo.width;
  return (
    <figure>
      <img src={photoUrl(photo.id, width, 'webp')} alt="" width={photo.width} height={photo.height} />
      <figcaption>
        {photo.published
          ? `The photo now (${photo.width} × ${photo.height} pixels).`
          : `Uploaded (${photo.width} × ${photo.height} pixels), not saved yet: the site shows it once you save.`}
      </figcaption>
    </figure>
  );
}

/**
 * A photo in a section's form: what is there now (or what the page shows instead), a file input
 * to choose a new one, its alt text, and "Remove". Without JavaScript the file is sent with the
 * form; with it, the chosen file is checked for size and previewed before it is sent.
 */
export function PhotoField({
  name,
  field,
  values,
  photos,
  errors,
}: {
  name: string;
  field: PhotoFieldDescription;
  values: FormValues;
  photos: FormPhotos;
  errors: Record<string, string>;
}) {
  const inputs = photoInputs(name);
  const id = inputId(name);
  const ids = { file: inputId(inputs.file), alt: inputId(inputs.alt), remove: inputId(inputs.remove) };
  const current = values[inputs.id] ?? '';
  const [chosen, setChosen] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);
  const fileError = tooLarge ?? errors[inputs.file];
  const altError = errors[inputs.alt];
  const hintId = field.hint ? `${id}-hint` : undefined;
  const altHint = `${field.altHint} Required with a photo.`;
  const alt = {
    id: ids.alt,
    name: inputs.alt,
    maxLength: field.altMax,
    defaultValue: values[inputs.alt] ?? '',
    'aria-invalid': altError ? true : undefined,
    'aria-describedby': describedBy(ids.alt, altHint, altError),
  };

  return (
    <fieldset id={id} className={fileError || altError ? 'content-photo field--invalid' : 'content-photo'}>
      <legend>
        {field.label} <span className="field__optional">(optional)</span>
      </legend>
      {field.hint && (
        <p id={hintId} className="field__hint">
          {field.hint}
        </p>
      )}
      <input type="hidden" name={inputs.id} value={current} />
      <div className="content-photo__preview">
        {chosen ? (
          <figure>
            <img src={chosen} alt="" />
            <figcaption>The photo you chose: it is sent when you save.</figcaption>
          </figure>
        ) : (
          <Current id={current} photos={photos} instead={field.instead} />
        )}
      </div>
      <div className={fileError ? 'field field--invalid' : 'field'}>
        <label htmlFor={ids.file}>{current ? 'Replace it with' : 'Choose a photo'}</label>
        <input
          id={ids.file}
          name={inputs.file}
          type="file"
          accept={PHOTO_ACCEPT}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={[hintId, fileError && `${ids.file}-error`].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            if (file && file.size > PHOTO_LIMITS.maxBytes) {
              // Refused here rather than after sending 15 MB or more.
              setTooLarge(
                `${file.name} is larger than ${PHOTO_LIMITS.maxBytes / MB} MB. Photos may be at most ${PHOTO_LIMITS.maxBytes / MB} MB: make it smaller, then choose it again.`,
              );
              input.value = '';
              setChosen(null);
              return;
            }
            setTooLarge(null);
            setChosen(file ? URL.createObjectURL(file) : null);
          }}
        />
        {fileError && (
          // Refused in the browser: said at once (the server's refusals come with the page and its summary).
          <p id={`${ids.file}-error`} className="field__error" role={tooLarge ? 'alert' : undefined}>
            {fileError}
          </p>
        )}
      </div>
      <div className={altError ? 'field field--invalid' : 'field'}>
        <label htmlFor={ids.alt}>Alt text</label>
        <p id={`${ids.alt}-hint`} className="field__hint">
          {altHint}
        </p>
        {growsWithText({ max: field.altMax }, 'field') ? (
          <LineArea {...alt} place="field" />
        ) : (
          <input {...alt} type="text" />
        )}
        {altError && (
          <p id={`${ids.alt}-error`} className="field__error">
            {altError}
          </p>
        )}
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
