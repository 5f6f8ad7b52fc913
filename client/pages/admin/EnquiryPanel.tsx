import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ADMIN_API,
  ADMIN_TEXT,
  ADMIN_VIEWS,
  exportLabel,
  VIEW_LABELS,
  type AdminSignedIn,
  type EnquiryAction,
  type EnquiryList,
} from '../../../shared/admin.js';
import type { Enquiry, Note, Stage } from '../../../shared/enquiry/enquiry.js';
import { actOn, exportHref, fetchEnquiries, panelHref, postJson, SignedOutError } from './admin-api.js';
import { EnquiryCard } from './EnquiryCard.js';

const SEARCH_DELAY_MS = 200;
const CONFIRM_PURGE = 'Delete this enquiry permanently? It cannot be restored.';
/** Actions after which the card no longer belongs in the view it is shown in. */
const LEAVES_VIEW: EnquiryAction[] = ['trash', 'restore', 'purge'];

/** The list after an action on one enquiry, as the server now has it (counts included). */
function applied(list: EnquiryList, enquiry: Enquiry, action: EnquiryAction, view: AdminSignedIn['view']): EnquiryList {
  const unreadChange = (action === 'read' && !enquiry.read ? -1 : 0) + (action === 'unread' && enquiry.read ? 1 : 0)
    + (!enquiry.read && action === 'trash' ? -1 : 0) + (!enquiry.read && action === 'restore' ? 1 : 0);
  const totalChange = action === 'trash' ? -1 : action === 'restore' ? 1 : 0;
  const leaves = LEAVES_VIEW.includes(action) || (view === 'unread' && action === 'read') || (view === 'starred' && action === 'unstar');
  const changed = { ...enquiry, read: action === 'read' ? true : action === 'unread' ? false : enquiry.read,
    starred: action === 'star' ? true : action === 'unstar' ? false : enquiry.starred,
    notification: action === 'resend' ? { status: 'pending' as const, error: null, tries: 0 } : enquiry.notification };
  return {
    ...list,
    total: list.total + totalChange,
    unread: list.unread + unreadChange,
    filtered: list.filtered - (leaves ? 1 : 0),
    enquiries: leaves ? list.enquiries.filter((item) => item.id !== enquiry.id) : list.enquiries.map((item) => (item.id === enquiry.id ? changed : item)),
  };
}

