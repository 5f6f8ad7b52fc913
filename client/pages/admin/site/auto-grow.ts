import type { FormEvent, KeyboardEvent } from 'react';

/** A single-line text field longer than this is a textarea that grows with its text. */
export const LONG_TEXT = 100;

/**
 * Grows a textarea to its text, where the browser does not (CSS `field-sizing: content` does it in
 * Chromium; admin.css). Without JavaScript the textarea keeps its rows and scrolls.
 */
export function growWithContent(event: FormEvent<HTMLTextAreaElement>): void {
  if (typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content')) return;
  const area = event.currentTarget;
  area.style.height = 'auto';
  area.style.height = `${area.scrollHeight + area.offsetHeight - area.clientHeight}px`;
}

/** Enter in a single-line field shown as a textarea adds no line break (the server strips any). */
export function keepOnOneLine(event: KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key === 'Enter') event.preventDefault();
}
