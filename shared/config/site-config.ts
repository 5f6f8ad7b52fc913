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
};

/** tel: link target for a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function whatsappHref(config: SiteConfig): string {
  return `https://wa.me/${config.whatsapp.number}?text=${encodeURIComponent(config.whatsapp.greeting)}`;
}
