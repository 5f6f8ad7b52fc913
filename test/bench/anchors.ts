/**
 * The anchors of `npm run bench`: the same HTML bytes the site serves, written to files with .gz
 * and .br beside them (Node's zlib), served by Debian's nginx with `gzip_static on` (when
 * installed) and by @fastify/static with `preCompressed` (static-server.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { killOnExit } from './processes.js';

export const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';

export interface Anchor {
  name: string;
  origin: string;
  /** The anchor's path for each of the site's paths. */
  pathOf: (sitePath: string) => string;
  pid: number;
  stop(): Promise<void>;
}

/** The file (under root) a site path is copied to: / is index.html, /products/flanges products-flanges.html. */
const fileOf = (sitePath: string) => (sitePath === '/' ? 'index' : sitePath.slice(1).replaceAll('/', '-')) + '.html';

/** Copies each page as the site answers it without compression, then compressed as files. */
export async function writePages(origin: string, paths: readonly string[], root: string): Promise<void> {
  mkdirSync(root, { recursive: true });
  for (const path of paths) {
    const response = await fetch(origin + path, { headers: { 'accept-encoding': 'identity' } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    const html = Buffer.from(await response.arrayBuffer());
    const file = join(root, fileOf(path));
    writeFileSync(file, html);
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
      }),
    );
  }
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

async function waitUntilUp(url: string, child: ChildProcess, name: string): Promise<void> {
  for (const deadline = Date.now() + 10_000; ;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode})`);
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`${name} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const stopper = (child: ChildProcess) => async () => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
};

/**
 * nginx in the foreground with one worker process (the site is one process), access log off, its
 * pid, logs and temporary files in `folder`. Null when nginx is not installed.
 */
export async function startNginx(root: string, folder: string): Promise<Anchor | null> {
  if (!existsSync(NGINX)) return null;
  const port = await freePort();
  const conf = join(folder, 'nginx.conf');
  mkdirSync(join(folder, 'tmp'), { recursive: true });
  writeFileSync(
    conf,
    `daemon off;
${process.getuid?.() === 0 ? 'user root;  # the files are in a folder only the bench user may read\n' : ''}worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${folder}/tmp/body;
  proxy_temp_path ${folder}/tmp/proxy;
  fastcgi_temp_path ${folder}/tmp/fastcgi;
  uwsgi_temp_path ${folder}/tmp/uwsgi;
  scgi_temp_path ${folder}/tmp/scgi;
  types { text/html html; }
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    gzip_static on;
    gzip_vary on;
  }
}
`,
  );
  const child = spawn(NGINX, ['-c', conf, '-p', folder], { stdio: ['ignore', 'ignore', 'pipe'] });
  killOnExit(child);
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${origin}/index.html`, child, 'nginx');
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${(error as Error).message}\n${errors}`);
  }
  // The worker answers the requests; its pid is the master's child.
  const master = child.pid!;
  const workerPid =
    Number(readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/)[0]) || master;
  return { name: 'nginx', origin, pathOf: (path) => `/${fileOf(path)}`, pid: workerPid, stop: stopper(child) };
}

/** @fastify/static over the same files, precompressed (static-server.ts). */
export async function startFastifyStatic(root: string): Promise<Anchor> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'static-server.ts'), root], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  killOnExit(child);
  const origin = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`static server exited (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /static server at (\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
  });
  return {
    name: '@fastify/static',
    origin,
    pathOf: (path) => `/${fileOf(path)}`,
    pid: child.pid!,
    stop: stopper(child),
  };
}
