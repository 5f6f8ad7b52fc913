import { CertificateNotices } from './CertificateNotices.js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ADMIN_TEXT, exportLabel } from '../../../shared/admin/texts.js';
import { ADMIN_VIEWS, VIEW_LABELS, isFiltered, type EnquiryFilter } from '../../../shared/admin/filter.js';
import {
  ACTION_LABELS,
  BULK_ACTIONS,
  type AdminSignedIn,
  type BulkAction,
  type EnquiryList,
} from '../../../shared/admin/desk.js';
import type { Done, UndoForm } from '../../../shared/admin/desk.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { KeptAsideLine } from './KeptAside.js';
import { SetupCard } from './SetupCard.js';
import { mailboxProblem } from '../../../shared/enquiry/mailbox-status.js';
import {
  actOn,
  actOnMany,
  ConfirmFirstError,
  exportHref,
  fetchEnquiries,
  panelHref,
  SignedOutError,
  submitWithoutScript,
  undo,
} from './admin-api.js';
import { AdminHeading } from './AdminShell.js';
import { AdminPager } from './AdminTable.js';
import { DoneStatus } from './DoneStatus.js';
import { EnquiryFilters } from './EnquiryFilters.js';
import { enquiryHref, InboxRow } from './InboxRow.js';
import { PurgeButton } from './PurgeButton.js';

const SEARCH_DELAY_MS = 200;
const BULK_FORM_ID = 'bulk-actions';

/**
 * /admin: the enquiry desk as an inbox. A compact list (one row per enquiry, opened on its own page),
 * the views, the spec's search and stat cards, and the bulk bar, which stays in view. Every action
 * works as a plain form; with JavaScript the list follows the search as it is typed and actions
 * happen in place. Each action says what it did, with Undo.
 */
