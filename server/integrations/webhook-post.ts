import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPrivate } from './webhook-targets.js';

/**
 * A DNS lookup for a webhook's connection that refuses a private, loopback or link-local address
 * (unless they are allowed): the address checked is the one connected to, so a host that resolves
 * to a public address when it is checked and to a private one a moment later (DNS rebinding) is
 * refused all the same.
 */
export function publicOnlyLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = !allowPrivate && addresses.find((entry) => isPrivate(entry.address));
      if (refused) {
        const problem = Object.assign(new Error(`${hostname} resolves to ${refused.address}: refused (private)`), {
          code: 'EPRIVATE',
        });
        return callback(problem, '', 0);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return first
        ? callback(null, first.address, first.family)
        : callback(new Error(`${hostname}: no address`), '', 0);
    });
  };
}

/**
 * POSTs `body` to `url` and answers the response's status (its body is not read). Redirects are not
 * followed. The connection's address comes from `lookup`; `signal` aborts it.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { lookup: LookupFunction; signal: AbortSignal },
): Promise<number> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: options.lookup,
        signal: options.signal,
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
