import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

const ARABIC = /\p{Script=Arabic}/u;

/** A piece of a line in one font, with the text as fontkit is to shape it. */
export interface Run {
  /** In reading order for an Arabic run (fontkit shapes it and lays it right to left), else as drawn. */
  text: string;
  arabic: boolean;
}

/**
 * A right-to-left line (Arabic, maybe with Latin part numbers such as "EN 10222-1 P250GH") as runs
 * from left to right, by the Unicode Bidirectional Algorithm (bidi-js): each Arabic run is given to
 * fontkit in reading order, which joins its letters and lays it right to left; every other run
 * (Latin, digits, the neutrals between) is already in the order it is drawn, mirrored brackets
 * included. `arabicGlyph` tells whether the Arabic font can draw a neutral character next to Arabic.
 */
export function visualRuns(line: string, arabicGlyph: (character: string) => boolean): Run[] {
  const levels = bidi.getEmbeddingLevels(line, 'rtl');
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  const order = line.split('').map((_, index) => index);
  // bidi-js counts UTF-16 units; the statement's scripts (Latin, Arabic) are all in one unit each.
  for (const [start, end] of bidi.getReorderSegments(line, levels) as [number, number][])
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());

  const runs: { characters: string[]; arabic: boolean }[] = [];
  for (const index of order) {
    const character = mirrored.get(index) ?? line[index]!;
    const previous = runs.at(-1);
    const arabic = ARABIC.test(character) || (previous?.arabic === true && arabicGlyph(character));
    if (previous?.arabic === arabic) previous.characters.push(character);
    else runs.push({ characters: [character], arabic });
  }
  return runs.map(({ characters, arabic }) => ({
    text: (arabic ? characters.reverse() : characters).join(''),
    arabic,
  }));
}

/** A line in reading order split where the font changes: Arabic script, and the rest (for measuring). */
export function fontRuns(line: string): Run[] {
  return [...line.matchAll(/\p{Script=Arabic}+(?:[ \p{P}]+\p{Script=Arabic}+)*|[^\p{Script=Arabic}]+/gu)].map(
    ([text]) => ({ text, arabic: ARABIC.test(text) }),
  );
}
