/**
 * A certificate's PDF, through the site editor as the owner uploads it (multipart, with and without
 * JavaScript): stored under its content's hash, linked on /infrastructure with its size, served as a
 * download with the attachment headers, refused with the row's message when it is no PDF or too
 * large (and nothing left on disk), counted and shown by the history, brought back by a restore,
 * carried by export and import, and no trouble for the capability statement.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { ADMIN_PATHS, pathTo } from '../../shared/admin/paths.js';
import { sectionPath } from '../../shared/content/sections.js';
import { formatBytes } from '../../shared/enquiry/quote.js';
import type { AdminSitePage, HistoryView, RestoreView, SectionSaveAnswer } from '../../shared/site-editor.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { dayFrom } from '../helpers/capability.js';
import { makeCertificatePdf, readPdf } from '../helpers/pdf.js';
import { makePhoto } from '../helpers/photos.js';
import { withServer, type TestServer } from '../helpers/server.js';
import { bootstrapOf, openSection, saveSection } from '../helpers/site-editor.js';

const CAPABILITY = sectionPath('capability');
const NUMBER = 'QMS-2024-0815';

async function fresh(t: Test): Promise<{ server: TestServer; admin: AdminClient }> {
  const server = await withServer(t, { env: { ...TEST_ADMIN_ENV }, listen: false });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return { server, admin };
}

const certificate = (validUntil = dayFrom(400)) => ({
  'certificates.0.name': 'ISO 9001:2015',
  'certificates.0.number': NUMBER,
  'certificates.0.scope': 'Closed-die forging and precision machining of steel parts',
  'certificates.0.certifier': 'TÜV SÜD South Asia Pvt. Ltd.',
  'certificates.0.accreditation': 'Accredited by NABCB',
  'certificates.0.validUntil': validUntil,
});

interface Upload {
  field: string;
  data: Buffer;
  name: string;
  type: string;
}

/** Opens the capability section and posts it as multipart, as the form does, with these values and files. */
async function postCapability(
  admin: AdminClient,
  change: Record<string, string>,
  files: Upload[],
  { json = false } = {},
): Promise<Response> {
  const { page, view } = await openSection(admin, CAPABILITY);
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...view.values, ...change })) form.set(name, value);
  for (const file of files) form.set(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  form.set('base', String(page.revision.id));
  form.set('note', '');
  form.set('_csrf', admin.csrfToken);
  return admin.request(CAPABILITY, { method: 'POST', body: form, headers: json ? { accept: 'application/json' } : {} });
}

const idOf = (data: Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 20);
const filesUnder = (server: TestServer, ...path: string[]) => readdirSync(join(server.dataDir, 'media', ...path));
/**
 * The temporary uploads left: a request's are removed once its answer is sent (onResponse), which
 * through app.inject may come a moment after the test has the answer; so asked again for up to 2 s.
 */
