import type { LanguageCode } from './languages.js';
import type { ArabicPluralForms, PluralForms } from './plural.js';

/**
 * The capability statement's own texts (the PDF's headings, labels and footer) in each language. The
 * owner's texts in it come from the site content and its translations. Only the server reads this
 * file: no page's bundle carries it.
 */
export interface StatementTexts {
  title: string;
  /** The PDF's title in its properties. */
  documentTitle: (company: string) => string;
  subject: string;
  established: (year: string) => string;
  udyamNumber: string;
  capacity: string;
  tonnesPerMonth: (tonnes: string) => string;
  weightPerPiece: string;
  largestDiameter: string;
  certificates: string;
  certificateColumns: [nameAndNumber: string, scope: string, certifier: string, validUntil: string];
  certificateNumber: (number: string) => string;
  machines: string;
  machineColumns: [machine: string, make: string, capacity: string, count: string];
  materials: string;
  standards: string;
  exportMarkets: string;
  caseStudies: string;
  moreCertificates: PluralForms;
  moreMachines: PluralForms;
  moreCaseStudies: PluralForms;
  /** Between the items of a list. */
  listSeparator: string;
  /** A list cut short: its first items, then how many more. */
  listAndMore: (shown: string, more: number) => string;
  footer: (company: string, day: string) => string;
  page: (page: number, pages: number) => string;
}

const en: StatementTexts = {
  title: 'Capability statement',
  documentTitle: (company) => `${company}: capability statement`,
  subject: 'Capability statement: certificates, plant and machines, capacity, materials, markets',
  established: (year) => `Established ${year}`,
  udyamNumber: 'Udyam number',
  capacity: 'Capacity',
  tonnesPerMonth: (tonnes) => `${tonnes} tonnes a month`,
  weightPerPiece: 'Weight per piece',
  largestDiameter: 'Largest diameter',
  certificates: 'Certificates',
  certificateColumns: ['Certificate and number', 'Scope', 'Certifying body', 'Valid until'],
  certificateNumber: (number) => `No. ${number}`,
  machines: 'Plant and machines',
  machineColumns: ['Machine', 'Make', 'Capacity', 'How many'],
  materials: 'Materials',
  standards: 'Standards',
  exportMarkets: 'Export markets',
  caseStudies: 'Case studies',
  moreCertificates: { one: 'and {count} more certificate', other: 'and {count} more certificates' },
  moreMachines: { one: 'and {count} more machine', other: 'and {count} more machines' },
  moreCaseStudies: { one: 'and {count} more case study', other: 'and {count} more case studies' },
  listSeparator: ', ',
  listAndMore: (shown, more) => `${shown} and ${more} more`,
  footer: (company, day) => `${company}. Capability statement as published on ${day}.`,
  page: (page, pages) => `Page ${page} of ${pages}`,
};

const de: StatementTexts = {
  title: 'Leistungsprofil',
  documentTitle: (company) => `${company}: Leistungsprofil`,
  subject: 'Leistungsprofil: Zertifikate, Anlagen und Maschinen, Kapazität, Werkstoffe, Märkte',
  established: (year) => `Gegründet ${year}`,
  udyamNumber: 'Udyam-Nummer',
  capacity: 'Kapazität',
  tonnesPerMonth: (tonnes) => `${tonnes} Tonnen pro Monat`,
  weightPerPiece: 'Stückgewicht',
  largestDiameter: 'Größter Durchmesser',
  certificates: 'Zertifikate',
  certificateColumns: ['Zertifikat und Nummer', 'Geltungsbereich', 'Zertifizierungsstelle', 'Gültig bis'],
  certificateNumber: (number) => `Nr. ${number}`,
  machines: 'Anlagen und Maschinen',
  machineColumns: ['Maschine', 'Hersteller', 'Kapazität', 'Anzahl'],
  materials: 'Werkstoffe',
  standards: 'Normen',
  exportMarkets: 'Exportmärkte',
  caseStudies: 'Fallstudien',
  moreCertificates: { one: 'und {count} weiteres Zertifikat', other: 'und {count} weitere Zertifikate' },
  moreMachines: { one: 'und {count} weitere Maschine', other: 'und {count} weitere Maschinen' },
  moreCaseStudies: { one: 'und {count} weitere Fallstudie', other: 'und {count} weitere Fallstudien' },
  listSeparator: ', ',
  listAndMore: (shown, more) => `${shown} und ${more} weitere`,
  footer: (company, day) => `${company}. Leistungsprofil, veröffentlicht am ${day}.`,
  page: (page, pages) => `Seite ${page} von ${pages}`,
};

