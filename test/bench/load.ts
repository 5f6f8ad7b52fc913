/**
 * The load generator of `npm run bench`: wrk when installed (one C process, the cheapest on two
 * shared cores), else autocannon in worker threads. Every request sends a browser's
 * `Accept-Encoding: br, gzip`. Each run reports its own CPU time, so a reader can see that the
 * generator was not the bottleneck.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const BROWSER_ENCODING = 'br, gzip';

export interface PostLoad {
  path: string;
  /** JSON bodies, each sent once (a form token used twice is a replay, and spam). */
  bodies: string[];
  /** With paths too: every Nth request is a POST. Without paths: only POSTs. */
  every?: number;
}

export interface LoadSpec {
  origin: string;
  /** GET paths taken in turn. */
  paths: string[];
  posts?: PostLoad;
  connections: number;
  seconds: number;
  /** Stop after about this many requests instead (seconds is then only a ceiling). */
  limit?: number;
}

export interface LoadResult {
  tool: string;
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx/3xx answers, socket errors, timeouts. */
  failed: number;
  /** POSTs sent, and answered 201. */
  posted: number;
  acknowledged: number;
  /** A generator thread ran out of bodies (more would have been sent). */
  exhausted: boolean;
  /** CPU seconds the load generator itself used (user + system), and over how long. */
  cpuSeconds: number;
  wallSeconds: number;
}

const wrkPath = (() => {
  if (process.env.BENCH_TOOL === 'autocannon') return null;
  const found = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
})();
/** wrk's threads: one is enough for the site's rates and leaves the other core to the server. */
const wrkThreads = Number(process.env.BENCH_WRK_THREADS ?? 1);
/** autocannon's workers when it is the generator. */
const autocannonWorkers = Number(process.env.BENCH_AUTOCANNON_WORKERS ?? 1);

export const loadTool = wrkPath
  ? `wrk (${wrkThreads} thread${wrkThreads > 1 ? 's' : ''})`
  : `autocannon (${autocannonWorkers} worker${autocannonWorkers > 1 ? 's' : ''})`;

let scratch = '';
/** A folder for wrk's body files. */
export function setLoadScratch(folder: string): void {
  scratch = folder;
}

export function load(spec: LoadSpec): Promise<LoadResult> {
  return wrkPath ? runWrk(wrkPath, spec) : runAutocannon(spec);
}

