import { categories } from './categories.js';

/** Title and description of every public route; the server writes them into <head>, the client
 * updates document.title on navigation, and the sitemap lists these paths. */
export interface PageMeta {
  path: string;
  title: string;
  description: string;
}

const staticPages: PageMeta[] = [
  {
    path: '/',
    title: 'Closed-Die Forging and Precision Machining',
    description:
      'Indian manufacturer and exporter of closed-die and upset forgings and precision-machined parts in carbon, alloy and stainless steel. ISO 9001:2015 certified.',
  },
  {
    path: '/about',
    title: 'About Us',
    description:
      'Established in 2021 with forging expertise since 2015: our story, mission, vision, values and leadership.',
  },
  {
    path: '/products',
    title: 'Products',
    description:
      'Forged auto parts, flanges, hydraulic jack parts, pipe fittings, agriculture parts, industrial valve components and transmission parts.',
  },
  {
    path: '/contact',
    title: 'Contact Us',
    description: 'Send an enquiry, call or write to us. Our plant is near Gondal, Rajkot, Gujarat, India.',
  },
];

export const publicPages: readonly PageMeta[] = [
  ...staticPages.slice(0, 3),
  ...categories.map((category) => ({
    path: `/products/${category.slug}`,
    title: category.name,
    description: category.description,
  })),
  ...staticPages.slice(3),
];

/** Where the enquiry form lands after a successful submission without JavaScript. */
export const THANK_YOU_PATH = '/contact/thank-you';

/** Pages that exist but are not listed in the sitemap. */
export const unlistedPages: readonly PageMeta[] = [
  {
    path: THANK_YOU_PATH,
    title: 'Thank You',
    description: 'Your enquiry has been received.',
  },
  { path: '/admin', title: 'Admin', description: 'Enquiry desk for staff.' },
  { path: '/admin/audit', title: 'Audit log', description: 'Who did what to which enquiry, when.' },
  { path: '/admin/privacy', title: 'Personal data', description: "Find, download or erase one person's enquiries." },
];

export const notFoundMeta: PageMeta = {
  path: '',
  title: 'Page Not Found',
  description: 'The page you asked for does not exist.',
};

const byPath = new Map([...publicPages, ...unlistedPages].map((page) => [page.path, page]));

export function findPage(path: string): PageMeta | undefined {
  return byPath.get(path);
}

export function documentTitle(meta: PageMeta, companyName: string): string {
  return meta.path === '/' ? `${companyName} | ${meta.title}` : `${meta.title} | ${companyName}`;
}
