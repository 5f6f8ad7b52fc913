import t, { type Test } from 'tap';
import { sectionPath } from '../../../shared/content/sections.js';
import type { SectionSaveAnswer } from '../../../shared/site-editor.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { makePhoto } from '../../helpers/photos.js';
import { reusedPhotoVariants } from '../../helpers/photo-variants.js';
import { withServer, type TestServer } from '../../helpers/server.js';
import { bootstrapOf, openSection, saveSection } from '../../helpers/site-editor.js';

const FLANGES = sectionPath('products/flanges');
const CAPABILITY = sectionPath('capability');

async function fresh(t: Test): Promise<{ server: TestServer; admin: AdminClient }> {
  const hooks = { processPhoto: reusedPhotoVariants };
  const server = await withServer(t, { env: { ...TEST_ADMIN_ENV }, listen: false, hooks });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return { server, admin };
}

const rowsOf = (values: Record<string, string>, name: string, column: string) =>
  Object.keys(values)
    .filter((key) => new RegExp(`^${name}\\.\\d+\\.${column}$`).test(key))
    .sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]))
    .map((key) => values[key]);

t.test(
  'without JavaScript: Add, Up, Down and Delete show the form changed, publish nothing, and Save publishes it',
  async (t) => {
    const { server, admin } = await fresh(t);
    const before = await server.fetch('/products/flanges');
    const etag = before.headers.get('etag');
    const { page, view } = await openSection(admin, FLANGES);
    const labels = rowsOf(view.values, 'specifications', 'label');
    t.ok(labels.length >= 3, 'the product has specification rows');

    // The buttons are in the form, each a submit button with its action; Enter saves (the first button).
    const { html } = await openSection(admin, FLANGES);
    t.match(
      html,
      /<form [^>]*action="\/admin\/site\/products%2Fflanges"[^>]*>\s*<button type="submit" class="visually-hidden" tabindex="-1" aria-hidden="true">Save and publish<\/button>/,
    );
    t.match(
      html,
      /<button type="submit" id="field-specifications-1-up" value="specifications:1:up" [^>]*aria-label="Move specification row 2 up" name="_row">Up<\/button>/,
    );
    t.match(html, /value="specifications:add"[^>]*name="_row">Add a specification row<\/button>/);
    t.notMatch(html, /value="specifications:0:up"/, 'the first row has no Up');

    const row = async (values: Record<string, string>, action: string) => {
      const response = await saveSection(admin, FLANGES, { ...values, _row: action }, page.revision.id, {
        note: 'typed note',
      });
      const body = await response.text();
      return {
        response,
        body,
        view: (response.status === 200 ? bootstrapOf(body).pageData.admin : {}) as {
          view: { values: Record<string, string>; focus?: string; note: string };
        },
      };
    };

    const added = await row({ ...view.values, 'specifications.0.value': 'Typed, not saved' }, 'specifications:add');
    t.equal(added.response.status, 200, 'the form again');
    t.match(
      added.body,
      `Added specification row ${labels.length + 1}. Nothing is published until you press Save and publish.`,
    );
    t.equal(added.view.view.values[`specifications.${labels.length}.label`], '', 'a new empty row');
    t.equal(added.view.view.values['specifications.0.value'], 'Typed, not saved', 'what was typed is kept');
    t.equal(added.view.view.note, 'typed note', 'and the note');
    t.equal(
      added.view.view.focus,
      `field-specifications-${labels.length}-label`,
      'the new row’s first input is focused',
    );
    t.match(
      added.body,
      new RegExp(
        `id="field-specifications-${labels.length}-label"[^>]*autofocus=""|autofocus=""[^>]*id="field-specifications-${labels.length}-label"`,
      ),
      'by autofocus, without JavaScript',
    );

    const moved = await row(added.view.view.values, 'specifications:1:up');
    t.same(
      rowsOf(moved.view.view.values, 'specifications', 'label').slice(0, 2),
      [labels[1], labels[0]],
      'row 2 is now row 1',
    );
    t.equal(moved.view.view.focus, 'field-specifications-0-down', 'now first, its Down button is focused');
    t.match(moved.body, 'Moved specification row 2 up to row 1.');

    const down = await row(moved.view.view.values, 'specifications:0:down');
    t.same(
      rowsOf(down.view.view.values, 'specifications', 'label').slice(0, 2),
      [labels[0], labels[1]],
      'and back down',
    );
    t.equal(down.view.view.focus, 'field-specifications-1-down', 'its Down button, where it is now');

    const deleted = await row(down.view.view.values, 'specifications:0:delete');
    t.same(
      rowsOf(deleted.view.view.values, 'specifications', 'label'),
      [...labels.slice(1), ''],
      'the first row is gone',
    );
    t.equal(deleted.view.view.focus, 'field-specifications-0-label', 'the row now in its place is focused');

    t.equal((await server.fetch('/products/flanges')).headers.get('etag'), etag, 'nothing was published meanwhile');
    t.equal((await openSection(admin, FLANGES)).page.revision.id, page.revision.id, 'no new version');

    const saved = await saveSection(admin, FLANGES, deleted.view.view.values, page.revision.id);
    t.equal(saved.status, 303, 'Save and publish');
    const shown = await (await server.fetch('/products/flanges')).text();
    t.notMatch(shown, `<th scope="row">${labels[0]}</th>`, 'the deleted row is gone from the page');
    t.match(shown, `<th scope="row">${labels[1]}</th>`);
    t.notMatch(shown, '<th scope="row"></th>', 'the empty row added is not shown');

    for (const wrong of [
      'specifications:99:up',
      'specifications:0:up',
      'nothing:add',
      'specifications:1:sideways',
      'features:99:up',
    ])
      t.equal((await row(deleted.view.view.values, wrong)).response.status, 400, `${wrong}: 400`);
  },
);

