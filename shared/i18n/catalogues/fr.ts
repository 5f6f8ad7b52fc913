import type { Catalogue } from './en.js';

/** French typography: a no-break space before « ! » and « : ». */
export const fr: Catalogue = {
  enquirySent: 'Merci de nous avoir contactés\u00a0! Nous vous répondrons très bientôt.',
  referenceNumber: (reference) =>
    `Votre numéro de référence est #${reference}. Merci de le rappeler lorsque vous nous écrivez au sujet de cette demande.`,
  enquiryNotStored: (email) =>
    `Nous n’avons pas pu enregistrer votre demande pour le moment. Rien n’est perdu de votre côté\u00a0: veuillez la renvoyer dans une minute ou nous écrire à ${email}.`,
  enquiryFailed: (email) =>
    `Une erreur s’est produite lors de l’envoi du formulaire. Veuillez réessayer ou nous écrire directement à ${email}.`,
  formIncomplete:
    'Le formulaire est arrivé incomplet, rien n’a donc été enregistré. Veuillez le vérifier et l’envoyer à nouveau.',
  drawingsAttached: {
    one: '{count} plan joint',
    many: '{count} de plans joints',
    other: '{count} plans joints',
  },
  pageInThisLanguage: 'Cette page existe en français',
};
