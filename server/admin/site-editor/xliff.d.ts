// xliff (locize) ships no types: the two calls the translation export and import make of it.
declare module 'xliff/jsToXliff12' {
  import type { XliffDocument } from 'xliff/xliff12ToJs';
  export default function jsToXliff12(document: XliffDocument, options: { indent: string }): Promise<string>;
}
declare module 'xliff/xliff12ToJs' {
  /** A unit's text: a string, or parts with inline elements (which this site's texts never have). */
  export type XliffValue = string | (string | Record<string, unknown>)[];
  export interface XliffUnit {
    source?: XliffValue;
    target?: XliffValue;
    note?: string;
    additionalAttributes?: Record<string, string>;
  }
  export interface XliffDocument {
    sourceLanguage?: string;
    targetLanguage?: string;
    /** By file (its `original`), the units by id. */
    resources: Record<string, Record<string, XliffUnit>>;
  }
  export default function xliff12ToJs(xml: string, options: Record<string, never>): Promise<XliffDocument>;
}
