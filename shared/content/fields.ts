/**
 * The kinds of editable value, and of the levels the content nests them in: what the content's
 * shape (shape.ts) is written in. Each says what the value is called and how long it may be: the
 * site editor's labels, hints and maxlength attributes, and the limits and messages of the content
 * schema (schema.ts). No zod here, so the editor's JavaScript does not carry the validator.
 */

/** A legend and its hint: a fieldset of the form. */
export interface Fieldset {
  legend: string;
  hint?: string;
}

/** One piece of text. `paragraphs` is a multi-line text whose blank lines separate paragraphs. */
export interface TextField {
  kind: 'text' | 'paragraphs';
  label: string;
  hint?: string;
  max: number;
  /** May be left empty. */
  optional?: boolean;
  /**
   * Checked beyond length: an e-mail address, an https:// address, a phone number, WhatsApp digits,
   * a date (YYYY-MM-DD), a year, a number, a count, a country's name, or an Indian registration
   * number (GSTIN, IEC, CIN or Udyam; identity.ts).
   */
  format?:
    | 'email'
    | 'https'
    | 'phone'
    | 'digits'
    | 'date'
    | 'year'
    | 'number'
    | 'count'
    | 'country'
    | 'gstin'
    | 'iec'
    | 'cin-udyam';
}

/** A list of short texts: an input each in the form, added, moved and deleted like rows. */
export interface LinesField {
  kind: 'lines';
  label: string;
  hint?: string;
  /** One item, in messages and buttons ("key feature"). */
  item: string;
  min: number;
  /** Without it there is no limit but the form's size. */
  max?: number;
  itemMax: number;
  format?: TextField['format'];
}

/**
 * A list of rows of a few values each (specification rows, business hours, certificates): a row of
 * inputs in the form (a fieldset of its own when it has more than two columns or a photo), which can
 * be added, moved and deleted. Without `max` there is no limit but the form's size.
 */
export interface RowsField<
  C extends Record<string, TextField | PhotoField | PdfField> = Record<string, TextField | PhotoField | PdfField>,
> {
  kind: 'rows';
  label: string;
  hint?: string;
  /** One row, in messages and buttons ("specification row"). */
  item: string;
  min: number;
  max?: number;
  columns: C;
}

/**
 * A photo: a file input, its alt text (required once there is a photo) and "Remove". Without a
 * photo the page shows what `instead` says.
 */
export interface PhotoField {
  kind: 'photo';
  label: string;
  hint?: string;
  /** What the page shows without a photo ("the drawing"). */
  instead: string;
  /** Help for writing its alt text. */
  altHint: string;
  altMax: number;
}

/**
 * A PDF (a certificate's), in a row only: a file input, what the row has now and "Remove". The page
 * links it as a download; without one it links none.
 */
export interface PdfField {
  kind: 'pdf';
  label: string;
  hint?: string;
}

/** A value the owner edits; `in`: the fieldset it shows in, with the fields beside it in the same one (see `together`). */
export type Field = (TextField | LinesField | RowsField | PhotoField) & { in?: Fieldset };

/** A level of the content (WhatsApp's number and greeting): its fields shown in a fieldset. */
export interface Group<S extends Shape = Shape> extends Fieldset {
  kind: 'group';
  shape: S;
}

/** A fixed number of objects of one shape (the three slides), each shown in a fieldset of its own. */
export interface Repeated<S extends Shape = Shape, N extends number = number> {
  kind: 'repeated';
  shape: S;
  count: N;
  fieldset: (index: number) => Fieldset;
}

/** A part of the content: its keys, in order, and what is under each. */
export type Shape = { [key: string]: Field | Group | Repeated };

export const text = (label: string, max: number, more: Partial<TextField> = {}): TextField => ({
  kind: 'text',
  label,
  max,
  ...more,
});
export const paragraphs = (label: string, max: number, more: Partial<TextField> = {}): TextField => ({
  kind: 'paragraphs',
  label,
  max,
  ...more,
});
export const photo = (label: string, instead: string, altHint: string, hint?: string): PhotoField => ({
  kind: 'photo',
  label,
  instead,
  altHint,
  altMax: 200,
  hint,
});
export const pdf = (label: string, hint?: string): PdfField => ({ kind: 'pdf', label, hint });
export const rows = <C extends Record<string, TextField | PhotoField | PdfField>>(
  label: string,
  item: string,
  columns: C,
  more: Partial<Pick<RowsField, 'hint' | 'min' | 'max'>> = {},
): RowsField<C> => ({ kind: 'rows', label, item, min: 0, columns, ...more });
export const group = <S extends Shape>(legend: string, shape: S, hint?: string): Group<S> => ({
  kind: 'group',
  legend,
  hint,
  shape,
});
export const repeated = <S extends Shape, const N extends number>(
  shape: S,
  count: N,
  fieldset: (index: number) => Fieldset,
): Repeated<S, N> => ({ kind: 'repeated', shape, count, fieldset });

/** Fields shown in one fieldset that are not a level of the content of their own (Home's summary and highlights). */
export function together<S extends Record<string, Field>>(fieldset: Fieldset, fields: S): S {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, { ...field, in: fieldset }])) as S;
}

/** The note saved with a revision. */
export const NOTE_FIELD = text('Note', 200, { optional: true, hint: 'Optional: what you changed, for the history.' });
