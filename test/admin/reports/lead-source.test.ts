import t from 'tap';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { NO_SOURCE, SOURCE_PAGE_FIELD } from '../../../shared/enquiry/lead-source.js';
import { encodeSourcePage, leadSourceOf } from '../../../shared/enquiry/validation.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { postForm, postJson, withServer } from '../../helpers/server.js';

/**
 * Where each lead came from (issue #23): what the form sends is checked field by field, a value
 * outside the rules is dropped (never an error for the buyer), and what is kept is stored with the
 * enquiry; without JavaScript, the contact page carries what its Referer said.
 */

t.test('each source field is kept only as its rules allow; hostile values are dropped', async (t) => {
  const cases: [string, Record<string, unknown>, Partial<typeof NO_SOURCE>][] = [
    ['nothing sent', {}, {}],
    [
      'a full visit',
      {
        source_landing: '/?utm_source=linkedin&utm_medium=social',
        source_referrer: 'WWW.LinkedIn.com',
        utm_source: ' linkedin ',
        utm_medium: 'social',
        utm_campaign: 'spring-flanges',
      },
      {
        landing: '/?utm_source=linkedin&utm_medium=social',
        referrer: 'www.linkedin.com',
        utmSource: 'linkedin',
        utmMedium: 'social',
        utmCampaign: 'spring-flanges',
      },
    ],
    ['a full URL is not a landing path', { source_landing: 'https://evil.example/x' }, {}],
    ['nor one without a scheme', { source_landing: '//evil.example/x' }, {}],
    ['nor a backslash trick', { source_landing: '/\\evil.example' }, {}],
    ['nor a path with a line break', { source_landing: '/a\nb' }, {}],
    ['nor javascript:', { source_landing: 'javascript:alert(1)' }, {}],
    ['a long path is cut to 300', { source_landing: `/${'a'.repeat(400)}` }, { landing: `/${'a'.repeat(299)}` }],
    ['a referrer is a host name only', { source_referrer: 'https://www.google.com/search?q=x' }, {}],
    ['not markup', { source_referrer: '<script>' }, {}],
    ['a host with a port is one', { source_referrer: 'example.com:8443' }, { referrer: 'example.com:8443' }],
    ['a campaign value is cut to 100', { utm_campaign: 'x'.repeat(150) }, { utmCampaign: 'x'.repeat(100) }],
    ['with control characters it is dropped', { utm_source: 'a\u0000b' }, {}],
    ['a value that is not text is dropped', { utm_source: ['a', 'b'], source_landing: 7 }, {}],
    ['markup is kept as text (React escapes it)', { utm_source: '<b>x</b>' }, { utmSource: '<b>x</b>' }],
    [
      "the campaign comes from the landing page's address when not sent",
      { source_landing: '/products/flanges?utm_source=newsletter&utm_campaign=may' },
      {
        landing: '/products/flanges?utm_source=newsletter&utm_campaign=may',
        utmSource: 'newsletter',
        utmCampaign: 'may',
      },
    ],
    [
      'without JavaScript: the page before the form',
      { [SOURCE_PAGE_FIELD]: encodeSourcePage('/?utm_source=linkedin', '') },
      { landing: '/?utm_source=linkedin', utmSource: 'linkedin' },
    ],
    [
      'without JavaScript: another site',
      { [SOURCE_PAGE_FIELD]: encodeSourcePage('/contact', 'www.google.com') },
      { landing: '/contact', referrer: 'www.google.com' },
    ],
    [
      'a forged page source is checked as well',
      { [SOURCE_PAGE_FIELD]: encodeSourcePage('https://x.example', '<x>') },
      {},
    ],
    ['a page source that is not ours is dropped', { [SOURCE_PAGE_FIELD]: '"><script>' }, {}],
    [
      'the fields the scripts send win over the page source',
      { [SOURCE_PAGE_FIELD]: encodeSourcePage('/contact', 'a.example'), source_landing: '/about' },
      { landing: '/about' },
    ],
  ];
  for (const [name, body, expected] of cases) t.same(leadSourceOf(body), { ...NO_SOURCE, ...expected }, name);
});

