import type { LanguageCode } from './languages.js';
import type { ArabicPluralForms, PluralForms } from './plural.js';

/** The statuses an error page is titled for; any other is titled as 400 or 500. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 413 | 415 | 429 | 500 | 503;

/**
 * What the server answers a visitor in the language of the page they were on: the error pages' titles and
 * messages, and why an enquiry form came back. Only the server writes these, so no page's bundle carries
 * this file (the page catalogues are in `catalogues/`).
 */
export interface AnswerTexts {
  errorTitles: Record<ErrorStatus, string>;
  tooLarge: string;
  unsupported: string;
  tooManyRequests: string;
  storageFailure: string;
  serverError: string;
  /** The network's drawings allowance is used up: try again in `{count}` minutes. */
  tooManyDrawings: PluralForms;
  tooManyUploads: string;
  busy: string;
  chooseAgain: string;
}

const en: AnswerTexts = {
  errorTitles: {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    413: 'Request Too Large',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
    500: 'Something Went Wrong',
    503: 'Service Unavailable',
  },
  tooLarge: 'What you sent is too large. Please shorten it and try again.',
  unsupported: 'This kind of content is not accepted here.',
  tooManyRequests: 'Too many requests from your connection. Please wait a minute and try again.',
  storageFailure: 'The site cannot save anything just now. Nothing was changed: please try again in a minute.',
  serverError: 'Something went wrong on our side. Please try again in a moment.',
  tooManyDrawings: {
    one: 'Your connection has sent a lot of drawings in the last few minutes. Please try again in {count} minute, or send them by e-mail.',
    other:
      'Your connection has sent a lot of drawings in the last few minutes. Please try again in {count} minutes, or send them by e-mail.',
  },
  tooManyUploads:
    'Your connection is already sending several enquiries with drawings. Please wait for them to finish, then try again.',
  busy: 'The site is receiving many drawings just now. Please try again in a minute.',
  chooseAgain: 'Please choose your drawings again: files are not kept when a form is sent back.',
};

const de: AnswerTexts = {
  errorTitles: {
    400: 'Ungültige Anfrage',
    401: 'Nicht angemeldet',
    403: 'Kein Zugriff',
    404: 'Nicht gefunden',
    413: 'Zu groß',
    415: 'Nicht unterstütztes Format',
    429: 'Zu viele Anfragen',
    500: 'Etwas ist schiefgegangen',
    503: 'Vorübergehend nicht verfügbar',
  },
  tooLarge: 'Was Sie gesendet haben, ist zu groß. Bitte kürzen Sie es und versuchen Sie es erneut.',
  unsupported: 'Diese Art von Inhalt wird hier nicht angenommen.',
  tooManyRequests: 'Zu viele Anfragen von Ihrer Verbindung. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
  storageFailure:
    'Die Website kann gerade nichts speichern. Es wurde nichts geändert: Bitte versuchen Sie es in einer Minute erneut.',
  serverError: 'Bei uns ist etwas schiefgegangen. Bitte versuchen Sie es gleich noch einmal.',
  tooManyDrawings: {
    one: 'Ihre Verbindung hat in den letzten Minuten viele Zeichnungen gesendet. Bitte versuchen Sie es in {count} Minute erneut oder senden Sie sie per E-Mail.',
    other:
      'Ihre Verbindung hat in den letzten Minuten viele Zeichnungen gesendet. Bitte versuchen Sie es in {count} Minuten erneut oder senden Sie sie per E-Mail.',
  },
  tooManyUploads:
    'Ihre Verbindung sendet bereits mehrere Anfragen mit Zeichnungen. Bitte warten Sie, bis sie fertig sind, und versuchen Sie es dann erneut.',
  busy: 'Die Website empfängt gerade sehr viele Zeichnungen. Bitte versuchen Sie es in einer Minute erneut.',
  chooseAgain:
    'Bitte wählen Sie Ihre Zeichnungen erneut aus: Dateien werden nicht aufbewahrt, wenn ein Formular zurückkommt.',
};

const es: AnswerTexts = {
  errorTitles: {
    400: 'Solicitud incorrecta',
    401: 'No autorizado',
    403: 'Acceso denegado',
    404: 'No encontrado',
    413: 'Demasiado grande',
    415: 'Formato no admitido',
    429: 'Demasiadas solicitudes',
    500: 'Algo ha fallado',
    503: 'Servicio no disponible',
  },
  tooLarge: 'Lo que ha enviado es demasiado grande. Acórtelo e inténtelo de nuevo.',
  unsupported: 'Aquí no se acepta este tipo de contenido.',
  tooManyRequests: 'Demasiadas solicitudes desde su conexión. Espere un minuto e inténtelo de nuevo.',
  storageFailure:
    'El sitio no puede guardar nada en este momento. No se ha cambiado nada: inténtelo de nuevo en un minuto.',
  serverError: 'Algo ha fallado por nuestra parte. Inténtelo de nuevo en un momento.',
  tooManyDrawings: {
    one: 'Su conexión ha enviado muchos planos en los últimos minutos. Inténtelo de nuevo dentro de {count} minuto o envíelos por correo electrónico.',
    other:
      'Su conexión ha enviado muchos planos en los últimos minutos. Inténtelo de nuevo dentro de {count} minutos o envíelos por correo electrónico.',
  },
  tooManyUploads:
    'Su conexión ya está enviando varias solicitudes con planos. Espere a que terminen e inténtelo de nuevo.',
  busy: 'El sitio está recibiendo muchos planos en este momento. Inténtelo de nuevo en un minuto.',
  chooseAgain: 'Vuelva a elegir sus planos: los archivos no se conservan cuando se devuelve un formulario.',
};