t.test('with JavaScript: the same actions answer JSON with the values and the element to focus', async (t) => {
  const { admin } = await fresh(t);
  const { page, view } = await openSection(admin, FLANGES);
  const response = await saveSection(
    admin,
    FLANGES,
    { ...view.values, _row: 'specifications:0:delete' },
    page.revision.id,
    { asJson: true },
  );
  t.equal(response.status, 200);
  const answer = (await response.json()) as Extract<SectionSaveAnswer, { ok: false }>;
  t.equal(answer.ok, false, 'not saved');
  t.equal(answer.focus, 'field-specifications-0-label');
  t.same(answer.errors, {});
  t.equal(answer.values['specifications.0.label'], view.values['specifications.1.label']);
});

t.test('rows have no limit: 40 specification rows are saved and shown', async (t) => {
  const { server, admin } = await fresh(t);
  const { page, view } = await openSection(admin, FLANGES);
  const rows: Record<string, string> = {};
  for (let n = 0; n < 40; n++)
    Object.assign(rows, {
      [`specifications.${n}.label`]: `Größe ${n + 1}`,
      [`specifications.${n}.value`]: `DN ${(n + 1) * 15}`,
    });
  const values = Object.fromEntries(Object.entries(view.values).filter(([key]) => !key.startsWith('specifications.')));
  t.equal((await saveSection(admin, FLANGES, { ...values, ...rows }, page.revision.id)).status, 303);
  const html = await (await server.fetch('/products/flanges')).text();
  t.equal(html.match(/<th scope="row">Größe \d+<\/th>/g)?.length, 40);
});

