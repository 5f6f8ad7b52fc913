import type { ReactNode } from 'react';
import type { LinesField, RowsField } from '../../../../shared/content/fields.js';
import { rowAction, rowButtonId, ROW_ACTION, type RowMove } from '../../../../shared/content/rows.js';
import { inputId } from '../../../../shared/content/sections.js';
import { describedBy } from '../../../components/FormField.js';

const article = (item: string) => (/^[aeiou]/i.test(item) ? 'an' : 'a');

/** Up, Down and Delete for one row (or a list's item): submit buttons of the section's form (rows.ts). */
export function RowButtons({
  name,
  row,
  count,
  item,
  focus,
}: {
  name: string;
  row: number;
  count: number;
  item: string;
  focus?: string;
}) {
  const button = (move: RowMove, text: string, label: string) => {
    const id = rowButtonId(name, move, row);
    return (
      <button
        type="submit"
        id={id}
        name={ROW_ACTION}
        value={rowAction(name, row, move)}
        className="button button--small button--ghost"
        aria-label={label}
        autoFocus={focus === id || undefined}
      >
        {text}
      </button>
    );
  };
  return (
    <div className="content-rows__buttons">
      {row > 0 && button('up', 'Up', `Move ${item} ${row + 1} up`)}
      {row < count - 1 && button('down', 'Down', `Move ${item} ${row + 1} down`)}
      {button('delete', 'Delete', `Delete ${item} ${row + 1}`)}
    </div>
  );
}

/**
 * The fieldset of a rows field or a list: its legend, hint and message, its rows (`children`), "No
 * … yet." without any, and the button that adds one (while there may be more).
 */
export function RowsFrame({
  name,
  field,
  count,
  error,
  focus,
  className,
  children,
}: {
  name: string;
  field: RowsField | LinesField;
  count: number;
  error?: string;
  focus?: string;
  className: string;
  children: ReactNode;
}) {
  const id = inputId(name);
  const addId = rowButtonId(name, 'add');
  return (
    <fieldset
      id={id}
      className={`${className}${error ? ' field--invalid' : ''}`}
      aria-describedby={describedBy(id, field.hint, error)}
    >
      <legend>
        {field.label}
        {field.min === 0 && <span className="field__optional"> (optional)</span>}
      </legend>
      {field.hint && (
        <p id={`${id}-hint`} className="field__hint">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      {count === 0 && <p className="field__hint">{`No ${field.label.toLowerCase()} yet.`}</p>}
      {children}
      {(field.max === undefined || count < field.max) && (
        <button
          type="submit"
          id={addId}
          name={ROW_ACTION}
          value={rowAction(name)}
          className="button button--small button--ghost"
          autoFocus={focus === addId || undefined}
        >
          {`Add ${article(field.item)} ${field.item}`}
        </button>
      )}
    </fieldset>
  );
}
