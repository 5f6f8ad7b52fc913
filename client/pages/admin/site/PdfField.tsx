import type { PdfField as PdfFieldDescription } from '../../../../shared/content/fields.js';
import { PDF_ACCEPT, PDF_LIMITS, pdfUrl } from '../../../../shared/content/pdf.js';
import { pdfInputs, type FormValues } from '../../../../shared/content/sections.js';
import { formatBytes } from '../../../../shared/enquiry/quote.js';
import type { FormPdfs } from '../../../../shared/site-editor.js';
import { FileField, type FileKind } from './FileField.js';

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

const PDF: FileKind = {
  accept: PDF_ACCEPT,
  maxBytes: PDF_LIMITS.maxBytes,
  chooseLabel: 'Choose a PDF',
  tooLarge: (fileName) =>
    `${fileName} is larger than ${PDF_LIMITS.maxBytes / MB} MB. PDFs may be at most ${PDF_LIMITS.maxBytes / MB} MB: save it smaller (a scan at 150 dpi is plenty), then choose it again.`,
  Chosen: ({ file }) => (
    <p className="field__hint">{`The PDF you chose (${file.name}, ${formatBytes(file.size)}): it is sent when you save.`}</p>
  ),
  removeLabel: 'Remove: the page links no PDF',
};

/** A PDF in a row of a section's form (a certificate's), or none. */
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
  return (
    <FileField
      name={name}
      inputs={inputs}
      label={field.label}
      hint={field.hint}
      kind={PDF}
      current={<Current id={values[inputs.id] ?? ''} pdfs={pdfs} />}
      values={values}
      errors={errors}
    />
  );
}
