/**
 * npm run lighthouse — Lighthouse (mobile preset) on every public route of the production build,
 * in Debian's Chromium, with the owner's photos on the site (a 4000 × 3000 camera photo for every
 * category and hero slide, and a logo: see uploadSitePhotos) and every capability record filled in
 * (certificates, machines and a case study, each with such a photo, the capacity, materials,
 * standards, export markets and registration numbers: see fillCapability, so /infrastructure is
 * measured as a full page), after one uncounted warm-up run.
 * Budget per route: the category scores below, LCP at most 2.5 s and no layout shift (CLS 0). A
 * route whose first run passes with room (performance 3 points above its budget, LCP 250 ms under) is
 * judged on that run; any other is run four more times and judged on the median of five (Lighthouse
 * varies between runs: one slow run never fails a route on its own). Prints route × score, LCP, CLS, FCP and TBT, and exits 1 when a budget is missed. The JSON reports go
 * to test/lighthouse/reports/ (not in git).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { localizedHref } from '../../shared/i18n/page-address.js';
import type { TranslatedLanguage } from '../../shared/i18n/languages.js';
import { publicRoutes } from '../../shared/routes.js';
import { projectRoot } from '../../server/platform/paths.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { CHROMIUM_PATH } from '../helpers/browser.js';
import { spawnServer } from '../helpers/child-server.js';
import { fillCapability } from '../helpers/capability.js';
import { publishLanguage } from '../helpers/languages.js';
import { uploadSitePhotos } from '../helpers/photos.js';
import { reusedPhotoVariants } from '../helpers/photo-variants.js';
import { makeDataDir, removeDataDir, startServer } from '../helpers/server.js';

const BUDGET: Record<string, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** Largest Contentful Paint, in milliseconds (Lighthouse's simulated slow 4G), at most. */
const LCP_BUDGET_MS = 2500;
/** Languages published for the run: each measured on its home page and a category, right to left included. */
const PUBLISHED: TranslatedLanguage[] = ['de', 'ar'];
/**
 * Measured and printed, not yet held to the budget: with the Arabic font cut at build, /ar/ scores 94 to
 * 95 (LCP 2.2 s) and its flanges page 96 to 97 (LCP 2.3 to 2.4 s) on a quiet machine, too near the
 * budget to pass every run (issue 38 is open on it; docs/languages.md).
 */
const REPORTED_ONLY = new Set(['/ar/', localizedHref('ar', '/products/flanges')]);
const ROUTES_MEASURED = [
  ...publicRoutes.map((route) => route.path),
  ...PUBLISHED.flatMap((lang) => [localizedHref(lang, '/'), localizedHref(lang, '/products/flanges')]),
];
const reportsDir = join(projectRoot, 'test', 'lighthouse', 'reports');
mkdirSync(reportsDir, { recursive: true });

const dataDir = makeDataDir();
const uploading = Date.now();
await fillDataDir(dataDir);
console.log(`Photos uploaded in ${((Date.now() - uploading) / 1000).toFixed(1)} s.`);
const site = await spawnServer({ DATA_DIR: dataDir, ...TEST_ADMIN_ENV }, 'discard');
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});

/**
 * The owner's photos and records, put in through the editor of a server in this process, closed before
 * the measured one starts on the same data directory: its photos' variants are those `npm test` made
 * of the same photos earlier in the run (photo-variants.ts), not made again.
 */
async function fillDataDir(dataDir: string): Promise<void> {
  const editing = await startServer(TEST_ADMIN_ENV, dataDir, undefined, { processPhoto: reusedPhotoVariants });
  try {
    const owner = new AdminClient(editing.url);
    await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    await uploadSitePhotos(owner);
    await fillCapability(owner);
    for (const lang of PUBLISHED) await publishLanguage(owner, lang);
  } finally {
    await editing.close();
  }
}

const failures: string[] = [];
type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/**
 * The benchmark index (Lighthouse's measure of the CPU it runs on) of the machine on which the budget
 * was set with Lighthouse's default 4× CPU slowdown (docs/benchmarks.md, 2026-11-27: 1,652).
 */
const REFERENCE_BENCHMARK_INDEX = 1650;
const DEFAULT_CPU_SLOWDOWN = 4;
/**
 * The CPU slowdown for this run's benchmark index (Lighthouse's throttling docs: calibrate the
 * multiplier to the host's index): a slower moment (a busy machine, an index under 1,650) is slowed
 * down less, so that it scores the same simulated phone. Not clamped at 1×: the simulation
 * (throttlingMethod simulate) only multiplies the trace's CPU task durations. Never above Lighthouse's
 * default 4×: the index times a JavaScript loop and over-reads machines that are slow at page work
 * (docs/development.md, "Why at most 4×").
 */
