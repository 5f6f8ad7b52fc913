import { spawn, type ChildProcess } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import type { BackupTarget } from './backup-target.js';
import { LITESTREAM_MISSING, litestreamBinary, litestreamConfig, litestreamEnvironment, run } from './engines.js';
import type { OffSiteKeys } from './off-site-key.js';

/**
 * Litestream runs under a small shell that ends it (SIGTERM) when its standard input closes: when the
 * server closes it, or when the server dies in any way (kill -9 included), so no Litestream is left
 * replicating a database no server uses. It exits when Litestream does.
 */
const WATCHDOG =
  'exec 3<&0; bin="$1"; shift; "$bin" "$@" & child=$!; { read -r _ <&3; kill -TERM "$child"; } & wait "$child"';

/** The size of the copies at the target is listed again after a copy, at most this often. */
const SIZE_EVERY_MS = 60_000;

/** How long Litestream is given on SIGTERM for its last sync before it is killed. */
const STOP_LIMIT_MS = 5_000;

export interface ReplicationState {
  /** When Litestream last wrote a WAL segment or snapshot to the target. */
  lastCopyAt: number | null;
  /** Since when its writes to the target fail (null while they succeed). */
  failingSince: number | null;
  lastError: string | null;
  /** The bytes of its copies at the target, measured after a copy (at most every SIZE_EVERY_MS). */
  sizeBytes: number | null;
}

/** Since when the database has changes not yet copied: its WAL changed after the last copy, or copies fail. */
function behindSince(state: ReplicationState, walPath: string): number | null {
  if (state.failingSince !== null) return state.failingSince;
  let changedAt: number;
  try {
    changedAt = statSync(walPath).mtimeMs;
  } catch {
    return null;
  }
  return state.lastCopyAt === null || changedAt > state.lastCopyAt ? changedAt : null;
}

/** The sum of the `size` column of a table Litestream prints (`litestream snapshots`, `litestream wal`). */
function sizeColumn(table: string): number {
  const [header = '', ...rows] = table.trim().split('\n');
  const column = header.trim().split(/\s+/).indexOf('size');
  return rows.reduce((sum, row) => sum + (Number(row.trim().split(/\s+/)[column]) || 0), 0);
}

/**
 * Litestream replicating the database, as a child of the server (supervised: restarted after 5 s
 * if it exits while the server runs). A child rather than `litestream replicate -exec`: the server
 * learns from Litestream's log when each copy reached the target, for the admin's Backups card, and
 * `npm start` needs no shell of its own. On close the child gets SIGTERM, and Litestream syncs once
 * more before it exits; the server closes the database after that.
 */
export function databaseReplication(target: BackupTarget, keys: OffSiteKeys, configFile: string, databasePath: string) {
  const binary = litestreamBinary();
  const env = litestreamEnvironment(target, keys);
  writeFileSync(configFile, litestreamConfig(target, databasePath), { mode: 0o600 });
  const state: ReplicationState = { lastCopyAt: null, failingSince: null, lastError: null, sizeBytes: null };
  let child: ChildProcess | undefined;
  let stopped = false;
  let measuredAt = -Infinity;

  /** The bytes of the database's copies at the target: its snapshots and WAL segments, as Litestream lists them. */
  async function listedSize(): Promise<number> {
    const listed = await Promise.all(
      ['snapshots', 'wal'].map((list) => run(binary!, [list, '-config', configFile, databasePath], env, 20_000)),
    );
    return listed.reduce((sum, { stdout }) => sum + sizeColumn(stdout), 0);
  }

  /** After a copy: the size listed again, unless it was within SIZE_EVERY_MS (a failed listing is tried after the next copy). */
  function measure(): void {
    if (Date.now() - measuredAt < SIZE_EVERY_MS) return;
    measuredAt = Date.now();
    listedSize().then(
      (size) => void (state.sizeBytes = size),
      () => void (measuredAt = -Infinity),
    );
  }

  function read(line: string): void {
    if (/msg="(wal segment written|snapshot written)"/.test(line)) {
      state.lastCopyAt = Date.now();
      state.failingSince = null;
      measure();
    } else if (/level=ERROR/.test(line)) {
      state.failingSince ??= Date.now();
      state.lastError = /error="([^"]*)"/.exec(line)?.[1] ?? line;
    }
  }

  function start(): void {
    if (!binary || stopped) return;
    const proc = spawn('/bin/sh', ['-c', WATCHDOG, 'sh', binary, 'replicate', '-config', configFile], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child = proc;
    let pending = '';
    const onData = (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(read);
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.on('exit', () => {
      child = undefined;
      if (!stopped) setTimeout(start, 5_000).unref();
    });
  }

  return {
    present: binary !== undefined,
    /** Times by the machine's clock (they are compared with the WAL's modification time). */
    state: () => ({ ...state, behindSince: behindSince(state, `${databasePath}-wal`) }),
    start,
    /** SIGTERM, and the wait for Litestream's last sync (killed past STOP_LIMIT_MS). */
    async stop(): Promise<void> {
      stopped = true;
      const proc = child;
      if (!proc) return;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.stdin!.end(); // the watchdog's cue: SIGTERM to Litestream, which syncs once more and exits
      const limit = setTimeout(() => proc.kill('SIGKILL'), STOP_LIMIT_MS);
      await exited;
      clearTimeout(limit);
    },
    /** The latest copy of the database into `output`. */
    async restore(output: string): Promise<void> {
      if (!binary) throw new Error(LITESTREAM_MISSING);
      await run(binary, ['restore', '-config', configFile, '-o', output, databasePath], env, 600_000);
    },
  };
}

export type DatabaseReplication = ReturnType<typeof databaseReplication>;
