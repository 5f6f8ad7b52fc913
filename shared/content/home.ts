/** Hero slides of the home page (spec section 2). */
export interface HeroSlide {
  title: string;
  subtitle: string;
  description: string;
  cta: string;
  link: '/products' | '/about' | '/contact';
}

export const SLIDE_INTERVAL_MS = 7000;

export const heroSlides: readonly HeroSlide[] = [
  {
    title: 'Precision Forged Components',
    subtitle: 'Closed-die and upset forging',
    description:
      'Carbon, alloy and stainless steel forgings, machined to your drawing and delivered to buyers across India and abroad.',
    cta: 'Explore Products',
    link: '/products',
  },
  {
    title: 'Built on Expertise Since 2015',
    subtitle: 'ISO 9001:2015 certified',
    description:
      'A forging team with hands-on experience since 2015, and a quality system that checks every batch before it ships.',
    cta: 'About Us',
    link: '/about',
  },
  {
    title: 'Your Drawing, Our Forge',
    subtitle: 'Custom forgings for exporters and OEMs',
    description: 'Send us your drawing and quantities. We reply with a clear quotation and lead time.',
    cta: 'Contact Us',
    link: '/contact',
  },
];