t.test('a certificate with its photo: added, filled in, moved and deleted; the photo goes with its row', async (t) => {
  const { admin } = await fresh(t);
  const { page, view } = await openSection(admin, CAPABILITY);
  t.same(rowsOf(view.values, 'certificates', 'name'), [], 'no certificates until the owner adds one');
  const post = async (values: Record<string, string>, files: Record<string, Buffer> = {}, json = false) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    for (const [name, data] of Object.entries(files))
      form.set(name, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'certificate.jpg');
    form.set('base', String(page.revision.id));
    form.set('_csrf', admin.csrfToken);
    return admin.request(CAPABILITY, {
      method: 'POST',
      body: form,
      headers: json ? { accept: 'application/json' } : {},
    });
  };
  const certificate = (n: number, number: string) => ({
    [`certificates.${n}.name`]: 'ISO 9001:2015',
    [`certificates.${n}.number`]: number,
    [`certificates.${n}.scope`]:
      'Closed-die forging and precision machining of carbon, alloy and stainless steel parts',
    [`certificates.${n}.certifier`]: 'TÜV SÜD South Asia Pvt. Ltd.',
    [`certificates.${n}.accreditation`]: 'Accredited by NABCB',
    [`certificates.${n}.validUntil`]: '2028-06-30',
  });

  // Add a row with a photo chosen in another: the photo is kept (stored, not yet published).
  const photo = await makePhoto({ width: 4000, height: 3000 });
  const first = await post(
    {
      ...view.values,
      ...certificate(0, 'QMS-0001'),
      'certificates.0.photo.alt': 'ISO 9001 certificate',
      _row: 'certificates:add',
    },
    { 'certificates.0.photo.file': photo },
    true,
  );
  t.equal(first.status, 200);
  const added = (await first.json()) as Extract<SectionSaveAnswer, { ok: false }>;
  const photoId = added.values['certificates.0.photo.id'];
  t.match(photoId, /^[0-9a-f]{20}$/, 'the chosen photo was stored with the Add');
  t.equal(added.photos[photoId!]?.published, false, 'not published yet');
  t.equal(added.focus, 'field-certificates-1-name');

  const moved = (await (
    await post({ ...added.values, ...certificate(1, 'EMS-0002'), _row: 'certificates:1:up' }, {}, true)
  ).json()) as Extract<SectionSaveAnswer, { ok: false }>;
  t.equal(moved.values['certificates.0.number'], 'EMS-0002');
  t.equal(moved.values['certificates.1.number'], 'QMS-0001');
  t.equal(moved.values['certificates.1.photo.id'], photoId, 'the photo moved with its certificate');
  t.equal(moved.values['certificates.0.photo.id'], '', 'and not to the other');

  const saved = await post(moved.values, {}, true);
  const answer = (await saved.json()) as SectionSaveAnswer;
  t.equal(answer.ok, true, answer.message);
  const content = bootstrapOf(await (await admin.request('/about')).text()).content;
  t.same(
    content.capability.certificates.map((entry) => entry.number),
    ['EMS-0002', 'QMS-0001'],
  );
  t.equal(content.capability.certificates[1]!.photo?.width, 4000, 'the photo completed by the server');
  t.equal(content.capability.certificates[1]!.photo?.alt, 'ISO 9001 certificate');

  // A file that is not a photo, chosen before a row button: its message stays beside its input.
  const notAPhoto = await (async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(moved.values)) form.set(name, value);
    form.set('certificates.0.photo.file', new Blob(['%PDF-1.7 not a photo'], { type: 'image/jpeg' }), 'scan.jpg');
    form.set('certificates.0.photo.alt', 'Environmental certificate');
    form.set('base', String(page.revision.id));
    form.set('_csrf', admin.csrfToken);
    form.set('_row', 'certificates:add');
    return admin.request(CAPABILITY, { method: 'POST', body: form, headers: { accept: 'application/json' } });
  })();
  t.equal(notAPhoto.status, 200, 'the row is added');
  const withMessage = (await notAPhoto.json()) as Extract<SectionSaveAnswer, { ok: false }>;
  t.match(withMessage.errors['certificates.0.photo.file'], /photo|JPEG|file/i, 'and the refused file says why');
  t.equal(withMessage.values['certificates.0.photo.id'], '', 'nothing kept of it');

  // A certificate without its alt text, and a bad date, are refused beside the row's own inputs.
  const { page: again, view: current } = await openSection(admin, CAPABILITY);
  const refused = await saveSection(
    admin,
    CAPABILITY,
    { ...current.values, 'certificates.1.photo.alt': '', 'certificates.0.validUntil': '30/06/2028' },
    again.revision.id,
    { asJson: true },
  );
  const errors = ((await refused.json()) as Extract<SectionSaveAnswer, { ok: false }>).errors;
  t.equal(errors['certificates.0.validUntil'], 'Certificate 1: Enter valid until as a date, like 2027-03-31');
  t.match(errors['certificates.1.photo.alt'], /alt text/);
});

