import type { SiteConfig } from '../../shared/config/site-config.js';
import { categories } from '../../shared/content/categories.js';
import { findPage } from '../../shared/content/pages.js';

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
 * PIN code (written "360 311" or "360311") gives the postal code and, from its comma-separated parts,
 * the town and state ("Rajkot, Gujarat 360 311, India"); the lines before it are the street address.
 * The country is India.
 */
export function postalAddress(lines: readonly string[]): JsonLd {
  const pin = /\b(\d{3})\s?(\d{3})\b/;
  const index = lines.findIndex((line) => pin.test(line));
  if (index === -1) return { '@type': 'PostalAddress', streetAddress: lines.join(', '), addressCountry: 'IN' };
  const parts = lines[index]!.split(',').map((part) => part.trim());
  const withPin = parts.findIndex((part) => pin.test(part));
  const [, first, second] = pin.exec(parts[withPin]!)!;
  const region = parts[withPin]!.replace(pin, '').trim();
  const locality = withPin > 0 ? parts[withPin - 1] : undefined;
  const street = [...lines.slice(0, index), ...parts.slice(0, Math.max(0, withPin - 1))].join(', ');
  return {
    '@type': 'PostalAddress',
    ...(street && { streetAddress: street }),
    ...(locality && { addressLocality: locality }),
    ...(region && { addressRegion: region }),
    postalCode: `${first}${second}`,
    addressCountry: 'IN',
  };
}
