import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses no webhook goes to unless WEBHOOK_ALLOW_PRIVATE=1: private, loopback, link-local, unspecified. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Whether an address is one no webhook goes to (unless WEBHOOK_ALLOW_PRIVATE=1). */
export function isPrivate(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

export type TargetProblem = 'invalid' | 'private' | 'unresolved';

/** An http(s) URL without credentials, or undefined. */
export function webhookUrl(value: string): URL | undefined {
  try {
    const url = new URL(value.trim());
    const web = url.protocol === 'https:' || url.protocol === 'http:';
    return web && url.hostname && !url.username && !url.password ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a webhook may not be sent to `value`, or null: the host is resolved and every address it has is
 * checked (one private address among public ones is enough to refuse), unless private ones are allowed.
 */
export async function targetProblem(value: string, allowPrivate: boolean): Promise<TargetProblem | null> {
  const url = webhookUrl(value);
  if (!url) return 'invalid';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return 'unresolved';
  }
  if (addresses.length === 0) return 'unresolved';
  return addresses.some(isPrivate) ? 'private' : null;
}
