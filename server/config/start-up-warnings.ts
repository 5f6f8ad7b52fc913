import { isIP } from 'node:net';
import type { ServerConfig } from './load-config.js';
import { DEFAULT_SITE_URL, LINKS_ON_SITE_URL } from './site-url.js';

/** Whether only this machine can reach an address the server listens on. */
export function isLoopback(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (address === 'localhost' || address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/**
 * Settings that start the server but are probably not what the operator meant, each as one line for
 * the log at start: a SITE_URL left at its default on a server others reach, TRUST_PROXY=true.
 */
export function startUpWarnings(config: Pick<ServerConfig, 'host' | 'port' | 'site' | 'trustProxy'>): string[] {
  const warnings: string[] = [];
  const defaultPort = Number(new URL(DEFAULT_SITE_URL).port);
  const otherPort = config.port !== 0 && config.port !== defaultPort;
  if (config.site.siteUrlIsDefault && (!isLoopback(config.host) || otherPort)) {
    warnings.push(
      `SITE_URL is not set, so ${LINKS_ON_SITE_URL} point to ${DEFAULT_SITE_URL} while the server listens on ${config.host}:${config.port}: ` +
        "set SITE_URL to the site's public address, e.g. https://www.yourcompany.in",
    );
  }
  if (config.trustProxy === true) {
    warnings.push(
      'TRUST_PROXY=true trusts every X-Forwarded-For entry, so any client can choose the address the rate limits see: set it to the number of proxies (1) or their addresses',
    );
  }
  return warnings;
}
