import type { LinesField } from '../../../../shared/content/fields.js';
import { rowAction, rowButtonId, ROW_ACTION } from '../../../../shared/content/rows.js';
import { inputId, rowCount, type FormValues } from '../../../../shared/content/sections.js';
import { controlProps, describedBy } from '../../../components/FormField.js';
import { RowButtons } from './RowsField.js';

const article = (item: string) => (/^[aeiou]/i.test(item) ? 'an' : 'a');
const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/**
 * A list (key features, applications, phone numbers, materials…): an input per item, each with Up,
 * Down and Delete, and a button to add one; the buttons post the form like a rows field's (rows.ts).
 */
export function ListField({
  name,
  field,
  values,
  errors,
  focus,
}: {
  name: string;
  field: LinesField;
  values: FormValues;
  errors: Record<string, string>;
  focus?: string;
}) {
  const id = inputId(name);
  const error = errors[name];
  const count = rowCount(values, name, field.min);
  const addId = rowButtonId(name, 'add');
  return (
    <fieldset
      id={id}
      className={`content-rows content-list${error ? ' field--invalid' : ''}`}
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
      {Array.from({ length: count }, (_, row) => {
        const itemName = `${name}.${row}`;
        const itemId = inputId(itemName);
        const itemError = errors[itemName];
        return (
          <div key={row} className="content-rows__row">
            <div className={itemError ? 'field field--invalid' : 'field'}>
              <label htmlFor={itemId} className="content-rows__label">
                {`${capitalized(field.item)} ${row + 1}`}
              </label>
              <input
                {...controlProps(itemId, itemError)}
                name={itemName}
                type="text"
                defaultValue={values[itemName] ?? ''}
                maxLength={field.itemMax}
                autoFocus={focus === itemId || undefined}
              />
              {itemError && (
                <p id={`${itemId}-error`} className="field__error">
                  {itemError}
                </p>
              )}
            </div>
            <RowButtons name={name} row={row} count={count} item={field.item} focus={focus} />
          </div>
        );
      })}
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
