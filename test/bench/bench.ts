/**
 * npm run bench — the production server, with `npm start`'s V8 flags, on a database of 100,000
 * enquiries, against two anchors serving the same bytes (nginx with gzip_static, @fastify/static
 * precompressed), all in one run on loopback, every request with a browser's Accept-Encoding.
 * Scenarios: the public pages alone, / and /contact alone, the pages while one admin searches and
 * while one exports the CSV, a page while POSTs run as fast as the site takes them, and memory after
 * 50,000 mixed requests and after idling (with the flags and with Node's defaults). Prints r/s, p50,
 * p99, the load generator's CPU and the server's RSS per scenario, then the issue's targets, each a
 * ratio or a figure from this run, PASS or MISS. Exits 1 when an acknowledged enquiry is missing or
 * one landed in Spam. See docs/benchmarks.md.
 *
 * BENCH_SECONDS (10) a run, BENCH_CONNECTIONS (50), BENCH_ENQUIRIES (100000), BENCH_MIXED (50000),
 * BENCH_IDLE_SECONDS (30), BENCH_TOOL=autocannon, BENCH_WRK_THREADS (1), BENCH_AUTOCANNON_WORKERS (1),
 * BENCH_ONLY=memory (the memory scenario alone), BENCH_ONLY=backup (the backup of 300,000 enquiries
 * under 50 enquiries a second alone: BENCH_BACKUP_ENQUIRIES, BENCH_BACKUP_WRITES), BENCH_COMPARE_FLAGS ("--a=1;--b=2": more V8 flag sets
 * measured in the memory scenario).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { ADMIN_PATHS } from '../../shared/admin/paths.js';
import { ROUTES } from '../../shared/routes.js';
import { makeDataDir, removeDataDir } from '../helpers/server.js';
import { signedInAdmin, startAdminLoop, type AdminLoopResult } from './admin-loop.js';
import type { AdminClient } from '../helpers/admin-client.js';
import { BACKUP_TARGET_SECONDS, backupUnderLoad } from './backup-under-load.js';
import { NGINX, startFastifyStatic, startNginx, writePages, type Anchor } from './anchors.js';
import { countPosted, enquiryBodies, RARE_TERM, seedEnquiries } from './enquiries.js';
import { BROWSER_ENCODING, load, loadTool, setLoadScratch, type LoadResult, type LoadSpec } from './load.js';
import { memoryOf, sleep, startFlags, startSite, stopSite } from './processes.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const enquiryCount = Number(process.env.BENCH_ENQUIRIES ?? 100_000);
const mixedCount = Number(process.env.BENCH_MIXED ?? 50_000);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
/** A page's load beside the POSTs: light, so its p99 shows the POSTs' effect rather than its own queue. */
const pageConnectionsBesidePosts = 10;
const postConnections = 10;

/** The cached public pages (not /contact, whose form carries a fresh token, nor the thank-you page). */
const PAGES = ROUTES.filter((route) => route.cache === 'public' && route.listed).map((route) => route.path);
const CONTACT = '/contact';
const POST_PATH = '/api/enquiries';

interface Row {
  scenario: string;
  server: string;
  result: LoadResult;
  rss?: number;
  note?: string;
}
const rows: Row[] = [];
const targets: { text: string; pass: boolean }[] = [];
const failures: string[] = [];

const mb = (n: number) => `${n.toFixed(0)} MB`;
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const pct = (n: number) => `${(n * 100).toFixed(0)} %`;
/** A run's p99, or that nothing was answered (wrk times only the requests that end within the run). */
const p99Of = (result: LoadResult) => (result.requests > 0 ? `${ms(result.p99)} ms` : 'no request answered');

function record(scenario: string, server: string, result: LoadResult, pid?: number, note?: string): LoadResult {
  if (result.requests === 0) note = `no request answered within the run${note ? `; ${note}` : ''}`;
  const row: Row = { scenario, server, result, rss: pid ? memoryOf(pid).rss : undefined, note };
  rows.push(row);
  const cpu = result.cpuSeconds / result.wallSeconds;
  console.log(
    `  ${scenario.padEnd(34)} ${result.rps.toFixed(0).padStart(7)} r/s  p50 ${ms(result.p50).padStart(6)}  p99 ${ms(result.p99).padStart(6)} ms` +
      `  gen CPU ${pct(cpu).padStart(5)}${row.rss ? `  RSS ${mb(row.rss)}` : ''}${result.failed ? `  ${result.failed} failed` : ''}${note ? `  ${note}` : ''}`,
  );
  return result;
}

