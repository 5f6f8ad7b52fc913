import type { CategorySlug } from '../content/category-slugs.js';
import { isLanguageCode, type LanguageCode } from './languages.js';

type TranslatedLanguage = Exclude<LanguageCode, 'en'>;
type PathSegment = 'about' | 'infrastructure' | 'products' | 'contact' | 'thank-you' | CategorySlug;

/** Each English path segment in each other language: defined once, here (issue 38). */
const SEGMENTS: Record<TranslatedLanguage, Record<PathSegment, string>> = {
  de: {
    about: 'ueber-uns',
    infrastructure: 'infrastruktur',
    products: 'produkte',
    contact: 'kontakt',
    'thank-you': 'danke',
    'auto-parts': 'autoteile',
    flanges: 'flansche',
    'hydraulic-jack-parts': 'hydraulikheber-teile',
    'pipe-fittings': 'rohrformstuecke',
    'agriculture-parts': 'landmaschinenteile',
    'industrial-valve': 'industriearmaturen',
    'transmission-parts': 'getriebeteile',
  },
  es: {
    about: 'sobre-nosotros',
    infrastructure: 'infraestructura',
    products: 'productos',
    contact: 'contacto',
    'thank-you': 'gracias',
    'auto-parts': 'autopartes',
    flanges: 'bridas',
    'hydraulic-jack-parts': 'piezas-de-gatos-hidraulicos',
    'pipe-fittings': 'accesorios-de-tuberia',
    'agriculture-parts': 'piezas-agricolas',
    'industrial-valve': 'valvulas-industriales',
    'transmission-parts': 'piezas-de-transmision',
  },
  fr: {
    about: 'a-propos',
    infrastructure: 'infrastructure',
    products: 'produits',
    contact: 'contact',
    'thank-you': 'merci',
    'auto-parts': 'pieces-automobiles',
    flanges: 'brides',
    'hydraulic-jack-parts': 'pieces-de-crics-hydrauliques',
    'pipe-fittings': 'raccords-de-tuyauterie',
    'agriculture-parts': 'pieces-agricoles',
    'industrial-valve': 'vannes-industrielles',
    'transmission-parts': 'pieces-de-transmission',
  },
  ar: {
    about: 'من-نحن',
    infrastructure: 'البنية-التحتية',
    products: 'المنتجات',
    contact: 'اتصل-بنا',
    'thank-you': 'شكرا',
    'auto-parts': 'قطع-غيار-السيارات',
    flanges: 'الفلنجات',
    'hydraulic-jack-parts': 'قطع-الرافعات-الهيدروليكية',
    'pipe-fittings': 'وصلات-الأنابيب',
    'agriculture-parts': 'قطع-الآلات-الزراعية',
    'industrial-valve': 'الصمامات-الصناعية',
    'transmission-parts': 'قطع-ناقل-الحركة',
  },
};

const segmentsOf = (englishPath: string) => englishPath.split('/').filter(Boolean);

/** The address of an English page in a language: `/products/flanges` in German is `/de/produkte/flansche`. */
export function localizedPath(lang: LanguageCode, englishPath: string): string {
  if (lang === 'en') return englishPath;
  const table: Record<string, string> = SEGMENTS[lang];
  const translated = segmentsOf(englishPath).map((segment) => table[segment] ?? segment);
  return `/${[lang, ...translated].join('/')}${translated.length === 0 ? '/' : ''}`;
}

/**
 * The language and English page of a decoded path under a language prefix, translated or English segments
 * alike (`/de/products/flanges` and `/de/produkte/flansche` both give `/products/flanges`); undefined when the
 * path has no language prefix. A path that is not `localizedPath` of its result deserves a 301 to it.
 */
export function readLocalizedPath(path: string): { lang: TranslatedLanguage; englishPath: string } | undefined {
  const [prefix, ...rest] = segmentsOf(path);
  if (prefix === undefined || !isLanguageCode(prefix) || prefix === 'en') return undefined;
  const english = new Map(Object.entries(SEGMENTS[prefix]).map(([en, translated]) => [translated, en]));
  return { lang: prefix, englishPath: `/${rest.map((segment) => english.get(segment) ?? segment).join('/')}` };
}
