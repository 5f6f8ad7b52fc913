import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { projectRoot } from '../../server/paths.js';

export const MAIN = join(projectRoot, 'dist', 'node', 'server', 'main.js');

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  output(): string;
}

/** Starts the built server (`node dist/node/server/main.js`) as its own process on a free port. */
export async function spawnServer(env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 15_000);
    const check = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => reject(new Error(`server exited early:\n${output}`)));
  });
  return { url, child, exited, output: () => output };
}

/** Runs a command to completion and returns its exit code and output. */
export async function run(args: string[], env: Record<string, string>, input?: string, timeoutMs = 30_000) {
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
