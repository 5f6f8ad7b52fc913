import { DEFAULT_TIME_ZONE } from '../time/time-zone.js';

/** Everything about the business that the pages show and the operator may change. */
export interface SocialLink {
  network: 'linkedin' | 'facebook' | 'instagram';
  label: string;
  href: string;
}

export interface OpeningHours {
  days: string;
  hours: string;
}

export interface SiteConfig {
  companyName: string;
  /** Public origin used for canonical links, Open Graph and the sitemap, without a trailing slash. */
  siteUrl: string;
  email: string;
  phones: [string, string];
  whatsapp: { number: string; greeting: string };
  address: string[];
  social: SocialLink[];
  hours: OpeningHours[];
  /** Whom buyers write to about their personal data and grievances (India's DPDP Act); named in the privacy text. */
  grievanceContact: { name: string; email: string };
  /** The business's time zone (IANA name): dates in the admin and its exports are shown in it. */
  timeZone: string;
}

export const defaultSiteConfig: SiteConfig = {
  companyName: 'Example Forgings',
  siteUrl: 'http://localhost:3000',
  email: 'info@example.com',
  phones: ['+91 98765 43210', '+91 98765 43211'],
  whatsapp: {
    number: '919876543210',
    greeting: 'Hello, I would like to know more about your forged products.',
  },
  address: [
    'Plot 12, Example Industrial Park',
    'Village Example, near Gondal',
    'Rajkot, Gujarat 360 311, India',
  ],
  social: [
    { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/example' },
    { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/example' },
    { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/example' },
  ],
  hours: [
    { days: 'Monday & Tuesday', hours: '9:00 AM – 7:00 PM' },
    { days: 'Thursday – Sunday', hours: '9:00 AM – 7:00 PM' },
  ],
  grievanceContact: { name: 'Grievance Officer', email: 'info@example.com' },
  timeZone: DEFAULT_TIME_ZONE,
};

/**
 * A displayed phone number as international digits: "+49 (0)221 9876543" → "+492219876543". The
 * trunk "(0)" written after a country code is not dialled from abroad, so it is dropped.
 */
export function phoneDigits(phone: string): string {
  const international = phone.trim().startsWith('+') ? phone.replace(/\(\s*0\s*\)/g, '') : phone;
  return international.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
}

/** tel: link target for a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phoneDigits(phone)}`;
}

/** A WhatsApp chat link (wa.me takes the number as digits only) with a prefilled message. */
export function waMeHref(phone: string, text: string): string {
  return `https://wa.me/${phoneDigits(phone).replace('+', '')}?text=${encodeURIComponent(text)}`;
}

/** The site's WhatsApp link; on a category page the greeting names the product. */
export function whatsappHref(config: SiteConfig, productName?: string): string {
  const greeting = productName ? `${config.whatsapp.greeting} I am interested in your ${productName}.` : config.whatsapp.greeting;
  return waMeHref(config.whatsapp.number, greeting);
}