async function emptied(server: TestServer): Promise<string[]> {
  for (let tries = 0; tries < 40 && filesUnder(server, '.tmp').length > 0; tries++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return filesUnder(server, '.tmp');
}
const pdfRows = (server: TestServer) =>
  server.app.db.prepare('SELECT id, bytes, name, actor FROM media_pdfs').all() as Record<string, unknown>[];
const page = async (server: TestServer, path: string) => (await server.fetch(path)).text();
const downloadLink = /<a href="(\/documents\/[0-9a-f]{20}\.pdf)" type="application\/pdf" download="">.*?<\/a>/s;

t.test(
  'a certificate’s PDF: uploaded without JavaScript, published, linked on the page, downloaded as the same bytes with the attachment headers',
  async (t) => {
    const { server, admin } = await fresh(t);
    const pdf = await makeCertificatePdf('ISO 9001:2015', NUMBER);
    const id = idOf(pdf);
    const saved = await postCapability(admin, certificate(), [
      { field: 'certificates.0.pdf.file', data: pdf, name: 'scan 0001.pdf', type: 'application/pdf' },
    ]);
    t.equal(saved.status, 303, 'saved and published, without JavaScript');

    const content = bootstrapOf(await page(server, '/infrastructure')).content;
    t.same(content.capability.certificates[0]!.pdf, { id, bytes: pdf.length }, 'the content holds its id and size');
    t.equal(content.capability.certificates[0]!.photo, null, 'and no photo');
    const html = await page(server, '/infrastructure');
    const link = downloadLink.exec(html);
    t.equal(link?.[1], `/documents/${id}.pdf`, 'the page links it');
    t.match(
      link?.[0],
      `Download the certificate (PDF, ${formatBytes(pdf.length)})<span class="visually-hidden"> – ISO 9001:2015</span>`,
      'with its size, and named for a screen reader',
    );

    const download = await server.fetch(`/documents/${id}.pdf`);
    t.equal(download.status, 200);
    t.equal(download.headers.get('content-type'), 'application/pdf');
    t.equal(download.headers.get('content-disposition'), 'attachment; filename="ISO 9001-2015 certificate.pdf"');
    t.equal(download.headers.get('x-content-type-options'), 'nosniff');
    t.equal(download.headers.get('content-security-policy'), 'sandbox');
    t.equal(download.headers.get('cache-control'), 'public, max-age=86400', 'a day: its name follows the certificate');
    t.equal(download.headers.get('content-length'), String(pdf.length));
    const bytes = Buffer.from(await download.arrayBuffer());
    t.ok(bytes.equals(pdf), 'the same bytes as uploaded');
    t.match((await readPdf(bytes)).text.join(' '), NUMBER, 'a PDF a reader opens');

    t.equal((await server.fetch(`/documents/${'0'.repeat(20)}.pdf`)).status, 404, 'an unknown id is not found');
    t.equal((await server.fetch(`/documents/${id}.txt`)).status, 404, 'nor another name');
    t.equal((await server.fetch(`/documents/${id.toUpperCase()}.pdf`)).status, 404);

    t.same(filesUnder(server, 'pdfs'), [`${id}.pdf`], 'on disk under its hash');
    t.same(await emptied(server), [], 'no temporary file left');
    t.same(pdfRows(server), [{ id, bytes: pdf.length, name: 'scan 0001.pdf', actor: TEST_ADMIN.email }]);

    const editor = await openSection(admin, CAPABILITY);
    t.equal(editor.view.values['certificates.0.pdf.id'], id);
    t.match(editor.view.pdfs[id], { bytes: pdf.length, name: 'scan 0001.pdf', published: true });
    t.match(
      editor.html,
      `The PDF now: <a href="/documents/${id}.pdf" type="application/pdf" download="">scan 0001.pdf (${formatBytes(pdf.length)})</a>.`,
      'the editor links the PDF it has',
    );
    t.match(editor.html, 'Remove: the page links no PDF');

    // The same file again is the same PDF; saved under another certificate's name, it is named for it.
    const again = await postCapability(admin, { 'certificates.0.name': 'ISO 14001:2015' }, [
      { field: 'certificates.0.pdf.file', data: pdf, name: 'again.pdf', type: 'application/pdf' },
    ]);
    t.equal(again.status, 303);
    t.equal(pdfRows(server).length, 1, 'stored once');
    t.equal(
      (await server.fetch(`/documents/${id}.pdf`)).headers.get('content-disposition'),
      'attachment; filename="ISO 14001-2015 certificate.pdf"',
    );

    // The capability statement keeps working: the certificate is listed, with no picture of it.
    const statement = await server.fetch('/capability-statement.pdf');
    t.equal(statement.status, 200);
    const read = await readPdf(new Uint8Array(await statement.arrayBuffer()));
    t.match(read.text.join(' '), NUMBER, 'the statement lists the certificate');
    t.equal(read.images.length, 1, 'and draws no picture for it: the logo is its one image');

    // Remove: the page links it no more; its file stays (an older version may show it again).
    const { page: form, view } = await openSection(admin, CAPABILITY);
    const removed = await saveSection(
      admin,
      CAPABILITY,
      { ...view.values, 'certificates.0.pdf.remove': 'on' },
      form.revision.id,
    );
    t.equal(removed.status, 303);
    t.notMatch(await page(server, '/infrastructure'), '/documents/', 'no link after Remove');
    t.equal((await server.fetch(`/documents/${id}.pdf`)).status, 200, 'the file is kept for the history');
  },
);

t.test(
  'refused: a file that is no PDF under a .pdf name, a PDF over 10 MB, a PDF chosen as the photo; the message names the row, nothing is left on disk',
  async (t) => {
    const { server, admin } = await fresh(t);
    const jpeg = await makePhoto({ width: 800, height: 600 });

    const renamed = await postCapability(
      admin,
      certificate(),
      [{ field: 'certificates.0.pdf.file', data: jpeg, name: 'certificate.pdf', type: 'application/pdf' }],
      { json: true },
    );
    t.equal(renamed.status, 400);
    const answer = (await renamed.json()) as Extract<SectionSaveAnswer, { ok: false }>;
    t.equal(
      answer.errors['certificates.0.pdf.file'],
      'Certificate 1: certificate.pdf is not a PDF, whatever its name says. Upload a PDF file.',
    );
    t.equal(answer.values['certificates.0.number'], NUMBER, 'what was typed is kept');
    t.notOk(answer.values['certificates.0.pdf.id'], 'nothing kept of the file');

    // Without JavaScript: the same message beside the field and in the summary.
    const plain = await postCapability(admin, certificate(), [
      { field: 'certificates.0.pdf.file', data: jpeg, name: 'certificate.pdf', type: 'application/pdf' },
    ]);
    t.equal(plain.status, 400);
    const html = await plain.text();
    t.match(html, 'Certificate 1: certificate.pdf is not a PDF, whatever its name says. Upload a PDF file.');
    t.match(html, 'There is a problem: nothing was saved.');

    const large = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const tooLarge = await postCapability(
      admin,
      certificate(),
      [{ field: 'certificates.0.pdf.file', data: large, name: 'scan-600dpi.pdf', type: 'application/pdf' }],
      { json: true },
    );
    t.equal(tooLarge.status, 400);
    t.equal(
      ((await tooLarge.json()) as Extract<SectionSaveAnswer, { ok: false }>).errors['certificates.0.pdf.file'],
      'Certificate 1: scan-600dpi.pdf is larger than 10 MB. PDFs may be at most 10 MB: save it smaller (a scan at 150 dpi is plenty), then upload it again.',
    );

    const pdf = await makeCertificatePdf('ISO 9001:2015', NUMBER);
    const asPhoto = await postCapability(
      admin,
      { ...certificate(), 'certificates.0.photo.alt': 'ISO 9001 certificate' },
      [{ field: 'certificates.0.photo.file', data: pdf, name: 'iso.pdf', type: 'application/pdf' }],
      { json: true },
    );
    t.equal(asPhoto.status, 400);
    t.equal(
      ((await asPhoto.json()) as Extract<SectionSaveAnswer, { ok: false }>).errors['certificates.0.photo.file'],
      'Certificate 1: iso.pdf is a PDF: choose it under “PDF of the certificate”, just below. This field takes a photo: JPEG, PNG, WebP or AVIF.',
    );

    t.same(filesUnder(server, 'pdfs'), [], 'no PDF stored');
    t.same(await emptied(server), [], 'no temporary file left once the last request is over');
    t.same(filesUnder(server, 'originals'), [], 'nor a photo');
    t.same(pdfRows(server), [], 'no row');
    t.notMatch(await page(server, '/infrastructure'), NUMBER, 'nothing published');
  },
);

t.test(
  'a PDF chosen before a row button is kept (not yet published); an expired certificate’s PDF is linked nowhere',
  async (t) => {
    const { server, admin } = await fresh(t);
    const pdf = await makeCertificatePdf('ISO 9001:2015', NUMBER);
    const id = idOf(pdf);
    const added = await postCapability(
      admin,
      { ...certificate(dayFrom(-1)), _row: 'certificates:add' },
      [{ field: 'certificates.0.pdf.file', data: pdf, name: 'iso.pdf', type: 'application/pdf' }],
      { json: true },
    );
    t.equal(added.status, 200);
    const answer = (await added.json()) as Extract<SectionSaveAnswer, { ok: false }>;
    t.equal(answer.values['certificates.0.pdf.id'], id, 'stored with the Add');
    t.match(answer.pdfs[id], { bytes: pdf.length, published: false }, 'not published yet');
    t.same(Object.keys(answer.errors), []);

    const { page: form } = await openSection(admin, CAPABILITY);
    const kept = Object.fromEntries(
      Object.entries(answer.values).filter(([name]) => !name.startsWith('certificates.1.')),
    );
    t.equal(
      (await saveSection(admin, CAPABILITY, kept, form.revision.id)).status,
      303,
      'saved without sending it again',
    );
    const html = await page(server, '/infrastructure');
    t.notMatch(html, NUMBER, 'the certificate expired yesterday: not shown');
    t.notMatch(html, '/documents/', 'nor its PDF linked');
    t.notMatch(html, id, 'nor named in the data the page carries');
    t.notMatch(await page(server, '/'), '/documents/');
    t.equal((await server.fetch(`/documents/${id}.pdf`)).status, 200, 'its unguessable address still answers');
  },
);

const adminPage = async (admin: AdminClient, path: string) => {
  const response = await admin.request(path);
  const html = await response.text();
  return { status: response.status, html, page: bootstrapOf(html).pageData.admin as AdminSitePage };
};

t.test('history and restore: a PDF is counted apart, and a restore brings back its link', async (t) => {
  const { server, admin } = await fresh(t);
  const pdf = await makeCertificatePdf('ISO 9001:2015', NUMBER);
  const id = idOf(pdf);
  t.equal(
    (
      await postCapability(admin, certificate(), [
        { field: 'certificates.0.pdf.file', data: pdf, name: 'iso.pdf', type: 'application/pdf' },
      ])
    ).status,
    303,
    'version 2: the certificate with its PDF',
  );
  const { page: form, view } = await openSection(admin, CAPABILITY);
  t.equal(
    (await saveSection(admin, CAPABILITY, { ...view.values, 'certificates.0.pdf.remove': 'on' }, form.revision.id))
      .status,
    303,
    'version 3: its PDF removed',
  );

  const history = (await adminPage(admin, ADMIN_PATHS.siteHistory)).page.view as HistoryView;
  const withPdf = history.revisions.find((revision) => revision.id === 2)!;
  t.same(
    withPdf.changes.map((change) => [change.field, change.pdf, change.photo, change.before, change.after]),
    [['Certificates, row 1: PDF of the certificate', true, false, '', id]],
    'version 2 differs from now by the PDF alone',
  );

  const asked = await adminPage(admin, pathTo(ADMIN_PATHS.siteRestore, { id: 2 }));
  t.equal((asked.page.view as RestoreView).changes.length, 1);
  t.ok(asked.html.includes('Restoring version 2 changes 1 PDF.'), 'the confirmation names it');
  t.match(asked.html, `PDF ${id}`);
  t.match(asked.html, '(no PDF)');
  const restored = await admin.request(pathTo(ADMIN_PATHS.siteRestore, { id: 2 }), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ base: String(asked.page.revision.id), _csrf: admin.csrfToken }).toString(),
  });
  t.equal(restored.status, 303);
  t.equal(downloadLink.exec(await page(server, '/infrastructure'))?.[1], `/documents/${id}.pdf`, 'linked again');
  const bytes = Buffer.from(await (await server.fetch(`/documents/${id}.pdf`)).arrayBuffer());
  t.ok(bytes.equals(pdf), 'and it downloads');

  // Export and import: the PDF travels by its id, its size taken from this server's file; a server
  // without it refuses the file, saying why.
  const exported = JSON.parse(await (await admin.request(ADMIN_PATHS.siteExport)).text()) as {
    content: { capability: { certificates: { pdf: { id: string; bytes: number } }[] } };
  };
  t.same(exported.content.capability.certificates[0]!.pdf, { id, bytes: pdf.length }, 'the export holds the PDF');
  const check = (client: AdminClient, content: unknown) => {
    const form = new FormData();
    form.set('_csrf', client.csrfToken);
    form.set('file', new Blob([JSON.stringify(content)], { type: 'application/json' }), 'site.json');
    return client.request(ADMIN_PATHS.siteImportCheck, { method: 'POST', body: form });
  };
  const tampered = structuredClone(exported);
  tampered.content.capability.certificates[0]!.pdf.bytes = 1;
  const accepted = await check(admin, tampered);
  t.equal(accepted.status, 200, 'a PDF this server has is accepted');
  const preview = (bootstrapOf(await accepted.text()).pageData.admin as AdminSitePage).view as {
    preview: { json: string };
  };
  t.match(preview.preview.json, `"pdf":{"id":"${id}","bytes":${pdf.length}}`, 'with its size as the server has it');

  const other = await fresh(t);
  other.admin.csrfToken = (await adminPage(other.admin, ADMIN_PATHS.siteTransfer)).page.csrfToken;
  const refused = await check(other.admin, exported);
  t.equal(refused.status, 400);
  t.match(
    await refused.text(),
    `Capability: the PDF of the certificate (${id}) is not on this server. Upload the same PDF in the editor here, then import the file again.`,
  );
});

