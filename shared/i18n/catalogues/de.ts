import type { Catalogue } from './en.js';

export const de: Catalogue = {
  enquirySent: 'Vielen Dank für Ihre Anfrage! Wir melden uns in Kürze bei Ihnen.',
  referenceNumber: (reference) =>
    `Ihre Referenznummer ist #${reference}. Bitte geben Sie sie an, wenn Sie uns zu dieser Anfrage schreiben.`,
  enquiryNotStored: (email) =>
    `Wir konnten Ihre Anfrage gerade nicht speichern. Auf Ihrer Seite ist nichts verloren: Bitte senden Sie sie in einer Minute erneut oder schreiben Sie uns an ${email}.`,
  enquiryFailed: (email) =>
    `Beim Senden des Formulars ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut oder schreiben Sie uns direkt an ${email}.`,
  formIncomplete:
    'Das Formular kam unvollständig an, daher wurde nichts gespeichert. Bitte prüfen Sie es und senden Sie es erneut.',
  drawingsAttached: { one: '{count} Zeichnung angehängt', other: '{count} Zeichnungen angehängt' },
  pageInThisLanguage: 'Diese Seite gibt es auf Deutsch',
};
