/**
 * npm run bench — the production server against a plain static file server over the same HTML
 * bytes, both loaded with autocannon on loopback; then POST /api/enquiries into a temporary
 * database, checking afterwards that every acknowledged enquiry is stored; last, a page's latency
 * while the site editor uploads 4000 × 3000 photos (processed by sharp beside the requests).
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) tune the runs.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { projectRoot } from '../../server/platform/paths.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { spawnServer } from '../helpers/child-server.js';
import { makePhoto, uploadPhotos } from '../helpers/photos.js';
import { makeDataDir, removeDataDir } from '../helpers/server.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pages = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/products/flanges' },
  { name: 'contact', path: '/contact' },
];

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
}

async function load(options: autocannon.Options): Promise<Measure> {
  const result = await autocannon({ connections, duration: seconds, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function startStaticServer(folder: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'test', 'bench', 'static-server.ts'), folder], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /static server at (\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    }),
  );
  return { url, stop: () => child.kill('SIGTERM') };
}

const dataDir = makeDataDir();
const site = await spawnServer({ DATA_DIR: dataDir, ENQUIRY_RATE_LIMIT: '1000000000', ...TEST_ADMIN_ENV }, 'discard');
const staticDir = join(dataDir, 'static');
mkdirSync(staticDir);
for (const page of pages) {
  const html = await (await fetch(site.url + page.path)).text();
  writeFileSync(join(staticDir, `${page.name}.html`), html);
}
const yardstick = await startStaticServer(staticDir);

const format = (n: number, digits = 0) => n.toFixed(digits).padStart(9);
const rows: string[] = [];
const targets: string[] = [];
console.log(`autocannon: ${connections} connections, ${seconds} s a run, on loopback, ${process.platform} ${process.arch}, Node ${process.version}\n`);
for (const page of pages) {
  const ours = await load({ url: site.url + page.path });
  const theirs = await load({ url: `${yardstick.url}/${page.name}.html` });
  rows.push(
    `${`GET ${page.path}`.padEnd(26)}${format(ours.rps)}${format(ours.p50)}${format(ours.p99)}${format(theirs.rps)}${format(theirs.p50)}${format(theirs.p99)}${format(ours.rps / theirs.rps, 2)}` +
      (ours.failed || theirs.failed ? `  (${ours.failed + theirs.failed} failed)` : ''),
  );
  const within = ours.rps * 2 >= theirs.rps;
  targets.push(`GET ${page.path}: ${within ? 'within' : 'NOT within'} 2x of the static server`);
}

// Each enquiry different: the same one sent again within minutes is counted on the first, not stored anew.
let sent = 0;
const enquiry = () => JSON.stringify({ name: `Bench Buyer ${(sent += 1)}`, email: 'bench@example.com', phone: '+91 98765 00000', subject: 'Benchmark', message: 'Load test enquiry.' });
const posts = await load({
  url: `${site.url}/api/enquiries`,
  requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (request) => ({ ...request, body: enquiry() }) }],
});
targets.push(`POST /api/enquiries: ${Math.round(posts.rps)}/s, ${posts.rps >= 1000 ? 'meets' : 'BELOW'} the 1,000/s target`);
rows.push(`${'POST /api/enquiries'.padEnd(26)}${format(posts.rps)}${format(posts.p50)}${format(posts.p99)}${' '.repeat(27)}${'-'.padStart(9)}`);

// Photos are processed one at a time in libuv's thread pool: how much slower is a page meanwhile?
const admin = new AdminClient(site.url);
await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
const photos = await Promise.all(Array.from({ length: 12 }, (_, index) => makePhoto({ width: 4000, height: 3000, hue: index * 30 })));
const quietPage = await load({ url: `${site.url}/products/flanges`, connections: 10 });
let photosStored = 0;
let uploading = true;
const uploads = (async () => {
  for (const data of photos) {
    if (!uploading) break;
    const response = await uploadPhotos(admin, '/admin/site/products/flanges', [{ field: 'photo', data, fileName: 'bench.jpg', alt: 'Bench photo' }]);
    if (response.status === 303) photosStored += 1;
  }
})();
const busyPage = await load({ url: `${site.url}/products/flanges`, connections: 10 });
uploading = false;
await uploads;
rows.push(`${'GET /products/flanges'.padEnd(26)}${format(quietPage.rps)}${format(quietPage.p50)}${format(quietPage.p99)}   (10 connections, no upload)`);
rows.push(`${'  while photos process'.padEnd(26)}${format(busyPage.rps)}${format(busyPage.p50)}${format(busyPage.p99)}   (10 connections, ${photosStored} photos of 4000 × 3000 stored meanwhile)`);

yardstick.stop();
site.child.kill('SIGTERM');
await site.exited;
const db = new Database(join(dataDir, 'forge.db'), { readonly: true });
const enquiriesStored = db.prepare('SELECT count(*) FROM enquiries').pluck().get() as number;
db.close();
removeDataDir(dataDir);

console.log(`${'route'.padEnd(26)}${'site r/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'static'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'site÷static'.padStart(12)}`);
for (const row of rows) console.log(row);
console.log(`\nenquiries acknowledged: ${posts.ok}, stored: ${enquiriesStored}, failed requests: ${posts.failed}`);
console.log(targets.join('\n'));
if (enquiriesStored < posts.ok) {
  console.error('FAIL: an acknowledged enquiry is missing');
  process.exit(1);
}
