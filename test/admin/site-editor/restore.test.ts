import t, { type Test } from 'tap';
import { sectionPath } from '../../../shared/content/sections.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { countChanges, type AdminSitePage, type HistoryView, type RestoreView } from '../../../shared/site-editor.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { makePhoto, uploadPhotos } from '../../helpers/photos.js';
import { withServer, type TestServer } from '../../helpers/server.js';
import { bootstrapOf, editSection } from '../../helpers/site-editor.js';

const adminPage = async (admin: AdminClient, path: string) => {
  const response = await admin.request(path);
  const html = await response.text();
  return { status: response.status, html, page: bootstrapOf(html).pageData.admin as AdminSitePage };
};

const confirm = (admin: AdminClient, id: number, base: number, section?: string) =>
  admin.request(pathTo(ADMIN_PATHS.siteRestore, { id }), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ base: String(base), _csrf: admin.csrfToken, ...(section && { section }) }).toString(),
  });

/** Version 1 (the first), then: Home's closing title (2), the company's name and logo (3), the flanges' cover photo (4). */
async function editedSite(t: Test): Promise<{ server: TestServer; admin: AdminClient }> {
  const server = await withServer(t, { env: TEST_ADMIN_ENV, listen: false });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  t.equal((await editSection(admin, sectionPath('home'), { 'cta.title': 'Ask for forgings today' })).status, 303);
  const logo = await makePhoto({ width: 400, height: 400, format: 'png', hue: 30 });
  const company = await uploadPhotos(
    admin,
    sectionPath('company'),
    [{ field: 'logo', data: logo, fileName: 'logo.png', type: 'image/png', alt: 'Restored Forge logo' }],
    { name: 'Restored Forge Works' },
  );
  t.equal(company.status, 303);
  const cover = await makePhoto({ width: 800, height: 600, hue: 120 });
  const flanges = await uploadPhotos(admin, sectionPath('products/flanges'), [
    { field: 'photo', data: cover, fileName: 'cover.jpg', alt: 'A forged flange' },
  ]);
  t.equal(flanges.status, 303);
  return { server, admin };
}

t.test('history shows, field by field, what each version changes against the site now', async (t) => {
  const { admin } = await editedSite(t);
  const { page, html } = await adminPage(admin, ADMIN_PATHS.siteHistory);
  const view = page.view as HistoryView;
  t.same(
    view.revisions.map((revision) => revision.id),
    [4, 3, 2, 1],
  );
  t.same(view.revisions[0]!.changes, [], 'the published version changes nothing');
  const first = view.revisions.at(-1)!;
  t.same(
    first.changes.map((change) => [change.section, change.field, change.photo, change.before !== '']),
    [
      ['Company', 'Company name', false, true],
      ['Company', 'Logo', true, true],
      ['Company', 'Logo: alt text', false, true],
      ['Home', 'Closing call to action: Title', false, true],
      ['Product: Flanges', 'Cover photo', true, true],
      ['Product: Flanges', 'Cover photo: alt text', false, true],
    ],
    'each changed value, with where it is',
  );
  t.same(countChanges(first.changes), { fields: first.changes.length - 2, photos: 2, pdfs: 0 });
  t.ok(
    first.changes.some((change) => change.field === 'Company name' && change.before === 'Restored Forge Works'),
    'with the value now and the version’s',
  );
  t.same(
    view.revisions[1]!.changes.map((change) => change.sectionId),
    ['products/flanges', 'products/flanges'],
    'version 3 differs from now only by the flanges’ photo',
  );
  t.match(html, /Restore only Home/, 'each section can be restored on its own');
});

