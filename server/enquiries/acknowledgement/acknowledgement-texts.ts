import type { LanguageCode } from '../../../shared/i18n/languages.js';

/**
 * The acknowledgement's own texts in each language (its subject, headings and labels); the owner's
 * words come from the content and its translations, the form's labels from the page's catalogue.
 * Only the server reads this file: no page's bundle carries it.
 */
export interface AcknowledgementTexts {
  subject: (company: string, reference: string, subject: string) => string;
  referenceNumber: string;
  businessHours: (timeZone: string) => string;
  whatYouSent: (when: string) => string;
  oneDrawing: string;
  drawings: (count: number) => string;
  noDrawings: string;
  email: string;
  phone: string;
  phones: string;
}

export const ACKNOWLEDGEMENT_TEXTS: Record<LanguageCode, AcknowledgementTexts> = {
  en: {
    subject: (company, reference, subject) => `Your enquiry to ${company} [${reference}]: ${subject}`,
    referenceNumber: 'Reference number',
    businessHours: (timeZone) => `Our business hours (${timeZone} time):`,
    whatYouSent: (when) => `What you sent us on ${when}:`,
    oneDrawing: 'The drawing we received:',
    drawings: (count) => `The ${count} drawings we received:`,
    noDrawings: 'No drawings were attached.',
    email: 'E-mail',
    phone: 'Phone',
    phones: 'Phones',
  },
  de: {
    subject: (company, reference, subject) => `Ihre Anfrage an ${company} [${reference}]: ${subject}`,
    referenceNumber: 'Referenznummer',
    businessHours: (timeZone) => `Unsere Geschäftszeiten (Zeitzone ${timeZone}):`,
    whatYouSent: (when) => `Was Sie uns am ${when} gesendet haben:`,
    oneDrawing: 'Die Zeichnung, die wir erhalten haben:',
    drawings: (count) => `Die ${count} Zeichnungen, die wir erhalten haben:`,
    noDrawings: 'Es wurden keine Zeichnungen angehängt.',
    email: 'E-Mail',
    phone: 'Telefon',
    phones: 'Telefon',
  },
  es: {
    subject: (company, reference, subject) => `Su consulta a ${company} [${reference}]: ${subject}`,
    referenceNumber: 'Número de referencia',
    businessHours: (timeZone) => `Nuestro horario de atención (hora de ${timeZone}):`,
    whatYouSent: (when) => `Lo que nos envió el ${when}:`,
    oneDrawing: 'El plano que recibimos:',
    drawings: (count) => `Los ${count} planos que recibimos:`,
    noDrawings: 'No se adjuntaron planos.',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    phones: 'Teléfonos',
  },
  fr: {
    subject: (company, reference, subject) => `Votre demande à ${company} [${reference}] : ${subject}`,
    referenceNumber: 'Numéro de référence',
    businessHours: (timeZone) => `Nos horaires d’ouverture (heure de ${timeZone}) :`,
    whatYouSent: (when) => `Ce que vous nous avez envoyé le ${when} :`,
    oneDrawing: 'Le plan que nous avons reçu :',
    drawings: (count) => `Les ${count} plans que nous avons reçus :`,
    noDrawings: 'Aucun plan n’était joint.',
    email: 'E-mail',
    phone: 'Téléphone',
    phones: 'Téléphones',
  },
  ar: {
    subject: (company, reference, subject) => `استفسارك إلى ${company} [${reference}]: ${subject}`,
    referenceNumber: 'الرقم المرجعي',
    businessHours: (timeZone) => `ساعات عملنا (بتوقيت ${timeZone}):`,
    whatYouSent: (when) => `ما أرسلته إلينا في ${when}:`,
    oneDrawing: 'الرسم الذي استلمناه:',
    drawings: (count) => `الرسومات التي استلمناها (${count}):`,
    noDrawings: 'لم تُرفق أي رسومات.',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    phones: 'الهواتف',
  },
};
