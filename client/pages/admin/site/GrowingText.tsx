import type { TextareaHTMLAttributes } from 'react';
import { fitToText, growWithContent, keepOnOneLine, linesOf, type Place } from './auto-grow.js';

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'defaultValue' | 'rows' | 'className'> & {
  defaultValue: string;
  /** Where it stands in the form (auto-grow.ts): how many characters a line holds. */
  place: Place;
};

/**
 * A single-line value longer than its input would show: a text area that shows it whole, growing as
 * it wraps (CSS `field-sizing: content`, else auto-grow.ts once the page runs its script; without
 * either, rows for the text it was sent with). Enter adds no line break.
 */
export function LineArea({ place, defaultValue, ...props }: AreaProps) {
  return (
    <textarea
      {...props}
      defaultValue={defaultValue}
      rows={linesOf(defaultValue, place)}
      className="auto-grow auto-grow--line"
      ref={fitToText}
      onInput={growWithContent}
      onKeyDown={keepOnOneLine}
    />
  );
}

/** A text of paragraphs: at least `rows` high, and as high as its text, growing as it is typed. */
export function ParagraphsArea({
  place,
  defaultValue,
  rows,
  tall,
  ...props
}: AreaProps & { rows: number; tall?: boolean }) {
  return (
    <textarea
      {...props}
      defaultValue={defaultValue}
      rows={Math.max(rows, linesOf(defaultValue, place))}
      className={tall ? 'auto-grow auto-grow--tall' : 'auto-grow auto-grow--paragraphs'}
      ref={fitToText}
      onInput={growWithContent}
    />
  );
}
