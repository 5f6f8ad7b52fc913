import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { filterSearch, type EnquiryFilter } from '../../../shared/admin/filter.js';
import type { BulkAction, EnquiryAction, EnquiryList } from '../../../shared/admin/desk.js';
import type { Done, UndoForm } from '../../../shared/admin/desk.js';

export class SignedOutError extends Error {}
/** The action needs the admin to confirm it is them first (a sign-in older than 10 minutes). */
export class ConfirmFirstError extends Error {}

/** Refused because the admin must confirm it is them first: throws ConfirmFirstError. */
async function checkConfirmFirst(response: Response): Promise<void> {
  if (response.status !== 401) return;
  const body = (await response.json().catch(() => null)) as { confirm?: boolean } | null;
  if (body?.confirm) throw new ConfirmFirstError('confirm first');
}

/**
 * Sends the form as the browser would without JavaScript (with the button pressed), so the server
 * answers with its "Confirm it's you" page, which then sends the same values on.
 */
export function submitWithoutScript(form: HTMLFormElement, submitter?: HTMLButtonElement | null): void {
  if (submitter?.name) {
    const pressed = document.createElement('input');
    Object.assign(pressed, { type: 'hidden', name: submitter.name, value: submitter.value });
    form.append(pressed);
  }
  HTMLFormElement.prototype.submit.call(form);
}

/** /admin?view=…&q=…&stage=… : the panel's own address for a filter (also what Refresh reloads without JavaScript). */
export const panelHref = (filter: EnquiryFilter, after?: string | null) =>
  `${ADMIN_PATHS.desk}${filterSearch(filter, after)}`;
export const exportHref = (filter: EnquiryFilter) => `${ADMIN_PATHS.exportCsv}${filterSearch(filter)}`;

export async function fetchEnquiries(
  filter: EnquiryFilter,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<EnquiryList> {
  const response = await fetch(`${ADMIN_PATHS.enquiries}${filterSearch(filter, after)}`, {
    headers: { accept: 'application/json' },
    signal,
  });
  await checkConfirmFirst(response.clone());
  if (response.status === 401) throw new SignedOutError('signed out');
  if (!response.ok) throw new Error(`Loading enquiries failed with status ${response.status}`);
  return (await response.json()) as EnquiryList;
}

/** Posts a change as JSON and reads what it did (the status message, with its Undo). */
async function change(path: string, csrfToken: string, body: unknown): Promise<Done> {
  const response = await postJson(path, csrfToken, body);
  await checkConfirmFirst(response);
  if (!response.ok) throw new Error(`${path} failed with status ${response.status}`);
  return ((await response.json()) as { done: Done }).done;
}

/** One action on one enquiry (the same address its form posts to without JavaScript). */
export const actOn = (id: number, action: EnquiryAction, csrfToken: string) =>
  change(pathTo(ADMIN_PATHS.action, { id, action }), csrfToken, {});

/** One action on the selected enquiries. */
export const actOnMany = (ids: number[], action: BulkAction, csrfToken: string) =>
  change(ADMIN_PATHS.bulk, csrfToken, { action, id: ids });

/** Takes an action back: posts its Undo form's fields. */
export const undo = (form: UndoForm, csrfToken: string) => change(form.path, csrfToken, form.fields);

/** POSTs JSON with the CSRF token; returns the response for the caller to read. */
export function postJson(url: string, csrfToken: string, body: unknown = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify(body),
  });
}
