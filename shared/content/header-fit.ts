/**
 * How many lines the company's name takes in the site's header on a phone (375 px wide), estimated
 * from its characters, for the site editor's warning. The header (client/layout/NavBar.tsx,
 * site.css) sets the name bold beside a 40 px logo and the 44 px menu button, in the 343 px of the
 * container: about 237 px for the name, at 1.15rem (18.4 px), or 0.95rem (15.2 px) for a name of
 * more than 32 characters; it cuts the name after two lines. A short name, when set, is shown
 * instead, at the larger size.
 */
export const PHONE_NAME_WIDTH_PX = 237;
export const LONG_NAME_CHARACTERS = 32;
const FONT_PX = { normal: 18.4, long: 15.2 };

/** Estimated advance of a bold sans-serif character, in em. */
function widthOf(character: string): number {
  if (character === ' ') return 0.28;
  if (/[iljtfrI.,:;'’!|()-]/.test(character)) return 0.36;
  if (/[mwMW]/.test(character)) return 0.92;
  if (/[A-Z&]/.test(character)) return 0.7;
  if (/[a-z0-9]/.test(character)) return 0.58;
  // Other scripts (Devanagari, Gujarati …) and symbols: wide.
  return 0.75;
}

/** Lines a text takes at `fontPx` in `widthPx`, breaking between words (a word wider than a line is cut anywhere). */
export function linesOf(text: string, fontPx: number, widthPx = PHONE_NAME_WIDTH_PX): number {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  const space = widthOf(' ') * fontPx;
  let lines = 1;
  let used = 0;
  for (const word of words) {
    let width = [...word].reduce((sum, character) => sum + widthOf(character) * fontPx, 0);
    if (used > 0 && used + space + width <= widthPx) {
      used += space + width;
      continue;
    }
    if (used > 0) lines += 1;
    // A word longer than a line wraps anywhere (overflow-wrap: anywhere).
    while (width > widthPx) {
      lines += 1;
      width -= widthPx;
    }
    used = width;
  }
  return lines;
}

/** Lines the header gives the name on a phone: the short name when there is one, else the company name. */
export function phoneHeaderLines(name: string, shortName = ''): number {
  if (shortName.trim() !== '') return linesOf(shortName, FONT_PX.normal);
  return linesOf(name, name.trim().length > LONG_NAME_CHARACTERS ? FONT_PX.long : FONT_PX.normal);
}

/** Words at the end of a name that a short name can do without: its legal form and trade. */
const LEGAL_FORM =
  /[\s,]+(?:private|pvt|public|limited|ltd|llp|co|company|and|&|\(india\)|india|industries|engineering|works)\.?$/i;

/** A short name to suggest: the name without its legal form and trade (nor what follows "&" or "and"), if it fits. */
export function suggestedShortName(name: string): string | null {
  let shorter = name.trim();
  for (let previous = ''; previous !== shorter;) {
    previous = shorter;
    shorter = shorter
      .replace(LEGAL_FORM, '')
      .replace(/[\s,.]+$/, '')
      .trim();
  }
  shorter = shorter.split(/\s+(?:&|and)\s+/i)[0]!.trim();
  if (shorter === '' || shorter === name.trim() || shorter.length > 40) return null;
  return linesOf(shorter, FONT_PX.normal) <= 2 ? shorter : null;
}

/**
 * The editor's warning under the company name, when the phone header would need more than two lines
 * for it (and so cuts it): how many, and a short name to set. Null when it fits.
 */
export function headerNameWarning(name: string, shortName = ''): string | null {
  const lines = phoneHeaderLines(name, shortName);
  if (lines <= 2) return null;
  if (shortName.trim() !== '')
    return `On a phone the header needs about ${lines} lines for the short name and shows only two. Make the short name shorter.`;
  const suggestion = suggestedShortName(name);
  return `On a phone the header needs about ${lines} lines for this name and shows only two. Add a short name below${suggestion ? `, e.g. “${suggestion}”` : ''}: phones show it instead.`;
}
