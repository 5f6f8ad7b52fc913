import { openSync } from 'fontkit';
import { NOTO_SANS } from '../pages/images/rasterize.js';

/**
 * The statement is set in Noto Sans (the font of the drawn images): Latin with every accent
 * (ü, é, ő, ş, ł), Greek, Cyrillic, Vietnamese and Devanagari, ₹ and the usual punctuation. A
 * character the font does not have is never drawn as an empty box: a letter with an accent the
 * font lacks is written without it, a few symbols are spelled out, and anything else (another
 * script such as Gujarati, emoji) is left out. Where that leaves too little of the company's name,
 * the statement uses the legal name (see statement-pdf.ts).
 */
const font = openSync(NOTO_SANS.regular);

const SPELLED: Record<string, string> = { '≥': '>=', '≤': '<=', '≈': '~', '⌀': 'Ø', '✓': '', '™': '(TM)' };

function drawable(character: string): boolean {
  return font.hasGlyphForCodePoint(character.codePointAt(0)!);
}

/** The text with only characters the font can draw. */
export function printable(text: string): string {
  let out = '';
  for (const character of text) {
    if (/\s/u.test(character)) out += character === '\n' ? '\n' : ' ';
    else if (/\p{Cc}|\p{Cf}/u.test(character)) continue;
    else if (drawable(character)) out += character;
    else if (character in SPELLED) out += SPELLED[character];
    else {
      const base = character.normalize('NFKD').replace(/\p{M}/gu, '');
      if (base !== character && [...base].every(drawable)) out += base;
    }
  }
  return out.replace(/[ ]{2,}/g, ' ').trim();
}

/** Whether the font draws every letter of the text (nothing would be left out). */
export function fullyPrintable(text: string): boolean {
  return [...text].every((character) => /\s|\p{Cc}|\p{Cf}/u.test(character) || drawable(character));
}