t.test(
  'restoring asks first, naming how many fields and photos change; Confirm restores as a new version',
  async (t) => {
    const { server, admin } = await editedSite(t);
    const asked = await adminPage(admin, pathTo(ADMIN_PATHS.siteRestore, { id: 1 }));
    t.equal(asked.status, 200);
    const view = asked.page.view as RestoreView;
    t.equal(view.name, 'restore');
    t.equal(view.section, null, 'the whole version');
    const { fields, photos } = countChanges(view.changes);
    t.equal(photos, 2, 'two photos');
    t.ok(fields >= 3, 'and the texts');
    t.ok(asked.html.includes(`Restoring version 1 changes ${fields} fields and 2 photos.`), 'said in the page');
    t.match(asked.html, /Confirm: restore/);
    t.match(asked.html, new RegExp(`href="${ADMIN_PATHS.siteHistory}"[^>]*>Cancel`), 'or Cancel');
    t.ok((await (await server.fetch('/')).text()).includes('Restored Forge Works'), 'asking changes nothing');

    const restored = await confirm(admin, 1, asked.page.revision.id);
    t.equal(restored.status, 303, '303 after the confirmation');
    t.equal(restored.headers.get('location'), `${ADMIN_PATHS.siteHistory}?restored=5`);
    const home = await (await server.fetch('/')).text();
    t.ok(home.includes('Example Forgings') && !home.includes('Restored Forge Works'), 'the version is published');
    const history = (await adminPage(admin, ADMIN_PATHS.siteHistory)).page.view as HistoryView;
    t.same(
      history.revisions.map((revision) => [revision.id, revision.note, revision.restored]).slice(0, 2),
      [
        [5, 'Restored version 1', 1],
        [4, '', null],
      ],
      'as a new version: nothing lost',
    );
    t.equal(history.revisions[1]!.changes.filter((change) => change.photo).length, 2, 'and version 4 brings both back');
  },
);

t.test('a single section is restored on its own, confirmed the same way; the others stay', async (t) => {
  const { server, admin } = await editedSite(t);
  const asked = await adminPage(admin, `${pathTo(ADMIN_PATHS.siteRestore, { id: 1 })}?section=company`);
  const view = asked.page.view as RestoreView;
  t.equal(view.section, 'company');
  t.ok(
    view.changes.every((change) => change.sectionId === 'company'),
    'only the company’s changes',
  );
  const { fields, photos } = countChanges(view.changes);
  t.equal(photos, 1, 'the logo');
  t.ok(
    asked.html.includes(
      `Restoring Company from version 1 changes ${fields} ${fields === 1 ? 'field' : 'fields'} and 1 photo.`,
    ),
    'said in the page',
  );
  t.match(asked.html, /name="section" value="company"/, 'the confirmation restores only that section');

  const restored = await confirm(admin, 1, asked.page.revision.id, 'company');
  t.equal(restored.status, 303);
  const home = await (await server.fetch('/')).text();
  t.ok(home.includes('Example Forgings'), 'the company’s name is back');
  t.ok(home.includes('Ask for forgings today'), 'Home’s edit stays');
  t.match(await (await server.fetch('/products/flanges')).text(), /A forged flange/, 'the flanges’ photo stays');
  const history = (await adminPage(admin, ADMIN_PATHS.siteHistory)).page.view as HistoryView;
  t.same(
    [history.revisions[0]!.note, history.revisions[0]!.restored, history.revisions[0]!.changed],
    ['Restored Company from version 1', 1, ['Company']],
  );

  t.equal(
    (await adminPage(admin, `${pathTo(ADMIN_PATHS.siteRestore, { id: 1 })}?section=nowhere`)).status,
    404,
    'no such section',
  );
  t.equal((await adminPage(admin, pathTo(ADMIN_PATHS.siteRestore, { id: 99 }))).status, 404, 'no such version');
  const stale = await confirm(admin, 2, asked.page.revision.id, 'company');
  t.equal(stale.status, 409, 'a confirmation shown before a change to that section is refused');
  const otherSection = await confirm(admin, 1, asked.page.revision.id, 'home');
  t.equal(otherSection.status, 303, 'one made before a change to another section still restores');
  t.notOk((await (await server.fetch('/')).text()).includes('Ask for forgings today'), 'Home is restored too');
});
