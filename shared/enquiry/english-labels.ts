/*
 * The enquiry's English words, in a module that imports nothing (not even types: validation.ts reaches
 * the catalogue, whose English forms' part imports this file): the desk's labels and units, which the
 * English form's catalogue part (forms/en.ts) takes from here, so that part stays small. Their keys are
 * checked where they are used as a Record of EnquiryField or QuantityUnit (quote-details.ts).
 */

/** The fields' labels in English. */
export const FIELD_LABELS = {
  name: 'Full Name',
  email: 'Email Address',
  phone: 'Phone Number',
  subject: 'Subject',
  message: 'Message',
  product: 'Product',
  company: 'Company',
  country: 'Country',
  quantity: 'Quantity',
  unit: 'Unit',
  material: 'Material grade',
  treatment: 'Delivery condition / heat treatment',
  incoterm: 'Incoterm',
  place: 'Named place',
  deadline: 'Required by',
  certificate: 'Inspection certificate',
  annual: 'Annual quantity',
  price: 'Target price per unit',
  currency: 'Currency',
  inspection: 'Inspection',
  inspector: 'Third-party inspection by',
};

/** The units in English. */
export const ENGLISH_UNITS = { pieces: 'pieces', kg: 'kg', tonnes: 'tonnes' };
