import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { publicRoutes } from '../../shared/routes.js';
import { projectRoot } from '../../server/platform/paths.js';
import { argsOf, envOf, readDockerfile } from '../helpers/dockerfile.js';
import { startScript } from '../helpers/start-script.js';
import { withServer } from '../helpers/server.js';
import { testClock } from '../helpers/clock.js';
import { PROBE_EVERY_MS } from '../../server/platform/http/health-routes.js';
import type { LogLine } from '../helpers/server-log.js';
import { PLAIN_HTTP_WARNING } from '../../server/platform/http/plain-http-warning.js';

const clock = testClock();
const server = await withServer(t, {
  clock,
  env: { TRUST_PROXY: 'true' },
  extend: (app) => {
    app.get('/boom', async () => {
      throw new Error('secret internal detail');
    });
    app.get('/api/boom', async () => {
      throw new Error('secret internal detail');
    });
  },
  listen: false,
});

t.test('every page sends the security headers', async (t) => {
  for (const path of [...publicRoutes.map((page) => page.path), '/admin', '/no-such-page']) {
    const response = await server.fetch(path);
    const csp = response.headers.get('content-security-policy') ?? '';
    t.match(csp, /default-src 'self'/, path);
    t.match(csp, /script-src 'self'(;|$)/, `${path}: scripts from this origin only`);
    t.notMatch(csp, /unsafe-inline/, `${path}: no unsafe-inline`);
    t.match(csp, /frame-ancestors 'none'/);
    t.equal(response.headers.get('x-content-type-options'), 'nosniff');
    t.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    t.equal(response.headers.get('x-frame-options'), 'SAMEORIGIN');
    t.equal(response.headers.get('strict-transport-security'), null, `${path}: no HSTS over plain HTTP`);
    t.match(
      response.headers.get('permissions-policy'),
      /(^|, )camera=\(\), .*geolocation=\(\), .*microphone=\(\)/,
      `${path}: Permissions-Policy`,
    );
  }
});

t.test('HSTS over HTTPS (behind a proxy that says so)', async (t) => {
  const response = await server.fetch('/', { headers: { 'x-forwarded-proto': 'https' } });
  t.match(response.headers.get('strict-transport-security'), /^max-age=31536000; includeSubDomains$/);
});

t.test('over plain HTTP the log says once that the cookies cannot be Secure, and to set TRUST_PROXY', async (t) => {
  const lines: string[] = [];
  const proxied = await withServer(t, {
    env: { TRUST_PROXY: '1', LOG_LEVEL: 'warn' },
    listen: false,
    hooks: { logStream: { write: (line: string) => void lines.push(line) } },
  });
  const warnings = () =>
    lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === PLAIN_HTTP_WARNING);
  const viaTls = await proxied.fetch('/admin', { headers: { 'x-forwarded-proto': 'https' } });
  t.match(viaTls.headers.get('set-cookie'), /; Secure/, 'through a trusted TLS proxy: Secure');
  t.equal(warnings().length, 0, 'and nothing to say');
  for (let n = 0; n < 3; n++) await proxied.fetch('/admin');
  t.equal(warnings().length, 1, 'three requests over plain HTTP: one line');
  t.match(warnings()[0], { level: 40, msg: /cannot be Secure.*TRUST_PROXY=1/ });
});

t.test('health: 200 while the database can take a write (the failures: storage-faults.test.ts)', async (t) => {
  const ok = await server.fetch('/healthz');
  t.equal(ok.status, 200);
  t.equal(ok.headers.get('cache-control'), 'no-store');
  t.same(await ok.json(), { status: 'ok' });
});

// Issue 40 item 8: anonymous callers within their limits cannot make /healthz write on every call.
t.test('health: its test write is made at most once a second, however many call', async (t) => {
  const db = server.app.db;
  db.exec(`CREATE TABLE probe_writes (n INTEGER NOT NULL);
    INSERT INTO probe_writes VALUES (0);
    CREATE TRIGGER probe_inserted AFTER INSERT ON storage_probe BEGIN UPDATE probe_writes SET n = n + 1; END;
    CREATE TRIGGER probe_updated AFTER UPDATE ON storage_probe BEGIN UPDATE probe_writes SET n = n + 1; END;`);
  t.teardown(() => db.exec('DROP TABLE probe_writes; DROP TRIGGER probe_inserted; DROP TRIGGER probe_updated'));
  const writes = () => db.prepare('SELECT n FROM probe_writes').pluck().get() as number;
  clock.advance(PROBE_EVERY_MS);
  const calls = Array.from({ length: 40 }, (_, i) =>
    server.fetch('/healthz', { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } }),
  );
  t.same(
    (await Promise.all(calls)).map((response) => response.status),
    Array(40).fill(200),
    '40 callers at once: all 200',
  );
  t.equal((await server.fetch('/healthz')).status, 200, 'and one more within the second');
  t.equal(writes(), 1, 'one test write for all of them');
  clock.advance(PROBE_EVERY_MS);
  t.equal((await server.fetch('/healthz')).status, 200);
  t.equal(writes(), 2, 'the next second, one more');
});