const calibratedSlowdown = (benchmarkIndex: number): number =>
  Math.min(DEFAULT_CPU_SLOWDOWN, (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The benchmark index is judged on the median of the last few runs' (its own included)... */
const INDEX_WINDOW = 5;
const measuredIndexes: number[] = [];
/**
 * ...because one run's index is noisy: in one CI run on a quiet machine it ranged from 660 to 1,100,
 * so each run's CPU slowdown swung by two thirds on its own. The median of the last five follows a
 * lasting change of the machine's load within a few runs without following one run's noise.
 */
function machineIndex(measured: number): number {
  measuredIndexes.push(measured);
  return median(measuredIndexes.slice(-INDEX_WINDOW));
}

interface SavedArtifacts {
  BenchmarkIndex: number;
  settings: { throttling: Record<string, number> };
}

/**
 * One Lighthouse run of a route with simulated throttling, in two steps: it gathers the page's trace
 * (no throttling is applied while gathering), then the simulation scores it with the CPU slowdown
 * calibrated to the benchmark index that the same gathering measured (with the runs before it: machineIndex).
 */
async function run(path: string): Promise<Result | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  try {
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const };
    await lighthouse(site.url + path, { ...flags, onlyCategories: Object.keys(BUDGET), gatherMode: dir });
    const artifactsFile = join(dir, 'artifacts.json');
    const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as SavedArtifacts;
    const throttling = {
      ...artifacts.settings.throttling,
      cpuSlowdownMultiplier: calibratedSlowdown(machineIndex(artifacts.BenchmarkIndex)),
    };
    // The saved settings and the audit's must agree: the slowdown only counts in the simulation.
    artifacts.settings.throttling = throttling;
    writeFileSync(artifactsFile, JSON.stringify(artifacts));
    return await lighthouse(site.url + path, {
      ...flags,
      onlyCategories: Object.keys(BUDGET),
      auditMode: dir,
      throttling,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ATTEMPTS = 3;

/** One measurement of a route. A run whose trace Lighthouse could not record (e.g. NO_NAVSTART) says
 * nothing of the page, so it is tried again; the route fails only when no attempt records. */
async function audit(path: string): Promise<Result> {
  let result: Result | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    result = await run(path);
    if (result && !result.lhr.runtimeError) return result;
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  failures.push(`${path}: Lighthouse failed ${ATTEMPTS} times: ${result.lhr.runtimeError!.message}`);
  return result;
}

/**
 * What a run measured: the category scores (in BUDGET's order), LCP in ms and CLS; and, to tell why a
 * score moved, FCP and Total Blocking Time in ms.
 */
interface Measure {
  scores: number[];
  lcp: number;
  cls: number;
  fcp: number;
  tbt: number;
}
const measureOf = ({ lhr }: Result): Measure => ({
  scores: Object.keys(BUDGET).map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100)),
  lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity,
  cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity,
  fcp: lhr.audits['first-contentful-paint']?.numericValue ?? Infinity,
  tbt: lhr.audits['total-blocking-time']?.numericValue ?? Infinity,
});
/** Where a measure misses the budget (none when it meets it). */
const missed = (path: string, { scores, lcp, cls, fcp, tbt }: Measure) => [
  ...Object.entries(BUDGET).flatMap(([category, minimum], index) =>
    scores[index]! < minimum
      ? [
          `${path}: ${category} ${scores[index]} < ${minimum}` +
            (category === 'performance' ? ` (FCP ${Math.round(fcp)} ms, TBT ${Math.round(tbt)} ms)` : ''),
        ]
      : [],
  ),
  ...(lcp > LCP_BUDGET_MS ? [`${path}: LCP ${Math.round(lcp)} ms > ${LCP_BUDGET_MS} ms`] : []),
  ...(cls !== 0 ? [`${path}: CLS ${cls.toFixed(4)} > 0`] : []),
];

/** A task's script or page by its file name (`/` for the home page). */
const taskSource = (url: string) => (URL.canParse(url) ? basename(new URL(url).pathname) || '/' : url);

/**
 * The run's five longest main-thread tasks in the simulation (start and length in ms, and the script or
 * page they belong to), so that a missed budget says what held the page up: CI keeps only the output.
 */
function longestTasks({ lhr }: Result): string {
  const items = (
    lhr.audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] }
  )?.items;
  return (
    [...(items ?? [])]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 5)
      .map((task) => `${Math.round(task.duration)} at ${Math.round(task.startTime)} (${taskSource(task.url)})`)
      .join(', ') || 'none'
  );
}

