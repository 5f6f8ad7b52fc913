import { CATEGORY_SLUGS, type CategorySlug } from './category-slugs.js';
import type { Field, Fieldset, PdfField, PhotoField, Shape } from './fields.js';
import type { SiteContent } from './schema.js';
import { ADMIN_PATHS, pathTo } from '../admin/paths.js';
import { ABOUT, CAPABILITY, COMPANY, CONTACT, HOME, LEGAL, PRODUCT } from './shape.js';

/**
 * The site editor's forms: one per section of the content, made from the content's shape
 * (shape.ts). A form field's name is its path in the section ("slides.0.title"); a list's items are
 * inputs named "<path>.<item>", rows' "<path>.<row>.<column>" (rows.ts moves, adds and deletes
 * both). The same description
 * renders the form (client) and reads it (server).
 */
export type Entry = { name: string; field: Field } | { legend: string; hint?: string; entries: Entry[] };

export type SectionId = 'company' | 'home' | 'about' | 'capability' | 'contact' | 'legal' | `products/${CategorySlug}`;

export interface Section {
  id: SectionId;
  title: string;
  /** Where its text shows on the site. */
  shownAt: string;
  /** The page to look at after a save. */
  view: string;
  entries: Entry[];
}

/** A form's entries in the order of the shape: each group, and each repeated object, a fieldset. */
function entriesOf(shape: Shape, prefix = ''): Entry[] {
  const entries: Entry[] = [];
  const fieldset = ({ legend, hint }: Fieldset, inside: Entry[]) => entries.push({ legend, hint, entries: inside });
  for (const [key, part] of Object.entries(shape)) {
    const name = `${prefix}${key}`;
    if (part.kind === 'group') fieldset(part, entriesOf(part.shape, `${name}.`));
    else if (part.kind === 'repeated') {
      for (let index = 0; index < part.count; index++)
        fieldset(part.fieldset(index), entriesOf(part.shape, `${name}.${index}.`));
    } else if (!part.in) entries.push({ name, field: part });
    else {
      // Fields shown together (`together`): the fieldset the field before opened, or a new one.
      const last = entries.at(-1);
      if (last && 'entries' in last && last.legend === part.in.legend) last.entries.push({ name, field: part });
      else fieldset(part.in, [{ name, field: part }]);
    }
  }
  return entries;
}

export const SECTIONS: readonly Section[] = [
  {
    id: 'company',
    title: 'Company',
    shownAt: 'Every page: header, footer, contact details, WhatsApp and the Contact Us page',
    view: '/contact',
    entries: entriesOf(COMPANY),
  },
  { id: 'home', title: 'Home', shownAt: 'The home page', view: '/', entries: entriesOf(HOME) },
  { id: 'about', title: 'About', shownAt: 'The About Us page', view: '/about', entries: entriesOf(ABOUT) },
  {
    id: 'capability',
    title: 'Capability',
    shownAt: 'The Infrastructure page, the strips on the home and About Us pages, and the capability statement (PDF)',
    view: '/infrastructure',
    entries: entriesOf(CAPABILITY),
  },
  ...CATEGORY_SLUGS.map((slug): Section => ({
    id: `products/${slug}`,
    title: slug, // the editor shows the product's current name
    shownAt: 'Its product page, its card and the menus',
    view: `/products/${slug}`,
    entries: entriesOf(PRODUCT),
  })),
  {
    id: 'contact',
    title: 'Contact page',
    shownAt: 'The Contact Us page, and the acknowledgement e-mail to buyers',
    view: '/contact',
    entries: entriesOf(CONTACT),
  },
  {
    id: 'legal',
    title: 'Privacy and terms',
    shownAt: 'The footer of every page',
    view: '/#privacy',
    entries: entriesOf(LEGAL),
  },
];

/** A section's form, from the admin paths table (/admin/site/<section id>). */
export const sectionPath = (id: SectionId) => pathTo(ADMIN_PATHS.siteSection, { section: id });

export function findSection(id: string): Section | undefined {
  return SECTIONS.find((section) => section.id === id);
}

/** The section's part of the document. */
export function sectionValue(content: SiteContent, id: SectionId): unknown {
  if (id.startsWith('products/')) return content.products[id.slice('products/'.length) as CategorySlug];
  return content[id as Exclude<SectionId, `products/${string}`>];
}

/** The document with the section's part replaced (the value is checked by the schema first). */
export function withSection(content: SiteContent, id: SectionId, value: unknown): SiteContent {
  if (id.startsWith('products/')) {
    return { ...content, products: { ...content.products, [id.slice('products/'.length)]: value } };
  }
  return { ...content, [id]: value };
}

/** What a section's title says in the editor: a product section is named by the product. */
export function sectionTitle(section: Section, content: SiteContent): string {
  return section.id.startsWith('products/')
    ? `Product: ${(sectionValue(content, section.id) as { name: string }).name}`
    : section.title;
}

