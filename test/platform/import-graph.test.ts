/**
 * The rooms of the code and what each may import (docs/architecture.md), read from the sources'
 * import statements, type-only imports included: no import circles, platform/ imports no feature,
 * shared/ imports nothing of the server or the client, and nothing in the client imports its router.
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import t from 'tap';
import { projectRoot } from '../../server/platform/paths.js';

const ROOTS = ['server', 'client', 'shared'];
const SOURCE = /\.(ts|tsx|mjs)$/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : SOURCE.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  const base = join(dirname(from), spec);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
  ];
  return candidates.find((path) => SOURCE.test(path) && existsSync(path)) ?? null;
}

const files = ROOTS.flatMap((root) => filesUnder(join(projectRoot, root)));
const name = (path: string) => relative(projectRoot, path);
const graph = new Map<string, string[]>(
  files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((match) => resolveImport(file, (match[1] ?? match[2])!))
      .filter((path) => path !== null);
    return [name(file), targets.map(name)];
  }),
);

t.test('the import graph was read', async (t) => {
  t.ok(graph.size > 100, `${graph.size} files`);
  t.ok(graph.get('server/app.ts')!.length > 5, 'app.ts imports its plugins');
});

t.test('no import circles, type-only imports included', async (t) => {
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]) => {
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push([...path.slice(path.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file, [file]);
  t.same(circles, []);
});

const FEATURES = /^server\/(enquiries|admin|site-content|pages)\//;
const rules: { what: string; from: RegExp; never: RegExp }[] = [
  { what: 'platform/ imports no feature', from: /^server\/platform\//, never: FEATURES },
  { what: 'shared/ imports nothing of the server or the client', from: /^shared\//, never: /^(server|client)\// },
  {
    what: 'the client never imports its router (client/app/)',
    from: /^client\/(components|layout|pages|context)\//,
    never: /^client\/app\//,
  },
  { what: 'the server never imports the client', from: /^server\//, never: /^client\// },
];

for (const rule of rules) {
  t.test(rule.what, async (t) => {
    const broken = [...graph].flatMap(([file, targets]) =>
      rule.from.test(file)
        ? targets.filter((target) => rule.never.test(target)).map((target) => `${file} → ${target}`)
        : [],
    );
    t.same(broken, []);
  });
}

/** A feature: a folder of server/, or of server/admin/ (the desk, reports, security …). */
const featureOf = (file: string) => /^server\/(admin\/[^/]+|[^/]+)\//.exec(file)?.[1];
/** Where the plugins are put together: the site's (app.ts) and the admin area's. */
const COMPOSITION_ROOTS = ['server/app.ts', 'server/admin/admin-screens.ts'];

t.test("no feature imports another feature's routes (files named *-routes.ts)", async (t) => {
  const broken = [...graph].flatMap(([file, targets]) =>
    COMPOSITION_ROOTS.includes(file)
      ? []
      : targets
          .filter((target) => target.endsWith('-routes.ts') && featureOf(target) !== featureOf(file))
          .map((target) => `${file} → ${target}`),
  );
  t.same(broken, []);
});

/** The server's layers, lowest first: a file imports its own layer and those below it. */
const LAYERS = [/^shared\//, /^server\/(platform|config)\//, /^server\/.+\//, /^server\/[^/]+$/];
const layerOf = (file: string) => LAYERS.findIndex((layer) => layer.test(file));

t.test("at most 3 imports run against the layers: config/ reading each feature's settings", async (t) => {
  const upward = [...graph].flatMap(([file, targets]) =>
    layerOf(file) < 0
      ? []
      : targets.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${file} → ${target}`),
  );
  t.ok(upward.length <= 3, upward.join('\n'));
  t.same(
    upward.filter((edge) => !edge.startsWith('server/config/load-config.ts → ')),
    [],
    'only the configuration reads features (their settings)',
  );
});
