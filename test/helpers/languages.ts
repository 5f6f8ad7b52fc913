import { ADMIN_PATHS, pathTo } from '../../shared/admin/paths.js';
import type { TranslatedLanguage } from '../../shared/i18n/languages.js';
import type { AdminClient } from './admin-client.js';

/** Publishes a language as the owner does: the Translations screen's Publish button (a form POST). */
export async function publishLanguage(admin: AdminClient, lang: TranslatedLanguage): Promise<void> {
  const response = await admin.request(pathTo(ADMIN_PATHS.siteTranslationPublish, { lang }), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: admin.csrfToken }).toString(),
  });
  if (response.status !== 303) throw new Error(`publishing ${lang} answered ${response.status}`);
}

/** The hreflang links of a page's <head>: language → address. */
export function hreflangLinks(html: string): Map<string, string> {
  const links = html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g);
  return new Map([...links].map(([, lang, href]) => [lang!, href!.replace(/&amp;/g, '&')]));
}
