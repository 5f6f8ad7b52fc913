import { useEffect, useRef, useState } from 'react';
import type { AdminSignedIn, EnquiryList } from '../../../shared/admin/desk.js';
import type { EnquiryFilter } from '../../../shared/admin/filter.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { ConfirmFirstError, fetchEnquiries, panelHref, SignedOutError } from './admin-api.js';

const SEARCH_DELAY_MS = 200;

/**
 * The inbox's list as the server has it now, with its filter and the ticked rows: it follows the
 * search (as the admin types) and the filters, and so do the address and the tab's title.
 */
export function useEnquiryList(initial: AdminSignedIn) {
  const [list, setList] = useState<EnquiryList>(initial);
  const [filter, setFilter] = useState<EnquiryFilter>(initial.filter);
  const [selected, setSelected] = useState<Set<number>>(
    () => new Set(initial.selectAll ? initial.enquiries.map((enquiry) => enquiry.id) : []),
  );
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const request = useRef<AbortController | null>(null);
  /** The filter as it is now (an action's reload must not bring back an older search). */
  const current = useRef(filter);
  useEffect(() => {
    current.current = filter;
  }, [filter]);
  const firstFilter = useRef(true);

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

  /** The first page of the list again, with the filter as it is now (after an action). */
  const reload = (keepSelection: boolean) => load(current.current, undefined, keepSelection);

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

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return { list, filter, setFilter, selected, setSelected, toggle, loading, loadFailed, load, reload };
}