/** How many runs a route is judged on (by their median) unless its first run passes with room. */
const JUDGED_RUNS = 5;
/** A performance score or an LCP this close to its budget is near it: another run could fall the other side. */
const NEAR_SCORE = 3;
const NEAR_LCP_MS = 250;

/**
 * Whether one run settles a route's verdict: it passes with room (the other categories do not vary
 * between runs). A run near the budget or under it is followed by four more, and the median of five
 * decides: in one hour on one machine, one run of /de/ scored 69 where medians of five scored 76 to 82.
 */
const passesWithRoom = ({ scores, lcp }: Measure): boolean =>
  scores[0]! - BUDGET.performance! >= NEAR_SCORE && LCP_BUDGET_MS - lcp >= NEAR_LCP_MS;

try {
  // Warms the browser and the server; not counted. Each run's CPU slowdown follows its own benchmark index.
  const warmUp = await run('/');
  const index = warmUp?.lhr.environment.benchmarkIndex ?? 0;
  console.log(
    `Benchmark index of this machine: ${Math.round(index)}, CPU slowdown ${calibratedSlowdown(index).toFixed(2)}× ` +
      `(${DEFAULT_CPU_SLOWDOWN}× at the reference index ${REFERENCE_BENCHMARK_INDEX}).\n`,
  );
  console.log(
    `${'route'.padEnd(34)}${Object.keys(BUDGET)
      .map((c) => c.padStart(16))
      .join(
        '',
      )}${'LCP ms'.padStart(10)}${'CLS'.padStart(8)}${'FCP ms'.padStart(10)}${'TBT ms'.padStart(10)}${'CPU ×'.padStart(8)}`,
  );
  // `npm run lighthouse -- / /contact` measures just those routes (all public routes by default).
  const chosen = process.argv.slice(2);
  for (const path of ROUTES_MEASURED.filter((route) => chosen.length === 0 || chosen.includes(route))) {
    // Results vary from run to run: unless the first run passes with room, the median of five decides.
    let runs = [await audit(path)];
    for (let extra = 0; extra < JUDGED_RUNS - 1 && !passesWithRoom(measureOf(runs[0]!)); extra++)
      runs = [...runs, await audit(path)];
    const measures = runs.map(measureOf);
    // The report kept is that of the run with the median performance score.
    const result = runs[measures.findIndex((m) => m.scores[0] === median(measures.map((m) => m.scores[0]!)))]!;
    const measure: Measure = {
      scores: Object.keys(BUDGET).map((_, index) => median(measures.map((m) => m.scores[index]!))),
      lcp: median(measures.map((m) => m.lcp)),
      cls: median(measures.map((m) => m.cls)),
      fcp: median(measures.map((m) => m.fcp)),
      tbt: median(measures.map((m) => m.tbt)),
    };
    const name = path === '/' ? 'home' : decodeURI(path).slice(1).replace(/\/$/, '').replace(/\//g, '_');
    writeFileSync(join(reportsDir, `${name}.json`), result.report as string);
    console.log(
      `${path.padEnd(34)}${measure.scores.map((score) => String(score).padStart(16)).join('')}` +
        `${String(Math.round(measure.lcp)).padStart(10)}${measure.cls.toFixed(3).padStart(8)}` +
        `${String(Math.round(measure.fcp)).padStart(10)}${String(Math.round(measure.tbt)).padStart(10)}` +
        `${String(result.lhr.configSettings.throttling.cpuSlowdownMultiplier.toFixed(2)).padStart(8)}` +
        `${runs.length > 1 ? `  (median of ${runs.length})` : ''}`,
    );
    const misses = missed(path, measure);
    if (REPORTED_ONLY.has(path)) misses.forEach((miss) => console.log(`  (not held to the budget yet) ${miss}`));
    else if (misses.length > 0) failures.push(...misses, `  its median run's longest tasks: ${longestTasks(result)}`);
  }
} finally {
  chrome.kill();
  site.child.kill('SIGTERM');
  await site.exited;
  removeDataDir(dataDir);
}

if (failures.length > 0) {
  // The run's conditions with its verdict: CI keeps only the end of the output.
  const index = median(measuredIndexes);
  const conditions = `benchmark index ${Math.round(index)} (median of ${measuredIndexes.length} runs), CPU slowdown ${calibratedSlowdown(index).toFixed(2)}×`;
  console.error(`\nBudget missed (${conditions}):\n${failures.join('\n')}\n(reports in ${reportsDir})`);
  process.exit(1);
}
console.log('\nEvery route meets the budget.');
