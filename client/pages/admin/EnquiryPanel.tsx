import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ADMIN_API, ADMIN_TEXT, exportLabel, type AdminSignedIn, type EnquiryList } from '../../../shared/admin.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { deleteEnquiry, exportHref, fetchEnquiries, panelHref, postJson, SignedOutError } from './admin-api.js';
import { EnquiryCard } from './EnquiryCard.js';

const SEARCH_DELAY_MS = 200;

export function EnquiryPanel({ initial }: { initial: AdminSignedIn }) {
  const { csrfToken } = initial;
  const [list, setList] = useState<EnquiryList>(initial);
  const [query, setQuery] = useState(initial.query);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [failedDelete, setFailedDelete] = useState<number | null>(null);
  const request = useRef<AbortController | null>(null);
  const firstQuery = useRef(true);

  const load = async (forQuery: string, after?: string) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    try {
      const next = await fetchEnquiries(forQuery, after, controller.signal);
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
    window.history.replaceState(window.history.state, '', panelHref(query));
    const timer = window.setTimeout(() => void load(query), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query]);

  const onDelete = async (event: FormEvent<HTMLFormElement>, enquiry: Enquiry) => {
    event.preventDefault();
    if (!window.confirm(ADMIN_TEXT.confirmDelete)) return;
    setFailedDelete(null);
    try {
      await deleteEnquiry(enquiry.id, csrfToken);
      setList((current) => ({
        ...current,
        total: current.total - 1,
        filtered: current.filtered - 1,
        enquiries: current.enquiries.filter((item) => item.id !== enquiry.id),
      }));
    } catch (error) {
      console.error(error);
      setFailedDelete(enquiry.id);
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
    setList({ total: 0, filtered: 0, enquiries: [], next: null });
    window.location.assign('/admin');
  };

  return (
    <>
      <div className="banner">
        <div className="container admin-header">
          <h1>{ADMIN_TEXT.panelTitle}</h1>
          <form method="post" action={ADMIN_API.logout} onSubmit={onLogout}>
            <input type="hidden" name="_csrf" value={csrfToken} />
            <button type="submit" className="button button--ghost-light">{ADMIN_TEXT.logout}</button>
          </form>
        </div>
      </div>
      <section className="section section--tight">
        <div className="container">
          <form className="admin-search" method="get" action="/admin" role="search" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="admin-search" className="visually-hidden">Search enquiries</label>
            <input id="admin-search" type="search" name="q" value={query} maxLength={200}
              placeholder={ADMIN_TEXT.searchPlaceholder} onChange={(event) => setQuery(event.target.value)} />
            <button type="submit" className="button button--ghost">Search</button>
          </form>
          <div className="admin-toolbar">
            <a className="button" href={exportHref(query)} download>
              {exportLabel(list.filtered)}
            </a>
            <a className="button button--ghost" href={panelHref(query)} role="button"
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
                  <EnquiryCard enquiry={enquiry} csrfToken={csrfToken} query={query}
                    deleteError={failedDelete === enquiry.id} onDelete={onDelete} />
                </li>
              ))}
            </ul>
          )}
          <nav className="admin-pages" aria-label="More enquiries">
            {initial.after && <a href={panelHref(query)}>Newest enquiries</a>}
            {list.next && (
              <a className="button button--ghost" href={panelHref(query, list.next)}
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
