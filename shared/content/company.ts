import type { Company } from './schema.js';

export type SocialNetwork = keyof Company['social'];
export const SOCIAL_NETWORKS = [
  'linkedin',
  'facebook',
  'instagram',
  'youtube',
  'x',
] as const satisfies readonly SocialNetwork[];

const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  x: 'X',
};

/** The social profiles the company has, in a fixed order. */
export function socialLinks(company: Company): { network: SocialNetwork; label: string; href: string }[] {
  return SOCIAL_NETWORKS.filter((network) => company.social[network]).map((network) => ({
    network,
    label: SOCIAL_LABELS[network],
    href: company.social[network],
  }));
}

/** The name with no full stop of its own at the end, for a sentence to end after it ("… Pvt. Ltd."). */
export function nameInSentence(name: string): string {
  return name.replace(/\.+$/, '');
}

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
export function whatsappHref(company: Company, productName?: string): string {
  const { greeting, number } = company.whatsapp;
  return waMeHref(number, productName ? `${greeting} I am interested in your ${productName}.` : greeting);
}
