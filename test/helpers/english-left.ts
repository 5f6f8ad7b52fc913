import { en } from '../../shared/i18n/catalogues/en.js';
import { enForms } from '../../shared/i18n/catalogues/forms/en.js';
import { ANSWER_TEXTS } from '../../shared/i18n/answer-texts.js';
import { PAGE_DESCRIPTIONS } from '../../shared/i18n/page-descriptions.js';

/** Stands for a function's argument: what a text says around it is the text. */
const SLOT = '\u0001';
/** The slot as any argument: a list of one writes itself as the slot, alone or joined. */
const ARGUMENT = [SLOT];

/** Every fixed piece of text in a catalogue: its strings, plural forms and what its functions say around their arguments. */
function fixedTexts(value: unknown): string[] {
  if (typeof value === 'string') return value.split('{count}').flatMap((part) => part.split(SLOT));
  if (typeof value === 'function')
    return fixedTexts((value as (...args: unknown[]) => unknown)(ARGUMENT, ARGUMENT, ARGUMENT));
  if (Array.isArray(value)) return value.flatMap(fixedTexts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(fixedTexts);
  return [];
}

/** The English interface texts a page in another language must not show: those with a letter, over 3 characters. */
export function englishTexts(exceptions: readonly string[]): string[] {
  const texts = fixedTexts([en, enForms, ANSWER_TEXTS.en, PAGE_DESCRIPTIONS.en])
    .map((text) => text.replace(/^[\s.,:;()#–-]+|[\s.,:;()#–-]+$/g, ''))
    .filter((text) => text.length > 3 && /\p{L}/u.test(text) && !exceptions.includes(text));
  return [...new Set(texts)];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };
const decode = (text: string) => text.replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? whole);

/**
 * What a reader of the page meets: its text nodes, its title and the attributes read out or shown
 * (alt, title, aria-label, placeholder, a meta description), without the scripts and the embedded data.
 * The link preview's alt text is left out: it describes the preview card, which is drawn in English.
 */
export function readableTexts(html: string): string[] {
  const visible = html
    .replace(/<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>/g, '')
    .replace(/<meta property="og:image:alt"[^>]*>/g, '');
  const attributes = [...visible.matchAll(/\s(?:alt|title|aria-label|placeholder|content)="([^"]*)"/g)].map(
    ([, value]) => value!,
  );
  const nodes = visible.split(/<[^>]*>/);
  return [...nodes, ...attributes].map((text) => decode(text).replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** The English texts found on a page: a text node or attribute that is one, or holds one of several words. */
export function englishOn(html: string, english: readonly string[]): string[] {
  const readable = readableTexts(html);
  return english.filter((text) =>
    readable.some((seen) => seen === text || (text.includes(' ') && containsWords(seen, text))),
  );
}

function containsWords(haystack: string, words: string): boolean {
  const at = haystack.indexOf(words);
  if (at < 0) return false;
  const before = haystack[at - 1] ?? ' ';
  const after = haystack[at + words.length] ?? ' ';
  return !/\p{L}/u.test(before) && !/\p{L}/u.test(after);
}