t.test('the source is stored with the enquiry, shown to the admin and exported', async (t) => {
  const server = await withServer(t, { env: TEST_ADMIN_ENV, listen: false });
  const sent = await postJson(
    `${server.url}/api/enquiries`,
    makeEnquiry({
      source_landing: '/?utm_source=linkedin&utm_medium=social&utm_campaign=spring',
      source_referrer: 'https://evil.example/',
      utm_source: 'linkedin',
      utm_medium: 'social',
      utm_campaign: 'spring',
    }),
  );
  t.equal(sent.status, 201, 'a bad referrer is no error for the buyer');
  await postJson(`${server.url}/api/enquiries`, makeEnquiry());
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const list = (await (await admin.request('/admin/api/enquiries')).json()) as { enquiries: Enquiry[] };
  t.same(
    list.enquiries.map((enquiry) => enquiry.source),
    [
      NO_SOURCE,
      {
        landing: '/?utm_source=linkedin&utm_medium=social&utm_campaign=spring',
        referrer: null,
        utmSource: 'linkedin',
        utmMedium: 'social',
        utmCampaign: 'spring',
      },
    ],
    'newest first: nothing known, then the campaign (the referrer that was not a host dropped)',
  );
  const csv = await (await admin.request('/admin/export.csv')).text();
  t.match(
    csv.split('\r\n')[0],
    /,"Source","Awaiting","Follow up"$/,
    "the CSV has a Source column, before the thread's",
  );
  t.match(
    csv,
    'Campaign: linkedin / social / spring; Landing page: /?utm_source=linkedin&utm_medium=social&utm_campaign=spring',
  );
});

t.test('without JavaScript: the contact page carries what its Referer says, and the form sends it', async (t) => {
  const server = await withServer(t, { env: TEST_ADMIN_ENV, listen: false });
  const own = new URL(server.url).host;
  const sourceOn = async (referer: string | null, path = '/contact') => {
    const html = await (
      await server.fetch(path, { headers: referer === null ? {} : { referer, 'accept-encoding': 'gzip' } })
    ).text();
    const value = new RegExp(`name="${SOURCE_PAGE_FIELD}" value="([^"]*)"`).exec(html)?.[1];
    t.ok(html.includes(`"formSource":"${value}"`), 'the page data carries the same value');
    return value!;
  };
  t.equal(
    await sourceOn(`http://${own}/products/flanges?utm_source=linkedin&utm_medium=social`),
    encodeSourcePage('/products/flanges?utm_source=linkedin&utm_medium=social', ''),
    'from a page of this site: that page',
  );
  t.equal(
    await sourceOn('https://www.google.com/', '/contact?product=flanges'),
    encodeSourcePage('/contact?product=flanges', 'www.google.com'),
    'from another site: the form page, and its host',
  );
  t.equal(await sourceOn(null), encodeSourcePage('/contact', ''), 'with no Referer: the form page');
  t.equal(
    await sourceOn('"><script>alert(1)</script>'),
    encodeSourcePage('/contact', ''),
    'a Referer that is not an address',
  );

  const formSource = await sourceOn(`http://${own}/?utm_source=linkedin&utm_medium=social&utm_campaign=q4`);
  t.equal((await postForm(`${server.url}/contact`, { ...makeEnquiry(), [SOURCE_PAGE_FIELD]: formSource })).status, 303);
  // Sent back (a field missing), the form keeps where the visitor came from.
  const refused = await postForm(`${server.url}/contact`, {
    ...makeEnquiry({ phone: '' }),
    [SOURCE_PAGE_FIELD]: formSource,
  });
  t.equal(refused.status, 400);
  t.match(await refused.text(), `name="${SOURCE_PAGE_FIELD}" value="${formSource}"`);
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const list = (await (await admin.request('/admin/api/enquiries')).json()) as { enquiries: Enquiry[] };
  t.same(list.enquiries[0]!.source, {
    landing: '/?utm_source=linkedin&utm_medium=social&utm_campaign=q4',
    referrer: null,
    utmSource: 'linkedin',
    utmMedium: 'social',
    utmCampaign: 'q4',
  });
});
