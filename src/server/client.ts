/**
 * Who a request comes from, for every count kept per client (the photo staging cap, the daily
 * acknowledgements, the sign-in lock-out): the network, not the single address. One home or
 * phone on IPv6 holds a whole /64 (2^64 addresses, any of which it may use), so an IPv6 client
 * is its /64; an IPv4 client is its address (an IPv4-mapped IPv6 address, `::ffff:192.0.2.1`, is
 * the IPv4 address it carries). Where the address cannot be read, every such request is one
 * client, "unknown": a request that hides its address shares its limits with all the others.
 *
 * The result is never stored or logged as it is: the counts key on an HMAC of it.
 */
import ipaddr from 'ipaddr.js';

/** The prefix length an IPv6 client is grouped by. */
export const IPV6_CLIENT_PREFIX = 64;

/** The client a request's address stands for: `192.0.2.1`, `2001:db8:2:2::/64`, or `unknown`. */
export const clientOf = (address: string | null | undefined): string => {
  const text = (address ?? '')
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  // Four decimal parts only: `127.1` or `0x7f.0.0.1` are not an address a platform reports.
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return 'unknown';
  const parsed = ipaddr.process(text);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6)
    .toNormalizedString()
    .split(':')
    .slice(0, IPV6_CLIENT_PREFIX / 16);
  return `${ipaddr.IPv6.parse(`${parts.join(':')}::`).toString()}/${IPV6_CLIENT_PREFIX}`;
};
