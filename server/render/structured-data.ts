import type { SiteConfig } from '../../shared/config/site-config.js';
import { categories } from '../../shared/content/categories.js';
import { findPage } from '../../shared/content/pages.js';
import { INDIAN_STATES } from './indian-states.js';

type JsonLd = Record<string, unknown>;

/**
 * The schema.org description of a public page, for a <script type="application/ld+json">: the
 * Organization and the WebSite on every page, a BreadcrumbList on a category page and an ItemList of
 * the categories on /products. Built from the site configuration and page copy the page shows.
 */
export function structuredData(site: SiteConfig, path: string, logoUrl: string): JsonLd {
  const url = (pagePath: string) => `${site.siteUrl}${pagePath}`;
  const organizationId = `${url('/')}#organization`;
  const graph: JsonLd[] = [
    {
      '@type': 'Organization',
      '@id': organizationId,
      name: site.companyName,
      url: url('/'),
      logo: logoUrl,
      email: site.email,
      telephone: site.phones[0],
      address: postalAddress(site.address),
      ...(site.social.length > 0 && { sameAs: site.social.map((link) => link.href) }),
    },
    { '@type': 'WebSite', '@id': `${url('/')}#website`, name: site.companyName, url: url('/'), publisher: { '@id': organizationId } },
  ];
  const category = categories.find((candidate) => path === `/products/${candidate.slug}`);
  if (category) {
    const trail = ['/', '/products', path].map((pagePath) => ({ name: pagePath === '/' ? 'Home' : findPage(pagePath)!.title, url: url(pagePath) }));
    graph.push({
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: step.url })),
    });
  }
  if (path === '/products') {
    graph.push({
      '@type': 'ItemList',
      name: findPage(path)!.title,
      itemListElement: categories.map((each, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: each.name,
        url: url(`/products/${each.slug}`),
      })),
    });
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}

/**
 * A PostalAddress from the configured lines, as the footer shows them. The line with the six-digit
 * PIN code ("360 311" or "360311") gives the postal code; the text before the PIN in that part is the
 * state when it names one ("Rajkot, Gujarat 360 311, India": Rajkot, Gujarat), else the town
 * ("Gondal 360311, Gujarat"); what comes before is the street address. The country is India.
 */
export function postalAddress(lines: readonly string[]): JsonLd {
  const pin = /\b(\d{3})\s?(\d{3})\b/;
  const index = lines.findIndex((line) => pin.test(line));
  if (index === -1) return { '@type': 'PostalAddress', streetAddress: lines.join(', '), addressCountry: 'IN' };
  const parts = lines[index]!.split(',').map((part) => part.trim());
  const withPin = parts.findIndex((part) => pin.test(part));
  const [, first, second] = pin.exec(parts[withPin]!)!;
  const beforePin = parts[withPin]!.replace(pin, '').trim();
  const isState = (text: string) => INDIAN_STATES.has(text.toLowerCase());
  // The parts before the PIN's, the last of them the town when the PIN's part names the state.
  const before = parts.slice(0, withPin);
  const locality = isState(beforePin) ? before.pop() : beforePin || undefined;
  const region = isState(beforePin) ? beforePin : parts.slice(withPin + 1).find(isState);
  const street = [...lines.slice(0, index), ...before].join(', ');
  return {
    '@type': 'PostalAddress',
    ...(street && { streetAddress: street }),
    ...(locality && { addressLocality: locality }),
    ...(region && { addressRegion: region }),
    postalCode: `${first}${second}`,
    addressCountry: 'IN',
  };
}
