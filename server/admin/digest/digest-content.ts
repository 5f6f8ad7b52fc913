import { plainMailError } from '../../../shared/enquiry/delivery.js';
import { formatFollowUpDay } from '../../../shared/enquiry/follow-up.js';
import { formatInZone } from '../../../shared/time/time-zone.js';

/** One enquiry as the digest lists it. */
export interface DigestEnquiry {
  id: number;
  name: string;
  company: string | null;
  subject: string;
  /** Follow-ups: the day and reminder. */
  followUpOn?: string | null;
  followUpNote?: string | null;
  /** Buyer replies: when the reply came. */
  lastMessageAt?: string;
  /** Replies not sent: the mail server's last error. */
  replyError?: string | null;
}

/** What the morning digest is made from (digest-reads.ts reads it). */
export interface DigestData {
  /** YYYY-MM-DD in the site's time zone. */
  today: string;
  /** A reply the mail server never accepted (failed for good): first, the buyer has heard nothing. */
  notSent: DigestEnquiry[];
  /** Stage New, awaiting us. */
  unanswered: DigestEnquiry[];
  /** Follow-ups due today or overdue. */
  due: DigestEnquiry[];
  /** Awaiting us since a buyer's reply more than a day old. */
  waiting: DigestEnquiry[];
  /** Messages the site's rules filed in Spam since the previous digest (or the last 24 hours). */
  spam: number;
}

export interface DigestMail {
  subject: string;
  text: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The morning digest's e-mail, from its data; null when there is nothing to say. Each enquiry with
 * its number, name and company, subject and a link to its page (`siteUrl`/admin/enquiries/<n>).
 */
export function digestContent(data: DigestData, siteUrl: string, timeZone: string): DigestMail | null {
  const { today, notSent, unanswered, due, waiting, spam } = data;
  if (notSent.length + unanswered.length + due.length + waiting.length === 0 && spam === 0) return null;
  const link = (id: number) => `${siteUrl}/admin/enquiries/${id}`;
  const who = (enquiry: DigestEnquiry) =>
    `#${enquiry.id} ${enquiry.name}${enquiry.company ? `, ${enquiry.company}` : ''}: ${enquiry.subject}`;
  const sections: string[] = [];
  const section = (title: string, enquiries: DigestEnquiry[], extra: (enquiry: DigestEnquiry) => string | null) => {
    if (enquiries.length === 0) return;
    const lines = enquiries.map((enquiry) => {
      const more = extra(enquiry);
      return [`- ${who(enquiry)}`, ...(more ? [`  ${more}`] : []), `  ${link(enquiry.id)}`].join('\n');
    });
    sections.push(`${title} (${enquiries.length})\n\n${lines.join('\n\n')}`);
  };
  section(
    'Replies not sent: retry or edit them on the enquiry’s page',
    notSent,
    (enquiry) => `Not sent — ${plainMailError(enquiry.replyError ?? null)}`,
  );
  section('New enquiries not yet answered', unanswered, () => null);
  section('Follow-ups due', due, (enquiry) => {
    const on = enquiry.followUpOn!;
    const when = `${on < today ? 'Overdue since' : 'Due'} ${formatFollowUpDay(on, today)}`;
    return enquiry.followUpNote ? `${when}: ${enquiry.followUpNote}` : when;
  });
  section('Buyer replies waiting more than a day', waiting, (enquiry) =>
    enquiry.lastMessageAt ? `Replied ${formatInZone(enquiry.lastMessageAt, timeZone)}` : null,
  );
  if (spam > 0)
    sections.push(
      `Spam: ${plural(spam, 'message was', 'messages were')} filed as spam since the previous digest. ` +
        `See them in Spam: ${siteUrl}/admin?view=spam`,
    );
  const counts = [
    notSent.length > 0 && plural(notSent.length, 'reply not sent', 'replies not sent'),
    unanswered.length > 0 && `${unanswered.length} new`,
    due.length > 0 && plural(due.length, 'follow-up due', 'follow-ups due'),
    waiting.length > 0 && plural(waiting.length, 'reply waiting', 'replies waiting'),
    spam > 0 && `${spam} spam`,
  ].filter(Boolean);
  return {
    subject: `Enquiries for ${formatFollowUpDay(today, today)}: ${counts.join(', ')}`,
    text: `${sections.join('\n\n')}\n\nThe desk: ${siteUrl}/admin\n`,
  };
}