const es: StatementTexts = {
  title: 'Perfil de capacidades',
  documentTitle: (company) => `${company}: Perfil de capacidades`,
  subject: 'Perfil de capacidades: certificados, planta y maquinaria, capacidad, materiales, mercados',
  established: (year) => `Fundada en ${year}`,
  udyamNumber: 'Número Udyam',
  capacity: 'Capacidad',
  tonnesPerMonth: (tonnes) => `${tonnes} toneladas al mes`,
  weightPerPiece: 'Peso por pieza',
  largestDiameter: 'Diámetro máximo',
  certificates: 'Certificados',
  certificateColumns: ['Certificado y número', 'Alcance', 'Organismo certificador', 'Válido hasta'],
  certificateNumber: (number) => `N.º ${number}`,
  machines: 'Planta y maquinaria',
  machineColumns: ['Máquina', 'Fabricante', 'Capacidad', 'Cantidad'],
  materials: 'Materiales',
  standards: 'Normas',
  exportMarkets: 'Mercados de exportación',
  caseStudies: 'Casos prácticos',
  moreCertificates: { one: 'y {count} certificado más', other: 'y {count} certificados más' },
  moreMachines: { one: 'y {count} máquina más', other: 'y {count} máquinas más' },
  moreCaseStudies: { one: 'y {count} caso práctico más', other: 'y {count} casos prácticos más' },
  listSeparator: ', ',
  listAndMore: (shown, more) => `${shown} y ${more} más`,
  footer: (company, day) => `${company}. Perfil de capacidades publicado el ${day}.`,
  page: (page, pages) => `Página ${page} de ${pages}`,
};

const fr: StatementTexts = {
  title: 'Présentation des capacités',
  documentTitle: (company) => `${company}\u00a0: Présentation des capacités`,
  subject: 'Présentation des capacités\u00a0: certificats, usine et machines, capacité, matériaux, marchés',
  established: (year) => `Fondée en ${year}`,
  udyamNumber: 'Numéro Udyam',
  capacity: 'Capacité',
  tonnesPerMonth: (tonnes) => `${tonnes} tonnes par mois`,
  weightPerPiece: 'Poids par pièce',
  largestDiameter: 'Diamètre maximal',
  certificates: 'Certificats',
  certificateColumns: ['Certificat et numéro', 'Périmètre', 'Organisme certificateur', 'Valable jusqu’au'],
  certificateNumber: (number) => `N° ${number}`,
  machines: 'Usine et machines',
  machineColumns: ['Machine', 'Fabricant', 'Capacité', 'Nombre'],
  materials: 'Matériaux',
  standards: 'Normes',
  exportMarkets: 'Marchés d’exportation',
  caseStudies: 'Études de cas',
  moreCertificates: { one: 'et {count} autre certificat', other: 'et {count} autres certificats' },
  moreMachines: { one: 'et {count} autre machine', other: 'et {count} autres machines' },
  moreCaseStudies: { one: 'et {count} autre étude de cas', other: 'et {count} autres études de cas' },
  listSeparator: ', ',
  listAndMore: (shown, more) => `${shown} et ${more} autres`,
  footer: (company, day) => `${company}. Présentation des capacités publiée le ${day}.`,
  page: (page, pages) => `Page ${page} sur ${pages}`,
};

/** Arabic gives all six plural forms. */
const ar: StatementTexts & Record<'moreCertificates' | 'moreMachines' | 'moreCaseStudies', ArabicPluralForms> = {
  title: 'بيان القدرات',
  documentTitle: (company) => `${company}: بيان القدرات`,
  subject: 'بيان القدرات: الشهادات، المصنع والآلات، الطاقة الإنتاجية، المواد، الأسواق',
  established: (year) => `تأسست عام ${year}`,
  udyamNumber: 'رقم أوديام',
  capacity: 'الطاقة الإنتاجية',
  tonnesPerMonth: (tonnes) => `${tonnes} طن شهريًا`,
  weightPerPiece: 'وزن القطعة',
  largestDiameter: 'أكبر قطر',
  certificates: 'الشهادات',
  certificateColumns: ['الشهادة ورقمها', 'النطاق', 'جهة الاعتماد', 'صالحة حتى'],
  certificateNumber: (number) => `رقم ${number}`,
  machines: 'المصنع والآلات',
  machineColumns: ['الآلة', 'الشركة المصنّعة', 'القدرة', 'العدد'],
  materials: 'المواد',
  standards: 'المعايير',
  exportMarkets: 'أسواق التصدير',
  caseStudies: 'دراسات حالة',
  moreCertificates: {
    zero: 'ولا شهادات أخرى',
    one: 'وشهادة أخرى واحدة',
    two: 'وشهادتان أخريان',
    few: 'و{count} شهادات أخرى',
    many: 'و{count} شهادة أخرى',
    other: 'و{count} شهادة أخرى',
  },
  moreMachines: {
    zero: 'ولا آلات أخرى',
    one: 'وآلة أخرى واحدة',
    two: 'وآلتان أخريان',
    few: 'و{count} آلات أخرى',
    many: 'و{count} آلة أخرى',
    other: 'و{count} آلة أخرى',
  },
  moreCaseStudies: {
    zero: 'ولا دراسات حالة أخرى',
    one: 'ودراسة حالة أخرى واحدة',
    two: 'ودراستا حالة أخريان',
    few: 'و{count} دراسات حالة أخرى',
    many: 'و{count} دراسة حالة أخرى',
    other: 'و{count} دراسة حالة أخرى',
  },
  listSeparator: '، ',
  listAndMore: (shown, more) => `${shown} و${more} أخرى`,
  footer: (company, day) => `${company}. بيان القدرات كما نُشر في ${day}.`,
  page: (page, pages) => `الصفحة ${page} من ${pages}`,
};

export const STATEMENT_TEXTS: Record<LanguageCode, StatementTexts> = { en, de, es, fr, ar };
