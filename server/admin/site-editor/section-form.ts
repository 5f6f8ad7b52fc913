import { NOTE_FIELD } from '../../../shared/content/fields.js';
import { schemaOfSection } from '../../../shared/content/schema.js';
import {
  fromFormValues,
  leaves,
  pdfInputs,
  photoInputs,
  type FormValues,
  type Section,
} from '../../../shared/content/sections.js';
import { asStorageFailure, type StorageUnavailableError } from '../../platform/storage/storage-error.js';
import { isPdf, type MediaLibrary, type ReceivedFile } from '../../site-content/media-library.js';
import { isFilePart, type EditorKit } from './editor-kit.js';
import { messagesOf, placed } from './form-labels.js';

const MAX_ITEMS = 10_000;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** A single-line field keeps no line break (a long one is a textarea in the form, where Enter makes one). */
const oneLine = (value: string) => value.replace(/[ \t]*[\r\n]+[ \t]*/g, ' ');

/** A section's posted form, read and checked: the values as typed (with new photos' ids), and the section's value if valid. */
export type SectionForm =
  | { failure: StorageUnavailableError; values: FormValues; note: string }
  | { values: FormValues; note: string; errors: Record<string, string>; value: unknown; valid: boolean };

/**
 * Reads a section's form as a save or a preview posts it: its values (a single-line field without
 * line breaks), each new photo and PDF stored (kept even when the rest is refused, so that a
 * corrected form does not need it chosen again) and every value checked by the section's schema.
 */
export async function readSectionForm(
  section: Section,
  body: Record<string, unknown>,
  actor: string,
  { media, kit }: { media: MediaLibrary; kit: EditorKit },
): Promise<SectionForm> {
  const values: FormValues = {};
  /** `pdfBeside`: the label of the PDF field in the same row as a photo field (certificates). */
  const uploads: { name: string; file: ReceivedFile; kind: 'photo' | 'pdf'; pdfBeside?: string }[] = [];
  let storageFailure: StorageUnavailableError | undefined;
  /** A list sent as one text with more lines than its inputs can be numbered (rows.ts: 4 digits). */
  const tooMany: Record<string, string> = {};
  for (const { name, field } of leaves(section.entries)) {
    if (field.kind === 'rows') {
      // Each row's values ("machines.2.name", "machines.2.photo.alt"), and its photos' and PDFs'
      // files ("machines.2.photo.file", "certificates.0.pdf.file").
      const pdfColumn = Object.entries(field.columns).find(([, cell]) => cell.kind === 'pdf');
      for (const [key, part] of Object.entries(body)) {
        if (!key.startsWith(`${name}.`)) continue;
        const column = field.columns[key.slice(name.length + 1).split('.')[1] ?? ''];
        if (typeof part === 'string') values[key] = column?.kind === 'paragraphs' ? part : oneLine(part);
        else if (key.endsWith('.file') && isFilePart(part) && (column?.kind === 'photo' || column?.kind === 'pdf')) {
          if ('failure' in part) storageFailure = part.failure;
          else if (!part.none)
            uploads.push({
              name: key.slice(0, -'.file'.length),
              file: part,
              kind: column.kind,
              pdfBeside: pdfColumn?.[1].label,
            });
        }
      }
    } else if (field.kind === 'photo') {
      const inputs = photoInputs(name);
      values[inputs.id] = text(body[inputs.id]);
      values[inputs.alt] = oneLine(text(body[inputs.alt]));
      if (body[inputs.remove]) values[inputs.remove] = 'on';
      const file = body[inputs.file];
      if (!isFilePart(file)) continue;
      if ('failure' in file) storageFailure = file.failure;
      else if (!file.none) uploads.push({ name, file, kind: 'photo' });
    } else if (field.kind === 'lines') {
      // Its items ("features.2"); or, from a form opened before lists had an input per item (a tab
      // left open), one text, an item per line, read as those items.
      const item = new RegExp(`^${name.replace(/\./g, '\\.')}\\.\\d{1,4}$`);
      const text = body[name];
      if (typeof text === 'string' && text.split(/\r?\n/).length > MAX_ITEMS)
        tooMany[name] = `Enter at most ${MAX_ITEMS.toLocaleString('en')} ${field.item}s`;
      if (typeof text === 'string')
        text.split(/\r?\n/).forEach((line, index) => (values[`${name}.${index}`] = oneLine(line)));
      else
        for (const [key, part] of Object.entries(body))
          if (typeof part === 'string' && item.test(key)) values[key] = oneLine(part);
    } else values[name] = field.kind === 'text' ? oneLine(text(body[name])) : text(body[name]);
  }
  const note = typeof body.note === 'string' ? oneLine(body.note).trim() : '';
  if (storageFailure) return { failure: storageFailure, values, note };

  const errors: Record<string, string> = { ...tooMany };
  for (const upload of uploads) {
    const inputs = upload.kind === 'pdf' ? pdfInputs(upload.name) : photoInputs(upload.name);
    let stored: Awaited<ReturnType<MediaLibrary['store'] | MediaLibrary['storePdf']>>;
    try {
      // A PDF chosen as a certificate's photo: told where it goes.
      if (upload.kind === 'photo' && upload.pdfBeside && isPdf(upload.file))
        stored = {
          refused: `${upload.file.name} is a PDF: choose it under “${upload.pdfBeside}”, just below. This field takes a photo: JPEG, PNG, WebP or AVIF.`,
        };
      else if (upload.kind === 'pdf') stored = await media.storePdf(upload.file, actor);
      else stored = await media.store(upload.file, actor);
    } catch (error) {
      const failure = asStorageFailure(error);
      if (!failure) throw error;
      return { failure, values, note };
    }
    if ('refused' in stored) errors[inputs.file] = placed(section, inputs.file, stored.refused);
    else {
      values[inputs.id] = stored.id;
      delete values[inputs.remove];
    }
  }

  const { value, rowOf } = fromFormValues(section, values);
  for (const { name, field, photo } of kit.completePhotos(section, value)) {
    const inputs = photoInputs(name);
    if (!errors[inputs.file]) {
      const what = field.label.toLowerCase();
      errors[inputs.file] = placed(
        section,
        inputs.file,
        photo.id === ''
          ? `Choose the file of the ${what}, or leave its alt text empty`
          : `The ${what} is no longer on the server: choose its file again`,
      );
    }
  }
  for (const { name, field } of kit.completePdfs(section, value)) {
    const inputs = pdfInputs(name);
    errors[inputs.file] ??= placed(
      section,
      inputs.file,
      `The ${field.label} is no longer on the server: choose its file again, or tick Remove`,
    );
  }
  const checked = schemaOfSection(section.id).safeParse(value);
  if (!checked.success)
    for (const [name, message] of Object.entries(messagesOf(section, checked.error.issues, rowOf)))
      errors[name] ??= message;
  if (note.length > NOTE_FIELD.max) errors.note = `Note must be ${NOTE_FIELD.max} characters or fewer`;
  const valid = checked.success && Object.keys(errors).length === 0;
  return { values, note, errors, value: checked.success ? checked.data : value, valid };
}
