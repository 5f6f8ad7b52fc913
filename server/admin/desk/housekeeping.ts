import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM_ACTOR, type AuditAction } from '../../platform/db/audit-log.js';
import { TOKEN_LIFETIME_MS } from '../../enquiries/form-token.js';
import { deleteForGood, type DeskServices } from './desk-services.js';

export interface HousekeepingOptions extends Pick<DeskServices, 'store' | 'audit' | 'storage' | 'drawings'> {
  log: FastifyBaseLogger;
  /** Days in Trash, and in Spam, before an enquiry is deleted for good. */
  trashRetentionDays: number;
  /** Enquiries older than this are deleted for good; undefined keeps them. */
  enquiryRetentionMonths: number | undefined;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The audit log is kept a year (India's DPDP Rules). */
const AUDIT_RETENTION_DAYS = 365;

/**
 * What the desk deletes by itself, at start and then daily: Trash and Spam after their retention
 * period, enquiries past ENQUIRY_RETENTION_MONTHS (when set), form tokens past their lifetime and
 * audit entries past a year. Each enquiry deleted is audit-logged in the same transaction.
 */
export function createHousekeeping(options: HousekeepingOptions) {
  const { store, audit, log } = options;
  const now = options.now ?? (() => new Date());

  async function run(): Promise<void> {
    const time = now();
    const retentionStart = options.enquiryRetentionMonths && new Date(time);
    if (retentionStart) retentionStart.setUTCMonth(retentionStart.getUTCMonth() - options.enquiryRetentionMonths!);
    const due: [kind: 'trash' | 'spam' | 'age', before: Date, action: AuditAction][] = [
      ['trash', new Date(time.getTime() - options.trashRetentionDays * DAY_MS), 'emptied from Trash'],
      ['spam', new Date(time.getTime() - options.trashRetentionDays * DAY_MS), 'emptied from Spam'],
      ...(retentionStart
        ? [['age', retentionStart, 'deleted by retention'] as [kind: 'age', before: Date, action: AuditAction]]
        : []),
    ];
    for (const [kind, before, action] of due) {
      const removed = await deleteForGood(options, SYSTEM_ACTOR, action, () => store.expire(kind, before));
      if (removed.ids.length > 0)
        log.info({ enquiries: removed.ids.length, drawings: removed.files.length }, `enquiries ${action}`);
    }
    store.forgetTokens(new Date(time.getTime() - TOKEN_LIFETIME_MS));
    audit.prune(new Date(time.getTime() - AUDIT_RETENTION_DAYS * DAY_MS));
  }

  let timer: NodeJS.Timeout | undefined;
  return {
    run,
    /** Runs now, then every day until stopped; a failed run is logged and tried again the next day. */
    start() {
      const attempt = () =>
        run().catch((error: unknown) => log.error({ err: error }, 'housekeeping failed (Trash, Spam, retention)'));
      timer = setInterval(() => void attempt(), DAY_MS).unref();
      return attempt();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
