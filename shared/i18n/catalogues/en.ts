import type { PluralForms } from '../plural.js';

/**
 * The public site's interface texts in English, but the forms' (./forms/en.ts): the source every other
 * language's catalogue must match key for key (a missing key fails `npm run typecheck`). The site content
 * (the owner's texts) is not here.
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
  /** The home page's title (after the company's name). */
  homeTitle: 'Closed-Die Forging and Precision Machining',
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
  /** The plant's proof: the home page's strip, the Infrastructure page, the registration numbers. */
  proof: {
    tonnesPerMonth: 'Tonnes per month',
    weightPerPiece: 'Weight per piece',
    largestDiameter: 'Largest diameter',
    certified: 'Certified',
    certificates: 'Certificates',
    exportMarkets: 'Export markets',
    countries: { one: '{count} country', other: '{count} countries' } as PluralForms,
    plantAndQuality: 'Our plant and quality',
    seePlant: 'See our plant and quality',
    legalName: 'Legal name',
    udyam: 'Udyam registration',
    established: 'Established',
    registration: 'Company Registration',
  },
  infrastructure: {
    lead: 'Closed-die and upset forging and precision machining in carbon, alloy and stainless steel: our plant, its capacity and our quality system.',
    statement: 'Download the capability statement (PDF)',
    statementSize: 'A4, one to two pages',
    noRecords: (company: string) =>
      `${company} forges and machines parts to buyers’ drawings. Ask us about our plant, machines, capacity and certificates, and we will send you the details with your quotation.`,
    capacity: 'Capacity',
    machines: 'Plant and Machines',
    certificates: 'Certificates',
    materialsAndStandards: 'Materials and Standards',
    materials: 'Materials',
    standards: 'Standards',
    exportMarkets: 'Export Markets',
    exportTo: { one: 'We export to {count} country.', other: 'We export to {count} countries.' } as PluralForms,
    caseStudies: 'Case Studies',
    downloadCertificate: (size: string) => `Download the certificate (PDF, ${size})`,
    make: 'Make',
    howMany: 'How many',
    certificateNumber: 'Certificate number',
    scope: 'Scope',
    certifiedBy: 'Certified by',
    accreditation: 'Accreditation',
    validUntil: 'Valid until',
    industry: 'Industry',
    country: 'Country',
  },
  home: {
    heading: (company: string) => `${company}: closed-die forging and precision machining`,
    productsLead: 'Forged and machined in carbon, alloy and stainless steel.',
    about: (company: string) => `About ${company}`,
    learnMore: 'Learn more about us',
  },
  about: {
    story: 'Our Story',
    missionAndVision: 'Mission and vision',
    mission: 'Our Mission',
    vision: 'Our Vision',
    values: 'Our Core Values',
    leadership: 'Leadership Team',
    workWithUs: 'Work with us',
  },
  productsPage: {
    lead: 'Seven families of forged and machined parts in carbon, alloy and stainless steel.',
    notListed: 'Need a part that is not listed?',
    toYourDrawing: 'We forge to your drawing. Tell us what you need.',
  },
  contactPage: {
    getInTouch: 'Get In Touch',
    followUs: 'Follow Us',
    address: 'Address',
    email: 'Email',
    phone: 'Phone',
    hours: 'Business Hours',
  },
  cta: {
    title: 'Have a drawing or a requirement?',
    text: 'Tell us the part, material and quantity. We reply with a quotation and lead time.',
    button: 'Send an Enquiry',
  },
  hero: {
    label: 'Highlights',
    position: (slide: number, slides: number) => `${slide} of ${slides}`,
    play: 'Play slideshow',
    pause: 'Pause slideshow',
    show: (slide: number, title: string) => `Show slide ${slide}: ${title}`,
  },
  quickContact: { label: 'Quick contact', enquiry: 'Send Enquiry', call: 'Call Now' },
  /** After a link that opens a new tab, for screen readers. */
  newTab: '(opens in a new tab)',
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
  /** A quotation's page before its number is known (the document's title). */
  quotationTitle: 'Quotation',
};

export type SiteTexts = typeof en;
