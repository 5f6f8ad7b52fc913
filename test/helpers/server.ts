import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type ProcessHooks } from '../../server/app.js';
import { loadConfig } from '../../server/platform/config/load-config.js';
import { rememberServerSecret, withFormToken } from './form-token.js';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

export function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'forge-test-'));
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
): Promise<TestServer> {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  // Silent means silent here: the one line logged whatever LOG_LEVEL is (a generated admin password) would land in tap's output.
  const app = await buildApp(config, config.logLevel === 'silent' ? { logStream: { write: () => {} }, ...hooks } : hooks);
  extend?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const url = `http://127.0.0.1:${address.port}`;
  rememberServerSecret(url, dataDir, env.SESSION_SECRET);
  return {
    url,
    app,
    dataDir,
    close: () => app.close(),
  };
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

/** Submits an urlencoded form without following redirects (an enquiry with a form token, see form-token.ts). */
export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(withFormToken(url, fields)).toString(),
    redirect: 'manual',
  });
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(withFormToken(url, body)),
    redirect: 'manual',
  });
}
