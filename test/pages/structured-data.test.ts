import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { categoriesOf } from '../../shared/content/categories.js';
import { defaultContent } from '../../shared/content/defaults.js';

const categories = categoriesOf(defaultContent.products);
import { publicRoutes } from '../../shared/routes.js';
import { postalAddress } from '../../server/pages/structured-data.js';
import { jsonLdBlocks, jsonLdGraph, type JsonLdNode } from '../helpers/head.js';
import { withDataDir, withServer, type TestServer } from '../helpers/server.js';

const SITE_URL = 'https://www.forge.example';

function serve(t: Test, env: Record<string, string>, dataDir?: string): Promise<TestServer> {
  return withServer(t, { env, dataDir, listen: false });
}

const node = (graph: JsonLdNode[], type: string) => graph.find((each) => each['@type'] === type);

t.test('every public page: one JSON-LD block with the Organization and the WebSite', async (t) => {
  const server = await serve(t, {
    SITE_URL,
    CONTACT_EMAIL: 'sales@forge.example',
    CONTACT_PHONE_1: '+91 281 123 4567',
  });
  for (const page of publicRoutes) {
    const graph = jsonLdGraph(await (await server.fetch(page.path)).text());
    const organization = node(graph, 'Organization');
    t.match(
      organization,
      {
        name: 'Example Forgings',
        url: `${SITE_URL}/`,
        logo: new RegExp(`^${SITE_URL}/icons/[0-9a-f]+/icon-512\\.png$`),
        email: 'sales@forge.example',
        telephone: '+91 281 123 4567',
        address: {
          '@type': 'PostalAddress',
          postalCode: '360311',
          addressCountry: 'IN',
          addressLocality: 'Rajkot',
          addressRegion: 'Gujarat',
        },
        sameAs: [
          'https://www.linkedin.com/company/example',
          'https://www.facebook.com/example',
          'https://www.instagram.com/example',
        ],
      },
      `${page.path}: Organization from the configuration`,
    );
    t.match(
      node(graph, 'WebSite'),
      { name: 'Example Forgings', url: `${SITE_URL}/`, publisher: { '@id': organization!['@id'] } },
      `${page.path}: WebSite`,
    );
    t.equal(
      node(graph, 'BreadcrumbList') !== undefined,
      page.path.startsWith('/products/'),
      `${page.path}: a breadcrumb only on category pages`,
    );
    t.equal(
      node(graph, 'ItemList') !== undefined,
      page.path === '/products',
      `${page.path}: the category list only on /products`,
    );
  }
  const logo = await server.fetch(
    new URL(node(jsonLdGraph(await (await server.fetch('/')).text()), 'Organization')!.logo as string).pathname,
  );
  t.equal(logo.status, 200, 'the logo URL is served');
  t.equal(logo.headers.get('content-type'), 'image/png');
  await logo.arrayBuffer();

  const notFound = await (await server.fetch(`/no-such-page`, { headers: { accept: 'text/html' } })).text();
  t.same(jsonLdBlocks(notFound), [], 'none on the 404 page');
});

t.test('/products lists the seven categories; a category page has its breadcrumb', async (t) => {
  const server = await serve(t, { SITE_URL });
  const list = node(jsonLdGraph(await (await server.fetch(`/products`)).text()), 'ItemList');
  t.same(
    list?.itemListElement,
    categories.map((category, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: category.name,
      url: `${SITE_URL}/products/${category.slug}`,
    })),
  );
  const valve = categories.find((category) => category.slug === 'industrial-valve')!;
  const breadcrumb = node(jsonLdGraph(await (await server.fetch(`/products/${valve.slug}`)).text()), 'BreadcrumbList');
  t.same(breadcrumb?.itemListElement, [
    { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE_URL}/` },
    { '@type': 'ListItem', position: 2, name: 'Products', item: `${SITE_URL}/products` },
    { '@type': 'ListItem', position: 3, name: valve.name, item: `${SITE_URL}/products/${valve.slug}` },
  ]);
});

t.test('a hostile company name cannot close the script element; the data still reads back exactly', async (t) => {
  const hostile = '</script><script>alert(1)</script><!-- & "Forgings"';
  const server = await serve(t, { COMPANY_NAME: hostile });
  const html = await (await server.fetch('/products/flanges')).text();
  const [block] = jsonLdBlocks(html);
  t.notMatch(block, /[<>]/, 'no < or > inside the block');
  t.match(block, /\\u003c\/script\\u003e/, '< written as \\u003c');
  t.equal(
    html.split('<script').length - 1,
    3,
    'only the three script elements of the page (entry, JSON-LD, hydration data)',
  );
  t.equal(node(jsonLdGraph(html), 'Organization')?.name, hostile);
  const image = /<meta property="og:image" content="[^"]*(\/og\/[^"]+)">/.exec(html)?.[1];
  const response = await server.fetch(image!);
  t.equal(response.status, 200, 'the preview image is drawn with the name as text');
  t.equal(response.headers.get('content-type'), 'image/jpeg');
  await response.arrayBuffer();
});

t.test('no sameAs without social links', async (t) => {
  const dataDir = withDataDir(t);
  const file = join(dataDir, 'site.json');
  writeFileSync(file, JSON.stringify({ social: [] }));
  const server = await serve(t, { SITE_CONFIG_FILE: file }, dataDir);
  t.notOk('sameAs' in node(jsonLdGraph(await (await server.fetch('/')).text()), 'Organization')!);
});

t.test('postal address from the configured lines', async (t) => {
  t.same(
    postalAddress([
      'Plot 12, Example Industrial Park',
      'Village Example, near Gondal',
      'Rajkot, Gujarat 360 311, India',
    ]),
    {
      '@type': 'PostalAddress',
      streetAddress: 'Plot 12, Example Industrial Park, Village Example, near Gondal',
      addressLocality: 'Rajkot',
      addressRegion: 'Gujarat',
      postalCode: '360311',
      addressCountry: 'IN',
    },
  );
  t.same(postalAddress(['Survey No. 5, GIDC, Gondal, Rajkot 360311']), {
    '@type': 'PostalAddress',
    streetAddress: 'Survey No. 5, GIDC, Gondal',
    addressLocality: 'Rajkot',
    postalCode: '360311',
    addressCountry: 'IN',
  });
  t.same(postalAddress(['12 Main Road', 'Gondal 360 311, Gujarat, India']), {
    '@type': 'PostalAddress',
    streetAddress: '12 Main Road',
    addressLocality: 'Gondal',
    addressRegion: 'Gujarat',
    postalCode: '360311',
    addressCountry: 'IN',
  });
  t.same(postalAddress(['Somewhere in Gujarat']), {
    '@type': 'PostalAddress',
    streetAddress: 'Somewhere in Gujarat',
    addressCountry: 'IN',
  });
});
