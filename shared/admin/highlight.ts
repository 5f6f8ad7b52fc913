/**
 * Where the desk's search matched, to highlight it: the same folding as the search index (SQLite
 * FTS5, `trigram case_sensitive 0 remove_diacritics 1`; docs/enquiry-desk-search.md), applied in the
 * browser or the server to the text shown. Pure; no DOM.
 */

/** `#58` (spaces around it allowed): enquiry 58 by its number, never a text search. */
export function enquiryNumberOf(query: string): number | null {
  const match = /^#(\d{1,15})$/.exec(query.trim());
  return match ? Number(match[1]) : null;
}

/**
 * The combining marks FTS5's `remove_diacritics 1` drops (grave, acute, circumflex, tilde, macron,
 * breve, dot, diaeresis, hook, ring, double acute, caron, …, cedilla, ogonek, …), read from SQLite
 * 3.54; any other mark (a Devanagari vowel sign, say) is a character of its own.
 */
const DROPPED_MARKS = new Set([
  0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x307, 0x308, 0x309, 0x30a, 0x30b, 0x30c, 0x30f, 0x311, 0x31b, 0x323, 0x324,
  0x325, 0x326, 0x327, 0x328, 0x32d, 0x32e, 0x330, 0x331,
]);
/**
 * Where FTS5's tables (Unicode 6.1, simple case folding) differ from the rule below: letter variants
 * it folds, and a few letters it predates or keeps.
 */
const FOLDED: Record<string, string> = {
  ſ: 's',
  ẛ: 's',
  µ: 'μ',
  ς: 'σ',
  ϐ: 'β',
  ϑ: 'θ',
  ϕ: 'φ',
  ϖ: 'π',
  ϰ: 'κ',
  ϱ: 'ρ',
  ϵ: 'ε',
  Ǡ: 'ǡ',
  ǡ: 'ǡ',
  Ϳ: 'Ϳ',
  Ԩ: 'Ԩ',
  Ԫ: 'Ԫ',
  Ԭ: 'Ԭ',
  Ԯ: 'Ԯ',
  '\u0340': '\u0340',
  '\u0341': '\u0341',
  '\u0345': 'ι',
};

/**
 * One character (code point) as the index sees it: lower case, and a Latin letter without its
 * accents ("Ü" and "u" + U+0308 are both "u"); "" for a dropped accent written on its own.
 */
export function foldChar(char: string): string {
  const folded = FOLDED[char];
  if (folded !== undefined) return folded;
  const lower = char.toLowerCase();
  const [base, ...marks] = [...lower.normalize('NFD')];
  if (marks.length && /^[a-z]$/.test(base!) && marks.every((mark) => DROPPED_MARKS.has(mark.codePointAt(0)!)))
    return base!;
  if ([...lower].length !== 1) return char; // no simple folding ("ß" stays, "İ" as one letter: above)
  return DROPPED_MARKS.has(lower.codePointAt(0)!) ? '' : lower;
}

/** The folded text, and for each of its UTF-16 units the original character's start and end. */
function folded(text: string): { text: string; starts: number[]; ends: number[] } {
  let out = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const char of text) {
    const fold = foldChar(char);
    for (let n = 0; n < fold.length; n++) {
      starts.push(at);
      ends.push(at + char.length);
    }
    out += fold;
    at += char.length;
  }
  return { text: out, starts, ends };
}

const graphemes =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/**
 * The start of each grapheme (a letter with its marks, an Indic syllable), and the text's end. Where
 * a browser has no Intl.Segmenter, a character with the marks and joiners after it.
 */
function graphemeBounds(text: string): number[] {
  const bounds = graphemes
    ? Array.from(graphemes.segment(text), (segment) => segment.index)
    : Array.from(text.matchAll(/(?:[^\p{M}\u200c\u200d]|^)[\p{M}\u200c\u200d]*/gsu), (match) => match.index);
  bounds.push(text.length);
  return bounds;
}
/** The index of the first bound after `at` (bounds are sorted; a binary search). */
function after(bounds: number[], at: number): number {
  let low = 0;
  let high = bounds.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (bounds[middle]! <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}
/** The last bound at or before `at`, and the first at or after it. */
const boundBefore = (bounds: number[], at: number) => bounds[Math.max(0, after(bounds, at) - 1)]!;
const boundAfter = (bounds: number[], at: number) => bounds[after(bounds, at - 1)] ?? bounds[bounds.length - 1]!;

/**
 * Where the query occurs in the text, as [start, end) in the text's UTF-16 indices, in order and not
 * overlapping: any case, Latin letters with or without accents, as the search index finds them. A
 * range never splits a letter from its marks: it widens to whole graphemes. Empty for an empty query
 * (after trimming, as the search trims it) and for `#58`, which finds an enquiry by number.
 */
export function matchRanges(text: string, query: string): [number, number][] {
  const term = query.trim();
  if (term.length < 1 || enquiryNumberOf(term) !== null) return [];
  const needle = folded(term).text;
  if (!needle) return [];
  const haystack = folded(text);
  const bounds = graphemeBounds(text);
  const ranges: [number, number][] = [];
  for (let at = haystack.text.indexOf(needle); at >= 0; at = haystack.text.indexOf(needle, at + needle.length)) {
    const start = boundBefore(bounds, haystack.starts[at]!);
    const end = boundAfter(bounds, haystack.ends[at + needle.length - 1]!);
    const last = ranges.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  return ranges;
}

/** How many characters before the first match a snippet may start ("a few words"). */
const LEAD = 20;
/** How far back from the cut a word's end is looked for. */
const WORD_END = 10;
/** Characters past the cut segmented with it, so that the grapheme it falls in is whole. */
const GRAPHEME_LOOKAHEAD = 32;

/**
 * A one-line excerpt of at most `length` characters (UTF-16 units, "…" included), its whitespace
 * collapsed. The whole line when it fits. Otherwise from the beginning when the first match ends
 * within the first `length - 20` characters (or there is none), else from a few words before it,
 * after a "…"; ending with "…" where it is cut (at a word's end near the limit, never inside a
 * grapheme nor before the end of the first match).
 */
export function snippet(text: string, query: string, length: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= length) return line;
  const first = matchRanges(line, query)[0];
  let start = 0;
  if (first && first[1] > length - LEAD && first[0] > LEAD) {
    // From the first word that starts within LEAD characters before the match.
    const space = line.indexOf(' ', first[0] - LEAD);
    start = space >= 0 && space < first[0] ? space + 1 : first[0];
  }
  const lead = start > 0 ? '…' : '';
  const room = length - lead.length;
  if (line.length - start <= room) return lead + line.slice(start);
  const limit = start + room - 1; // one character kept for the closing "…"
  // Graphemes up to a little past the cut are enough (a message can be 5,000 characters; 50 rows a page).
  const bounds = graphemeBounds(line.slice(0, limit + GRAPHEME_LOOKAHEAD));
  let end = boundBefore(bounds, limit);
  const space = line.lastIndexOf(' ', end);
  const keep = first && first[1] <= end ? first[1] : start;
  if (line[end] !== ' ' && space >= Math.max(keep, start + 1) && end - space <= WORD_END) end = space;
  return `${lead}${line.slice(start, Math.max(end, start)).trimEnd()}…`;
}
