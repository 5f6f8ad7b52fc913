/** The commercial terms a buyer may give with a request (issue 39): all optional. */

/** The eleven rules of Incoterms 2020. */
export const INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const;
/** The inspection certificates of EN 10204, and third-party inspection (named in the text). */
export const CERTIFICATES = ['EN 10204 2.2', 'EN 10204 3.1', 'EN 10204 3.2', 'Third-party inspection'] as const;

export const TERMS_LIMITS = { treatment: 150, place: 100 } as const;

/** Choices of a select: none first. */
export const choicesOf = (values: readonly string[], none: string) => [
  { value: '', label: none },
  ...values.map((value) => ({ value, label: value })),
];
