import type { LanguageCode } from '../../shared/i18n/languages.js';
import type { StatementTexts } from '../../shared/i18n/statement-texts.js';
import type { StatementContents } from './statement-contents.js';
import type { StatementImage } from './statement-images.js';
import type { StatementLayout } from './statement-layout.js';

/** What the statement is drawn from: the records, and their images read from disk beforehand. */
export interface StatementInput {
  /** The language it is written in; the contents are already in it (localizedContent). */
  lang: LanguageCode;
  contents: StatementContents;
  /** When the content was published (shown in the footer; the PDF's creation date). */
  publishedAt: string;
  siteUrl: string;
  timeZone: string;
  logo: StatementImage | undefined;
  /** The photos of the first machines that have one (two at most), in order. */
  machinePhotos: StatementImage[];
  /** Each case study's photo, by its index among the case studies. */
  caseStudyPhotos: Map<number, StatementImage>;
}

/** A statement being drawn: its input, where it has got to, its texts and the name it gives the company. */
export interface StatementDrawing {
  input: StatementInput;
  layout: StatementLayout;
  texts: StatementTexts;
  intlLocale: string;
  /** The text as the statement's fonts can draw it. */
  printable: (text: string) => string;
  /** The company's name as drawn (statement-pdf.ts, displayName). */
  name: string;
}
