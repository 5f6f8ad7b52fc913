import jsToXliff12 from 'xliff/jsToXliff12';
import xliff12ToJs, { type XliffDocument, type XliffValue } from 'xliff/xliff12ToJs';
import { isTranslatedLanguage, LANGUAGE_INFO, type TranslatedLanguage } from '../../../shared/i18n/languages.js';
import type { LabelledField } from '../../../shared/translations.js';

/**
 * A language's texts to translate as an XLIFF 1.2 file, and such a file read back. The file's one
 * <file> is named (`original`) by the site and the content's version, "forge-site-content
 * shree.example version 12": a file for another site, language or version is refused.
 */
const ORIGINAL = /^forge-site-content (\S+) version (\d+)$/;

export interface FileOrigin {
  host: string;
  lang: TranslatedLanguage;
  revision: number;
}

/** The missing and stale fields, each with its English (source), its old translation if stale (target) and its label (note). */
export function writeXliff(origin: FileOrigin, fields: readonly LabelledField[]): Promise<string> {
  const units = Object.fromEntries(
    fields.map((field) => [
      field.path,
      {
        source: field.english,
        ...(field.state === 'stale' && { target: field.translation }),
        note: field.label,
        additionalAttributes: { 'xml:space': 'preserve' },
      },
    ]),
  );
  return jsToXliff12(
    {
      sourceLanguage: 'en',
      targetLanguage: origin.lang,
      resources: { [`forge-site-content ${origin.host} version ${origin.revision}`]: units },
    },
    { indent: '  ' },
  );
}

const textOf = (value: XliffValue | undefined): string | undefined =>
  value === undefined
    ? undefined
    : typeof value === 'string'
      ? value
      : value.filter((part) => typeof part === 'string').join('');

const languageName = (code: string | undefined) =>
  code && isTranslatedLanguage(code) ? LANGUAGE_INFO[code].english : `“${code ?? 'none'}”`;

/** Why a read file does not belong here, or its translations by path (empty targets left out). */
function check(document: XliffDocument, expected: FileOrigin, paths: ReadonlySet<string>) {
  const files = Object.entries(document.resources);
  const [original = '', units = {}] = files[0] ?? [];
  const origin = ORIGINAL.exec(original);
  if (files.length !== 1 || !origin)
    return { errors: ['This XLIFF file was not exported from this site’s Translations screen.'] };
  const errors: string[] = [];
  if (origin[1] !== expected.host) errors.push(`This file is for another site (${origin[1]}), not ${expected.host}.`);
  if (document.targetLanguage !== expected.lang)
    errors.push(
      `This file is a ${languageName(document.targetLanguage)} translation, not ${LANGUAGE_INFO[expected.lang].english}: import it under its own language.`,
    );
  if (Number(origin[2]) !== expected.revision)
    errors.push(
      `This file was exported from version ${origin[2]} of the content, and the site is at version ${expected.revision} now: its English may have changed. Export the file again and translate that one.`,
    );
  const unknown = Object.keys(units).filter((path) => !paths.has(path));
  if (unknown.length > 0)
    errors.push(`The file names texts this site does not have: ${unknown.slice(0, 5).join(', ')}.`);
  if (errors.length > 0) return { errors };
  const translations = new Map<string, string>();
  for (const [path, unit] of Object.entries(units)) {
    const target = textOf(unit.target)?.trim();
    if (target) translations.set(path, target);
  }
  return { translations };
}

/** An uploaded file read and checked against this site, language and version: its translations, or why it is refused. */
export async function readXliff(
  xml: string,
  expected: FileOrigin,
  paths: ReadonlySet<string>,
): Promise<{ errors: string[] } | { translations: Map<string, string> }> {
  let document: XliffDocument;
  try {
    document = await xliff12ToJs(xml, {});
  } catch {
    return { errors: ['The file is not an XLIFF 1.2 file.'] };
  }
  return check(document, expected, paths);
}
