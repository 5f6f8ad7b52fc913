import type { LinesField } from '../../../../shared/content/fields.js';
import { inputId, rowCount, type FormValues } from '../../../../shared/content/sections.js';
import { controlProps } from '../../../components/FormField.js';
import { growsWithText } from './auto-grow.js';
import { LineArea } from './GrowingText.js';
import { RowButtons, RowsFrame } from './RowControls.js';

const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/**
 * A list (key features, applications, phone numbers, materials…): an input per item (a text area
 * that grows with its text when the item may be longer than an input shows), each with Up,
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
  const count = rowCount(values, name, field.min);
  return (
    <RowsFrame
      name={name}
      field={field}
      count={count}
      error={errors[name]}
      focus={focus}
      className="content-rows content-list"
    >
      {Array.from({ length: count }, (_, row) => {
        const itemName = `${name}.${row}`;
        const itemId = inputId(itemName);
        const itemError = errors[itemName];
        const common = {
          ...controlProps(itemId, itemError),
          name: itemName,
          defaultValue: values[itemName] ?? '',
          maxLength: field.itemMax,
          autoFocus: focus === itemId || undefined,
        };
        return (
          <div key={row} className="content-rows__row">
            <div className={itemError ? 'field field--invalid' : 'field'}>
              <label htmlFor={itemId} className="content-rows__label">
                {`${capitalized(field.item)} ${row + 1}`}
              </label>
              {growsWithText({ max: field.itemMax, format: field.format }, 'item') ? (
                <LineArea {...common} place="item" />
              ) : (
                <input {...common} type="text" />
              )}
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
    </RowsFrame>
  );
}