let runs = 0;
async function runWrk(wrk: string, spec: LoadSpec): Promise<LoadResult> {
  const threads = Math.min(wrkThreads, spec.connections);
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_THREADS: String(threads), BENCH_ORIGIN: spec.origin };
  if (spec.paths.length > 1 || spec.posts) env.BENCH_PATHS = spec.paths.join(' ');
  if (spec.posts) {
    const file = join(scratch, `posts-${(runs += 1)}.jsonl`);
    writeFileSync(file, spec.posts.bodies.join('\n') + '\n');
    Object.assign(env, {
      BENCH_POSTS: file,
      BENCH_POST_PATH: spec.posts.path,
      BENCH_POST_EVERY: String(spec.posts.every ?? 0),
    });
  }
  if (spec.limit) env.BENCH_LIMIT = String(Math.ceil(spec.limit / threads));
  const seconds = spec.limit ? Math.max(spec.seconds, 600) : spec.seconds;
  const args = [
    `-t${threads}`,
    `-c${spec.connections}`,
    `-d${seconds}s`,
    '--timeout=10s',
    '-H',
    `Accept-Encoding: ${BROWSER_ENCODING}`,
    '-s',
    join(import.meta.dirname, 'wrk-script.lua'),
    spec.origin + (spec.paths[0] ?? spec.posts?.path ?? '/'),
  ];
  // bash's `times` prints the CPU time of the shell's children (wrk) once it has exited.
  const started = performance.now();
  // Its own process group, so that SIGINT reaches wrk (which then prints its summary) and bash goes on to `times`.
  const child = spawn('bash', ['-c', '"$0" "$@"; status=$?; times; exit $status', wrk, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  let interrupted = false;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (spec.limit && !interrupted && (stdout.match(/^WRK_LIMIT_REACHED$/gm)?.length ?? 0) >= threads) {
      interrupted = true;
      process.kill(-child.pid!, 'SIGINT');
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  const wallSeconds = (performance.now() - started) / 1000;
  const json = /^WRK_JSON (.*)$/m.exec(stdout)?.[1];
  if (code !== 0 || !json) throw new Error(`wrk failed (${code}):\n${stdout}\n${stderr}`);
  const summary = JSON.parse(json) as Record<string, number>;
  const times = stdout.trim().split('\n').at(-1)!.split(/\s+/);
  const cpuSeconds = times.reduce((sum, time) => {
    const match = /^(\d+)m([\d.]+)s$/.exec(time);
    return sum + (match ? Number(match[1]) * 60 + Number(match[2]) : 0);
  }, 0);
  const g = (key: string) => summary[key] ?? 0;
  return {
    tool: 'wrk',
    rps: g('requests') / (g('duration_us') / 1e6),
    p50: g('p50_us') / 1000,
    p99: g('p99_us') / 1000,
    requests: g('requests'),
    failed: g('status') + g('connect') + g('read') + g('write') + g('timeout'),
    posted: g('posted'),
    acknowledged: g('acknowledged'),
    exhausted: g('exhausted') > 0,
    cpuSeconds,
    wallSeconds,
  };
}

async function runAutocannon(spec: LoadSpec): Promise<LoadResult> {
  const headers = { 'accept-encoding': BROWSER_ENCODING };
  const started = performance.now();
  const cpu = process.cpuUsage();
  let posted = 0;
  let acknowledged = 0;
  const duration = spec.limit ? undefined : spec.seconds;
  const common = {
    url: spec.origin,
    connections: spec.connections,
    headers,
    ...(duration ? { duration } : { amount: spec.limit }),
  };
  let result: autocannon.Result;
  if (!spec.posts) {
    // Serializable options only, so they can go to the worker threads.
    result = await autocannon({
      ...common,
      workers: autocannonWorkers,
      requests: spec.paths.map((path) => ({ method: 'GET', path })),
    });
  } else {
    // POST bodies are handed out one by one, which needs this thread: no workers here.
    const { bodies, path: postPath, every = 0 } = spec.posts;
    const gets = spec.paths;
    let turn = 0;
    let instance!: autocannon.Instance;
    const finished = new Promise<autocannon.Result>((resolve, reject) => {
      instance = autocannon(
        {
          ...common,
          requests: [
            {
              setupRequest: (request) => {
                turn += 1;
                const isPost = gets.length === 0 || (every > 0 && turn % every === 0);
                if (isPost && posted < bodies.length) {
                  const body = bodies[posted++]!;
                  return {
                    ...request,
                    method: 'POST',
                    path: postPath,
                    body,
                    headers: {
                      ...headers,
                      'content-type': 'application/json',
                      accept: 'application/json',
                      origin: spec.origin,
                    },
                  };
                }
                return {
                  ...request,
                  method: 'GET',
                  path: gets[turn % Math.max(gets.length, 1)] ?? '/',
                  body: undefined,
                  headers,
                };
              },
            },
          ],
        },
        (error: unknown, result) =>
          error ? reject(error instanceof Error ? error : new Error(JSON.stringify(error))) : resolve(result),
      );
    });
    instance.on('response', (_client: unknown, status: number) => {
      if (status === 201) acknowledged += 1;
    });
    result = await finished;
  }
  const used = process.cpuUsage(cpu);
  return {
    tool: 'autocannon',
    rps: result.requests.total / (result.duration || spec.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
    posted,
    acknowledged,
    exhausted: spec.posts ? posted >= spec.posts.bodies.length : false,
    cpuSeconds: (used.user + used.system) / 1e6,
    wallSeconds: (performance.now() - started) / 1000,
  };
}
