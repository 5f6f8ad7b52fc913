import type { RowsField } from '../../../shared/content/fields.js';
import type { LabelledField, TranslationField } from '../../../shared/translations.js';
import { findSection, formNameOf, leaves, type Entry, type Section } from '../../../shared/content/sections.js';
import { isCompact, rowLegend } from '../../../shared/content/rows.js';

/** The legend of the group of fields a form field is in ("Slide 2"), if any. */
function legendOf(entries: readonly Entry[], name: string, legend?: string): string | undefined {
  for (const entry of entries) {
    const found =
      'field' in entry
        ? entry.name === name
          ? (legend ?? '')
          : undefined
        : legendOf(entry.entries, name, entry.legend);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The field a form name belongs to ("slides.0.photo" for "slides.0.photo.alt"). */
function leafOf(section: Section, name: string): string {
  return leaves(section.entries).find((leaf) => name === leaf.name || name.startsWith(`${leaf.name}.`))?.name ?? name;
}

/** A message about a field, saying which group it is in when its label does not ("Slide 2: …"). */
export function withLegend(section: Section, name: string, message: string): string {
  const legend = legendOf(section.entries, name);
  return legend ? `${legend}: ${message}` : message;
}

/** The rows field a form name is in, and the row ("certificates.1.pdf.file": certificates, 1). */
function rowOfName(section: Section, name: string): { name: string; field: RowsField; row: number } | undefined {
  const rows = leaves(section.entries).find((leaf) => leaf.field.kind === 'rows' && name.startsWith(`${leaf.name}.`));
  if (rows?.field.kind !== 'rows') return undefined;
  return { name: rows.name, field: rows.field, row: Number(name.slice(rows.name.length + 1).split('.')[0]) };
}

/**
 * A message about a form field, saying where when the field's own label does not: "Slide 2: Enter
 * the title", "Enter the hours in row 3", "Certificate 1: scan.pdf is not a PDF…".
 */
export function placed(section: Section, name: string, message: string): string {
  const rows = rowOfName(section, name);
  const where = !rows
    ? message
    : isCompact(rows.field)
      ? `${message} in row ${rows.row + 1}`
      : `${rowLegend(rows.field, rows.row)}: ${message}`;
  return withLegend(section, rows?.name ?? leafOf(section, name), where);
}

/** Messages of a failed validation, by form field name (the first of each field), placed (above). */
export function messagesOf(
  section: Section,
  issues: { path: PropertyKey[]; message: string }[],
  rowOf: Record<string, number[]>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = formNameOf(
      section,
      issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
      rowOf,
    );
    errors[name] ??= placed(section, name, issue.message);
  }
  return errors;
}

/**
 * What the editor calls the value of a form name: "Slide 2: Title", "Technical specifications, row 3",
 * "Cover photo: alt text", "Certificates, row 1: PDF of the certificate" (a row's photo or PDF).
 */
export function fieldLabel(section: Section, name: string): string {
  const leaf = leaves(section.entries).find((candidate) => candidate.name === leafOf(section, name));
  if (!leaf) return name;
  const rest = name.slice(leaf.name.length + 1);
  const { field } = leaf;
  const cell = field.kind === 'rows' ? field.columns[rest.split('.')[1] ?? ''] : undefined;
  const label =
    field.kind === 'rows'
      ? `${field.label}, row ${Number(rest.split('.')[0]) + 1}${cell && cell.kind !== 'text' && cell.kind !== 'paragraphs' ? `: ${cell.label}` : ''}`
      : field.kind === 'photo' && rest === 'alt'
        ? `${field.label}: alt text`
        : field.label;
  return withLegend(section, leaf.name, label);
}

/**
 * Whether a form name is a file itself (its id), rather than a text: a photo (a section's, or a
 * row's: "machines.2.photo.id") or a PDF ("certificates.0.pdf.id").
 */
export function fileOfName(section: Section, name: string): 'photo' | 'pdf' | undefined {
  if (!name.endsWith('.id')) return undefined;
  const owner = name.slice(0, -'.id'.length);
  const leaf = leaves(section.entries).find((candidate) => candidate.name === leafOf(section, owner));
  if (leaf?.field.kind === 'photo') return leaf.name === owner ? 'photo' : undefined;
  if (leaf?.field.kind !== 'rows') return undefined;
  const [row, column, ...more] = owner.slice(leaf.name.length + 1).split('.');
  const cell = /^\d+$/.test(row ?? '') && more.length === 0 ? leaf.field.columns[column ?? ''] : undefined;
  return cell?.kind === 'photo' || cell?.kind === 'pdf' ? cell.kind : undefined;
}

/** A translation's field with what the editor calls it ("Slide 2: Title"). */
export const labelled = (field: TranslationField): LabelledField => ({
  ...field,
  label: fieldLabel(findSection(field.section)!, field.name),
});
