/**
 * One admin at the desk, in a loop while the public pages are loaded: a signed-in AdminClient
 * repeating one request (a search, the CSV export) as soon as the last one has been read to the end,
 * with a browser's Accept-Encoding.
 */
import { AdminClient, TEST_ADMIN } from '../helpers/admin-client.js';
import { BROWSER_ENCODING } from './load.js';

export interface AdminLoop {
  /** Stops after the request under way; resolves with what was done. */
  stop(): Promise<AdminLoopResult>;
}

export interface AdminLoopResult {
  requests: number;
  failed: number;
  /** Milliseconds per request: mean and slowest. */
  mean: number;
  max: number;
  /** Bytes read (decoded), in all. */
  bytes: number;
}

export async function signedInAdmin(origin: string): Promise<AdminClient> {
  const admin = new AdminClient(origin);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return admin;
}

export function startAdminLoop(admin: AdminClient, path: string): AdminLoop {
  let running = true;
  const times: number[] = [];
  let failed = 0;
  let bytes = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await admin.request(path, { headers: { 'accept-encoding': BROWSER_ENCODING } });
        const reader = response.body?.getReader();
        for (let read = await reader?.read(); read && !read.done; read = await reader!.read())
          bytes += read.value.length;
        if (!response.ok) failed += 1;
      } catch {
        failed += 1;
      }
      times.push(performance.now() - started);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return {
        requests: times.length,
        failed,
        mean: times.reduce((sum, time) => sum + time, 0) / Math.max(times.length, 1),
        max: Math.max(0, ...times),
        bytes,
      };
    },
  };
}
