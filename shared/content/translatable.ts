import type { Field, PdfField } from './fields.js';
import type { SiteContent } from './schema.js';
import { leaves, SECTIONS, sectionValue, toFormValues, type Section, type SectionId } from './sections.js';

/**
 * The texts of the content that are translated: every text the owner writes in English for buyers to
 * read (a text or paragraphs without a format, a list's items, a row's texts, a photo's alt text).
 * Not translated: names and numbers (the company's name and short name, its legal name, the postal
 * address, the leaders' names, a certificate's number), and anything with a format (e-mail, phone, date, country…).
 */
const NOT_TRANSLATED = new Set([
  'company.name',
  'company.shortName',
  'company.address',
  'company.registration.legalName',
  'about.leaders.name',
  'capability.certificates.number',
]);

/** Whether a field is left untranslated, by its path without indices ("about.leaders.0.name" → "about.leaders.name"). */
const notTranslated = (path: string) => NOT_TRANSLATED.has(path.replace(/\.\d+(?=\.|$)/g, ''));

/** One translatable text: its stable path in the content ("products.flanges.intro"), where it is edited, and its English. */
export interface TranslatableText {
  path: string;
  section: SectionId;
  /** Its name in the section's form ("intro", "features.2", "slides.0.photo.alt"). */
  name: string;
  english: string;
}

/** The path of a section's form name in the whole content: "products/flanges" + "intro" → "products.flanges.intro". */
export const contentPath = (section: SectionId, name: string) => `${section.replace('/', '.')}.${name}`;

const isPlainText = (field: Field | PdfField) =>
  (field.kind === 'text' || field.kind === 'paragraphs' || field.kind === 'lines') && field.format === undefined;

/** Whether a form name of a section holds a text to translate ("features.2", "certificates.0.scope", "photo.alt"). */
function translatable(section: Section, name: string): boolean {
  for (const leaf of leaves(section.entries)) {
    if (name !== leaf.name && !name.startsWith(`${leaf.name}.`)) continue;
    const rest = name.slice(leaf.name.length + 1);
    const general = contentPath(section.id, leaf.name);
    const { field } = leaf;
    if (field.kind === 'photo') return rest === 'alt';
    if (field.kind === 'lines') return isPlainText(field) && !notTranslated(general);
    if (field.kind === 'rows') {
      const [, column = '', more] = rest.split('.');
      const cell = field.columns[column];
      if (!cell || notTranslated(`${general}.${column}`)) return false;
      return cell.kind === 'photo' ? more === 'alt' : isPlainText(cell);
    }
    return rest === '' && isPlainText(field) && !notTranslated(general);
  }
  return false;
}

/** A section's texts to translate, in the order of its form; empty English texts have nothing to translate. */
export function sectionTexts(content: SiteContent, section: Section): TranslatableText[] {
  return Object.entries(toFormValues(section, sectionValue(content, section.id)))
    .filter(([name, english]) => english.trim() !== '' && translatable(section, name))
    .map(([name, english]) => ({ path: contentPath(section.id, name), section: section.id, name, english }));
}

/** Every text of the content to translate, section by section. */
export const translatableTexts = (content: SiteContent): TranslatableText[] =>
  SECTIONS.flatMap((section) => sectionTexts(content, section));

/** A copy of the content with each text of `texts` (by path) in place; a path no longer there is left out. */
export function withTexts(content: SiteContent, texts: ReadonlyMap<string, string>): SiteContent {
  const copy = structuredClone(content) as unknown as Record<string, unknown>;
  for (const [path, text] of texts) {
    const keys = path.split('.');
    const last = keys.pop()!;
    const node = keys.reduce<Record<string, unknown> | undefined>(
      (at, key) => at?.[key] as Record<string, unknown> | undefined,
      copy,
    );
    if (node && typeof node[last] === 'string') node[last] = text;
  }
  return copy as unknown as SiteContent;
}
