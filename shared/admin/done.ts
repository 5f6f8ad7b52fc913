import { STAGE_LABELS, type Stage } from '../enquiry/enquiry.js';
import { formatFollowUpDay } from '../enquiry/follow-up.js';
import type { FollowUp } from '../enquiry/thread.js';
import type { Done, EnquiryAction, UndoForm } from './desk.js';
import { ADMIN_PATHS, pathTo } from './paths.js';

/** The action that takes each one back (Delete permanently and Resend have none). */
const REVERSE: Partial<Record<EnquiryAction, EnquiryAction>> = {
  read: 'unread',
  unread: 'read',
  star: 'unstar',
  unstar: 'star',
  spam: 'notspam',
  notspam: 'spam',
  trash: 'restore',
  restore: 'trash',
};

/** "#58", or "3 enquiries". */
function which(ids: readonly number[]): string {
  return ids.length === 1 ? `#${ids[0]}` : `${ids.length} enquiries`;
}

const SAID: Record<EnquiryAction, (what: string) => string> = {
  read: (what) => `Marked ${what} as read.`,
  unread: (what) => `Marked ${what} as unread.`,
  star: (what) => `Starred ${what}.`,
  unstar: (what) => `Took the star off ${what}.`,
  spam: (what) => `Moved ${what} to Spam.`,
  notspam: (what) => `Moved ${what} back to the Inbox: not spam.`,
  trash: (what) => `Moved ${what} to Trash.`,
  restore: (what) => `Restored ${what}.`,
  purge: (what) => `Deleted ${what} permanently.`,
  resend: (what) => `${what} is being e-mailed to us again (not to the buyer).`,
};

/** What an action found when every enquiry it was given was already that way (or not where it acts). */
const UNCHANGED: Record<EnquiryAction, string> = {
  read: 'Nothing changed: already read.',
  unread: 'Nothing changed: already unread.',
  star: 'Nothing changed: already starred.',
  unstar: 'Nothing changed: there was no star to take off.',
  spam: 'Nothing changed: already in Spam.',
  notspam: 'Nothing changed: not in Spam, so nothing to move back.',
  trash: 'Nothing changed: already in Trash.',
  restore: 'Nothing changed: not in Trash, so nothing to restore.',
  purge: 'Nothing changed: only what is in Trash can be deleted permanently.',
  resend: 'Nothing changed: there is no notification to send again.',
};

export const UNDONE = 'Undone.';

/** What an action on these enquiries did, and its Undo (none when nothing changed, or it cannot be undone). */
export function doneWith(action: EnquiryAction, ids: readonly number[], undoing = false): Done {
  if (ids.length === 0) return { message: UNCHANGED[action], undo: null };
  if (undoing) return { message: UNDONE, undo: null };
  const reverse = REVERSE[action];
  const undo: UndoForm | null = !reverse
    ? null
    : ids.length === 1 && (reverse === 'star' || reverse === 'unstar')
      ? { path: pathTo(ADMIN_PATHS.action, { id: ids[0]!, action: reverse }), fields: { undo: 1 } }
      : { path: ADMIN_PATHS.bulk, fields: { action: reverse, id: [...ids], undo: 1 } };
  return { message: SAID[action](which(ids)), undo };
}

/**
 * What setting a stage did (from `was`), and its Undo; `proposed`, the follow-up setting it to Quoted
 * proposed (with today, to write its day).
 */
export function doneWithStage(
  id: number,
  stage: Stage,
  was: Stage,
  undoing = false,
  proposed?: { on: string; today: string },
): Done {
  if (undoing) return { message: UNDONE, undo: null };
  if (was === stage) return { message: `#${id} is already ${STAGE_LABELS[stage]}.`, undo: null };
  const followUp = proposed ? ` Follow-up on ${formatFollowUpDay(proposed.on, proposed.today)}.` : '';
  return {
    message: `Stage of #${id} set to ${STAGE_LABELS[stage]}.${followUp}`,
    // Its Undo takes back the follow-up it proposed too (unless it was changed since).
    undo: {
      path: pathTo(ADMIN_PATHS.stage, { id }),
      fields: { stage: was, onlyFrom: stage, undo: 1, ...(proposed && { proposed: proposed.on }) },
    },
  };
}

/** What setting (or clearing) a follow-up did, and its Undo: the follow-up it had, back. */
export function doneWithFollowUp(
  id: number,
  followUp: FollowUp | null,
  was: FollowUp | null,
  today: string,
  undoing = false,
): Done {
  if (undoing) return { message: UNDONE, undo: null };
  const message = followUp
    ? `Follow-up of #${id} on ${formatFollowUpDay(followUp.on, today)}.`
    : was
      ? `Follow-up of #${id} cleared.`
      : `#${id} has no follow-up.`;
  if (!followUp && !was) return { message, undo: null };
  const path = pathTo(ADMIN_PATHS.followUp, { id });
  return {
    message,
    undo: { path, fields: was ? { on: was.on, note: was.note, undo: 1 } : { clear: 1, undo: 1 } },
  };
}
