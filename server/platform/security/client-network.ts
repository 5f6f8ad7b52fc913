import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client as a rate limit should count it: an IPv4 address whole, an IPv6 address by its /64
 * network. A household or a server is given a whole /64 and may use any of its 2^64 addresses, so
 * counting single IPv6 addresses would give it endless fresh allowances.
 */
export function clientNetwork(ip: string): string {
  const address = ip.split('%')[0]!; // a zone index (fe80::1%eth0) names an interface, not a host
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) =>
    (part ? part.split(':') : []).flatMap((group) => (isIPv4(group) ? ['0', '0'] : [group]));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The network an address belongs to, as a notice may show it without the address itself: an IPv4
 * address's /24 (203.0.113.0/24), an IPv6 address's /64; "unknown" for anything else.
 */
export function networkPrefix(ip: string): string {
  const network = clientNetwork(ip);
  if (isIPv4(network)) return `${network.split('.').slice(0, 3).join('.')}.0/24`;
  return network.endsWith('::/64') ? network : 'unknown';
}
