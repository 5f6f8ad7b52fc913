import type { Capability, Company } from '../content/schema.js';
import type { Catalogue } from '../i18n/catalogue.js';

/** The labels of the figures and registration numbers, in the page's language. */
type ProofLabels = Catalogue['proof'];

/**
 * "1,600": a number the owner typed ("1600", "2.5"), as en-GB writes it with at most three decimals.
 * Without Intl, whose first use costs a page tens of milliseconds as it starts (docs/development.md).
 */
export function formatNumber(value: string): string {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || Math.abs(number) >= 1e21) return value;
  const rounded = Math.round(number * 1000) / 1000;
  const [whole, fraction] = String(Math.abs(rounded)).split('.');
  return `${rounded < 0 ? '-' : ''}${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

export interface Figure {
  label: string;
  value: string;
}

/** The capacity figures the owner gave, each with its label ("Tonnes per month", "1,200"). */
export function capacityFigures(capacity: Capability['capacity'], labels: ProofLabels): Figure[] {
  return [
    { label: labels.tonnesPerMonth, value: capacity.tonnesPerMonth && formatNumber(capacity.tonnesPerMonth) },
    { label: labels.weightPerPiece, value: capacity.weightRange },
    { label: labels.largestDiameter, value: capacity.largestDiameter },
  ].filter((figure) => figure.value.trim() !== '');
}

/** "1,600 tonnes": a machine's capacity with its unit, or '' without one. */
export function machineCapacity(machine: Capability['machines'][number]): string {
  if (!machine.capacity) return '';
  return [formatNumber(machine.capacity), machine.unit].filter(Boolean).join(' ');
}

/** Whether the owner has given any record of the plant's capability (the certificates as the site shows them). */
export function hasCapability(capability: Capability): boolean {
  return (
    capability.certificates.length > 0 ||
    capability.machines.length > 0 ||
    [capability.capacity.tonnesPerMonth, capability.capacity.weightRange, capability.capacity.largestDiameter].some(
      (value) => value.trim() !== '',
    ) ||
    capability.materials.length > 0 ||
    capability.standards.length > 0 ||
    capability.markets.length > 0 ||
    capability.caseStudies.length > 0
  );
}

/**
 * The company's registration numbers the owner filled in, labelled as the page shows them: the
 * legal name, GSTIN, IEC and CIN or Udyam number (the footer and Contact Us), and with `withYear`
 * the year established too (About Us and Infrastructure).
 */
export function registrationEntries(
  registration: Company['registration'],
  withYear: boolean,
  labels: ProofLabels,
): Figure[] {
  const cinLabel = registration.cin.startsWith('UDYAM-') ? labels.udyam : 'CIN';
  return [
    { label: labels.legalName, value: registration.legalName },
    { label: 'GSTIN', value: registration.gstin },
    { label: 'IEC', value: registration.iec },
    { label: cinLabel, value: registration.cin },
    ...(withYear ? [{ label: labels.established, value: registration.established }] : []),
  ].filter((entry) => entry.value.trim() !== '');
}
