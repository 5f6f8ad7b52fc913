import { createRequire } from 'node:module';
import type { Bidi } from 'bidi-js';

// bidi-js is CommonJS whose types declare an ES default export, which the server's and the editor's
// TypeScript settings read differently: required, it is the factory under both.
const bidi = (createRequire(import.meta.url)('bidi-js') as () => Bidi)();

const ARABIC = /\p{Script=Arabic}/u;
/** A character of Arabic, its punctuation (، ؛ ؟) included. */
const ARABIC_CHARACTER = /\p{Script_Extensions=Arabic}/u;

/** A piece of a line in one font, with the text as fontkit is to shape it. */
export interface Run {
  /** In reading order for an Arabic run (fontkit shapes it and lays it right to left), else as drawn. */
  text: string;
  arabic: boolean;
}

/**
 * A line of an Arabic statement as runs from left to right, by the Unicode Bidirectional Algorithm
 * (bidi-js): right to left when it has Arabic in it (maybe with Latin part numbers such as
 * "EN 10222-1 P250GH"), left to right when it has none (a Latin name, "0.2 kg – 150 kg", a phone
 * number). Each Arabic run is a word given to fontkit in reading order, which joins its letters and
 * lays it right to left; every other run (Latin, digits, spaces, the neutrals between) is already in
 * the order it is drawn, mirrored brackets included. Spaces are always drawn in the Latin font (the
 * Arabic subset's is empty); `arabicGlyph` tells whether the Arabic font draws a neutral next to Arabic.
 */
export function visualRuns(line: string, arabicGlyph: (character: string) => boolean): Run[] {
  const levels = bidi.getEmbeddingLevels(line, ARABIC.test(line) ? 'rtl' : 'ltr');
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  const order = line.split('').map((_, index) => index);
  // bidi-js counts UTF-16 units; the statement's scripts (Latin, Arabic) are all in one unit each.
  for (const [start, end] of bidi.getReorderSegments(line, levels) as [number, number][])
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());

  const runs: { characters: string[]; arabic: boolean }[] = [];
  for (const index of order) {
    const character = mirrored.get(index) ?? line[index]!;
    const previous = runs.at(-1);
    const arabic =
      ARABIC_CHARACTER.test(character) ||
      (previous?.arabic === true && !/\s/u.test(character) && arabicGlyph(character));
    if (previous?.arabic === arabic) previous.characters.push(character);
    else runs.push({ characters: [character], arabic });
  }
  return runs.map(({ characters, arabic }) => ({
    text: (arabic ? characters.reverse() : characters).join(''),
    arabic,
  }));
}

/** A line in reading order split where the font changes: Arabic words (with their marks), and the rest (for measuring). */
export function fontRuns(line: string): Run[] {
  return [...line.matchAll(/\p{Script=Arabic}[\p{Script=Arabic}\p{Mn}]*|(?:(?!\p{Script=Arabic})[^])+/gu)].map(
    ([text]) => ({
      text,
      arabic: ARABIC.test(text),
    }),
  );
}
