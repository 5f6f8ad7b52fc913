/**
 * The records the owner fills in later, empty: what content saved before they existed reads as
 * (schema.ts) and what the defaults hold (defaults.ts). In a file of their own, so that the schema
 * takes them without importing the defaults, which take the schema's types.
 */

/** No registration numbers: only what the owner fills in is shown. */
export const EMPTY_REGISTRATION = {
  legalName: '',
  gstin: '',
  iec: '',
  cin: '',
  established: '',
};

/** No proof of capability until the owner gives it: nothing made-up ships as fact. */
export const EMPTY_CAPABILITY = {
  certificates: [],
  machines: [],
  capacity: { tonnesPerMonth: '', weightRange: '', largestDiameter: '' },
  materials: [],
  standards: [],
  markets: [],
  caseStudies: [],
} satisfies Record<string, unknown[] | Record<string, string>>;
