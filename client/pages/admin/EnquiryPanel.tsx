import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ADMIN_TEXT, exportLabel } from '../../../shared/admin/texts.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { ADMIN_VIEWS, VIEW_LABELS, type AdminView, type EnquiryFilter } from '../../../shared/admin/filter.js';
import {
  ACTION_LABELS,
  BULK_ACTIONS,
  CONFIRM_PURGE,
  confirmBulkPurge,
  type AdminSignedIn,
  type BulkAction,
  type EnquiryAction,
  type EnquiryList,
} from '../../../shared/admin/desk.js';
import type { Enquiry, Note, Stage } from '../../../shared/enquiry/enquiry.js';
import {
  actOn,
  actOnMany,
  ConfirmFirstError,
  exportHref,
  fetchEnquiries,
  panelHref,
  postJson,
  SignedOutError,
  submitWithoutScript,
} from './admin-api.js';
import { AdminHeader } from './AdminHeader.js';
import { AdminPager } from './AdminTable.js';
import { EnquiryCard } from './EnquiryCard.js';
import { EnquiryCharts } from './EnquiryCharts.js';
import { EnquiryFilters } from './EnquiryFilters.js';

const SEARCH_DELAY_MS = 200;
const BULK_FORM_ID = 'bulk-actions';

/** Whether an enquiry still belongs in a view after an action on it. */
function stays(view: AdminView, enquiry: Enquiry, action: EnquiryAction): boolean {
  if (action === 'trash' || action === 'restore' || action === 'purge' || action === 'spam' || action === 'notspam')
    return false;
  return !((view === 'unread' && action === 'read') || (view === 'starred' && action === 'unstar'));
}

/** The list after an action on one enquiry, as the server now has it (counts included). */
function applied(list: EnquiryList, enquiry: Enquiry, action: EnquiryAction, view: AdminView): EnquiryList {
  const inInbox = !enquiry.trashedAt && !enquiry.spamReason;
  const leavesInbox = inInbox && (action === 'trash' || action === 'spam');
  const entersInbox =
    !inInbox && (action === 'restore' || action === 'notspam') && !(enquiry.trashedAt && enquiry.spamReason);
  const inboxChange = (entersInbox ? 1 : 0) - (leavesInbox ? 1 : 0);
  const unreadChange = inInbox
    ? (action === 'read' && !enquiry.read ? -1 : 0) +
      (action === 'unread' && enquiry.read ? 1 : 0) +
      (leavesInbox && !enquiry.read ? -1 : 0)
    : entersInbox && !enquiry.read
      ? 1
      : 0;
  const inSpam = !enquiry.trashedAt && !!enquiry.spamReason;
  const spamChange = inSpam
    ? action === 'notspam' || action === 'trash'
      ? -1
      : 0
    : (action === 'spam' && !enquiry.trashedAt) || (action === 'restore' && !!enquiry.spamReason)
      ? 1
      : 0;
  const changed = {
    ...enquiry,
    read: action === 'read' ? true : action === 'unread' ? false : enquiry.read,
    starred: action === 'star' ? true : action === 'unstar' ? false : enquiry.starred,
    notification: action === 'resend' ? { status: 'pending' as const, error: null, tries: 0 } : enquiry.notification,
  };
  const leaves = !stays(view, enquiry, action);
  return {
    ...list,
    total: list.total + inboxChange,
    unread: list.unread + unreadChange,
    spam: list.spam + spamChange,
    filtered: list.filtered - (leaves ? 1 : 0),
    enquiries: leaves
      ? list.enquiries.filter((item) => item.id !== enquiry.id)
      : list.enquiries.map((item) => (item.id === enquiry.id ? changed : item)),
  };
}

