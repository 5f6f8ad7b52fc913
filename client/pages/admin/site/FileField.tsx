import { useState, type ReactNode } from 'react';
import { inputId, type FormValues } from '../../../../shared/content/sections.js';

/** What differs between a photo and a PDF: the files taken, and the words and previews around them. */
export interface FileKind {
  accept: string;
  maxBytes: number;
  /** The file input's label when the field holds no file yet. */
  chooseLabel: string;
  /** Said at once when a chosen file is larger than maxBytes. */
  tooLarge: (fileName: string) => string;
  /** The chosen file, before it is sent. */
  Chosen: (props: { file: File }) => ReactNode;
  removeLabel: string;
}

/**
 * A file in a section's form (a photo, a certificate's PDF): what is there now, a file input to
 * choose one, what the kind adds (a photo's alt text) and "Remove". Without JavaScript the file is
 * sent with the form; with it, the chosen file's size is checked and it is shown before it is sent.
 */
export function FileField({
  name,
  inputs,
  label,
  hint,
  kind,
  current,
  values,
  errors,
  invalid,
  children,
}: {
  name: string;
  inputs: { id: string; file: string; remove: string };
  label: string;
  hint?: string | undefined;
  kind: FileKind;
  /** What the field holds now (the Current of each kind). */
  current: ReactNode;
  values: FormValues;
  errors: Record<string, string>;
  /** Another of its inputs was refused (the alt text). */
  invalid?: boolean;
  children?: ReactNode;
}) {
  const id = inputId(name);
  const ids = { file: inputId(inputs.file), remove: inputId(inputs.remove) };
  const held = values[inputs.id] ?? '';
  const [chosen, setChosen] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const fileError = tooLarge ?? errors[inputs.file];
  const hintId = hint ? `${id}-hint` : undefined;

  return (
    <fieldset id={id} className={fileError || invalid ? 'content-photo field--invalid' : 'content-photo'}>
      <legend>
        {label} <span className="field__optional">(optional)</span>
      </legend>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <input type="hidden" name={inputs.id} value={held} />
      <div className="content-photo__preview">{chosen ? <kind.Chosen file={chosen} /> : current}</div>
      <div className={fileError ? 'field field--invalid' : 'field'}>
        <label htmlFor={ids.file}>{held ? 'Replace it with' : kind.chooseLabel}</label>
        <input
          id={ids.file}
          name={inputs.file}
          type="file"
          accept={kind.accept}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={[hintId, fileError && `${ids.file}-error`].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0] ?? null;
            // Refused here rather than after sending the whole file.
            const refused = file !== null && file.size > kind.maxBytes;
            setTooLarge(refused ? kind.tooLarge(file.name) : null);
            if (refused) input.value = '';
            setChosen(refused ? null : file);
          }}
        />
        {fileError && (
          // Refused in the browser: said at once (the server's refusals come with the page and its summary).
          <p id={`${ids.file}-error`} className="field__error" role={tooLarge ? 'alert' : undefined}>
            {fileError}
          </p>
        )}
      </div>
      {children}
      {held && (
        <div className="content-photo__remove">
          <input id={ids.remove} name={inputs.remove} type="checkbox" defaultChecked={values[inputs.remove] === 'on'} />
          <label htmlFor={ids.remove}>{kind.removeLabel}</label>
        </div>
      )}
    </fieldset>
  );
}
