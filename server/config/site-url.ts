import { ConfigError } from './env.js';

/** SITE_URL when neither the variable nor SITE_CONFIG_FILE sets it: right only for a browser on the same machine. */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

/** The links that name SITE_URL, and so point to the wrong place when it is wrong. */
export const LINKS_ON_SITE_URL = 'canonical links, og:url, og:image and the sitemap';

/** SITE_URL: an http:// or https:// address, returned without a trailing slash. */
export function parseSiteUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new ConfigError(
      'SITE_URL',
      `must be an http:// or https:// address, e.g. https://www.yourcompany.in, got "${value}"`,
    );
  }
  return value.replace(/\/+$/, '');
}
