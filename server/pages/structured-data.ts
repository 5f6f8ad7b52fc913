import { categoriesOf, categoryAtPath } from '../../shared/content/categories.js';
import { socialLinks } from '../../shared/content/company.js';
import { countryCode } from '../../shared/content/countries.js';
import type { SiteContent } from '../../shared/content/schema.js';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import { localizedPath } from '../../shared/i18n/paths.js';
import { findRoute, INFRASTRUCTURE_PATH, pageMeta, type MetaTexts } from '../../shared/routes.js';
import { INDIAN_STATES } from './indian-states.js';

type JsonLd = Record<string, unknown>;

/**
 * The schema.org description of a public page, for a <script type="application/ld+json">: the
 * Organization and the WebSite on every page, the WebPage in its language (`inLanguage`), a BreadcrumbList on a category page and an ItemList of
 * the categories on /products, and on /infrastructure a WebPage about the Organization. Built from
 * the published content as the page shows it (the certificates valid today only): the
 * Organization carries the registration numbers, the certificates, the materials and standards,
 * and the export markets the owner filled in. `path` is the English page; its addresses are in `lang`.
 */
export function structuredData(
  content: SiteContent,
  siteUrl: string,
  path: string,
  logoUrl: string,
  { lang, ...texts }: MetaTexts & { lang: LanguageCode },
): JsonLd {
  const { company } = content;
  const url = (pagePath: string) => `${siteUrl}${encodeURI(localizedPath(lang, pagePath))}`;
  const sameAs = socialLinks(company).map((link) => link.href);
  const organizationId = `${siteUrl}/#organization`;
  const graph: JsonLd[] = [
    {
      '@type': 'Organization',
      '@id': organizationId,
      name: company.name,
      url: `${siteUrl}/`,
      logo: logoUrl,
      email: company.email,
      telephone: company.phones[0],
      address: postalAddress(company.address),
      ...(sameAs.length > 0 && { sameAs }),
      ...proofOf(content),
    },
    {
      '@type': 'WebSite',
      '@id': `${siteUrl}/#website`,
      name: company.name,
      url: `${siteUrl}/`,
      publisher: { '@id': organizationId },
    },
  ];
  const meta = (pagePath: string) => pageMeta(findRoute(pagePath), content, texts);
  const title = (pagePath: string) => meta(pagePath).title;
  graph.push({
    '@type': 'WebPage',
    '@id': `${url(path)}#webpage`,
    url: url(path),
    name: title(path),
    inLanguage: lang,
    isPartOf: { '@id': `${siteUrl}/#website` },
    ...(path === INFRASTRUCTURE_PATH && {
      description: meta(path).description,
      about: { '@id': organizationId },
    }),
  });
  if (categoryAtPath(path)) {
    const trail = ['/', '/products', path].map((pagePath) => ({
      name: pagePath === '/' ? texts.texts.nav.home : title(pagePath),
      url: url(pagePath),
    }));
    graph.push({
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((step, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: step.name,
        item: step.url,
      })),
    });
  }
  if (path === '/products') {
    graph.push({
      '@type': 'ItemList',
      name: title(path),
      itemListElement: categoriesOf(content.products).map((each, index) => ({
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
 * What the owner filled in of the company's registration and capability, as Organization
 * properties: legalName, foundingDate, taxID (the GSTIN), identifier (IEC, CIN or Udyam number),
 * hasCredential (each certificate: an EducationalOccupationalCredential recognized by its
 * certifying body), knowsAbout (materials and standards) and areaServed (the export markets).
 */
function proofOf(content: SiteContent): JsonLd {
  const { registration } = content.company;
  const { certificates, materials, standards, markets } = content.capability;
  const identifiers = [
    registration.iec && { '@type': 'PropertyValue', propertyID: 'IEC', value: registration.iec },
    registration.cin && {
      '@type': 'PropertyValue',
      propertyID: registration.cin.startsWith('UDYAM-') ? 'Udyam' : 'CIN',
      value: registration.cin,
    },
  ].filter(Boolean);
  const knowsAbout = [...materials, ...standards];
  return {
    ...(registration.legalName && { legalName: registration.legalName }),
    ...(registration.established && { foundingDate: registration.established }),
    ...(registration.gstin && { taxID: registration.gstin }),
    ...(identifiers.length > 0 && { identifier: identifiers }),
    ...(certificates.length > 0 && {
      hasCredential: certificates.map((certificate) => ({
        '@type': 'EducationalOccupationalCredential',
        name: certificate.name,
        credentialCategory: 'certificate',
        identifier: certificate.number,
        description: certificate.scope,
        recognizedBy: { '@type': 'Organization', name: certificate.certifier },
        expires: certificate.validUntil,
      })),
    }),
    ...(knowsAbout.length > 0 && { knowsAbout }),
    ...(markets.length > 0 && {
      areaServed: markets.map((market) => {
        const code = countryCode(market);
        return { '@type': 'Country', name: market, ...(code && { identifier: code }) };
      }),
    }),
  };
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
