import type { LinesField, RowsField } from './fields.js';
import { inputId, leaves, rowCount, type FormValues, type Section } from './sections.js';

/**
 * Adding, moving and deleting the rows of a rows field (specifications, certificates, machines…)
 * and the items of a list (key features, applications, materials…),
 * with or without JavaScript: each is a submit button of the section's form named `_row`, whose
 * value says what to do ("specifications:add", "machines:2:up"). The server reads the form, keeps
 * the photos chosen in it, does what the button says to the form's values and shows the form
 * again: nothing is published until Save and publish.
 */
export const ROW_ACTION = '_row';
export type RowMove = 'up' | 'down' | 'delete';

export const rowAction = (name: string, row?: number, move?: RowMove) =>
  row === undefined ? `${name}:add` : `${name}:${row}:${move}`;

/** The id of a row's button (and of the field's Add button), for focus after the action. */
export const rowButtonId = (name: string, action: RowMove | 'add', row?: number) =>
  row === undefined ? `${inputId(name)}-add` : `${inputId(name)}-${row}-${action}`;

const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** A row of two texts is a line of a table, its cells side by side; a row with more, or a photo, is a fieldset of its own. */
export const isCompact = (field: RowsField) =>
  Object.values(field.columns).every((cell) => cell.kind === 'text') && Object.keys(field.columns).length <= 2;

/** What a row is called where it is a fieldset of its own ("Certificate 2"). */
export const rowLegend = (field: RowsField, row: number) => `${capitalized(field.item)} ${row + 1}`;
const firstInput = (name: string, field: RowsField | LinesField, row: number) => {
  if (field.kind === 'lines') return inputId(`${name}.${row}`);
  const [column, cell] = Object.entries(field.columns)[0]!;
  return inputId(
    cell.kind === 'text' || cell.kind === 'paragraphs' ? `${name}.${row}.${column}` : `${name}.${row}.${column}.file`,
  );
};

export interface RowActionDone {
  values: FormValues;
  /** The id of the element to focus: the moved row's button, the new row's first input. */
  focus: string;
  message: string;
}

/** The form's values with the button's action done, or null when the button names no row of the form. */
export function applyRowAction(section: Section, values: FormValues, action: string): RowActionDone | null {
  const match = /^([\w.]+):(?:(add)|(\d{1,4}):(up|down|delete))$/.exec(action);
  if (!match) return null;
  const [, name, add, rowText, move] = match as unknown as [string, string, string?, string?, RowMove?];
  const field = leaves(section.entries).find((leaf) => leaf.name === name)?.field;
  if (field?.kind !== 'rows' && field?.kind !== 'lines') return null;

  // Each row as its form values, by the part of the name after "<name>.<row>." ('' for a list's item).
  const prefix = `${name}.`;
  const count = rowCount(values, name, field.min);
  const rows: Record<string, string>[] = Array.from({ length: count }, () => ({}));
  const others: FormValues = {};
  for (const [key, value] of Object.entries(values)) {
    const cell = key.startsWith(prefix) ? /^(\d{1,4})(?:\.(.+))?$/.exec(key.slice(prefix.length)) : null;
    if (cell && Number(cell[1]) < count) rows[Number(cell[1])]![cell[2] ?? ''] = value;
    else others[key] = value;
  }

  const row = Number(rowText);
  const item = field.item;
  let focus: string;
  let done: string;
  if (add) {
    if (field.max !== undefined && count >= field.max) return null;
    rows.push(
      field.kind === 'lines'
        ? { '': '' }
        : Object.fromEntries(
            Object.entries(field.columns).flatMap(([column, cell]): [string, string][] =>
              cell.kind === 'photo'
                ? [
                    [`${column}.id`, ''],
                    [`${column}.alt`, ''],
                  ]
                : cell.kind === 'pdf'
                  ? [[`${column}.id`, '']]
                  : [[column, '']],
            ),
          ),
    );
    focus = firstInput(name, field, rows.length - 1);
    done = `Added ${item} ${rows.length}.`;
  } else {
    if (row >= count) return null;
    const to = move === 'up' ? row - 1 : move === 'down' ? row + 1 : row;
    if (to < 0 || to >= count) return null;
    if (move === 'delete') {
      rows.splice(row, 1);
      focus = rows.length === 0 ? rowButtonId(name, 'add') : firstInput(name, field, Math.min(row, rows.length - 1));
      done = `Deleted ${item} ${row + 1}.`;
    } else {
      [rows[row], rows[to]] = [rows[to]!, rows[row]!];
      // The same button of the row where it is now, else (now first or last) its other one.
      const stays = (move === 'up' && to > 0) || (move === 'down' && to < count - 1);
      focus = rowButtonId(name, stays ? move : move === 'up' ? 'down' : 'up', to);
      done = `Moved ${item} ${row + 1} ${move} to row ${to + 1}.`;
    }
  }
  const next: FormValues = { ...others };
  rows.forEach((cells, index) => {
    for (const [rest, value] of Object.entries(cells))
      next[rest ? `${prefix}${index}.${rest}` : `${prefix}${index}`] = value;
    // A row left with no value at all still shows: its first input is kept.
    if (Object.keys(cells).length === 0)
      next[field.kind === 'lines' ? `${prefix}${index}` : `${prefix}${index}.${Object.keys(field.columns)[0]}`] = '';
  });
  return {
    values: next,
    focus,
    message: `${capitalized(done)} Nothing is published until you press Save and publish.`,
  };
}