export function EnquiryPanel({ initial }: { initial: AdminSignedIn }) {
  const { csrfToken, timeZone } = initial;
  const [list, setList] = useState<EnquiryList>(initial);
  const [filter, setFilter] = useState<EnquiryFilter>(initial.filter);
  const [selected, setSelected] = useState<Set<number>>(
    () => new Set(initial.selectAll ? initial.enquiries.map((enquiry) => enquiry.id) : []),
  );
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [failed, setFailed] = useState<{ id: number | null; message: string } | null>(null);
  const request = useRef<AbortController | null>(null);
  const firstFilter = useRef(true);
  const { view } = filter;

  const load = async (forFilter: EnquiryFilter, after?: string) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    try {
      const next = await fetchEnquiries(forFilter, after, controller.signal);
      setList((current) => (after ? { ...next, enquiries: [...current.enquiries, ...next.enquiries] } : next));
      if (!after) setSelected(new Set());
      setLoadFailed(false);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof SignedOutError) {
        window.location.assign(ADMIN_PATHS.desk);
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

  /** Replaces one enquiry in the list (after a change the server confirmed). */
  const update = (id: number, change: (enquiry: Enquiry) => Enquiry) =>
    setList((current) => ({
      ...current,
      enquiries: current.enquiries.map((item) => (item.id === id ? change(item) : item)),
    }));

  const onStage = async (enquiry: Enquiry, stage: Stage, onlyFrom?: Stage) => {
    setFailed(null);
    try {
      const response = await postJson(pathTo(ADMIN_PATHS.stage, { id: enquiry.id }), csrfToken, {
        stage,
        ...(onlyFrom && { onlyFrom }),
      });
      if (!response.ok) throw new Error(`Setting the stage failed with status ${response.status}`);
      update(enquiry.id, (item) => ({ ...item, status: stage }));
    } catch (error) {
      console.error(error);
      setFailed({ id: enquiry.id, message: ADMIN_TEXT.actionFailed });
    }
  };

  const onNote = async (enquiry: Enquiry, body: string) => {
    setFailed(null);
    try {
      const response = await postJson(pathTo(ADMIN_PATHS.notes, { id: enquiry.id }), csrfToken, { body });
      if (response.status !== 201) throw new Error(`Adding the note failed with status ${response.status}`);
      const note = (await response.json()) as Note;
      update(enquiry.id, (item) => ({ ...item, notes: [...item.notes, note] }));
      return true;
    } catch (error) {
      console.error(error);
      setFailed({ id: enquiry.id, message: ADMIN_TEXT.actionFailed });
      return false;
    }
  };

  const onAction = async (event: FormEvent<HTMLFormElement>, enquiry: Enquiry, action: EnquiryAction) => {
    event.preventDefault();
    if (action === 'trash' && !window.confirm(ADMIN_TEXT.confirmDelete)) return;
    if (action === 'purge' && !window.confirm(CONFIRM_PURGE)) return;
    const form = event.currentTarget;
    setFailed(null);
    try {
      await actOn(enquiry.id, action, csrfToken);
      setList((current) => applied(current, enquiry, action, view));
    } catch (error) {
      if (error instanceof ConfirmFirstError) return submitWithoutScript(form);
      console.error(error);
      setFailed({ id: enquiry.id, message: action === 'trash' ? ADMIN_TEXT.deleteFailed : ADMIN_TEXT.actionFailed });
    }
  };

  const onBulk = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const action = submitter?.value as BulkAction | undefined;
    const ids = [...selected];
    if (!action || ids.length === 0) return;
    if (action === 'purge' && !window.confirm(confirmBulkPurge(ids.length))) return;
    setFailed(null);
    try {
      await actOnMany(ids, action, csrfToken);
      await load(filter);
    } catch (error) {
      if (error instanceof ConfirmFirstError) return submitWithoutScript(form, submitter);
      console.error(error);
      setFailed({ id: null, message: ADMIN_TEXT.actionFailed });
    }
  };

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allSelected = list.enquiries.length > 0 && list.enquiries.every((enquiry) => selected.has(enquiry.id));
  const back = panelHref(filter);
  const thisPage = panelHref(filter, initial.after);
  const selectAllHref = `${thisPage}${thisPage.includes('?') ? '&' : '?'}select=all`;

  return (
    <>
      <AdminHeader
        csrfToken={csrfToken}
        current={ADMIN_PATHS.desk}
        onLogout={() => setList({ total: 0, filtered: 0, unread: 0, spam: 0, enquiries: [], next: null })}
        title={
          <>
            {ADMIN_TEXT.panelTitle}
            {list.unread > 0 && (
              <span className="badge badge--count">
                {list.unread}
                <span className="visually-hidden"> unread</span>
              </span>
            )}
            {list.spam > 0 && (
              <a className="badge badge--spam" href={panelHref({ ...filter, view: 'spam' })}>
                {list.spam} in Spam
              </a>
            )}
          </>
        }
      />
      <section className="section section--tight">
        <div className="container">
          <EnquiryCharts stats={initial.stats} />
          <nav className="admin-views" aria-label="Views">
            <ul>
              {ADMIN_VIEWS.map((name) => (
                <li key={name}>
                  <a href={panelHref({ ...filter, view: name })} aria-current={name === view ? 'page' : undefined}>
                    {VIEW_LABELS[name]}
                    {name === 'unread' && ` (${list.unread})`}
                    {name === 'spam' && ` (${list.spam})`}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <EnquiryFilters filter={filter} onChange={setFilter} />
          <div className="admin-toolbar">
            {/* No download attribute: the server may answer with "Confirm it's you" first (the file is an attachment). */}
            <a className="button" href={exportHref(filter)}>
              {exportLabel(list.filtered)}
            </a>
            <a
              className="button button--ghost"
              href={back}
              role="button"
              onClick={(event) => {
                event.preventDefault();
                void load(filter);
              }}
            >
              {ADMIN_TEXT.refresh}
            </a>
          </div>
          <dl className="admin-stats">
            <div className="card card--padded">
              <dt>{ADMIN_TEXT.totalEnquiries}</dt>
              <dd>{list.total}</dd>
            </div>
            <div className="card card--padded">
              <dt>{ADMIN_TEXT.filteredResults}</dt>
              <dd>{list.filtered}</dd>
            </div>
            <div className="card card--padded">
              <dt>Unread</dt>
              <dd>{list.unread}</dd>
            </div>
          </dl>
          <div aria-live="polite" role="status" className="admin-status">
            {loading && <p>{ADMIN_TEXT.loading}</p>}
            {loadFailed && <p className="notice notice--info">{ADMIN_TEXT.loadFailed}</p>}
          </div>
          {list.enquiries.length > 0 && (
            <form
              id={BULK_FORM_ID}
              className="admin-bulk"
              method="post"
              action={ADMIN_PATHS.bulk}
              onSubmit={onBulk}
              aria-label="Selected enquiries"
            >
              <input type="hidden" name="_csrf" value={csrfToken} />
              <input type="hidden" name="back" value={back} />
              <a
                href={selectAllHref}
                aria-pressed={allSelected}
                role="button"
                className="button button--ghost"
                onClick={(event) => {
                  event.preventDefault();
                  setSelected(new Set(allSelected ? [] : list.enquiries.map((enquiry) => enquiry.id)));
                }}
              >
                {allSelected ? 'Select none' : 'Select all'}
              </a>
              <span className="admin-bulk__count" aria-live="polite">{`${selected.size} selected`}</span>
              {BULK_ACTIONS[view].map((action) => (
                <button
                  key={action}
                  type="submit"
                  name="action"
                  value={action}
                  className={action === 'purge' ? 'button button--danger' : 'button button--ghost'}
                >
                  {ACTION_LABELS[action]}
                </button>
              ))}
              {failed?.id === null && (
                <p className="notice notice--error" role="alert">
                  {failed.message}
                </p>
              )}
            </form>
          )}
          {list.enquiries.length === 0 ? (
            <p className="admin-empty">{ADMIN_TEXT.empty}</p>
          ) : (
            <ul className="enquiry-list" role="list">
              {list.enquiries.map((enquiry) => (
                <li key={enquiry.id}>
                  <EnquiryCard
                    enquiry={enquiry}
                    csrfToken={csrfToken}
                    back={back}
                    timeZone={timeZone}
                    bulkForm={BULK_FORM_ID}
                    selected={selected.has(enquiry.id)}
                    onSelect={(on) => toggle(enquiry.id, on)}
                    error={failed?.id === enquiry.id ? failed.message : null}
                    onAction={onAction}
                    onStage={onStage}
                    onNote={onNote}
                  />
                </li>
              ))}
            </ul>
          )}
          <AdminPager
            label="More enquiries"
            newest={initial.after ? { href: back, text: 'Newest enquiries' } : null}
            older={list.next ? { href: panelHref(filter, list.next), text: 'Load older enquiries' } : null}
            onOlder={(event) => {
              event.preventDefault();
              void load(filter, list.next ?? undefined);
            }}
          />
        </div>
      </section>
    </>
  );
}
