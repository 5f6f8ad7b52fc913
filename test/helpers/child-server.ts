import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { projectRoot } from '../../server/platform/paths.js';
import { rememberServerSecret } from './form-token.js';

export const MAIN = join(projectRoot, 'dist', 'node', 'server', 'main.js');
const OUTPUT_KEPT = 64 * 1024;

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  output: () => string;
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/**
 * Where the server's standard output (its log) goes: kept (the last 64 KiB), discarded (load tests),
 * a pipe that nobody reads (it fills and blocks), or a file descriptor (e.g. /dev/full).
 */
export type LogTarget = 'keep' | 'discard' | 'unread' | number;

export interface SpawnOptions {
  /** Working directory and the server script; by default this project and its build. */
  cwd?: string;
  main?: string;
  /** The environment the settings are added to; by default this process's. */
  baseEnv?: NodeJS.ProcessEnv;
  /** A lower limit on the server's open files (`ulimit -n`, set by a shell that then execs node: same pid). */
  openFiles?: number;
  /** Options for node itself, before the script (e.g. the V8 flags of `npm start` or the image's CMD). */
  nodeArgs?: string[];
  /** Ready once /healthz says 200 (by default), or once it answers at all (a start on a full disk: 503). */
  readyWhen?: 'healthy' | 'answering';
}

/**
 * How long a server's start or a command may take before the test calls it hung: a guard, not a
 * measure. At load 20 a start (the admin's password hash among it) took 12–16 s, at load 27 over
 * 30 s (six test files at once on two cores); a hang is still named well before tap's 900 s.
 */
export const HANG_LIMIT_MS = 180_000;

/**
 * Starts the built server (`node dist/node/server/main.js`) as its own process on a free port and
 * waits until /healthz answers 200 (or, with `readyWhen: 'answering'`, anything).
 */
export async function spawnServer(
  env: Record<string, string>,
  logs: LogTarget = 'keep',
  { cwd, main = MAIN, baseEnv = process.env, openFiles, nodeArgs = [], readyWhen = 'healthy' }: SpawnOptions = {},
): Promise<ChildServer> {
  const port = await freePort();
  const stdout = logs === 'keep' || logs === 'unread' ? 'pipe' : logs === 'discard' ? 'ignore' : logs;
  const node = [...nodeArgs, main];
  const [command, args]: [string, string[]] =
    openFiles === undefined
      ? [process.execPath, node]
      : ['/bin/sh', ['-c', 'ulimit -n "$1" && shift && exec "$@"', 'sh', String(openFiles), process.execPath, ...node]];
  const child = spawn(command, args, {
    cwd,
    env: { ...baseEnv, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', stdout, 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT));
  if (logs === 'keep') child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exitedEarly = false;
  const exited = once(child, 'exit').then(([code, signal]) => {
    exitedEarly = true;
    return (code ?? signal) as number | string;
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + HANG_LIMIT_MS; ;) {
    if (exitedEarly) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL'); // nobody else has it to stop: left running, it would keep the test process alive
      throw new Error(`server did not start:\n${output}`);
    }
    const ready = await fetch(`${url}/healthz`).then(
      (response) => response.ok || readyWhen === 'answering',
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  rememberServerSecret(url, env.DATA_DIR, env.SESSION_SECRET);
  return { url, child, exited, output: () => output };
}

/** Runs a command to completion and returns its exit code and output. */
export async function run(args: string[], env: Record<string, string>, input?: string, timeoutMs = HANG_LIMIT_MS) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    timeout: timeoutMs,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(input ?? '');
  const [code] = (await once(child, 'exit')) as [number];
  return { code, stdout, stderr };
}