export function EnquiryPanel({ initial }: { initial: AdminSignedIn }) {
  const { csrfToken, timeZone } = initial;
  const [list, setList] = useState<EnquiryList>(initial);
  const [filter, setFilter] = useState<EnquiryFilter>(initial.filter);
  const [selected, setSelected] = useState<Set<number>>(
    () => new Set(initial.selectAll ? initial.enquiries.map((enquiry) => enquiry.id) : []),
  );
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(initial.done);
  const request = useRef<AbortController | null>(null);
  /** The filter as it is now (an action's reload must not bring back an older search). */
  const current = useRef(filter);
  useEffect(() => {
    current.current = filter;
  }, [filter]);
  const firstFilter = useRef(true);
  const now = new Date(initial.now);
  /** Replies are read from the mailbox: one line when it fails or has not been read yet. */
  const mailboxLine = mailboxProblem(initial.mailbox, (iso) => formatEnquiryDate(iso, timeZone));
  const { view } = filter;

  /** Loads the list; `keepSelection` (after an action) keeps the ticks of rows still in it. */
  const load = async (forFilter: EnquiryFilter, after?: string, keepSelection = false) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    try {
      const next = await fetchEnquiries(forFilter, after, controller.signal);
      setList((current) => (after ? { ...next, enquiries: [...current.enquiries, ...next.enquiries] } : next));
      if (!after)
        setSelected((ticked) =>
          keepSelection
            ? new Set(next.enquiries.map((enquiry) => enquiry.id).filter((id) => ticked.has(id)))
            : new Set(),
        );
      setLoadFailed(false);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof SignedOutError) {
        window.location.assign(ADMIN_PATHS.desk);
        return;
      }
      // Read in bulk with an old sign-in: the page's own address asks "Confirm it's you", then shows it.
      if (error instanceof ConfirmFirstError) {
        window.location.assign(panelHref(forFilter, after));
        return;
      }
      console.error(error);
      setLoadFailed(true);
    } finally {
      if (request.current === controller) setLoading(false);
    }
  };

  // The list follows the search (as the admin types) and the filters; so does the address, so a
  // reload or a bookmark shows the same view.
  useEffect(() => {
    if (firstFilter.current) {
      firstFilter.current = false;
      return;
    }
    window.history.replaceState(window.history.state, '', panelHref(filter));
    const timer = window.setTimeout(() => void load(filter), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [filter]);

  // The tab's title counts unread enquiries too, as the server renders it.
  useEffect(() => {
    document.title = document.title.replace(/^(\(\d+\) )?/, list.unread > 0 ? `(${list.unread}) ` : '');
  }, [list.unread]);

  /** Runs a change in place; says what it did, and shows the list as the server now has it. */
  const run = async (
    work: () => Promise<Done>,
    form: HTMLFormElement,
    { submitter, keepSelection = true }: { submitter?: HTMLButtonElement | null; keepSelection?: boolean } = {},
  ) => {
    setFailed(null);
    try {
      setDone(await work());
      await load(current.current, undefined, keepSelection);
    } catch (error) {
      if (error instanceof ConfirmFirstError) return submitWithoutScript(form, submitter);
      console.error(error);
      setFailed(ADMIN_TEXT.actionFailed);
    }
  };

  const onStar = (event: FormEvent<HTMLFormElement>, id: number, starred: boolean) => {
    event.preventDefault();
    void run(() => actOn(id, starred ? 'unstar' : 'star', csrfToken), event.currentTarget);
  };

  const onBulk = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const action = submitter?.value as BulkAction | undefined;
    const ids = [...selected];
    if (!action || ids.length === 0) return;
    // A bulk action is done with its selection; a star or an Undo leaves the ticks as they were.
    void run(() => actOnMany(ids, action, csrfToken), event.currentTarget, { submitter, keepSelection: false });
  };

  const onUndo = (form: UndoForm) =>
    void run(() => undo(form, csrfToken), document.querySelector<HTMLFormElement>('.admin-done form')!);

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allSelected = list.enquiries.length > 0 && list.enquiries.every((enquiry) => selected.has(enquiry.id));
  const newest = panelHref(filter);
  const thisPage = panelHref(filter, initial.after);
  const selectAllHref = `${thisPage}${thisPage.includes('?') ? '&' : '?'}select=all`;

  return (
    <>
      <AdminHeading title={ADMIN_TEXT.panelTitle} />
      <DoneStatus done={done} csrfToken={csrfToken} back={thisPage} onUndo={onUndo} />
      <div className="container admin-desk">
        <div className="admin-desk__top">
          <nav className="admin-views" aria-label="Views">
            <ul>
              {ADMIN_VIEWS.map((name) => (
                <li key={name}>
                  <a href={panelHref({ ...filter, view: name })} aria-current={name === view ? 'page' : undefined}>
                    {VIEW_LABELS[name]}
                    {name === 'unread' && ` (${list.unread})`}
                    {name === 'spam' && ` (${list.spam})`}
                    {name === 'due' && ` (${list.due})`}
                    {name === 'awaiting' && ` (${list.awaiting})`}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <EnquiryFilters filter={filter} onChange={setFilter} open={isFiltered({ ...filter, query: '' })} />
        </div>
        <div className="admin-summary">
          <dl className="admin-stats">
            <div>
              <dt>{ADMIN_TEXT.totalEnquiries}</dt>
              <dd>{list.total}</dd>
            </div>
            <div>
              <dt>{ADMIN_TEXT.filteredResults}</dt>
              <dd>{list.filtered}</dd>
            </div>
          </dl>
          <div className="admin-toolbar">
            {/* No download attribute: the server may answer with "Confirm it's you" first (the file is an attachment). */}
            <a className="button button--small" href={exportHref(filter)}>
              {exportLabel(list.filtered)}
            </a>
            <a
              className="button button--small button--ghost"
              href={thisPage}
              role="button"
              onClick={(event) => {
                event.preventDefault();
                void load(filter);
              }}
            >
              {ADMIN_TEXT.refresh}
            </a>
          </div>
        </div>
        <SetupCard card={initial.setup} csrfToken={csrfToken} />
        {mailboxLine && <p className="notice notice--info admin-mailbox">{mailboxLine}</p>}
        <KeptAsideLine enquiries={list.keptAside} />
        <CertificateNotices now={initial.now} timeZone={timeZone} />
        <div aria-live="polite" role="status" className="admin-status">
          {loading && <p>{ADMIN_TEXT.loading}</p>}
          {loadFailed && <p className="notice notice--info">{ADMIN_TEXT.loadFailed}</p>}
        </div>
        {list.enquiries.length > 0 && (
          <form
            id={BULK_FORM_ID}
            className={`admin-bulk${selected.size > 0 ? ' admin-bulk--active' : ''}`}
            method="post"
            action={ADMIN_PATHS.bulk}
            onSubmit={onBulk}
            aria-label="Selected enquiries"
          >
            <input type="hidden" name="_csrf" value={csrfToken} />
            <input type="hidden" name="back" value={thisPage} />
            <a
              href={selectAllHref}
              aria-pressed={allSelected}
              role="button"
              className="button button--small button--ghost"
              onClick={(event) => {
                event.preventDefault();
                setSelected(new Set(allSelected ? [] : list.enquiries.map((enquiry) => enquiry.id)));
              }}
            >
              {allSelected ? 'Select none' : 'Select all'}
            </a>
            <span className="admin-bulk__count" aria-live="polite">{`${selected.size} selected`}</span>
            {/* On a phone the actions fold into this menu; on a wider screen they stand in the bar (admin.css). */}
            <details className="admin-bulk__actions">
              <summary className="button button--small button--ghost">{ADMIN_TEXT.bulkActions}</summary>
              <div className="admin-bulk__menu">
                {BULK_ACTIONS[view].map((action) =>
                  action === 'purge' ? (
                    <PurgeButton key={action} count={selected.size} />
                  ) : (
                    <button
                      key={action}
                      type="submit"
                      name="action"
                      value={action}
                      className="button button--small button--ghost"
                    >
                      {ACTION_LABELS[action]}
                    </button>
                  ),
                )}
              </div>
            </details>
            {failed && (
              <p className="notice notice--error" role="alert">
                {failed}
              </p>
            )}
          </form>
        )}
        {list.enquiries.length === 0 ? (
          <p className="admin-empty">{ADMIN_TEXT.empty}</p>
        ) : (
          <ul className="inbox" aria-label={VIEW_LABELS[view]}>
            {list.enquiries.map((enquiry) => (
              <InboxRow
                key={enquiry.id}
                enquiry={enquiry}
                href={enquiryHref(enquiry.id, filter, initial.after)}
                csrfToken={csrfToken}
                back={thisPage}
                bulkForm={BULK_FORM_ID}
                selected={selected.has(enquiry.id)}
                onSelect={(on) => toggle(enquiry.id, on)}
                onStar={(event) => onStar(event, enquiry.id, enquiry.starred)}
                timeZone={timeZone}
                now={now}
                query={filter.query}
              />
            ))}
          </ul>
        )}
        <AdminPager
          label="More enquiries"
          newest={initial.after ? { href: newest, text: 'Newest enquiries' } : null}
          older={list.next ? { href: panelHref(filter, list.next), text: 'Load older enquiries' } : null}
          onOlder={(event) => {
            event.preventDefault();
            void load(filter, list.next ?? undefined);
          }}
        />
      </div>
    </>
  );
}