const fr: AnswerTexts = {
  errorTitles: {
    400: 'Requête incorrecte',
    401: 'Non autorisé',
    403: 'Accès refusé',
    404: 'Introuvable',
    413: 'Trop volumineux',
    415: 'Format non pris en charge',
    429: 'Trop de requêtes',
    500: 'Une erreur est survenue',
    503: 'Service indisponible',
  },
  tooLarge: 'Votre envoi est trop volumineux. Veuillez le raccourcir et réessayer.',
  unsupported: 'Ce type de contenu n’est pas accepté ici.',
  tooManyRequests: 'Trop de requêtes depuis votre connexion. Veuillez patienter une minute et réessayer.',
  storageFailure:
    'Le site ne peut rien enregistrer pour le moment. Rien n’a été modifié\u00a0: veuillez réessayer dans une minute.',
  serverError: 'Une erreur est survenue de notre côté. Veuillez réessayer dans un instant.',
  tooManyDrawings: {
    one: 'Votre connexion a envoyé beaucoup de plans ces dernières minutes. Veuillez réessayer dans {count} minute ou les envoyer par e-mail.',
    other:
      'Votre connexion a envoyé beaucoup de plans ces dernières minutes. Veuillez réessayer dans {count} minutes ou les envoyer par e-mail.',
  },
  tooManyUploads:
    'Votre connexion envoie déjà plusieurs demandes avec des plans. Veuillez attendre qu’elles soient terminées, puis réessayer.',
  busy: 'Le site reçoit beaucoup de plans en ce moment. Veuillez réessayer dans une minute.',
  chooseAgain:
    'Veuillez choisir à nouveau vos plans\u00a0: les fichiers ne sont pas conservés quand un formulaire est renvoyé.',
};

const tryAgainIn = (minutes: string) =>
  `أرسل اتصالكم عددًا كبيرًا من الرسومات في الدقائق الأخيرة. يُرجى المحاولة مرة أخرى بعد ${minutes}، أو إرسالها بالبريد الإلكتروني.`;

const ar: AnswerTexts & { tooManyDrawings: ArabicPluralForms } = {
  errorTitles: {
    400: 'طلب غير صالح',
    401: 'غير مصرّح',
    403: 'الوصول مرفوض',
    404: 'غير موجود',
    413: 'الحجم كبير جدًا',
    415: 'نوع غير مدعوم',
    429: 'طلبات كثيرة جدًا',
    500: 'حدث خطأ ما',
    503: 'الخدمة غير متاحة',
  },
  tooLarge: 'ما أرسلتموه كبير جدًا. يُرجى اختصاره والمحاولة مرة أخرى.',
  unsupported: 'هذا النوع من المحتوى غير مقبول هنا.',
  tooManyRequests: 'طلبات كثيرة جدًا من اتصالكم. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
  storageFailure: 'لا يمكن للموقع حفظ أي شيء الآن. لم يتغير شيء: يُرجى المحاولة مرة أخرى بعد دقيقة.',
  serverError: 'حدث خطأ من جهتنا. يُرجى المحاولة مرة أخرى بعد قليل.',
  tooManyDrawings: {
    zero: tryAgainIn('لحظات'),
    one: tryAgainIn('دقيقة واحدة'),
    two: tryAgainIn('دقيقتين'),
    few: tryAgainIn('{count} دقائق'),
    many: tryAgainIn('{count} دقيقة'),
    other: tryAgainIn('{count} دقيقة'),
  },
  tooManyUploads: 'يرسل اتصالكم بالفعل عدة طلبات مع رسومات. يُرجى الانتظار حتى تنتهي ثم المحاولة مرة أخرى.',
  busy: 'يستقبل الموقع عددًا كبيرًا من الرسومات الآن. يُرجى المحاولة مرة أخرى بعد دقيقة.',
  chooseAgain: 'يُرجى اختيار رسوماتكم مرة أخرى: لا تُحفظ الملفات عند إعادة النموذج.',
};

export const ANSWER_TEXTS: Record<LanguageCode, AnswerTexts> = { en, de, es, fr, ar };
