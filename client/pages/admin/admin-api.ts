import { ADMIN_API, type AdminView, type EnquiryAction, type EnquiryList } from '../../../shared/admin.js';

export class SignedOutError extends Error {}

function listUrl(query: string, view: AdminView, after?: string): string {
  const params = new URLSearchParams();
  if (view !== 'inbox') params.set('view', view);
  if (query) params.set('q', query);
  if (after) params.set('after', after);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** /admin?view=…&q=… : the panel's own address for a view and search (also what Refresh reloads without JavaScript). */
export const panelHref = (query: string, view: AdminView = 'inbox', after?: string) => `/admin${listUrl(query, view, after)}`;
export const exportHref = (query: string, view: AdminView) => `${ADMIN_API.exportCsv}${listUrl(query, view)}`;

export async function fetchEnquiries(query: string, view: AdminView, after: string | undefined, signal?: AbortSignal): Promise<EnquiryList> {
  const response = await fetch(`${ADMIN_API.enquiries}${listUrl(query, view, after)}`, {
    headers: { accept: 'application/json' },
    signal,
  });
  if (response.status === 401) throw new SignedOutError('signed out');
  if (!response.ok) throw new Error(`Loading enquiries failed with status ${response.status}`);
  return (await response.json()) as EnquiryList;
}

/** One action on one enquiry (the same address the card's form posts to without JavaScript). */
export async function actOn(id: number, action: EnquiryAction, csrfToken: string): Promise<void> {
  const response = await postJson(`/admin/enquiries/${id}/${action}`, csrfToken);
  if (!response.ok) throw new Error(`${action} on enquiry ${id} failed with status ${response.status}`);
}

/** POSTs JSON with the CSRF token; returns the response for the caller to read. */
export function postJson(url: string, csrfToken: string, body: unknown = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify(body),
  });
}