export type FormValues = Record<string, string>;

/**
 * The form names of a photo field: the photo kept (its id, hidden), its alt text, a new file, and
 * "Remove". The file part is read by the server (the photo stored, its id put in `id`).
 */
export function photoInputs(name: string) {
  return { id: `${name}.id`, alt: `${name}.alt`, file: `${name}.file`, remove: `${name}.remove` };
}

/**
 * The form names of a PDF field (in a row): the PDF kept (its id, hidden), a new file, and "Remove".
 * The file part is read by the server (the PDF stored, its id put in `id`).
 */
export function pdfInputs(name: string) {
  return { id: `${name}.id`, file: `${name}.file`, remove: `${name}.remove` };
}

/** Every field of a section, with its form name. */
export function leaves(entries: readonly Entry[]): { name: string; field: Field }[] {
  return entries.flatMap((entry) => ('field' in entry ? [entry] : leaves(entry.entries)));
}

function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

type PhotoValue = { id: string; alt: string } | null;

/** A photo's form values (the kept photo's id and its alt text). */
function putPhotoValues(values: FormValues, name: string, photo: PhotoValue | undefined): void {
  const inputs = photoInputs(name);
  values[inputs.id] = photo?.id ?? '';
  values[inputs.alt] = photo?.alt ?? '';
}

type PdfValue = { id: string } | null;

/** A PDF as its form gives it: none, or "Remove" ticked, is null; else its id, completed by the server. */
function pdfOfForm(values: FormValues, name: string): PdfValue {
  const inputs = pdfInputs(name);
  const id = values[inputs.id] ?? '';
  return values[inputs.remove] || id === '' ? null : { id };
}

/** A photo as its form gives it: none, or "Remove" ticked, is null; else the id and alt text, completed by the server. */
function photoOfForm(values: FormValues, name: string): PhotoValue {
  const inputs = photoInputs(name);
  const id = values[inputs.id] ?? '';
  const alt = values[inputs.alt] ?? '';
  return values[inputs.remove] || (id === '' && alt.trim() === '') ? null : { id, alt };
}

/**
 * A section's value as the form's fields: a list's items each an input ("features.2"), or, for a
 * comparison of two versions (`lines: 'text'`), the whole list as one value, an item per line.
 */
export function toFormValues(section: Section, value: unknown, { lines = 'items' } = {}): FormValues {
  const values: FormValues = {};
  for (const { name, field } of leaves(section.entries)) {
    const current = at(value, name);
    if (field.kind === 'lines') {
      const items = (current as string[] | undefined) ?? [];
      if (lines === 'text') values[name] = items.join('\n');
      else items.forEach((item, index) => (values[`${name}.${index}`] = item));
    } else if (field.kind === 'photo') putPhotoValues(values, name, current as PhotoValue | undefined);
    else if (field.kind === 'rows') {
      ((current as Record<string, unknown>[] | undefined) ?? []).forEach((row, index) => {
        for (const [column, cell] of Object.entries(field.columns)) {
          const cellName = `${name}.${index}.${column}`;
          if (cell.kind === 'photo') putPhotoValues(values, cellName, row[column] as PhotoValue | undefined);
          else if (cell.kind === 'pdf')
            values[pdfInputs(cellName).id] = (row[column] as PdfValue | undefined)?.id ?? '';
          else values[cellName] = String((row[column] as string | undefined) ?? '');
        }
      });
    } else values[name] = String((current as string | number | undefined) ?? '');
  }
  return values;
}

/**
 * Each photo field of a section, with its value in `value` (as fromFormValues read it: the id and
 * alt text, or null): the section's own, and those in each row of its rows fields ("machines.2.photo").
 */
export function photosIn(section: Section, value: unknown): { name: string; field: PhotoField; photo: PhotoValue }[] {
  return leaves(section.entries).flatMap(({ name, field }) => {
    if (field.kind === 'photo') return [{ name, field, photo: (at(value, name) as PhotoValue | undefined) ?? null }];
    if (field.kind !== 'rows') return [];
    const rows = (at(value, name) as Record<string, unknown>[] | undefined) ?? [];
    return rows.flatMap((row, index) =>
      Object.entries(field.columns).flatMap(([column, cell]) =>
        cell.kind === 'photo'
          ? [
              {
                name: `${name}.${index}.${column}`,
                field: cell,
                photo: (row[column] as PhotoValue | undefined) ?? null,
              },
            ]
          : [],
      ),
    );
  });
}

