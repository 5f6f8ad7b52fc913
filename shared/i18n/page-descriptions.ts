import type { LanguageCode } from './languages.js';

/**
 * The public pages' meta descriptions that are not the owner's text, in each language. Only the server
 * writes descriptions (into `<head>`), so no page's bundle carries this file.
 */
export interface PageDescriptions {
  home: string;
  infrastructure: string;
  /** /products: the categories' names, listed. */
  products: (names: string[]) => string;
  thankYou: string;
  quotation: string;
  notFound: string;
}

const list = (names: string[], locale: string) =>
  new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);

export const PAGE_DESCRIPTIONS: Record<LanguageCode, PageDescriptions> = {
  en: {
    home: 'Indian manufacturer and exporter of closed-die and upset forgings and precision-machined parts in carbon, alloy and stainless steel. ISO 9001:2015 certified.',
    infrastructure:
      'Our forging plant and machines, its capacity, our certificates, the materials and standards we work to, and the countries we export to.',
    products: (names) => `Forged ${names.join(', ')}.`,
    thankYou: 'Your enquiry has been received.',
    quotation: 'A quotation sent to you by e-mail.',
    notFound: 'The page you asked for does not exist.',
  },
  de: {
    home: 'Indischer Hersteller und Exporteur von Gesenk- und Stauchschmiedeteilen sowie präzisionsbearbeiteten Teilen aus Kohlenstoff-, legiertem und rostfreiem Stahl. Zertifiziert nach ISO 9001:2015.',
    infrastructure:
      'Unser Schmiedewerk und seine Maschinen, seine Kapazität, unsere Zertifikate, die Werkstoffe und Normen, nach denen wir fertigen, und die Länder, in die wir exportieren.',
    products: (names) => `Geschmiedete Teile: ${list(names, 'de')}.`,
    thankYou: 'Ihre Anfrage ist bei uns eingegangen.',
    quotation: 'Ein Angebot, das wir Ihnen per E-Mail gesendet haben.',
    notFound: 'Die gesuchte Seite gibt es nicht.',
  },
  es: {
    home: 'Fabricante y exportador indio de piezas forjadas en matriz cerrada y por recalcado y de piezas mecanizadas de precisión en acero al carbono, aleado e inoxidable. Certificado ISO 9001:2015.',
    infrastructure:
      'Nuestra planta de forja y sus máquinas, su capacidad, nuestros certificados, los materiales y normas con los que trabajamos y los países a los que exportamos.',
    products: (names) => `Piezas forjadas: ${list(names, 'es')}.`,
    thankYou: 'Hemos recibido su solicitud.',
    quotation: 'Una cotización que le enviamos por correo electrónico.',
    notFound: 'La página que busca no existe.',
  },
  fr: {
    home: 'Fabricant et exportateur indien de pièces estampées en matrice fermée et refoulées et de pièces usinées de précision en acier au carbone, allié et inoxydable. Certifié ISO 9001:2015.',
    infrastructure:
      'Notre usine de forge et ses machines, sa capacité, nos certificats, les matériaux et normes que nous appliquons et les pays vers lesquels nous exportons.',
    products: (names) => `Pièces forgées\u00a0: ${list(names, 'fr')}.`,
    thankYou: 'Nous avons bien reçu votre demande.',
    quotation: 'Un devis que nous vous avons envoyé par e-mail.',
    notFound: 'La page demandée n’existe pas.',
  },
  ar: {
    home: 'شركة هندية لتصنيع وتصدير المطروقات بالقوالب المغلقة وبالتفلطح والقطع المشغولة بدقة من الفولاذ الكربوني وسبائك الفولاذ والفولاذ المقاوم للصدأ. حاصلة على شهادة ISO 9001:2015.',
    infrastructure:
      'مصنع الحدادة لدينا وآلاته وطاقته الإنتاجية وشهاداتنا والمواد والمعايير التي نعمل بها والبلدان التي نصدّر إليها.',
    products: (names) => `قطع مطروقة: ${list(names, 'ar')}.`,
    thankYou: 'لقد استلمنا طلبكم.',
    quotation: 'عرض سعر أرسلناه إليكم بالبريد الإلكتروني.',
    notFound: 'الصفحة التي طلبتموها غير موجودة.',
  },
};
