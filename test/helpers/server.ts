import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp, type ProcessHooks } from '../../server/app.js';
import { loadConfig } from '../../server/config/load-config.js';
import type { TestClock } from './clock.js';
import { rememberServerSecret, withFormToken } from './form-token.js';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  dataDir: string;
  /** Closes the server; closing it again does nothing. */
  close(): Promise<void>;
  /**
   * `fetch` for this server: a path (or a URL on it), answered with a standard Response; redirects are
   * not followed. On a server started with `listen: false`, through `app.inject` (no socket at all).
   */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/** What a test gives `withServer` (its `t`, or any other object with `teardown`). */
export interface Teardown {
  teardown(fn: () => unknown): void;
}

export function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'forge-test-'));
}

/** The production app over `dataDir`, silent unless LOG_LEVEL says otherwise. */
async function buildTestApp(
  env: Record<string, string>,
  dataDir: string,
  extend: ((app: FastifyInstance) => void) | undefined,
  hooks: ProcessHooks,
): Promise<FastifyInstance> {
  // No morning digest unless a test asks for one (DIGEST_HOUR): it would be one more e-mail to NOTIFY_TO.
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DIGEST_HOUR: 'off',
    ...env,
  });
  // Silent means silent here: the one line logged whatever LOG_LEVEL is (a generated admin password) would land in tap's output.
  const app = await buildApp(
    config,
    config.logLevel === 'silent' ? { logStream: { write: () => {} }, ...hooks } : hooks,
  );
  extend?.(app);
  return app;
}

/**
 * Starts the real production server in this process on a free loopback port, with its own
 * temporary data directory (SQLite file and secret) unless one is given.
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir = makeDataDir(),
  extend?: (app: FastifyInstance) => void,
  hooks: ProcessHooks = {},
  port = 0,
): Promise<TestServer> {
  const app = await buildTestApp(env, dataDir, extend, hooks);
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const url = `http://127.0.0.1:${address.port}`;
  rememberServerSecret(url, dataDir, env.SESSION_SECRET);
  let closed: Promise<void> | undefined;
  return {
    url,
    app,
    dataDir,
    close: () => (closed ??= app.close()),
    fetch: (path, init = {}) => fetch(new URL(path, url), { redirect: 'manual', ...init }),
  };
}

export interface ServerOptions {
  /** Settings, as the environment gives them (NODE_ENV production and a silent log unless given). */
  env?: Record<string, string>;
  /** An existing data directory (a restart, or one prepared by the test): left in place at teardown. */
  dataDir?: string;
  extend?: (app: FastifyInstance) => void;
  hooks?: ProcessHooks;
  /** The clock the server issues and checks form tokens by (a test moves it on instead of sleeping). */
  clock?: TestClock;
  /**
   * false: the server opens no socket, and `server.fetch` (and an AdminClient given the server)
   * reach it through `app.inject`. For tests that speak HTTP only; a test of sockets, hang-ups or
   * timeouts keeps the default, a server listening on a loopback port.
   */
  listen?: boolean;
  /** The loopback port to listen on (a free one when not given): for a SITE_URL that names it (freePort). */
  port?: number;
}

/**
 * A loopback port free a moment ago, for a server whose SITE_URL must name its port before it starts
 * (passkeys: the browser opens http://localhost:<port>, the relying party's origin).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let injected = 0;

/**
 * Starts a server for one test (see startServer) and registers its teardown: the server is closed and
 * the data directory it made removed. A test may close it earlier, e.g. to restart on the same data
 * directory (`withServer(t, { dataDir: first.dataDir })`: tap runs teardowns last-registered first).
 */
export async function withServer(t: Teardown, options: ServerOptions = {}): Promise<TestServer> {
  const { env = {}, extend, clock, listen = true } = options;
  const hooks = clock ? { now: clock.now, ...options.hooks } : options.hooks;
  const dataDir = options.dataDir ?? makeDataDir();
  let server: TestServer;
  try {
    server = listen
      ? await startServer(env, dataDir, extend, hooks, options.port)
      : await buildInjected(env, dataDir, extend, hooks);
  } catch (error) {
    if (!options.dataDir) removeDataDir(dataDir);
    throw error;
  }
  t.teardown(async () => {
    await server.close();
    if (!options.dataDir) removeDataDir(dataDir);
  });
  return server;
}

/** A data directory for one test (for a server the test starts itself, e.g. as a child process), removed at teardown. */
export function withDataDir(t: Teardown): string {
  const dataDir = makeDataDir();
  t.teardown(() => removeDataDir(dataDir));
  return dataDir;
}

async function buildInjected(
  env: Record<string, string>,
  dataDir: string,
  extend: ((app: FastifyInstance) => void) | undefined,
  hooks: ProcessHooks = {},
): Promise<TestServer> {
  const app = await buildTestApp(env, dataDir, extend, hooks);
  await app.ready();
  // No port: an address of its own, so the form-token helpers tell this server's secret from another's.
  const url = `http://server-${++injected}.inject.test`;
  rememberServerSecret(url, dataDir, env.SESSION_SECRET);
  const origin = new URL(url).origin;
  injectedApps.set(origin, app);
  let closed: Promise<void> | undefined;
  return {
    url,
    app,
    dataDir,
    close: () => (closed ??= app.close().finally(() => injectedApps.delete(origin))),
    fetch: (path, init) => injectFetch(app, new URL(path, url), init),
  };
}

/** The servers started with `listen: false`, by the origin they were given. */
const injectedApps = new Map<string, FastifyInstance>();

/**
 * `fetch` that also reaches a server started with `listen: false` (by its `url`, through inject);
 * redirects are not followed. Helpers that take a URL (postJson, postForm, AdminClient) go through it.
 */
export function fetchOn(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const target = new URL(url);
  const app = injectedApps.get(target.origin);
  return app ? injectFetch(app, target, init) : fetch(target, { redirect: 'manual', ...init });
}

const DECODERS: Record<string, (bytes: Buffer) => Buffer> = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
  deflate: zlib.inflateSync,
};

/** A fetch answered by `app.inject`: the request and the answer as the standard Request and Response. */
async function injectFetch(app: FastifyInstance, url: URL, init: RequestInit = {}): Promise<Response> {
  const request = new Request(url, init);
  const headers: Record<string, string> = { host: url.host };
  request.headers.forEach((value, name) => (headers[name] = value));
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const answer = await app.inject({
    method: request.method as 'GET',
    url: url.pathname + url.search,
    headers,
    ...(body && { payload: body }),
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of [value ?? []].flat()) responseHeaders.append(name, String(one));
  }
  const empty = [101, 204, 205, 304].includes(answer.statusCode) || request.method === 'HEAD';
  // As fetch does: the body decoded, the content-encoding header kept.
  const decode = DECODERS[responseHeaders.get('content-encoding') ?? ''] ?? ((bytes: Buffer) => bytes);
  return new Response(empty ? null : new Uint8Array(decode(answer.rawPayload)), {
    status: answer.statusCode,
    headers: responseHeaders,
  });
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

/** Submits an urlencoded form without following redirects (an enquiry with a form token, see form-token.ts). */
export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetchOn(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(withFormToken(url, fields)).toString(),
    redirect: 'manual',
  });
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetchOn(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(withFormToken(url, body)),
    redirect: 'manual',
  });
}
