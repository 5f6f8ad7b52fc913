/**
 * The Docker image's final stage, without Docker: a temporary folder stands for /app and gets what the
 * stage copies (package.json, package-lock.json and the build), the stage's own `npm ci --omit=dev`
 * (from the npm cache where it can), then the stage's CMD with its ENV. This catches a runtime import
 * of a dev dependency, or a file the server needs outside dist/, before an owner's `docker build` does.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, relative } from 'node:path';
import t from 'tap';
import { categoriesOf } from '../../shared/content/categories.js';
import { defaultContent } from '../../shared/content/defaults.js';
import { THANK_YOU_PATH } from '../../shared/routes.js';

const categories = categoriesOf(defaultContent.products);
import { projectRoot } from '../../server/platform/paths.js';
import { type ChildServer, spawnServer } from '../helpers/child-server.js';
import { argsOf, envOf, readDockerfile } from '../helpers/dockerfile.js';
import { makeEnquiry } from '../helpers/enquiry.js';
import { postForm, postJson } from '../helpers/server.js';

const IMAGE_APP = '/app';
const stage = readDockerfile().at(-1)!;
const imageEnv = envOf(stage);
const app = mkdtempSync(join(tmpdir(), 'forge-image-'));
/** A path inside the image, as a path inside the temporary folder. */
const inApp = (path: string) => join(app, relative(IMAGE_APP, path.startsWith('/') ? path : join(IMAGE_APP, path)));
// This Node first on PATH (npm runs on it too).
const PATH = [dirname(process.execPath), process.env.PATH].join(delimiter);
// The server and the HEALTHCHECK run with only what the container has: PATH and the image's ENV.
const containerEnv = { PATH };
// npm reaches the registry as it does on this machine (HOME, proxy, CA certificates), without the
// settings of the npm and tap processes that run this test.
const npmEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|NODE_OPTIONS$)/i.test(key))),
  PATH,
};

let server: ChildServer | undefined;
t.teardown(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  rmSync(app, { recursive: true, force: true });
});

