import type { FormValues } from '../../shared/content/sections.js';
import type { Bootstrap } from '../../shared/page-data.js';
import type { AdminSitePage, SectionView } from '../../shared/site-editor.js';
import type { AdminClient } from './admin-client.js';

/** The data a page was rendered with (its bootstrap JSON block). */
export function bootstrapOf(html: string): Bootstrap {
  const json = /<script id="bootstrap-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('the page has no bootstrap data');
  return JSON.parse(json) as Bootstrap;
}

/** Opens a section's form as a signed-in admin: its values and the revision it is based on. */
export async function openSection(
  client: AdminClient,
  path: string,
): Promise<{ page: AdminSitePage; view: SectionView; html: string }> {
  const response = await client.request(path);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  const page = bootstrapOf(html).pageData.admin as AdminSitePage;
  client.csrfToken = page.csrfToken;
  return { page, view: page.view as SectionView, html };
}

/** Posts a section's form as a browser without JavaScript would (or as the enhanced form, `asJson`). */
export function saveSection(
  client: AdminClient,
  path: string,
  values: FormValues,
  base: number,
  options: { note?: string; asJson?: boolean; csrf?: string } = {},
): Promise<Response> {
  return client.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.asJson && { accept: 'application/json' }),
    },
    body: new URLSearchParams({
      ...values,
      base: String(base),
      note: options.note ?? '',
      _csrf: options.csrf ?? client.csrfToken,
    }).toString(),
  });
}

/** Opens a section, changes some of its values and saves: the response of the save. */
export async function editSection(
  client: AdminClient,
  path: string,
  change: FormValues,
  options: { note?: string; asJson?: boolean } = {},
): Promise<Response> {
  const { page, view } = await openSection(client, path);
  return saveSection(client, path, { ...view.values, ...change }, page.revision.id, options);
}
