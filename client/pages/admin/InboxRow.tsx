import type { FormEvent } from 'react';
import { formatListDate } from '../../../shared/admin/dates.js';
import { filterSearch, type EnquiryFilter } from '../../../shared/admin/filter.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { STAGE_LABELS, type Enquiry } from '../../../shared/enquiry/enquiry.js';
import { productLabel } from '../../../shared/enquiry/quote.js';
import { snippet } from '../../../shared/admin/highlight.js';
import { countryShown } from '../../../shared/enquiry/country.js';
import { LANGUAGE_INFO } from '../../../shared/i18n/languages.js';
import { useContent } from '../../context/site-context.js';
import { Highlight } from './Highlight.js';
import { ThreadState } from './ThreadState.js';

/** The enquiry's own page, with the list's filter and page to go back to. */
export const enquiryHref = (id: number, filter: EnquiryFilter, after: string | null) =>
  `${pathTo(ADMIN_PATHS.enquiryPage, { id })}${filterSearch(filter, after)}`;

/** The message on one line: its first words, or the words around the search's first match in it. */
const SNIPPET_CHARS = 160;

/**
 * One enquiry as a row of the list: its checkbox (for the bulk actions), its star, number, name and
 * company, subject or product, the message's first words, country, stage, a paperclip for drawings,
 * and when it came; below, its follow-up's reminder, if it has one. Unread rows are bold. The name opens it (the whole row is the link's target).
 */
export function InboxRow({
  enquiry,
  href,
  csrfToken,
  back,
  bulkForm,
  selected,
  onSelect,
  onStar,
  timeZone,
  now,
  query,
}: {
  enquiry: Enquiry;
  /** The search: its matches are marked. */
  query: string;
  href: string;
  csrfToken: string;
  back: string;
  bulkForm: string;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onStar: (event: FormEvent<HTMLFormElement>) => void;
  timeZone: string;
  now: Date;
}) {
  const products = useContent().products;
  const { id, name, company, starred } = enquiry;
  const star = starred ? 'unstar' : 'star';
  const about = enquiry.subject || productLabel(enquiry.product ?? null, products);
  const country = countryShown(enquiry);
  const drawings = `${enquiry.drawings.length} ${enquiry.drawings.length === 1 ? 'drawing' : 'drawings'}`;
  return (
    <li id={`enquiry-${id}`} className={`inbox-row${enquiry.read ? '' : ' inbox-row--unread'}`}>
      <input
        type="checkbox"
        className="inbox-row__select"
        name="id"
        value={id}
        form={bulkForm}
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={`Select #${id}, ${name}`}
      />
      <form
        className="inbox-row__star"
        method="post"
        action={pathTo(ADMIN_PATHS.action, { id, action: star })}
        onSubmit={onStar}
      >
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="back" value={back} />
        <button type="submit" aria-pressed={starred} aria-label={`Star #${id}`}>
          <span aria-hidden="true">{starred ? '★' : '☆'}</span>
        </button>
      </form>
      <a className="inbox-row__open" href={href}>
        <span className="inbox-row__number">{`#${id}`}</span>{' '}
        {/* Each isolated (<bdi>, dir="auto"): an Arabic name beside a Latin company, or the reverse, is never reordered. */}
        <bdi className="inbox-row__name" dir="auto">
          <Highlight text={name} query={query} />
        </bdi>
        {company && (
          <bdi className="inbox-row__company" dir="auto">
            <Highlight text={company} query={query} />
          </bdi>
        )}
        {!enquiry.read && <span className="visually-hidden"> (unread)</span>}
      </a>
      <p className="inbox-row__text">
        <span className="inbox-row__subject">
          <Highlight text={about} query={query} />
        </span>
        <span className="inbox-row__snippet">
          {' – '}
          <Highlight text={snippet(enquiry.message, query, SNIPPET_CHARS)} query={query} />
        </span>
      </p>
      <p className="inbox-row__meta">
        {country && (
          <span className="inbox-row__country">
            <Highlight text={country} query={query} />
          </span>
        )}
        {enquiry.language !== 'en' && (
          <span className="inbox-row__language">{LANGUAGE_INFO[enquiry.language].english}</span>
        )}
        <span className={`stage stage--${enquiry.status}`}>{STAGE_LABELS[enquiry.status]}</span>
        <ThreadState enquiry={enquiry} timeZone={timeZone} now={now} />
        {enquiry.drawings.length > 0 && (
          <span className="inbox-row__clip" title={drawings}>
            <span aria-hidden="true">📎</span>
            <span className="visually-hidden">{drawings}</span>
          </span>
        )}
        {/* The thread's last message (the list's order): the enquiry itself, or the latest reply either way. */}
        <time dateTime={enquiry.lastMessageAt}>{formatListDate(enquiry.lastMessageAt, timeZone, now)}</time>
      </p>
      {enquiry.followUp?.note && (
        <p className="inbox-row__reminder" title={enquiry.followUp.note}>
          <span className="visually-hidden">Reminder: </span>
          <bdi dir="auto">{enquiry.followUp.note}</bdi>
        </p>
      )}
    </li>
  );
}
