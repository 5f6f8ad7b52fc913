/**
 * The company's Indian registration numbers, checked by their published formats: GSTIN (with its
 * check character), IEC, and a CIN or an Udyam registration number. Each is written in capitals.
 */

const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 15th character of a GSTIN, computed from the first 14 (GSTN's mod-36 check). */
function gstinCheck(first14: string): string {
  let sum = 0;
  [...first14].forEach((character, index) => {
    const product = GSTIN_CHARACTERS.indexOf(character) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  });
  return GSTIN_CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/** A GSTIN: state code, PAN, entity number, Z, check character ("24AAACB1234C1ZL"). */
export function isGstin(value: string): boolean {
  return (
    /^(0[1-9]|[1-3]\d)[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(value) && gstinCheck(value.slice(0, 14)) === value[14]
  );
}

/** An Importer-Exporter Code: 10 letters and digits (since 2019 the firm's PAN). */
export function isIec(value: string): boolean {
  return /^[A-Z0-9]{10}$/.test(value);
}

/**
 * A Corporate Identity Number ("U28910GJ2021PTC123456": listed or not, industry, state, year,
 * kind, number) or an Udyam registration number ("UDYAM-GJ-01-0012345").
 */
export function isCinOrUdyam(value: string): boolean {
  return /^[LU]\d{5}[A-Z]{2}(19|20)\d{2}[A-Z]{3}\d{6}$/.test(value) || /^UDYAM-[A-Z]{2}-\d{2}-\d{7}$/.test(value);
}
