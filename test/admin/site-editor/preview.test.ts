import t, { type Test } from 'tap';
import { sectionPath } from '../../../shared/content/sections.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminSitePage, HistoryView, SectionView } from '../../../shared/site-editor.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { withServer, type TestServer } from '../../helpers/server.js';
import { bootstrapOf, openSection, saveSection } from '../../helpers/site-editor.js';

async function fresh(t: Test): Promise<{ server: TestServer; admin: AdminClient }> {
  const server = await withServer(t, { env: TEST_ADMIN_ENV, listen: false });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return { server, admin };
}

/** Posts a section's form with the Preview button: the response (303 to the preview when valid). */
async function previewSection(admin: AdminClient, path: string, change: Record<string, string>, note = '') {
  const { page, view } = await openSection(admin, path);
  return admin.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...view.values,
      ...change,
      base: String(page.revision.id),
      note,
      intent: 'preview',
      _csrf: admin.csrfToken,
    }).toString(),
  });
}

t.test(
  'Preview stores a draft and shows the real page with it, to the signed-in admin only; never public',
  async (t) => {
    const { server, admin } = await fresh(t);
    const path = sectionPath('products/flanges');
    const response = await previewSection(
      admin,
      path,
      { intro: 'Draft intro: weld neck flanges to 48 inches.' },
      'draft',
    );
    t.equal(response.status, 303, '303 after the post');
    const location = response.headers.get('location')!;
    t.match(location, /^\/admin\/site\/preview\/[A-Za-z0-9_-]{32}$/, 'to a private, unguessable address');

    const preview = await admin.request(location);
    t.equal(preview.status, 200);
    t.equal(preview.headers.get('cache-control'), 'no-store', 'never stored');
    t.match(preview.headers.get('x-robots-tag'), /noindex/, 'never indexed (header)');
    const html = await preview.text();
    t.match(html, /<meta name="robots" content="noindex, nofollow">/, 'never indexed (meta)');
    t.notMatch(html, /rel="canonical"/, 'no canonical address');
    t.ok(html.includes('Draft intro: weld neck flanges to 48 inches.'), 'the page shows the draft');
    t.ok(html.includes('Preview: not published'), 'under the banner');
    t.match(html, /<h1[^>]*>Flanges<\/h1>/, 'the real product page');
    const back = /href="([^"]*\?draft=[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    t.equal(back, `${path}?draft=${location.split('/').pop()}`, 'a way back to the form');

    const publicPage = await (await server.fetch('/products/flanges')).text();
    t.notOk(publicPage.includes('Draft intro'), 'the public page never shows a draft');
    const history = (
      bootstrapOf(await (await admin.request(ADMIN_PATHS.siteHistory)).text()).pageData.admin as AdminSitePage
    ).view as HistoryView;
    t.equal(history.revisions.length, 1, 'nothing was saved');

    const form = await openSection(admin, back!);
    t.equal(
      form.view.values.intro,
      'Draft intro: weld neck flanges to 48 inches.',
      'the form keeps the previewed text',
    );
    t.equal(form.view.note, 'draft', 'and the note');
    t.equal(form.view.base, 1, 'and saves against the version it was made on');
    t.match(form.html, /The text you previewed is below\. It is not published yet\./);
    const saved = await saveSection(admin, path, form.view.values, form.view.base!);
    t.equal(saved.status, 303, 'saved from the draft');
    t.ok((await (await server.fetch('/products/flanges')).text()).includes('Draft intro'), 'published once saved');

    const stranger = await server.fetch(location, { redirect: 'manual' });
    t.not(stranger.status, 200, 'not for someone signed out');
    t.notOk((await stranger.text()).includes('Draft intro'), 'who sees nothing of it');
    t.equal(
      (await admin.request('/admin/site/preview/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status,
      404,
      'an unknown token is not found',
    );
    t.equal((await admin.request('/admin/site/preview/..%2F..%2Fforge.db')).status, 404, 'nor a path');
  },
);

t.test('a preview is checked like a save: an invalid form is refused with its messages, nothing stored', async (t) => {
  const { admin } = await fresh(t);
  const path = sectionPath('company');
  const response = await previewSection(admin, path, { email: 'not an address' });
  t.equal(response.status, 400);
  const page = bootstrapOf(await response.text()).pageData.admin as AdminSitePage;
  t.match((page.view as SectionView).errors.email, /e-mail address/);
  t.match(page.message?.text, /nothing can be previewed yet/);
  t.equal((page.view as SectionView).values.email, 'not an address', 'what was typed is kept');
});

t.test('the company section previews on the contact page; a single-line field keeps no line break', async (t) => {
  const { admin } = await fresh(t);
  const response = await previewSection(admin, sectionPath('company'), {
    name: 'Shree Ganesh\r\nForgings',
    'whatsapp.greeting': 'Hello,\nI would like a quote.',
  });
  t.equal(response.status, 303);
  const html = await (await admin.request(response.headers.get('location')!)).text();
  t.ok(html.includes('Shree Ganesh Forgings'), 'the name on one line, in the header');
  t.match(html, /Contact Us/, 'the contact page');
  const saved = await saveSection(
    admin,
    sectionPath('company'),
    { ...(await openSection(admin, sectionPath('company'))).view.values, name: 'Line\none' },
    1,
  );
  t.equal(saved.status, 303);
  t.equal((await openSection(admin, sectionPath('company'))).view.values.name, 'Line one', 'saved without it');
});
