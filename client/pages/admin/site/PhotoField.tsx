import { useEffect, useMemo } from 'react';
import type { PhotoField as PhotoFieldDescription } from '../../../../shared/content/fields.js';
import { PHOTO_ACCEPT, PHOTO_LIMITS, photoUrl, variantWidths } from '../../../../shared/content/photo.js';
import { inputId, photoInputs, type FormValues } from '../../../../shared/content/sections.js';
import type { FormPhotos } from '../../../../shared/site-editor.js';
import { describedBy } from '../../../components/FormField.js';
import { growsWithText } from './auto-grow.js';
import { FileField, type FileKind } from './FileField.js';
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

/** The photo chosen, before it is sent. */
function ChosenPhoto({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <figure>
      <img src={url} alt="" />
      <figcaption>The photo you chose: it is sent when you save.</figcaption>
    </figure>
  );
}

const photoKind = (instead: string): FileKind => ({
  accept: PHOTO_ACCEPT,
  maxBytes: PHOTO_LIMITS.maxBytes,
  chooseLabel: 'Choose a photo',
  tooLarge: (fileName) =>
    `${fileName} is larger than ${PHOTO_LIMITS.maxBytes / MB} MB. Photos may be at most ${PHOTO_LIMITS.maxBytes / MB} MB: make it smaller, then choose it again.`,
  Chosen: ChosenPhoto,
  removeLabel: `Remove: the page shows ${instead}`,
});

/** A photo in a section's form, with its alt text (or what the page shows instead). */
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
  const altId = inputId(inputs.alt);
  const altError = errors[inputs.alt];
  const altHint = `${field.altHint} Required with a photo.`;
  const alt = {
    id: altId,
    name: inputs.alt,
    maxLength: field.altMax,
    defaultValue: values[inputs.alt] ?? '',
    'aria-invalid': altError ? true : undefined,
    'aria-describedby': describedBy(altId, altHint, altError),
  };
  const kind = useMemo(() => photoKind(field.instead), [field.instead]);

  return (
    <FileField
      name={name}
      inputs={inputs}
      label={field.label}
      hint={field.hint}
      kind={kind}
      current={<Current id={values[inputs.id] ?? ''} photos={photos} instead={field.instead} />}
      values={values}
      errors={errors}
      invalid={altError !== undefined}
    >
      <div className={altError ? 'field field--invalid' : 'field'}>
        <label htmlFor={altId}>Alt text</label>
        <p id={`${altId}-hint`} className="field__hint">
          {altHint}
        </p>
        {growsWithText({ max: field.altMax }, 'field') ? (
          <LineArea {...alt} place="field" />
        ) : (
          <input {...alt} type="text" />
        )}
        {altError && (
          <p id={`${altId}-error`} className="field__error">
            {altError}
          </p>
        )}
      </div>
    </FileField>
  );
}