/** Runs a command in the temporary /app with the image's ENV added; resolves with its exit code and output. */
async function runInApp(
  command: string,
  args: string[],
  baseEnv: NodeJS.ProcessEnv,
  env: Record<string, string> = {},
  input?: string,
) {
  const child = spawn(command, args, {
    cwd: app,
    env: { ...baseEnv, ...imageEnv, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(input ?? '');
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

t.test("the final stage's files and production dependencies", async (t) => {
  t.same(argsOf(stage, 'WORKDIR'), [IMAGE_APP], `the final stage works in ${IMAGE_APP}`);
  for (const args of argsOf(stage, 'COPY')) {
    const parts = args.split(/\s+/);
    const fromBuild = parts.includes('--from=build');
    const sources = parts.filter((part) => !part.startsWith('--'));
    const destination = sources.pop()!;
    for (const source of sources) {
      // From the build stage, /app/… is what `npm run build` made here (the test run's pretest builds it).
      const from = join(projectRoot, fromBuild ? relative(IMAGE_APP, source) : source);
      t.ok(existsSync(from), `COPY ${args}: ${from} exists`);
      // COPY follows a symlink named as its source (BuildKit's FollowSymlinks), as `dist` is: the
      // image gets the folder it points at, build/<id>/, as a plain folder.
      cpSync(
        realpathSync(from),
        destination.endsWith('/') ? join(inApp(destination), basename(source)) : inApp(destination),
        { recursive: true },
      );
    }
  }
  const dist = lstatSync(inApp('dist'));
  t.ok(
    dist.isDirectory() && !dist.isSymbolicLink(),
    "the image's dist/ is a plain folder, not a symlink to a build folder it lacks",
  );
  for (const part of ['client/.vite/manifest.json', 'ssr/entry-server.js', 'node/server/main.js', '.build-stamp']) {
    t.ok(existsSync(inApp(join('dist', part))), `the image's dist/ holds the whole build: ${part}`);
  }

  const runs = argsOf(stage, 'RUN');
  const install = runs.map((run) => /\bnpm ci [^&;|]*/.exec(run)?.[0].trim()).find(Boolean);
  t.match(install, /^npm ci --omit=dev\b/);
  const [command, ...args] = install!.split(/\s+/);
  const installed = await runInApp(command!, [...args, '--prefer-offline'], npmEnv);
  t.equal(installed.code, 0, `${install} in a copy of the final stage`, { output: installed.output });
  t.notMatch(installed.output, /EBADENGINE|install scripts not yet covered/, 'no engine or install-script warnings');
  t.ok(existsSync(join(app, 'node_modules', 'better-sqlite3')), 'production dependencies installed');
  for (const dev of ['vite', 'tap', 'typescript', 'tsx'])
    t.notOk(existsSync(join(app, 'node_modules', dev)), `no ${dev}`);
  t.ok(
    existsSync(join(app, 'node_modules', '@flydotio', `litestream-${process.platform}-${process.arch}`, 'litestream')),
    "Litestream's binary comes inside its npm package, with the production dependencies",
  );
  t.ok(
    runs.some((run) => /apt-get install[^&]*\brestic\b[^&]*\bopenssh-client\b/.test(run)),
    'restic and the SSH client from Debian, for the off-site copies of the files',
  );
  t.ok(existsSync(inApp('dist/node/server/cli/restore.js')), 'npm run restore’s command is in the image');
  t.notOk(
    existsSync(join(app, 'node_modules', 'better-sqlite3', 'build')),
    'better-sqlite3 built nothing: it loads its prebuilt binary',
  );

  for (const run of runs.filter((run) => /^mkdir -p /.test(run))) {
    for (const path of run.split('&&')[0]!.trim().split(/\s+/).slice(2)) mkdirSync(inApp(path), { recursive: true });
  }
});

t.test("the final stage's CMD serves the site with the image's environment", async (t) => {
  const cmd = JSON.parse(argsOf(stage, 'CMD')[0]!) as string[];
  t.equal(cmd[0], 'node', `CMD ${JSON.stringify(cmd)}`);
  t.match(imageEnv, { NODE_ENV: 'production', HOST: '0.0.0.0', DATA_DIR: `${IMAGE_APP}/data` });
  // The port is a free one rather than the image's 3000, which may be taken on this machine.
  const { PORT: _imagePort, DATA_DIR, ...env } = imageEnv;
  // node, its options (the V8 flags, see docs/deploy.md), then the server's script.
  const [, ...args] = cmd;
  const nodeArgs = args.slice(0, -1);
  t.ok(
    nodeArgs.every((arg) => arg.startsWith('--')),
    `node's options before the script: ${nodeArgs.join(' ')}`,
  );
  server = await spawnServer({ ...env, DATA_DIR: inApp(DATA_DIR!) }, 'keep', {
    cwd: app,
    main: args.at(-1)!,
    baseEnv: containerEnv,
    nodeArgs,
  });
  const url = server.url;

  const home = await fetch(url + '/');
  t.equal(home.status, 200, 'GET /');
  const html = await home.text();
  t.ok(html.includes('<title>'), 'the home page is server-rendered');
  const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  t.ok(script, 'the page loads the client bundle');
  const asset = await fetch(url + script);
  t.equal(asset.status, 200, `${script} is served from the copied build`);
  await asset.arrayBuffer();

  const flanges = categories.find((category) => category.slug === 'flanges')!;
  const category = await fetch(`${url}/products/${flanges.slug}`);
  t.equal(category.status, 200, `GET /products/${flanges.slug}`);
  const categoryHtml = await category.text();
  t.ok(categoryHtml.includes(flanges.name), 'the category page names its category');
  // The preview image is drawn with the fonts copied into dist/ and sharp's production install.
  const preview = /<meta property="og:image" content="[^"]*(\/og\/[^"]+)">/.exec(categoryHtml)?.[1];
  const image = await fetch(url + preview);
  t.equal(image.status, 200, `${preview} is drawn in the final stage`);
  t.equal(image.headers.get('content-type'), 'image/jpeg');
  await image.arrayBuffer();

  const health = await fetch(url + '/healthz');
  t.equal(health.status, 200, 'GET /healthz');
  t.same(await health.json(), { status: 'ok' });
  // The image's HEALTHCHECK command itself, with the port the server listens on.
  const healthcheck = JSON.parse(
    /^CMD (\[.*\])$/.exec(argsOf(stage, 'HEALTHCHECK')[0]!.replace(/^(--\S+\s+)*/, ''))![1]!,
  ) as string[];
  t.equal(healthcheck[0], 'node');
  const probe = await runInApp(process.execPath, healthcheck.slice(1), containerEnv, { PORT: new URL(url).port });
  t.equal(probe.code, 0, 'the HEALTHCHECK command passes', { output: probe.output });

  const enquiry = makeEnquiry({ subject: 'Flanges, 6 inch, class 300' });
  const json = await postJson(`${url}/api/enquiries`, enquiry);
  t.equal(json.status, 201, 'JSON enquiry stored');
  t.match(await json.json(), { ok: true, formToken: String });
  const form = await postForm(`${url}/contact`, {
    ...enquiry,
    subject: `${enquiry.subject} (form)`,
    'form-name': 'contact',
    'bot-field': '',
  });
  t.equal(form.status, 303, 'form enquiry stored');
  t.match(
    form.headers.get('location'),
    new RegExp(`^${THANK_YOU_PATH}\\?ref=\\d+$`),
    'then the thank-you page, with the reference number',
  );
  t.equal((await fetch(url + THANK_YOU_PATH)).status, 200);

  // docker stop: SIGTERM, a clean exit, both enquiries on disk in the data volume.
  server.child.kill('SIGTERM');
  t.equal(await server.exited, 0, 'SIGTERM: a clean exit');
  t.notMatch(server.output(), /"level":(50|60)/, 'no error in the log');
  const db = new Database(join(inApp(DATA_DIR!), 'forge.db'), { readonly: true });
  t.same(db.prepare('SELECT name, subject FROM enquiries ORDER BY id').all(), [
    { name: enquiry.name, subject: enquiry.subject },
    { name: enquiry.name, subject: `${enquiry.subject} (form)` },
  ]);
  db.close();
});

t.test(
  "the README's commands for the running container work in the final stage: the first password, admin:password, backup",
  async (t) => {
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
    const dataDir = inApp(imageEnv.DATA_DIR!);
    const script = (name: string) => {
      const path = new RegExp(`docker exec (?:-\\w+ )*forge-site node (\\S+/${name})`).exec(readme)?.[1];
      t.ok(path, `the README runs ${name} in the container`);
      return path!;
    };
    t.match(
      readme,
      'docker exec forge-site cat /app/data/initial-admin-password',
      'the README shows where the first password is',
    );
    const password = readFileSync(join(dataDir, 'initial-admin-password'), 'utf8').trim();
    t.match(password, /^[\w-]{24}$/, "the server's first start left it there");

    const env = { DATA_DIR: dataDir };
    const changed = await runInApp(
      process.execPath,
      [script('admin-password.js')],
      containerEnv,
      env,
      'owner@yourcompany.in\nthe owner chose this\nthe owner chose this\n',
    );
    t.equal(changed.code, 0, 'admin:password, piped as the README shows', { output: changed.output });
    t.match(changed.output, `Database: ${join(dataDir, 'forge.db')}`);
    t.notOk(existsSync(join(dataDir, 'initial-admin-password')), 'the first password is gone once changed');

    const target = join(dataDir, 'backups', 'forge-2026-11-24');
    const backup = await runInApp(process.execPath, [script('backup.js'), target], containerEnv, env);
    t.equal(backup.code, 0, 'backup', { output: backup.output });
    t.ok(
      existsSync(join(target, 'forge.db')) && existsSync(join(target, 'session-secret')),
      'the backup folder holds the database and the session secret',
    );
  },
);
