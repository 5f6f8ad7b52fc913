import { useState } from 'react';
import type { PdfField as PdfFieldDescription } from '../../../../shared/content/fields.js';
import { PDF_ACCEPT, PDF_LIMITS, pdfUrl } from '../../../../shared/content/pdf.js';
import { inputId, pdfInputs, type FormValues } from '../../../../shared/content/sections.js';
import { formatBytes } from '../../../../shared/enquiry/quote.js';
import type { FormPdfs } from '../../../../shared/site-editor.js';

const MB = 1024 * 1024;

/** The PDF a field holds now: the site's, one uploaded with a refused save or a row button, or an id the server lost. */
function Current({ id, pdfs }: { id: string; pdfs: FormPdfs }) {
  const pdf = pdfs[id];
  if (!id) return <p className="field__hint">No PDF: the page links none.</p>;
  if (!pdf)
    return (
      <p className="field__hint">
        The PDF chosen before is no longer on the server: choose its file again, or tick Remove.
      </p>
    );
  const link = (
    <a href={pdfUrl(pdf.id)} type="application/pdf" download>
      {`${pdf.name} (${formatBytes(pdf.bytes)})`}
    </a>
  );
  return (
    <p className="field__hint">
      {pdf.published ? (
        <>The PDF now: {link}.</>
      ) : (
        <>Uploaded: {link}, not saved yet: the site links it once you save.</>
      )}
    </p>
  );
}

/**
 * A PDF in a row of a section's form (a certificate's): what is there now (or that there is none),
 * a file input to choose one, and "Remove". Without JavaScript the file is sent with the form; with
 * it, the chosen file's size is checked before it is sent.
 */
export function PdfField({
  name,
  field,
  values,
  pdfs,
  errors,
}: {
  name: string;
  field: PdfFieldDescription;
  values: FormValues;
  pdfs: FormPdfs;
  errors: Record<string, string>;
}) {
  const inputs = pdfInputs(name);
  const id = inputId(name);
  const ids = { file: inputId(inputs.file), remove: inputId(inputs.remove) };
  const current = values[inputs.id] ?? '';
  const [chosen, setChosen] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const fileError = tooLarge ?? errors[inputs.file];
  const hintId = field.hint ? `${id}-hint` : undefined;

  return (
    <fieldset id={id} className={fileError ? 'content-photo field--invalid' : 'content-photo'}>
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
        {chosen ? <p className="field__hint">{chosen}</p> : <Current id={current} pdfs={pdfs} />}
      </div>
      <div className={fileError ? 'field field--invalid' : 'field'}>
        <label htmlFor={ids.file}>{current ? 'Replace it with' : 'Choose a PDF'}</label>
        <input
          id={ids.file}
          name={inputs.file}
          type="file"
          accept={PDF_ACCEPT}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={[hintId, fileError && `${ids.file}-error`].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            if (file && file.size > PDF_LIMITS.maxBytes) {
              // Refused here rather than after sending 10 MB or more.
              setTooLarge(
                `${file.name} is larger than ${PDF_LIMITS.maxBytes / MB} MB. PDFs may be at most ${PDF_LIMITS.maxBytes / MB} MB: save it smaller (a scan at 150 dpi is plenty), then choose it again.`,
              );
              input.value = '';
              setChosen(null);
              return;
            }
            setTooLarge(null);
            setChosen(
              file ? `The PDF you chose (${file.name}, ${formatBytes(file.size)}): it is sent when you save.` : null,
            );
          }}
        />
        {fileError && (
          // Refused in the browser: said at once (the server's refusals come with the page and its summary).
          <p id={`${ids.file}-error`} className="field__error" role={tooLarge ? 'alert' : undefined}>
            {fileError}
          </p>
        )}
      </div>
      {current && (
        <div className="content-photo__remove">
          <input id={ids.remove} name={inputs.remove} type="checkbox" defaultChecked={values[inputs.remove] === 'on'} />
          <label htmlFor={ids.remove}>Remove: the page links no PDF</label>
        </div>
      )}
    </fieldset>
  );
}
