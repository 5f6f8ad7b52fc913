import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import t from 'tap';
import { spliceGzip } from '../../server/pages/spliced-gzip.js';
import { FORM_TOKEN_FIELD } from '../../shared/enquiry/validation.js';
import { checkFormToken } from '../helpers/form-token.js';
import { removeDataDir, startServer } from '../helpers/server.js';

const SLOT = 'SLOT-1234';

t.test('a spliced page decodes to the page with the value in every slot', async (t) => {
  const long = 'ગુજરાતી हिन्दी العربية Müller '.repeat(3000);
  const cases = [
    `<p>${SLOT}</p>`,
    `${SLOT}${long}<input value="${SLOT}">${long}<script type="application/json">{"t":"${SLOT}"}</script>`,
    `${long}${SLOT}`,
    `no slot at all ${long}`,
  ];
  for (const page of cases) {
    const spliced = spliceGzip(page, SLOT);
    for (const value of ['a', 'abc.DEF_-123.xyz', '']) {
      t.equal(
        gunzipSync(spliced.with(value)).toString('utf8'),
        page.replaceAll(SLOT, value),
        `${page.length} chars, value "${value}"`,
      );
    }
  }
  t.throws(() => spliceGzip(`a${SLOT}b`, SLOT).with('ü'), /printable ASCII/);
});

t.test('two slots: each value in every occurrence of its own slot', async (t) => {
  const OTHER = 'OTHER-5678';
  const long = 'ગુજરાતી हिन्दी Müller '.repeat(2000);
  const page = `${SLOT}${long}${OTHER}<input value="${SLOT}">${long}<input value="${OTHER}">{"t":"${SLOT}","s":"${OTHER}"}`;
  const spliced = spliceGzip(page, [SLOT, OTHER]);
  for (const [token, source] of [
    ['tok.en', '%2Fproducts%2Fflanges%20'],
    ['', 'x'],
    ['a', ''],
  ]) {
    t.equal(
      gunzipSync(spliced.with(token!, source!)).toString('utf8'),
      page.replaceAll(SLOT, token!).replaceAll(OTHER, source!),
      `"${token}", "${source}"`,
    );
  }
});

/** GET with a browser's Accept-Encoding, the raw answer (not decoded). */
function getRaw(
  url: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

t.test('/contact to a browser: gzip around a fresh, valid token per answer, never stored', async (t) => {
  const server = await startServer();
  t.teardown(async () => {
    await server.close();
    removeDataDir(server.dataDir);
  });
  const tokens = new Set<string>();
  for (const path of ['/contact', '/contact', '/contact?product=flanges']) {
    const answer = await getRaw(server.url + path);
    t.equal(answer.status, 200);
    t.equal(answer.headers['content-encoding'], 'gzip', 'gzip, though br is offered: the page is not compressed again');
    t.equal(answer.headers['cache-control'], 'no-store');
    t.match(answer.headers.vary, /accept-encoding/i);
    const html = gunzipSync(answer.body).toString('utf8');
    t.match(html, /<\/html>\s*$/, 'the whole page');
    const token = new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]+)"`).exec(html)?.[1];
    t.ok(token, 'the form carries a token');
    t.ok(html.includes(`"formToken":"${token}"`), 'the page data carries the same token');
    t.same(checkFormToken(server.url, token!, () => Date.now() + 10_000).ok, true, 'the token is valid');
    tokens.add(token!);
  }
  t.equal(tokens.size, 3, 'a new token for each answer');
  const plain = await fetch(server.url + '/contact', { headers: { 'accept-encoding': 'identity' } });
  t.equal(plain.headers.get('content-encoding'), null, 'a client that takes no gzip gets the page as it is');
  t.match(await plain.text(), new RegExp(`name="${FORM_TOKEN_FIELD}" value="[^"]+"`));
});