t.test('a thrown error is a 500 page or JSON without the details', async (t) => {
  const page = await server.fetch('/boom');
  t.equal(page.status, 500);
  const html = await page.text();
  t.ok(html.includes('Something Went Wrong'));
  t.ok(html.includes('class="site-footer"'), 'in the site layout');
  t.notOk(html.includes('secret internal detail'));
  t.notMatch(html, /at \S+ \(?[^)\s]+:\d+:\d+/, 'no stack trace');
  const api = await server.fetch('/api/boom');
  t.equal(api.status, 500);
  t.same(await api.json(), {
    error: 'Something Went Wrong',
    message: 'Something went wrong on our side. Please try again in a moment.',
  });
});

t.test('bad bodies: 400, 415 and 413, never 500', async (t) => {
  const post = (contentType: string, body: string) =>
    server.fetch('/api/enquiries', { method: 'POST', headers: { 'content-type': contentType }, body });
  t.equal((await post('application/json', '{not json')).status, 400);
  t.equal((await post('application/xml', '<a/>')).status, 415);
  t.equal((await post('application/json', JSON.stringify({ message: 'x'.repeat(40_000) }))).status, 413);
  t.equal((await post('application/x-www-form-urlencoded', `message=${'x'.repeat(40_000)}`)).status, 413);
});

t.test('the Dockerfile: slim LTS base, build as in the README, non-root, healthcheck, volume', async (t) => {
  const dockerfile = readFileSync(join(projectRoot, 'Dockerfile'), 'utf8');
  const scripts = (
    JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const stages = readDockerfile();
  t.ok(stages.length >= 2, 'multi-stage');
  // The Node major is the one in package.json's engines (test/platform/runtime.test.ts).
  for (const { image } of stages)
    t.match(image, /^node:\d+-bookworm-slim@sha256:[0-9a-f]{64}$/, 'official Node slim image, pinned by digest');
  t.equal(new Set(stages.map((stage) => stage.image)).size, 1, 'the same pinned image in every stage');
  t.match(
    dockerfile,
    /docker buildx imagetools inspect node:\d+-bookworm-slim/,
    'a comment says how to update the pin',
  );
  // Downloaded once: both installs share one npm cache (a BuildKit cache mount), the final one offline-first.
  const installs = stages.flatMap((stage) => argsOf(stage, 'RUN')).filter((run) => /\bnpm ci\b/.test(run));
  t.equal(installs.length, 2, 'one npm ci per stage');
  for (const install of installs)
    t.match(install, /^--mount=type=cache,id=forge-npm,target=\/root\/\.npm npm ci .*--prefer-offline/, install);
  for (const [, script] of dockerfile.matchAll(/npm run ([\w:-]+)/g))
    t.ok(scripts[script!], `npm run ${script} exists in package.json`);
  for (const run of stages.flatMap((stage) => argsOf(stage, 'RUN'))) {
    t.notMatch(
      run,
      /python3|\bg\+\+|\bgcc\b|build-essential|\bmake\b/,
      `no compiler (nothing is built from source; Debian's restic and ssh client are packages): RUN ${run}`,
    );
  }
  const finalStage = stages[stages.length - 1]!;
  const final = finalStage.text;
  t.same(
    argsOf(finalStage, 'COPY'),
    ['package.json package-lock.json .npmrc ./', '--from=build /app/dist ./dist'],
    'the final stage takes the manifest and lockfile, and the build; its own npm ci installs production dependencies only',
  );
  t.match(argsOf(finalStage, 'RUN').join('\n'), /^--mount=\S+ npm ci --omit=dev\b/m);
  const user = /^USER (\S+)/m.exec(final)?.[1];
  t.ok(user && user !== 'root' && user !== '0', 'runs as a non-root user');
  t.match(final, /NODE_ENV=production/);
  t.match(final, /^EXPOSE 3000$/m);
  t.match(final, /^VOLUME \["\/app\/data"\]$/m);
  t.match(final, /^HEALTHCHECK [\s\S]*\/healthz/m);
  t.notMatch(final, /npm ci(?! --omit)|COPY \. \./, 'the final stage copies the build, not the sources');
  const [, flags, cmd] = /^CMD \["node", ((?:"--[^"]+", )*)"([^"]+)"\]$/m.exec(final) ?? [];
  t.equal(cmd, 'dist/node/server/main.js');
  const start = startScript();
  t.same(
    JSON.parse(`[${flags!.replace(/, $/, '')}]`),
    start.flags,
    `node's flags as in \`npm start\` (docs/deploy.md, "Memory"): ${start.flags.join(' ')}`,
  );
  t.match(envOf(finalStage), start.env, `the environment \`npm start\` sets: ${JSON.stringify(start.env)}`);
  t.ok(readFileSync(join(projectRoot, cmd!)), 'the command it runs is what `npm run build` makes');
  const ignored = readFileSync(join(projectRoot, '.dockerignore'), 'utf8').split('\n');
  for (const entry of ['node_modules', 'data', '.git', 'dist', 'build'])
    t.ok(ignored.includes(entry), `.dockerignore: ${entry}`);
});
