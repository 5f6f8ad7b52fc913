import type { ArabicPluralForms, PluralForms } from '../plural.js';
import type { Catalogue } from './en.js';

/** Arabic must give all six plural forms wherever English gives a plural. */
type ArabicCatalogue = {
  [Key in keyof Catalogue]: Catalogue[Key] extends PluralForms ? ArabicPluralForms : Catalogue[Key];
};

export const ar: ArabicCatalogue = {
  enquirySent: 'شكرًا لتواصلكم معنا! سنرد عليكم قريبًا.',
  referenceNumber: (reference) => `رقمكم المرجعي هو #${reference}. يُرجى ذكره عند مراسلتنا بشأن هذا الطلب.`,
  enquiryNotStored: (email) =>
    `تعذّر حفظ طلبكم الآن. لم يُفقد شيء من جهتكم: يُرجى إرساله مرة أخرى بعد دقيقة، أو مراسلتنا على ${email}.`,
  enquiryFailed: (email) => `حدث خطأ أثناء إرسال النموذج. يُرجى المحاولة مرة أخرى أو مراسلتنا مباشرة على ${email}.`,
  formIncomplete: 'وصل النموذج ناقصًا، لذلك لم يُحفظ أي شيء. يُرجى مراجعته وإرساله مرة أخرى.',
  drawingsAttached: {
    zero: 'لا توجد رسومات مرفقة',
    one: 'رسم مرفق واحد',
    two: 'رسمان مرفقان',
    few: '{count} رسومات مرفقة',
    many: '{count} رسمًا مرفقًا',
    other: '{count} رسم مرفق',
  },
  pageInThisLanguage: 'هذه الصفحة متوفرة بالعربية',
};
