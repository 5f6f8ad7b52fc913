import sharp from 'sharp';
import { sectionPath } from '../../shared/content/sections.js';
import { dayInZone, DEFAULT_TIME_ZONE } from '../../shared/time/time-zone.js';
import type { AdminClient } from './admin-client.js';
import { makePhoto, SITE_PHOTO_SIZE, uploadPhotos, type PhotoUpload } from './photos.js';
import { editSection } from './site-editor.js';
import { cachedFixture } from './fixture-cache.js';

/** The calendar day `days` after today in the site's (default) time zone, by `now`'s clock. */
export function dayFrom(days: number, now = Date.now()): string {
  const today = dayInZone(new Date(now), DEFAULT_TIME_ZONE);
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The company's registration as an owner fills it in (a GSTIN with its right check character). */
export const REGISTRATION = {
  'registration.legalName': 'Example Forgings and Precision Engineering Private Limited',
  'registration.gstin': '24AAACB1234C1ZL',
  'registration.iec': 'AAACB1234C',
  'registration.cin': 'U28910GJ2021PTC123456',
  'registration.established': '2015',
};

export const CERTIFICATES = [
  {
    name: 'ISO 9001:2015',
    number: 'IND.QMS.24.10234/TÜV-SÜD-SOUTH-ASIA-REV-03',
    scope:
      'Manufacture and supply of closed-die and upset forgings in carbon, alloy and stainless steel, from 0.2 kg to 150 kg, and their precision machining to customer drawings, including heat treatment and inspection.',
    certifier: 'TÜV SÜD South Asia Private Limited',
    accreditation: 'Accredited by NABCB (National Accreditation Board for Certification Bodies)',
    validFor: 700,
  },
  {
    name: 'PED 2014/68/EU Annex I, 4.3 (material manufacturer)',
    number: 'PED-MM-0045/2023',
    scope: 'Forged flanges and fittings for pressure equipment.',
    certifier: 'Bureau Veritas Italia S.p.A.',
    accreditation: '',
    // Within 30 days: shown on the site, flagged in the admin.
    validFor: 12,
  },
  {
    name: 'IATF 16949:2016',
    number: 'IATF-0389123',
    scope: 'Forged automotive components.',
    certifier: 'DNV Business Assurance',
    accreditation: 'Accredited by IATF',
    // Expired yesterday: hidden from the site, flagged in the admin.
    validFor: -1,
  },
] as const;

export const MACHINES = [
  {
    name: 'Friction screw press with automatic die lubrication and part ejection',
    make: 'Mahalaxmi Industries, Rajkot',
    capacity: '1600',
    unit: 'tonnes',
    count: '2',
  },
  { name: 'CNC turning centre', make: 'Ace Micromatic (LT-2 Jobber XL)', capacity: '400', unit: 'mm Ø', count: '6' },
  { name: 'Closed-die forging hammer', make: '', capacity: '3', unit: 'tonnes', count: '1' },
];

export const MARKETS = [
  'Germany',
  'United States',
  'United Kingdom',
  'UAE',
  'Türkiye',
  'Saudi Arabia',
  'Netherlands',
  'Italy',
];

export const CASE_STUDY = {
  title: 'Weld-neck flanges for a district-heating network in northern Germany',
  industry: 'Energy and utilities',
  country: 'Germany',
  made: '4,200 weld-neck flanges, DN 50 to DN 300, in P250GH to EN 1092-1, forged, normalised and machined, with EN 10204 3.1 certificates, delivered in three lots over five months.',
};

/**
 * Fills every capability record and the company's registration through the site editor, as an
 * owner would: three certificates (one valid for two years, one expiring in 12 days, one expired
 * yesterday), three machines, the capacity, materials, standards, eight export markets and a case
 * study, each machine, certificate and the case study with a 4000 × 3000 camera photo. `client`
 * must be signed in; throws when a save is refused.
 */
export async function fillCapability(client: AdminClient, now = Date.now()): Promise<void> {
  const company = await editSection(client, sectionPath('company'), REGISTRATION, { asJson: true });
  const saved = (await company.json()) as { ok: boolean; errors?: unknown };
  if (!saved.ok) throw new Error(`company: refused: ${JSON.stringify(saved.errors)}`);

  const camera = async (field: string, alt: string, hue: number): Promise<PhotoUpload> => ({
    field,
    alt,
    data: await cameraPhoto(hue),
    fileName: `IMG_${String(hue).padStart(4, '0')}.jpg`,
  });
  const values: Record<string, string> = {
    'capacity.tonnesPerMonth': '1200',
    'capacity.weightRange': '0.2 kg to 150 kg',
    'capacity.largestDiameter': '650 mm',
    materials: [
      'Carbon steel (C22, C45, EN8, SA105)',
      'Alloy steel (42CrMo4, EN19, SA182 F11)',
      'Stainless steel (304L, 316L, F51 duplex)',
    ].join('\n'),
    standards: ['ASME B16.5', 'DIN 2633', 'EN 1092-1', 'EN 10204 3.1'].join('\n'),
    markets: MARKETS.join('\n'),
  };
  const photos: PhotoUpload[] = [];
  for (const [index, certificate] of CERTIFICATES.entries()) {
    const { validFor, ...cells } = certificate;
    for (const [column, value] of Object.entries(cells)) values[`certificates.${index}.${column}`] = value;
    values[`certificates.${index}.validUntil`] = dayFrom(validFor, now);
    photos.push(await camera(`certificates.${index}.photo`, `${certificate.name} certificate`, 40 * index));
  }
  for (const [index, machine] of MACHINES.entries()) {
    for (const [column, value] of Object.entries(machine)) values[`machines.${index}.${column}`] = value;
    photos.push(await camera(`machines.${index}.photo`, `${machine.name} in the forge shop`, 150 + 40 * index));
  }
  for (const [column, value] of Object.entries(CASE_STUDY)) values[`caseStudies.0.${column}`] = value;
  photos.push(await camera('caseStudies.0.photo', 'Machined weld-neck flanges ready for dispatch', 300));

  const response = await uploadPhotos(client, sectionPath('capability'), photos, values, { asJson: true });
  if (!response.ok)
    throw new Error(`capability: not saved (${response.status}): ${(await response.text()).slice(0, 800)}`);
  const answer = (await response.json()) as { ok: boolean; errors?: unknown };
  if (!answer.ok) throw new Error(`capability: refused: ${JSON.stringify(answer.errors)}`);
}

/** The textured 4000 × 3000 photo turned by `hue`, as a camera's JPEG: made once (fixture-cache.ts). */
const cameraPhoto = (hue: number): Promise<Buffer> =>
  cachedFixture(import.meta.url, ['camera photo', hue], async () =>
    sharp(await makePhoto({ ...SITE_PHOTO_SIZE, texture: true }))
      .modulate({ hue })
      .jpeg({ quality: 92 })
      .toBuffer(),
  );
