/** The state of one kind of off-site copy (the database by Litestream, the files by restic); times in ms. */
export interface CopyState {
  lastCopyAt: number | null;
  /** The first change not yet copied, or the first failure since the last copy (null when current). */
  behindSince: number | null;
  lastError: string | null;
}

/** A restore drill: the latest copies restored into a temporary folder, checked and counted. */
export interface DrillResult {
  ranAt: number;
  ok: boolean;
  detail: string;
}

/** What the admin's Backups card shows: never a key or a password. */
export interface OffSiteStatus {
  target: string | null;
  /** Why no copies are made (a bad setting, a missing engine, a target that holds another server's copies). */
  problem: string | null;
  database: CopyState;
  files: CopyState;
  /** The bytes the database's copies take at the target (Litestream's snapshots and WAL segments), once measured. */
  databaseSizeBytes: number | null;
  /** The bytes the files' copies take at the target (restic's repository, encrypted and deduplicated), once measured. */
  filesSizeBytes: number | null;
  /** The last restore drill, and whether one is missing (none for more than a day). */
  drill: { last: DrillResult | null; missing: boolean };
}
