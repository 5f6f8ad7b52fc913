import type { ReactNode } from 'react';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { ADMIN_TEXT, ENQUIRY_SCREEN_TEXT } from '../../../shared/admin/texts.js';
import { formatFollowUpDay } from '../../../shared/enquiry/follow-up.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { awaitingOf } from './ThreadState.js';

/**
 * The enquiry's header bar, in the first screen and sticky: its stage buttons and star (`children`),
 * its follow-up date (a link down to the follow-up form), whose turn it is and since when, and Reply
 * (a link down to the reply form: no JavaScript needed).
 */
export function EnquiryBar({
  enquiry,
  timeZone,
  children,
}: {
  enquiry: Enquiry;
  timeZone: string;
  children: ReactNode;
}) {
  const awaiting = awaitingOf(enquiry);
  return (
    <section className="enquiry-bar" aria-label={ADMIN_TEXT.enquiryBar}>
      {children}
      <a className="enquiry-bar__follow-up" href={`#enquiry-${enquiry.id}-follow-up-on`}>
        {enquiry.followUp
          ? `${ENQUIRY_SCREEN_TEXT.followUpOn} ${formatFollowUpDay(enquiry.followUp.on, '')}`
          : ENQUIRY_SCREEN_TEXT.followUpNone}
      </a>
      {awaiting && (
        <p className={`enquiry-bar__awaiting enquiry-bar__awaiting--${awaiting}`}>
          {`${ADMIN_TEXT.awaitingSince[awaiting]} `}
          <time dateTime={enquiry.lastMessageAt}>{formatEnquiryDate(enquiry.lastMessageAt, timeZone)}</time>
        </p>
      )}
      <a className="button enquiry-bar__reply" href={`#enquiry-${enquiry.id}-reply-title`}>
        {ADMIN_TEXT.replyButton}
      </a>
    </section>
  );
}
