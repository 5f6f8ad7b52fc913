import { describeFollowUp } from '../../../shared/enquiry/follow-up.js';
import type { FollowUp } from '../../../shared/enquiry/thread.js';
import type { DB } from '../../platform/db/open-database.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import type { EnquiryEvents } from './enquiry-events.js';

export type FollowUps = ReturnType<typeof createFollowUps>;

/**
 * An enquiry's next-action date and reminder (enquiries.follow_up_on, follow_up_note), each change
 * recorded as a 'follow-up' event in the same write.
 */
export function createFollowUps(db: DB, storage: StorageMonitor, events: EnquiryEvents) {
  const current = db.prepare<[number], { on: string | null; note: string | null }>(
    'SELECT follow_up_on AS "on", follow_up_note AS note FROM enquiries WHERE id = ?',
  );
  const update = db.prepare('UPDATE enquiries SET follow_up_on = ?, follow_up_note = ? WHERE id = ?');

  /** The follow-up an enquiry has now: undefined when there is no such enquiry. */
  const of = (id: number): FollowUp | null | undefined => {
    const row = current.get(id);
    if (!row) return undefined;
    return row.on === null ? null : { on: row.on, note: row.note ?? '' };
  };

  return {
    of,
    /**
     * Sets (or with null clears) the follow-up; the one it had (null: none), undefined when there is
     * no such enquiry. Inside another storage write, it joins that transaction.
     */
    set(id: number, followUp: FollowUp | null, actor: string): FollowUp | null | undefined {
      return storage.write(() => {
        const was = of(id);
        if (was === undefined) return undefined;
        const same = was?.on === followUp?.on && was?.note === followUp?.note;
        if (!same) {
          update.run(followUp?.on ?? null, followUp ? followUp.note || null : null, id);
          events.record(id, actor, 'follow-up', describeFollowUp(followUp));
        }
        return was;
      });
    },
    /** Sets the follow-up only when the enquiry has none; whether it did. */
    propose(id: number, followUp: FollowUp, actor: string): boolean {
      return storage.write(() => {
        if (of(id) !== null) return false;
        this.set(id, followUp, actor);
        return true;
      });
    },
  };
}
