import type { RowsField as RowsFieldDescription, TextField } from '../../../../shared/content/fields.js';
import { isCompact, rowLegend } from '../../../../shared/content/rows.js';
import { inputId, rowCount, type FormValues } from '../../../../shared/content/sections.js';
import type { FormPdfs, FormPhotos } from '../../../../shared/site-editor.js';
import { controlProps } from '../../../components/FormField.js';
import { growsWithText } from './auto-grow.js';
import { LineArea, ParagraphsArea } from './GrowingText.js';
import { PdfField } from './PdfField.js';
import { PhotoField } from './PhotoField.js';
import { RowButtons, RowsFrame } from './RowControls.js';

type Props = {
  name: string;
  field: RowsFieldDescription;
  values: FormValues;
  photos: FormPhotos;
  pdfs: FormPdfs;
  errors: Record<string, string>;
  /** The element the server asked to focus after a row was added, moved or deleted (no JavaScript: autofocus). */
  focus?: string;
};

function Cell({
  cellName,
  cell,
  label,
  values,
  errors,
  focus,
  compact,
}: {
  cellName: string;
  cell: TextField;
  label: string;
  values: FormValues;
  errors: Record<string, string>;
  focus?: string;
  compact: boolean;
}) {
  const id = inputId(cellName);
  const error = errors[cellName];
  const hint = compact ? undefined : cell.hint;
  // A compact row's cell is a column of the table; a card's, the card's width.
  const place = compact ? 'cell' : 'field';
  const common = {
    ...controlProps(id, error, hint),
    name: cellName,
    defaultValue: values[cellName] ?? '',
    maxLength: cell.max,
    autoFocus: focus === id || undefined,
  };
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className={compact ? 'content-rows__label' : undefined}>
        {label}
        {!compact && cell.optional && <span className="field__optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {cell.kind === 'paragraphs' ? (
        <ParagraphsArea {...common} place={place} rows={4} />
      ) : growsWithText(cell, place) ? (
        <LineArea {...common} place={place} />
      ) : (
        <input
          {...common}
          type={cell.format === 'date' ? 'date' : 'text'}
          inputMode={cell.format === 'number' || cell.format === 'count' ? 'decimal' : undefined}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A rows field (business hours, specifications, certificates, machines, case studies): its rows,
 * each cell an input, a photo or a PDF,
 * each with Up, Down and Delete, and a button to add one. Each button posts the form: the server
 * answers the form with the change made, nothing published (with JavaScript, in place).
 */
export function RowsField({ name, field, values, photos, pdfs, errors, focus }: Props) {
  const columns = Object.entries(field.columns);
  const count = rowCount(values, name, field.min);
  const compact = isCompact(field);
  return (
    <RowsFrame
      name={name}
      field={field}
      count={count}
      error={errors[name]}
      focus={focus}
      className={`content-rows${compact ? '' : ' content-rows--cards'}`}
    >
      {compact && count > 0 && (
        <div className="content-rows__head" aria-hidden="true">
          {columns.map(([column, cell]) => (
            <span key={column}>{cell.label}</span>
          ))}
        </div>
      )}
      {Array.from({ length: count }, (_, row) => {
        const cells = columns.map(([column, cell]) => {
          const cellName = `${name}.${row}.${column}`;
          return cell.kind === 'photo' ? (
            <PhotoField
              key={`${column}:${values[`${cellName}.id`] ?? ''}`}
              name={cellName}
              field={cell}
              values={values}
              photos={photos}
              errors={errors}
            />
          ) : cell.kind === 'pdf' ? (
            // Starts afresh (no file chosen) once its PDF is stored.
            <PdfField
              key={`${column}:${values[`${cellName}.id`] ?? ''}`}
              name={cellName}
              field={cell}
              values={values}
              pdfs={pdfs}
              errors={errors}
            />
          ) : (
            <Cell
              key={column}
              cellName={cellName}
              cell={cell}
              label={compact ? `Row ${row + 1}: ${cell.label}` : cell.label}
              values={values}
              errors={errors}
              focus={focus}
              compact={compact}
            />
          );
        });
        const buttons = <RowButtons name={name} row={row} count={count} item={field.item} focus={focus} />;
        return compact ? (
          <div key={row} className="content-rows__row">
            {cells}
            {buttons}
          </div>
        ) : (
          <fieldset key={row} className="content-rows__card">
            <legend>{rowLegend(field, row)}</legend>
            {cells}
            {buttons}
          </fieldset>
        );
      })}
    </RowsFrame>
  );
}
