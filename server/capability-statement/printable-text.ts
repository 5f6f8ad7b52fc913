import { arabicGlyph, latinGlyph } from './statement-fonts.js';

/**
 * The statement is set in Noto Sans (the font of the drawn images): Latin with every accent
 * (ü, é, ő, ş, ł), Greek, Cyrillic, Vietnamese and Devanagari, ₹ and the usual punctuation; an
 * Arabic statement in Noto Sans Arabic as well. A character the fonts do not have is never drawn as
 * an empty box: a letter with an accent the font lacks is written without it, a few symbols are
 * spelled out, and anything else (another script such as Gujarati, emoji) is left out. Where that
 * leaves too little of the company's name, the statement uses the legal name (see statement-pdf.ts).
 */
const SPELLED: Record<string, string> = { '≥': '>=', '≤': '<=', '≈': '~', '⌀': 'Ø', '✓': '', '™': '(TM)' };

/** What the statement's fonts draw: Noto Sans's characters, and Noto Sans Arabic's in an Arabic statement. */
export function printableText(withArabic: boolean) {
  const drawable = (character: string) => latinGlyph(character) || (withArabic && arabicGlyph(character));

  /** The text with only characters the fonts can draw. */
  function printable(text: string): string {
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

  /** Whether the fonts draw every letter of the text (nothing would be left out). */
  function fullyPrintable(text: string): boolean {
    return [...text].every((character) => /\s|\p{Cc}|\p{Cf}/u.test(character) || drawable(character));
  }

  return { printable, fullyPrintable };
}

/** Noto Sans's characters only: every statement but the Arabic one. */
export const { printable, fullyPrintable } = printableText(false);
