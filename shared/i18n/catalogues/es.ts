import type { Catalogue } from './en.js';

export const es: Catalogue = {
  enquirySent: '¡Gracias por contactarnos! Le responderemos muy pronto.',
  referenceNumber: (reference) =>
    `Su número de referencia es #${reference}. Indíquelo cuando nos escriba sobre esta solicitud.`,
  enquiryNotStored: (email) =>
    `No hemos podido guardar su solicitud en este momento. No se ha perdido nada por su parte: vuelva a enviarla dentro de un minuto o escríbanos a ${email}.`,
  enquiryFailed: (email) =>
    `Se ha producido un error al enviar el formulario. Inténtelo de nuevo o escríbanos directamente a ${email}.`,
  formIncomplete: 'El formulario llegó incompleto, por lo que no se guardó nada. Revíselo y envíelo de nuevo.',
  drawingsAttached: {
    one: '{count} plano adjunto',
    many: '{count} de planos adjuntos',
    other: '{count} planos adjuntos',
  },
  pageInThisLanguage: 'Esta página está disponible en español',
};