t.test(
  'storage: a lock held while the PDF is recorded gives 503 with the form kept and no file; a PDF file without a record is removed at the next start',
  async (t) => {
    const { server, admin } = await fresh(t);
    const pdf = await makeCertificatePdf('ISO 9001:2015', NUMBER);
    const blocker = new Database(join(server.dataDir, 'forge.db'));
    blocker.exec('BEGIN IMMEDIATE');
    const response = await postCapability(admin, certificate(), [
      { field: 'certificates.0.pdf.file', data: pdf, name: 'iso.pdf', type: 'application/pdf' },
    ]);
    blocker.exec('ROLLBACK');
    blocker.close();
    t.equal(response.status, 503);
    t.equal(response.headers.get('retry-after'), '60');
    t.match(await response.text(), NUMBER, 'the typed text comes back');
    t.same(pdfRows(server), [], 'no PDF recorded');
    t.same(filesUnder(server, 'pdfs'), [], 'and its file removed again');
    t.same(await emptied(server), [], 'no temporary file left');
    await server.close();

    // A process stopped between the file and its record: the file goes at the next start.
    writeFileSync(join(server.dataDir, 'media', 'pdfs', `${idOf(pdf)}.pdf`), pdf);
    writeFileSync(join(server.dataDir, 'media', '.tmp', 'cut-short'), '%PDF-1.7');
    await withServer(t, { env: { ...TEST_ADMIN_ENV }, dataDir: server.dataDir, listen: false });
    t.same(filesUnder(server, 'pdfs'), [], 'media/pdfs: nothing left without a record');
    t.same(filesUnder(server, '.tmp'), [], 'media/.tmp: emptied');
  },
);