/** Each PDF field of a section's rows, with its value in `value` (as fromFormValues read it: the id, or null): "certificates.2.pdf". */
export function pdfsIn(section: Section, value: unknown): { name: string; field: PdfField; pdf: PdfValue }[] {
  return leaves(section.entries).flatMap(({ name, field }) => {
    if (field.kind !== 'rows') return [];
    const rows = (at(value, name) as Record<string, unknown>[] | undefined) ?? [];
    return rows.flatMap((row, index) =>
      Object.entries(field.columns).flatMap(([column, cell]) =>
        cell.kind === 'pdf'
          ? [{ name: `${name}.${index}.${column}`, field: cell, pdf: (row[column] as PdfValue | undefined) ?? null }]
          : [],
      ),
    );
  });
}

/** Replaces the value at a form name's path (a photo completed by the server). */
export function replaceAt(value: Record<string, unknown>, name: string, replacement: unknown): void {
  put(value, name, replacement);
}

/** How many rows of a rows field (or items of a list) the form holds (the highest number given, plus one). */
export function rowsIn(values: FormValues, name: string): number {
  const pattern = new RegExp(`^${name.replace(/\./g, '\\.')}\\.(\\d{1,4})(\\.|$)`);
  return Object.keys(values).reduce((count, key) => Math.max(count, Number(pattern.exec(key)?.[1] ?? -1) + 1), 0);
}

/** The rows a rows field shows: those in the form, and at least as many as it must have. */
export function rowCount(values: FormValues, name: string, min: number): number {
  return Math.max(rowsIn(values, name), min);
}

function put(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node: Record<string, unknown> = target;
  keys.slice(0, -1).forEach((key, index) => {
    node[key] ??= /^\d+$/.test(keys[index + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys.at(-1)!] = value;
}

/**
 * Reads a section's form: a list's empty items dropped, and rows with every input empty. `rowOf` maps a row's place in the value back to its place in the form, so that a
 * message lands beside the input it is about.
 */
export function fromFormValues(
  section: Section,
  values: FormValues,
): { value: Record<string, unknown>; rowOf: Record<string, number[]> } {
  const value: Record<string, unknown> = {};
  const rowOf: Record<string, number[]> = {};
  for (const { name, field } of leaves(section.entries)) {
    if (field.kind === 'photo') put(value, name, photoOfForm(values, name));
    else if (field.kind === 'lines') {
      // Its items, empty ones dropped.
      const items = Array.from({ length: rowsIn(values, name) }, (_, index) => values[`${name}.${index}`] ?? '');
      rowOf[name] = [];
      const kept: string[] = [];
      items.forEach((item, index) => {
        if (item.trim() === '') return;
        kept.push(item.trim());
        rowOf[name]!.push(index);
      });
      put(value, name, kept);
    } else if (field.kind === 'rows') {
      // A row with nothing in it is dropped.
      const rows: Record<string, unknown>[] = [];
      rowOf[name] = [];
      const count = rowsIn(values, name);
      for (let index = 0; index < count; index++) {
        const row = Object.fromEntries(
          Object.entries(field.columns).map(([column, cell]) => {
            const cellName = `${name}.${index}.${column}`;
            return [
              column,
              cell.kind === 'photo'
                ? photoOfForm(values, cellName)
                : cell.kind === 'pdf'
                  ? pdfOfForm(values, cellName)
                  : (values[cellName] ?? ''),
            ];
          }),
        );
        if (Object.values(row).every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === '')))
          continue;
        rows.push(row);
        rowOf[name].push(index);
      }
      put(value, name, rows);
    } else {
      // A textarea sends CRLF; the browser's maxlength counts a line break as one character.
      put(value, name, (values[name] ?? '').replace(/\r\n?/g, '\n'));
    }
  }
  return { value, rowOf };
}

/** The form name a message about `path` (a path in the section's value) belongs beside. */
export function formNameOf(section: Section, path: (string | number)[], rowOf: Record<string, number[]>): string {
  for (const { name, field } of leaves(section.entries)) {
    const keys = name.split('.');
    if (keys.some((key, index) => String(path[index]) !== key)) continue;
    if (field.kind === 'photo') {
      const inputs = photoInputs(name);
      return path[keys.length] === 'alt' ? inputs.alt : inputs.file;
    }
    if (field.kind === 'lines' && path.length > keys.length) {
      const item = rowOf[name]?.[Number(path[keys.length])];
      return item === undefined ? name : `${name}.${item}`;
    }
    if (field.kind === 'rows' && path.length > keys.length + 1) {
      const row = rowOf[name]?.[Number(path[keys.length])] ?? 0;
      const column = String(path[keys.length + 1]);
      const cellName = `${name}.${row}.${column}`;
      if (field.columns[column]?.kind === 'pdf') return pdfInputs(cellName).file;
      if (field.columns[column]?.kind !== 'photo') return cellName;
      return path[keys.length + 2] === 'alt' ? photoInputs(cellName).alt : photoInputs(cellName).file;
    }
    return name;
  }
  return path.join('.');
}

/** The id of a form field's input (and of a rows field's fieldset), for labels and the error summary. */
export function inputId(name: string): string {
  return `field-${name.replace(/\./g, '-')}`;
}
