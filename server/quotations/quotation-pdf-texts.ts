import type { LanguageCode } from '../../shared/i18n/languages.js';
import { UNIT_NAMES } from '../../shared/quotations/amount-in-words.js';
import type { Currency } from '../../shared/quotations/money.js';

/**
 * The quotation PDF's own texts in each language (its title, letterhead and signature lines, the
 * currencies' names in the total in words); the lines', totals' and terms' labels come from the
 * buyer's page catalogue (`quotation`). Only the server reads this file: no page's bundle carries it.
 */
export interface QuotationPdfTexts {
  title: string;
  date: string;
  reference: string;
  to: string;
  certificates: string;
  inWords: string;
  for: string;
  signatory: string;
  /** A currency's whole and minor units, as a total in words names them. */
  units: Record<Currency, [whole: string, minor: string]>;
  /** Joins the whole and the minor units ("… Euro und fünfzig Cent"). */
  and: string;
}

export const QUOTATION_PDF_TEXTS: Record<LanguageCode, QuotationPdfTexts> = {
  en: {
    title: 'Quotation',
    date: 'Date',
    reference: 'Your enquiry',
    to: 'To',
    certificates: 'Certificates in force',
    inWords: 'Total in words',
    for: 'For',
    signatory: 'Authorised signatory',
    units: UNIT_NAMES,
    and: 'and',
  },
  de: {
    title: 'Angebot',
    date: 'Datum',
    reference: 'Ihre Anfrage',
    to: 'An',
    certificates: 'Gültige Zertifikate',
    inWords: 'Gesamtbetrag in Worten',
    for: 'Für',
    signatory: 'Zeichnungsberechtigt',
    units: {
      INR: ['Indische Rupien', 'Paise'],
      USD: ['US-Dollar', 'Cent'],
      EUR: ['Euro', 'Cent'],
      GBP: ['Pfund Sterling', 'Pence'],
      AED: ['VAE-Dirham', 'Fils'],
    },
    and: 'und',
  },
  es: {
    title: 'Cotización',
    date: 'Fecha',
    reference: 'Su consulta',
    to: 'Para',
    certificates: 'Certificados vigentes',
    inWords: 'Total en letras',
    for: 'Por',
    signatory: 'Firma autorizada',
    units: {
      INR: ['rupias indias', 'paisas'],
      USD: ['dólares estadounidenses', 'centavos'],
      EUR: ['euros', 'céntimos'],
      GBP: ['libras esterlinas', 'peniques'],
      AED: ['dírhams de los EAU', 'fils'],
    },
    and: 'con',
  },
  fr: {
    title: 'Devis',
    date: 'Date',
    reference: 'Votre demande',
    to: 'À',
    certificates: 'Certificats en vigueur',
    inWords: 'Total en toutes lettres',
    for: 'Pour',
    signatory: 'Signataire autorisé',
    units: {
      INR: ['roupies indiennes', 'paisas'],
      USD: ['dollars américains', 'cents'],
      EUR: ['euros', 'centimes'],
      GBP: ['livres sterling', 'pence'],
      AED: ['dirhams des EAU', 'fils'],
    },
    and: 'et',
  },
  ar: {
    title: 'عرض السعر',
    date: 'التاريخ',
    reference: 'استفساركم',
    to: 'إلى',
    certificates: 'الشهادات السارية',
    inWords: 'الإجمالي كتابةً',
    for: 'عن',
    signatory: 'المفوض بالتوقيع',
    units: {
      INR: ['روبية هندية', 'بيسة'],
      USD: ['دولار أمريكي', 'سنت'],
      EUR: ['يورو', 'سنت'],
      GBP: ['جنيه إسترليني', 'بنس'],
      AED: ['درهم إماراتي', 'فلس'],
    },
    and: 'و',
  },
};
