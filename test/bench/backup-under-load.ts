/**
 * Issue 40 item 8: `npm run backup` at 300,000 enquiries (BENCH_BACKUP_ENQUIRIES) while the site
 * stores 50 enquiries a second (BENCH_BACKUP_WRITES): it must finish within BACKUP_TARGET_SECONDS,
 * its copy whole (integrity_check) and holding every enquiry acknowledged before it began.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { MAIN, run } from '../helpers/child-server.js';
import { makeDataDir, removeDataDir } from '../helpers/server.js';
import { DATABASE_FILE, enquiryBodies, seedEnquiries } from './enquiries.js';
import { startSite, stopSite } from './processes.js';

export const BACKUP_TARGET_SECONDS = 60;
const enquiryCount = Number(process.env.BENCH_BACKUP_ENQUIRIES ?? 300_000);
const writesPerSecond = Number(process.env.BENCH_BACKUP_WRITES ?? 50);

export interface BackupUnderLoad {
  seconds: number;
  ok: boolean;
  /** Enquiries acknowledged while it ran, and before it began. */
  written: number;
  problem?: string;
}

/** Posts `writesPerSecond` enquiries a second until `stop` resolves; the count acknowledged (201). */
async function postSteadily(url: string, bodies: string[], stop: Promise<unknown>): Promise<number> {
  let stopped = false;
  void stop.finally(() => (stopped = true));
  let acknowledged = 0;
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; !stopped && i < bodies.length; i++) {
    const post = fetch(`${url}/api/enquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bodies[i],
    }).then(async (response) => {
      await response.arrayBuffer();
      if (response.status === 201) acknowledged += 1;
    });
    inFlight.add(post);
    void post.finally(() => inFlight.delete(post));
    await new Promise((resolve) => setTimeout(resolve, 1000 / writesPerSecond));
  }
  await Promise.all(inFlight);
  return acknowledged;
}

export async function backupUnderLoad(flags: string[]): Promise<BackupUnderLoad> {
  const dataDir = makeDataDir();
  try {
    await stopSite(await startSite(dataDir, flags));
    const seededAt = performance.now();
    seedEnquiries(dataDir, enquiryCount);
    console.log(
      `\nbackup under load: seeded ${enquiryCount.toLocaleString('en')} enquiries in ${((performance.now() - seededAt) / 1000).toFixed(1)} s; ${writesPerSecond} enquiries a second during the backup`,
    );
    const site = await startSite(dataDir, flags);
    const bodies = enquiryBodies(dataDir, writesPerSecond * BACKUP_TARGET_SECONDS * 3);
    const target = join(dataDir, 'backups', 'under-load');
    const startedAt = performance.now();
    const backup = run(
      [join(MAIN, '..', 'cli', 'backup.js'), target],
      { DATA_DIR: dataDir },
      undefined,
      3 * BACKUP_TARGET_SECONDS * 1000,
    );
    const written = await postSteadily(site.url, bodies, backup);
    const result = await backup;
    const seconds = (performance.now() - startedAt) / 1000;
    await stopSite(site);
    if (result.code !== 0)
      return { seconds, ok: false, written, problem: result.stderr.trim() || `exit ${String(result.code)}` };
    const copy = new Database(join(target, DATABASE_FILE), { readonly: true });
    try {
      const integrity = copy.pragma('integrity_check', { simple: true });
      const copied = copy.prepare('SELECT count(*) FROM enquiries').pluck().get() as number;
      const ok = integrity === 'ok' && copied >= enquiryCount;
      return {
        seconds,
        ok,
        written,
        ...(!ok && { problem: `integrity ${String(integrity)}, ${copied} enquiries of ${enquiryCount} seeded` }),
      };
    } finally {
      copy.close();
    }
  } finally {
    removeDataDir(dataDir);
  }
}
