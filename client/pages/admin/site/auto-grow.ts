import type { FormEvent, KeyboardEvent } from 'react';

/**
 * Where a single-line value's input stands in the form, and how many characters of ordinary text it
 * shows there on a desktop (1280 px, measured in Chromium, rounded down): the form's width (a card's
 * too), a list's item beside its Up, Down and Delete, a cell of a table's row (the narrower column of
 * two, beside the buttons).
 */
const SHOWN = { field: 88, item: 58, cell: 22 } as const;
export type Place = keyof typeof SHOWN;

/**
 * Whether a single-line value is a text area that grows with its text: when it may be longer than
 * its input shows. A value with a format (an e-mail or web address, a phone number, a number, a date,
 * a country) keeps its input, and its keyboard on a phone.
 */
export const growsWithText = (field: { max: number; format?: string }, place: Place): boolean =>
  !field.format && field.max > SHOWN[place];

/**
 * How many characters a line of these text areas holds where they are narrowest: a phone (375 px,
 * about 32 in a fieldset's fieldset) or, for a table's cell, its narrower column on a desktop (about
 * 22). Words wrap before the edge, so a little less.
 */
const PER_LINE: Record<Place, number> = { field: 30, item: 30, cell: 20 };

/**
 * The rows a text area needs for its text: what sizes it without JavaScript where the browser does
 * not size it to its content (CSS `field-sizing`), so a long value shows whole from the server.
 */
export function linesOf(text: string, place: Place): number {
  return text
    .split(/\r\n|\r|\n/)
    .reduce((lines, line) => lines + Math.max(1, Math.ceil(line.length / PER_LINE[place])), 0);
}

/** Sizes a text area to its text, where the browser does not (CSS `field-sizing: content` does it; admin.css). */
export function fitToText(area: HTMLTextAreaElement | null): void {
  if (!area || (typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content'))) return;
  area.style.height = 'auto';
  area.style.height = `${area.scrollHeight + area.offsetHeight - area.clientHeight}px`;
}

/** Grows a text area with what is typed (see fitToText). */
export function growWithContent(event: FormEvent<HTMLTextAreaElement>): void {
  fitToText(event.currentTarget);
}

/**
 * Enter in a single-line value shown as a text area adds no line break (without JavaScript the server
 * turns one into a space). Enter that ends an input method's composition is left to it.
 */
export function keepOnOneLine(event: KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key === 'Enter' && !event.nativeEvent.isComposing) event.preventDefault();
}
