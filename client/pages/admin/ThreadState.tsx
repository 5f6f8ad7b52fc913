import { dayInZone } from '../../../shared/time/time-zone.js';
import { formatFollowUpDay } from '../../../shared/enquiry/follow-up.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { AWAITING_LABELS } from '../../../shared/enquiry/thread.js';
import { replyNotSentText } from '../../../shared/enquiry/delivery.js';

/** The stages whose thread is still going: only these say whose turn it is. */
const OPEN_STAGES = new Set<Enquiry['status']>(['new', 'open', 'quoted']);

/** Whose turn it is on an enquiry whose thread is still going; null on the others. */
export const awaitingOf = (enquiry: Enquiry) =>
  enquiry.awaiting && OPEN_STAGES.has(enquiry.status) ? enquiry.awaiting : null;

/** "5 min", "5 h", "3 d": how long ago, short. */
export function timeSince(iso: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/**
 * A row's thread, in the list: a reply not yet accepted by the mail server ("Not sent — the mail
 * server refused the connection"), whose turn it is and how long since the last message ("awaiting
 * us · 3 d", for Open and Quoted; a New row, always awaiting us, says only "3 d"), and its follow-up
 * date, said to be overdue in words (not colour only).
 */
export function ThreadState({ enquiry, timeZone, now }: { enquiry: Enquiry; timeZone: string; now: Date }) {
  const awaiting = awaitingOf(enquiry);
  const today = dayInZone(now, timeZone);
  const followUp = enquiry.followUp;
  const overdue = followUp !== null && followUp.on < today;
  const due = followUp !== null && followUp.on === today;
  const { replyDelivery } = enquiry;
  return (
    <>
      {replyDelivery && (
        <span className={`inbox-row__reply inbox-row__reply--${replyDelivery.status}`}>
          <span className="visually-hidden">Reply: </span>
          {replyNotSentText(replyDelivery)}
        </span>
      )}
      {awaiting && (
        <span className={`inbox-row__awaiting inbox-row__awaiting--${awaiting}`}>
          {enquiry.status !== 'new' && (
            <>
              <span className="inbox-row__awaiting-label">{AWAITING_LABELS[awaiting]}</span>
              <span aria-hidden="true"> · </span>
            </>
          )}
          <span className="visually-hidden">{enquiry.status === 'new' ? 'Last message ' : ', last message '}</span>
          {timeSince(enquiry.lastMessageAt, now)}
          <span className="visually-hidden"> ago</span>
        </span>
      )}
      {followUp && (
        <span className={`inbox-row__follow-up${overdue ? ' inbox-row__follow-up--overdue' : ''}`}>
          <span className="visually-hidden">Follow-up </span>
          <span aria-hidden="true">⏰ </span>
          {formatFollowUpDay(followUp.on, today)}
          {overdue && ' (overdue)'}
          {due && ' (today)'}
        </span>
      )}
    </>
  );
}