export function EnquiryPanel({ initial }: { initial: AdminSignedIn }) {
  const { csrfToken, view } = initial;
  const [list, setList] = useState<EnquiryList>(initial);
  const [query, setQuery] = useState(initial.query);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [failed, setFailed] = useState<{ id: number; message: string } | null>(null);
  const request = useRef<AbortController | null>(null);
  const firstQuery = useRef(true);

  const load = async (forQuery: string, after?: string) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    try {
      const next = await fetchEnquiries(forQuery, view, after, controller.signal);
      setList((current) => (after ? { ...next, enquiries: [...current.enquiries, ...next.enquiries] } : next));
      setLoadFailed(false);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof SignedOutError) {
        window.location.assign('/admin');
        return;
      }
      console.error(error);
      setLoadFailed(true);
    } finally {
      if (request.current === controller) setLoading(false);
    }
  };

  // Filter as the admin types; the address follows, so a reload or a shared link shows the same search.
  useEffect(() => {
    if (firstQuery.current) {
      firstQuery.current = false;
      return;
    }
    window.history.replaceState(window.history.state, '', panelHref(query, view));
    const timer = window.setTimeout(() => void load(query), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query]);

  // The tab's title counts unread enquiries too, as the server renders it.
  useEffect(() => {
    document.title = document.title.replace(/^(\(\d+\) )?/, list.unread > 0 ? `(${list.unread}) ` : '');
  }, [list.unread]);

  /** Replaces one enquiry in the list (after a change the server confirmed). */
  const update = (id: number, change: (enquiry: Enquiry) => Enquiry) =>
    setList((current) => ({ ...current, enquiries: current.enquiries.map((item) => (item.id === id ? change(item) : item)) }));

  const onStage = async (enquiry: Enquiry, stage: Stage, onlyFrom?: Stage) => {
    setFailed(null);
    try {
      const response = await postJson(`/admin/enquiries/${enquiry.id}/stage`, csrfToken, { stage, ...(onlyFrom && { onlyFrom }) });
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
      const response = await postJson(`/admin/enquiries/${enquiry.id}/notes`, csrfToken, { body });
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
    setFailed(null);
    try {
      await actOn(enquiry.id, action, csrfToken);
      setList((current) => applied(current, enquiry, action, view));
    } catch (error) {
      console.error(error);
      setFailed({ id: enquiry.id, message: action === 'trash' ? ADMIN_TEXT.deleteFailed : `${ADMIN_TEXT.actionFailed}` });
    }
  };

  const onLogout = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const response = await postJson(ADMIN_API.logout, csrfToken);
      if (!response.ok) throw new Error(`Logout failed with status ${response.status}`);
    } catch (error) {
      console.error(error);
    }
    setList({ total: 0, filtered: 0, unread: 0, enquiries: [], next: null });
    window.location.assign('/admin');
  };

  return (
    <>
      <div className="banner">
        <div className="container admin-header">
          <h1>
            {ADMIN_TEXT.panelTitle}
            {list.unread > 0 && <span className="badge badge--count">{list.unread}<span className="visually-hidden"> unread</span></span>}
          </h1>
          <form method="post" action={ADMIN_API.logout} onSubmit={onLogout}>
            <input type="hidden" name="_csrf" value={csrfToken} />
            <button type="submit" className="button button--ghost-light">{ADMIN_TEXT.logout}</button>
          </form>
        </div>
      </div>
      <section className="section section--tight">
        <div className="container">
          <nav className="admin-views" aria-label="Views">
            <ul>
              {ADMIN_VIEWS.map((name) => (
                <li key={name}>
                  <a href={panelHref(query, name)} aria-current={name === view ? 'page' : undefined}>
                    {VIEW_LABELS[name]}{name === 'unread' && ` (${list.unread})`}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <form className="admin-search" method="get" action="/admin" role="search" onSubmit={(event) => event.preventDefault()}>
            {view !== 'inbox' && <input type="hidden" name="view" value={view} />}
            <label htmlFor="admin-search" className="visually-hidden">Search enquiries</label>
            <input id="admin-search" type="search" name="q" value={query} maxLength={200}
              placeholder={ADMIN_TEXT.searchPlaceholder} onChange={(event) => setQuery(event.target.value)} />
            <button type="submit" className="button button--ghost">Search</button>
          </form>
          <div className="admin-toolbar">
            <a className="button" href={exportHref(query, view)} download>
              {exportLabel(list.filtered)}
            </a>
            <a className="button button--ghost" href={panelHref(query, view)} role="button"
              onClick={(event) => { event.preventDefault(); void load(query); }}>
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
          {list.enquiries.length === 0 ? (
            <p className="admin-empty">{ADMIN_TEXT.empty}</p>
          ) : (
            <ul className="enquiry-list" role="list">
              {list.enquiries.map((enquiry) => (
                <li key={enquiry.id}>
                  <EnquiryCard enquiry={enquiry} csrfToken={csrfToken} back={panelHref(query, view)}
                    error={failed?.id === enquiry.id ? failed.message : null} onAction={onAction} onStage={onStage} onNote={onNote} />
                </li>
              ))}
            </ul>
          )}
          <nav className="admin-pages" aria-label="More enquiries">
            {initial.after && <a href={panelHref(query, view)}>Newest enquiries</a>}
            {list.next && (
              <a className="button button--ghost" href={panelHref(query, view, list.next)}
                onClick={(event) => { event.preventDefault(); void load(query, list.next ?? undefined); }}>
                Load older enquiries
              </a>
            )}
          </nav>
        </div>
      </section>
    </>
  );
}
