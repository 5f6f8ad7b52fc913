import { ADMIN_API, type EnquiryList } from '../../../shared/admin.js';

export class SignedOutError extends Error {}

function listUrl(query: string, after?: string): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (after) params.set('after', after);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** /admin?q=… : the panel's own address for a search (also what Refresh reloads without JavaScript). */
export const panelHref = (query: string, after?: string) => `/admin${listUrl(query, after)}`;
export const exportHref = (query: string) => `${ADMIN_API.exportCsv}${listUrl(query)}`;

export async function fetchEnquiries(query: string, after: string | undefined, signal?: AbortSignal): Promise<EnquiryList> {
  const response = await fetch(`${ADMIN_API.enquiries}${listUrl(query, after)}`, {
    headers: { accept: 'application/json' },
    signal,
  });
  if (response.status === 401) throw new SignedOutError('signed out');
  if (!response.ok) throw new Error(`Loading enquiries failed with status ${response.status}`);
  return (await response.json()) as EnquiryList;
}

export async function deleteEnquiry(id: number, csrfToken: string): Promise<void> {
  const response = await fetch(`${ADMIN_API.enquiries}/${id}`, {
    method: 'DELETE',
    headers: { 'x-csrf-token': csrfToken, accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Deleting enquiry ${id} failed with status ${response.status}`);
}

/** POSTs JSON with the CSRF token; returns the response for the caller to read. */
export function postJson(url: string, csrfToken: string, body: unknown = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify(body),
  });
}
