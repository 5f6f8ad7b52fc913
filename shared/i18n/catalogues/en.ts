import type { PluralForms } from '../plural.js';

/**
 * The public site's interface texts in English: the source every other language's catalogue must match key
 * for key (a missing key fails `npm run typecheck`). The site content (the owner's texts) is not here.
 */
export const en = {
  enquirySent: 'Thank you for contacting us! We will get back to you soon.',
  referenceNumber: (reference: number) =>
    `Your reference number is #${reference}. Please mention it when you write to us about this enquiry.`,
  enquiryNotStored: (email: string) =>
    `We could not save your enquiry just now. Nothing was lost on your side: please send it again in a minute, or e-mail us at ${email}.`,
  enquiryFailed: (email: string) =>
    `Oops! There was an error submitting the form. Please try again or email us directly at ${email}`,
  formIncomplete: 'The form arrived incomplete, so nothing was saved. Please check it and send it again.',
  drawingsAttached: { one: '{count} drawing attached', other: '{count} drawings attached' } as PluralForms,
  pageInThisLanguage: 'This page is available in English',
  /** The offer's button that hides it for good (localStorage). */
  dismiss: 'No, thanks',
  nav: {
    skip: 'Skip to content',
    main: 'Main',
    home: 'Home',
    about: 'About Us',
    infrastructure: 'Infrastructure',
    products: 'Products',
    contact: 'Contact Us',
    menu: 'Menu',
    productCategories: 'Product categories',
    languages: 'Languages',
  },
  footer: {
    infrastructure: 'Infrastructure and Quality',
    quickLinks: 'Quick Links',
    ourProducts: 'Our Products',
    contactInfo: 'Contact Info',
    privacy: 'Privacy Policy',
    terms: 'Terms of Service',
    grievances: 'Privacy requests and grievances:',
    rights: 'All rights reserved.',
  },
  category: {
    breadcrumb: 'Breadcrumb',
    overview: 'Overview',
    keyFeatures: 'Key Features',
    specifications: 'Technical Specifications',
    specificationsOf: (name: string) => `${name}: technical specifications`,
    applications: 'Applications',
    requestQuote: 'Request a Quote',
  },
  thankYou: { title: 'Thank You', browse: 'Browse our products', or: 'or', another: 'send another enquiry' },
  notFound: {
    title: 'Page Not Found',
    lead: 'We could not find the page you asked for.',
    help: 'The address may be mistyped, or the page may have moved. These pages will help you on:',
    home: 'Home page',
    products: 'All products',
    contact: 'Contact us',
  },
  errorPage: { home: 'Go to the home page', or: 'or', contact: 'contact us' },
  form: {
    sendUsMessage: 'Send Us a Message',
    quoteFor: (product: string) => `Request a quote: ${product}`,
    quoteSubject: (product: string) => `Quote request: ${product}`,
    correct: 'Please correct the following:',
    chooseProduct: 'Choose a product',
    moreDetails: 'More details (optional)',
    quoteDetails: 'Quote details (optional)',
    materialHint: 'For example EN8, SS316 or 42CrMo4',
    drawings: 'Drawings',
    required: 'Fields marked * are required.',
    send: 'Send Message',
    sending: 'Sending...',
    uploading: 'Uploading drawings:',
    labels: {
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
    },
  },
  /** The enquiry's validation messages: the same in the browser and from the server. */
  validation: {
    name: 'Please enter your full name.',
    email: 'Please enter a valid email address, such as name@company.com, or leave it empty.',
    phone: 'Please enter your phone number.',
    phoneFormat: (min: number, max: number) =>
      `Please enter a phone number of ${min} to ${max} characters, using digits, spaces, +, ( ) or -.`,
    subject: 'Please enter a subject.',
    message: 'Please enter your message.',
    product: 'Please choose a product from the list.',
    quantity: (max: number) =>
      `Please enter a quantity greater than 0 and up to ${max.toLocaleString('en-IN')}, or leave it empty.`,
    unit: 'Please choose pieces, kg or tonnes.',
    incoterm: 'Please choose an Incoterm from the list.',
    deadline: 'Please enter a date, or leave it empty.',
    certificate: 'Please choose a certificate from the list.',
    /** "Full name must be 100 characters or fewer.": the field as named in that sentence. */
    tooLong: (field: string, max: number) => `${field} must be ${max} characters or fewer.`,
    fieldNames: {
      name: 'Full name',
      email: 'Email address',
      subject: 'Subject',
      message: 'Message',
      company: 'Company',
      country: 'Country',
      material: 'Material grade',
      treatment: 'Delivery condition',
      place: 'Named place',
    },
  },
};

export type Catalogue = typeof en;
