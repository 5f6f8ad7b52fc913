/** The commercial terms a buyer may give with a request (issue 39): all optional. */

/** The eleven rules of Incoterms 2020. */
export const INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const;
/** The inspection certificates of EN 10204, and third-party inspection (named in the text). */
export const THIRD_PARTY_INSPECTION = 'Third-party inspection';
export const CERTIFICATES = ['EN 10204 2.2', 'EN 10204 3.1', 'EN 10204 3.2', THIRD_PARTY_INSPECTION] as const;

/** The inspection a buyer may ask for beside the certificate: ultrasonic and magnetic particle testing. */
export const INSPECTIONS = ['UT', 'MPI', 'UT + MPI'] as const;

export const TERMS_LIMITS = { treatment: 150, place: 100, inspector: 100 } as const;

/** Choices of a select: none first; each value labelled as it is unless `label` names it otherwise. */
export const choicesOf = (values: readonly string[], none: string, label = (value: string) => value) => [
  { value: '', label: none },
  ...values.map((value) => ({ value, label: label(value) })),
];
