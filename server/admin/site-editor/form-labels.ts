import { formNameOf, leaves, type Entry, type Section } from '../../../shared/content/sections.js';
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

/**
 * Messages of a failed validation, by form field name (the first of each field), saying where when
 * the field's own label does not: "Slide 2: Enter the title", "Enter the hours in row 3".
 */
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
    const rows = leaves(section.entries).find((leaf) => leaf.field.kind === 'rows' && name.startsWith(`${leaf.name}.`));
    const row = rows ? Number(name.slice(rows.name.length + 1).split('.')[0]) : -1;
    const where =
      rows?.field.kind !== 'rows'
        ? issue.message
        : isCompact(rows.field)
          ? `${issue.message} in row ${row + 1}`
          : `${rowLegend(rows.field, row)}: ${issue.message}`;
    errors[name] ??= withLegend(section, rows?.name ?? leafOf(section, name), where);
  }
  return errors;
}

/** What the editor calls the value of a form name: "Slide 2: Title", "Technical specifications, row 3", "Cover photo: alt text". */
export function fieldLabel(section: Section, name: string): string {
  const leaf = leaves(section.entries).find((candidate) => candidate.name === leafOf(section, name));
  if (!leaf) return name;
  const rest = name.slice(leaf.name.length + 1);
  const { field } = leaf;
  const label =
    field.kind === 'rows'
      ? `${field.label}, row ${Number(rest.split('.')[0]) + 1}`
      : field.kind === 'photo' && rest === 'alt'
        ? `${field.label}: alt text`
        : field.label;
  return withLegend(section, leaf.name, label);
}

/** Whether a form name is a photo itself (its id), rather than a text. */
export function isPhotoName(section: Section, name: string): boolean {
  return leaves(section.entries).some((leaf) => leaf.field.kind === 'photo' && name === `${leaf.name}.id`);
}