t.test('a list (key features): an input per item, added, moved and deleted like rows; no limit', async (t) => {
  const { server, admin } = await fresh(t);
  const { page, view } = await openSection(admin, FLANGES);
  const features = Object.keys(view.values).filter((key) => /^features\.\d+$/.test(key));
  t.equal(features.length, 6, 'an input per feature');
  const post = (values: Record<string, string>, action?: string) =>
    saveSection(admin, FLANGES, action ? { ...values, _row: action } : values, page.revision.id, { asJson: true });
  const added = (await (await post(view.values, 'features:add')).json()) as Extract<SectionSaveAnswer, { ok: false }>;
  t.equal(added.focus, 'field-features-6');
  t.equal(added.values['features.6'], '');
  const moved = (await (
    await post({ ...added.values, 'features.6': 'Größen bis DN 600' }, 'features:6:up')
  ).json()) as Extract<SectionSaveAnswer, { ok: false }>;
  t.equal(moved.values['features.5'], 'Größen bis DN 600', 'the new item moved up');
  t.equal(moved.focus, 'field-features-5-up');
  const deleted = (await (await post(moved.values, 'features:0:delete')).json()) as Extract<
    SectionSaveAnswer,
    { ok: false }
  >;
  t.equal(deleted.values['features.0'], view.values['features.1'], 'the first item deleted');
  // Thirty features: no limit.
  const many = Object.fromEntries(Array.from({ length: 30 }, (_, n) => [`features.${n}`, `Merkmal ${n + 1}`]));
  const others = Object.fromEntries(Object.entries(deleted.values).filter(([key]) => !key.startsWith('features.')));
  const saved = (await (await post({ ...others, ...many })).json()) as SectionSaveAnswer;
  t.equal(saved.ok, true, saved.message);
  const html = await (await server.fetch('/products/flanges')).text();
  t.ok(html.includes('Merkmal 30'), 'the thirtieth feature is on the page');
});

t.test(
  'long values: a text area as many rows high as its text needs, from the server; a line break sent in one is a space',
  async (t) => {
    const { server, admin } = await fresh(t);
    const feature = 'Forged from certified bar, ultrasonically tested, heat treated to the hardness asked. '.repeat(3);
    const value = 'ASME B16.5 Class 150 to 2500, EN 1092-1 PN 6 to PN 100, DIN 2527 and 2627 to 2638, BS 4504. '.repeat(
      3,
    );
    const { page, view } = await openSection(admin, FLANGES);
    const saved = await saveSection(
      admin,
      FLANGES,
      {
        ...view.values,
        'features.0': feature.slice(0, 200),
        'features.1': 'Raised face\r\nand flat face',
        'specifications.0.value': value.slice(0, 300),
        'specifications.1.value': '½″ to 48″\n(DN 15 to DN 1200)',
      },
      page.revision.id,
    );
    t.equal(saved.status, 303, 'saved');

    const { html, view: after } = await openSection(admin, FLANGES);
    const area = (name: string) =>
      new RegExp(`<textarea[^>]* name="${name.replace('.', '\\.')}"[^>]*>`).exec(html)?.[0];
    const rows = (name: string) => Number(/ rows="(\d+)"/.exec(area(name) ?? '')?.[1]);
    // Without CSS field-sizing and without JavaScript these rows are all that sizes it: enough for a
    // phone's line (about 36 characters) and a table's narrower column.
    t.ok(rows('features.0') >= Math.ceil(200 / 36), `a 200-character key feature: ${rows('features.0')} rows`);
    t.ok(
      rows('specifications.0.value') >= Math.ceil(300 / 36),
      `a 300-character value: ${rows('specifications.0.value')} rows`,
    );
    t.equal(rows('specifications.2.label'), 1, 'a short value: one row');
    t.equal(rows('applications.0'), 1, 'an application: a text area of one row');
    t.match(area('features.0'), / maxLength="200"/i, 'its limit kept');

    t.equal(after.values['features.1'], 'Raised face and flat face', 'a line break in an item is saved as a space');
    t.equal(after.values['specifications.1.value'], '½″ to 48″ (DN 15 to DN 1200)', 'and in a value');
    const published = await (await server.fetch('/products/flanges')).text();
    t.ok(published.includes('Raised face and flat face'), 'published on one line');

    // A value with a format keeps its input (and its phone keyboard): phone numbers, countries.
    const company = (await openSection(admin, sectionPath('company'))).html;
    t.match(company, /<input[^>]* name="phones\.0"/, 'a phone number is an input');
    t.match(company, /<textarea[^>]* name="address\.0"/, 'an address line of up to 120 characters is a text area');
    const capability = (await openSection(admin, CAPABILITY)).html;
    t.match(capability, /<input[^>]* name="capacity\.tonnesPerMonth"/, 'a number is an input');
  },
);