function target(text: string, pass: boolean): void {
  targets.push({ text, pass });
}

const pagesOn = (origin: string, paths: string[], extra: Partial<LoadSpec> = {}): LoadSpec => ({
  origin,
  paths,
  connections,
  seconds,
  ...extra,
});

// ---------------------------------------------------------------------------------------------
const flags = startFlags();
const dataDir = makeDataDir();
const scratch = join(dataDir, 'bench');
mkdirSync(scratch);
setLoadScratch(scratch);
console.log(
  `npm run bench: ${loadTool}, ${connections} connections, ${seconds} s a run, loopback; ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ` +
    `${process.platform} ${process.arch}, Node ${process.version}; server flags from npm start: ${flags.join(' ') || '(none)'}`,
);

/** Throughput and latency: anchors, the site alone, beside an admin, beside POSTs (one server, seeded). */
async function throughput() {
  const started = performance.now();
  // The schema first (the server's migrations, from a first start), then the enquiries straight into its SQLite.
  await stopSite(await startSite(dataDir, flags));
  const { rare } = seedEnquiries(dataDir, enquiryCount);
  console.log(
    `seeded ${enquiryCount.toLocaleString('en')} enquiries in ${((performance.now() - started) / 1000).toFixed(1)} s (${rare} mention "${RARE_TERM}")`,
  );

  const site = await startSite(dataDir, flags);
  const sitePid = site.child.pid!;
  for (const path of [...PAGES, CONTACT])
    await (await fetch(site.url + path, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer();
  await sleep(2000);
  console.log(`site up, RSS ${mb(memoryOf(sitePid).rss)} after one request to each page\n`);

  // Anchors: the same bytes from files.
  const root = join(scratch, 'root');
  await writePages(site.url, [...PAGES, CONTACT], root);
  const anchors: Anchor[] = [];
  const nginx = await startNginx(root, join(scratch, 'nginx'));
  if (nginx) anchors.push(nginx);
  else console.log(`nginx anchor skipped: ${NGINX} is not installed (apt-get install nginx)`);
  anchors.push(await startFastifyStatic(root));

  console.log('anchors, the same bytes from files (nginx: 1 worker, gzip_static; @fastify/static: preCompressed, br)');
  const anchorMix = new Map<string, LoadResult>();
  for (const anchor of anchors) {
    anchorMix.set(
      anchor.name,
      record(
        `${anchor.name}: public pages`,
        anchor.name,
        await load(pagesOn(anchor.origin, PAGES.map(anchor.pathOf))),
        anchor.pid,
      ),
    );
    await anchor.stop();
  }

  console.log('\nthe site, alone');
  const idle = record('public pages', 'site', await load(pagesOn(site.url, PAGES)), sitePid);
  const home = record('/ alone', 'site', await load(pagesOn(site.url, ['/'])), sitePid);
  const contact = record('/contact alone', 'site', await load(pagesOn(site.url, [CONTACT])), sitePid);

  console.log(`\nwith ${enquiryCount.toLocaleString('en')} enquiries and one admin at the desk`);
  const admin = await signedInAdmin(site.url);
  const searchPath = `${ADMIN_PATHS.enquiries}?q=${encodeURIComponent(RARE_TERM.toLowerCase())}`;
  const found = (await (await admin.request(searchPath)).json()) as { filtered?: number };
  if (found.filtered !== rare)
    failures.push(`the admin's search for "${RARE_TERM}" found ${found.filtered}, not ${rare}`);
  const desk = await deskAlone(admin);
  const beside = async (label: string, path: string) => {
    // The admin client runs in this process: its CPU (reading and decoding the answers) is load too.
    const cpu = process.cpuUsage();
    const began = performance.now();
    const loop = startAdminLoop(admin, path);
    const result = await load(pagesOn(site.url, PAGES));
    const done = await loop.stop();
    const used = process.cpuUsage(cpu);
    const clientCpu = (used.user + used.system) / 1000 / (performance.now() - began);
    const what = (done: AdminLoopResult) =>
      `admin: ${done.requests} × ${done.mean.toFixed(0)} ms mean (max ${done.max.toFixed(0)}), ${(done.bytes / 1e6).toFixed(1)} MB read, ` +
      `its client's CPU ${pct(clientCpu)}${done.failed ? `, ${done.failed} FAILED` : ''}`;
    if (done.failed) failures.push(`${label}: ${done.failed} admin requests failed`);
    return record(`public pages, ${label}`, 'site', result, sitePid, what(done));
  };
  const searching = await beside('admin searching', searchPath);
  const exporting = await beside('admin exporting CSV', ADMIN_PATHS.exportCsv);

  console.log(
    `\nPOSTs to ${POST_PATH} as fast as the site takes them (${postConnections} connections, valid form tokens), a page beside them`,
  );
  const pageAlone = record(
    `${PAGES[0]} at ${pageConnectionsBesidePosts} connections`,
    'site',
    await load(pagesOn(site.url, [PAGES[0]!], { connections: pageConnectionsBesidePosts })),
    sitePid,
  );
  const bodies = enquiryBodies(dataDir, Math.max(20_000, 4000 * seconds));
  const [posts, pageBeside] = await Promise.all([
    load({ origin: site.url, paths: [], posts: { path: POST_PATH, bodies }, connections: postConnections, seconds }),
    // Started a moment later, ended a moment sooner: the page is measured only while POSTs run.
    sleep(250).then(() =>
      load(
        pagesOn(site.url, [PAGES[0]!], { connections: pageConnectionsBesidePosts, seconds: Math.max(1, seconds - 1) }),
      ),
    ),
  ]);
  record(`POSTs (${postConnections} connections)`, 'site', posts, undefined, `${posts.acknowledged} acknowledged`);
  record(`${PAGES[0]} beside the POSTs`, 'site', pageBeside, sitePid);
  if (posts.exhausted)
    console.log('  (the POSTs ran out of prepared enquiries before the time was up: the rate above is a floor)');
  acknowledged += posts.acknowledged;
  await stopSite(site);
  return { anchorMix, idle, home, contact, searching, exporting, pageAlone, posts, pageBeside, desk };
}

/** Searches as the desk's box sends them: rare and common words, each script, a number, nothing found. */
const DESK_SEARCHES = [
  RARE_TERM,
  'Flansche',
  'ફ્લેન્જ',
  'शाफ्ट',
  'GRÖSSE',
  'Jebel Ali',
  'Müller',
  'no-such-word',
  '#50000',
];

/**
 * The desk at 100,000 enquiries with nothing else running: /admin's time to first byte, and each
 * search's whole answer (the median of 5 each).
 */
async function deskAlone(admin: AdminClient) {
  const median = async (times: number, ask: () => Promise<number>) => {
    const all: number[] = [];
    for (let i = 0; i < times; i++) all.push(await ask());
    return all.sort((a, b) => a - b)[Math.floor(times / 2)]!;
  };
  const headers = { 'accept-encoding': BROWSER_ENCODING };
  const firstByte = await median(9, async () => {
    const started = performance.now();
    const response = await admin.request(ADMIN_PATHS.desk, { headers });
    const elapsed = performance.now() - started;
    if (!response.ok) failures.push(`/admin answered ${response.status}`);
    await response.arrayBuffer();
    return elapsed;
  });
  console.log(`  /admin, time to first byte (median of 9)  ${ms(firstByte)} ms`);
  const searches: [string, number][] = [];
  for (const term of DESK_SEARCHES) {
    const path = `${ADMIN_PATHS.enquiries}?q=${encodeURIComponent(term)}`;
    const time = await median(5, async () => {
      const started = performance.now();
      const response = await admin.request(path, { headers });
      await response.arrayBuffer();
      if (!response.ok) failures.push(`the search for "${term}" answered ${response.status}`);
      return performance.now() - started;
    });
    searches.push([term, time]);
  }
  console.log(
    `  searches, whole answer (median of 5): ${searches.map(([term, time]) => `${term} ${ms(time)} ms`).join(', ')}`,
  );
  return { firstByte, slowestSearch: searches.reduce((slowest, next) => (next[1] > slowest[1] ? next : slowest)) };
}

// BENCH_ONLY=backup: only the backup of a large database under steady enquiries (issue 40 item 8).
const backup = process.env.BENCH_ONLY === 'memory' ? null : await backupUnderLoad(flags);
if (backup) {
  console.log(
    `  npm run backup: ${backup.seconds.toFixed(1)} s while ${backup.written} enquiries were acknowledged${backup.problem ? `; ${backup.problem}` : ''}`,
  );
  target(
    `a backup under steady enquiries finishes within ${BACKUP_TARGET_SECONDS} s: ${backup.seconds.toFixed(1)} s`,
    backup.seconds <= BACKUP_TARGET_SECONDS,
  );
  if (!backup.ok) failures.push(`the backup under load failed: ${backup.problem ?? ''}`);
}
if (process.env.BENCH_ONLY === 'backup') {
  for (const { text, pass } of targets) console.log(`  ${pass ? 'PASS' : 'MISS'}  ${text}`);
  removeDataDir(dataDir);
  if (failures.length > 0) for (const failure of failures) console.error(`FAIL: ${failure}`);
  process.exit(failures.length > 0 ? 1 : 0);
}

let acknowledged = 0;
// BENCH_ONLY=memory: only the memory scenario (no seeding, no anchors), e.g. to compare V8 flags.
const measured = process.env.BENCH_ONLY === 'memory' ? null : await throughput();
if (!measured) await stopSite(await startSite(dataDir, flags)); // the server's secret, for the POSTs' tokens

// Memory: a fresh server per set of flags, idle, after 50,000 mixed requests, after idling again.
console.log(
  `\nmemory: ${mixedCount.toLocaleString('en')} mixed requests (public pages, /contact, one POST in 10), then ${idleSeconds} s idle`,
);
const memory: { label: string; idle: number; loaded: number; peak: number; rested: number }[] = [];
// BENCH_COMPARE_FLAGS: other sets to measure, separated by ';' (e.g. "--max-semi-space-size=4;--max-semi-space-size=16").
const flagSets: [string, string[]][] = [
  [flags.join(' ') || 'no flags', flags],
  ["Node's defaults", []],
  ...(process.env.BENCH_COMPARE_FLAGS ?? '')
    .split(';')
    .filter((set) => set.trim())
    .map((set): [string, string[]] => [set.trim(), set.trim().split(/\s+/)]),
];
for (const [label, withFlags] of flagSets) {
  const site = await startSite(dataDir, withFlags);
  const pid = site.child.pid!;
  for (const path of [...PAGES, CONTACT])
    await (await fetch(site.url + path, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer();
  await sleep(5000);
  const before = memoryOf(pid).rss;
  const mixed = await load({
    origin: site.url,
    paths: [...PAGES, CONTACT],
    posts: { path: POST_PATH, bodies: enquiryBodies(dataDir, Math.ceil(mixedCount / 10) + 100), every: 10 },
    connections,
    seconds,
    limit: mixedCount,
  });
  const after = memoryOf(pid);
  acknowledged += mixed.acknowledged;
  record(`mixed, ${label}`, 'site', mixed, pid, `${mixed.acknowledged} POSTs acknowledged`);
  await sleep(idleSeconds * 1000);
  const rested = memoryOf(pid).rss;
  memory.push({ label, idle: before, loaded: after.rss, peak: after.peak, rested });
  console.log(
    `    RSS ${mb(before)} idle → ${mb(after.rss)} after (peak ${mb(after.peak)}) → ${mb(rested)} after ${idleSeconds} s idle`,
  );
  await stopSite(site);
}

const stored = countPosted(dataDir);
removeDataDir(dataDir);

// ---------------------------------------------------------------------------------------------
console.log(
  `\n${'scenario'.padEnd(60)}${'r/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'gen CPU'.padStart(9)}${'RSS'.padStart(9)}`,
);
for (const row of rows) {
  const { result } = row;
  console.log(
    `${`${row.scenario}`.padEnd(60)}${result.rps.toFixed(0).padStart(8)}${ms(result.p50).padStart(9)}${ms(result.p99).padStart(9)}` +
      `${pct(result.cpuSeconds / result.wallSeconds).padStart(9)}${(row.rss ? mb(row.rss) : '').padStart(9)}${result.failed ? `  ${result.failed} failed` : ''}`,
  );
}
console.log(
  "gen CPU: the load generator's own CPU time over the run's wall time (100 % = one core); RSS: the serving process after the run",
);

if (measured) {
  const { anchorMix, idle, home, contact, searching, exporting, pageAlone, posts, pageBeside, desk } = measured;
  console.log("\nanchors (the site's public pages ÷ the anchor's, same bytes, same run)");
  for (const [name, result] of anchorMix)
    console.log(
      `  ${name.padEnd(18)} r/s ${(idle.rps / result.rps).toFixed(2)}×   p99 ${ms(idle.p99)} vs ${ms(result.p99)} ms`,
    );
  const fastifyStatic = anchorMix.get('@fastify/static');
  if (fastifyStatic)
    target(
      `public pages at least half of @fastify/static's r/s: ${(idle.rps / fastifyStatic.rps).toFixed(2)}×`,
      idle.rps * 2 >= fastifyStatic.rps,
    );

  for (const [label, result] of [
    ['searching', searching],
    ['exporting', exporting],
  ] as const) {
    target(
      `admin ${label}: public pages keep ≥ 50 % of idle r/s: ${pct(result.rps / idle.rps)}`,
      result.rps >= idle.rps * 0.5,
    );
    target(`admin ${label}: public pages p99 < 50 ms: ${p99Of(result)}`, result.requests > 0 && result.p99 < 50);
  }
  target(
    `/admin's first byte at ${enquiryCount.toLocaleString('en')} enquiries < 50 ms: ${ms(desk.firstByte)} ms`,
    desk.firstByte < 50,
  );
  const [slowTerm, slowTime] = desk.slowestSearch;
  target(`every search < 100 ms: the slowest, "${slowTerm}", ${ms(slowTime)} ms`, slowTime < 100);
  target(`/contact serves ≥ 50 % of /'s r/s: ${pct(contact.rps / home.rps)}`, contact.rps >= home.rps * 0.5);
  target(
    `POSTs at the site's maximum (${posts.rps.toFixed(0)}/s): a page's p99 < 10 ms: ${p99Of(pageBeside)} (alone ${p99Of(pageAlone)})`,
    pageBeside.requests > 0 && pageBeside.p99 < 10,
  );
}
console.log(`\nmemory, RSS of the server (the first with npm start's flags, the one the targets judge)`);
for (const m of memory)
  console.log(
    `  ${m.label.padEnd(34)} idle ${mb(m.idle)}, after ${mixedCount.toLocaleString('en')} mixed ${mb(m.loaded)} (peak ${mb(m.peak)}), after ${idleSeconds} s idle ${mb(m.rested)}`,
  );
for (const m of memory.slice(0, 1)) {
  target(
    `RSS after ${mixedCount.toLocaleString('en')} mixed requests ≤ 200 MB (${m.label}): ${mb(m.loaded)}`,
    m.loaded <= 200,
  );
  target(
    `RSS after idling within 10 % of idle before (${m.label}): ${mb(m.rested)} vs ${mb(m.idle)}, ${pct(m.rested / m.idle - 1)}`,
    m.rested <= m.idle * 1.1,
  );
}
const busiest = rows.reduce((most, row) => Math.max(most, row.result.cpuSeconds / row.result.wallSeconds), 0);
const generatorCores = loadTool.startsWith('wrk')
  ? Number(process.env.BENCH_WRK_THREADS ?? 1)
  : Number(process.env.BENCH_AUTOCANNON_WORKERS ?? 1);
target(
  `the load generator never saturated its ${generatorCores} core${generatorCores > 1 ? 's' : ''}: at most ${pct(busiest)}`,
  busiest < 0.9 * generatorCores,
);

if (stored.stored < acknowledged)
  failures.push(
    `${acknowledged - stored.stored} acknowledged enquiries are missing (acknowledged ${acknowledged}, stored ${stored.stored})`,
  );
if (stored.spam > 0) failures.push(`${stored.spam} posted enquiries landed in Spam: ${stored.reasons.join(' | ')}`);
if (stored.trashed > 0) failures.push(`${stored.trashed} posted enquiries are in Trash`);
console.log(
  `\nenquiries posted by the bench: ${acknowledged} acknowledged, ${stored.stored} stored, ${stored.spam} in Spam (requests in flight when a run ended are stored but not counted)`,
);

console.log('\ntargets');
for (const { text, pass } of targets) console.log(`  ${pass ? 'PASS' : 'MISS'}  ${text}`);
if (failures.length > 0) {
  for (const failure of failures) console.error(`FAIL: ${failure}`);
  process.exit(1);
}
