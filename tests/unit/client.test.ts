/**
 * The client a per-client count keys on (src/server/client.ts): an IPv6 /64 is one client, however
 * many of its addresses are used; an IPv4 address is one client; what cannot be read is "unknown".
 */
import { describe, expect, test } from 'vitest';
import { clientOf } from '../../src/server/client.ts';

describe('clientOf', () => {
  test.each([
    ['2001:db8:2:2::1', '2001:db8:2:2::/64'],
    ['2001:db8:2:2::d', '2001:db8:2:2::/64'],
    ['2001:0db8:0002:0002:ffff:ffff:ffff:ffff', '2001:db8:2:2::/64'],
    ['2001:DB8:2:2:abcd::9', '2001:db8:2:2::/64'],
    ['[2001:db8:2:2::1]', '2001:db8:2:2::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['2001:db8:2:3::1', '2001:db8:2:3::/64'],
    ['192.0.2.1', '192.0.2.1'],
    [' 192.0.2.1 ', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::1', '::/64'],
    ['127.1', 'unknown'],
    ['0x7f.0.0.1', 'unknown'],
    ['999.1.1.1', 'unknown'],
    ['not an address', 'unknown'],
    ['', 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown'],
  ])('%s → %s', (address, client) => {
    expect(clientOf(address)).toBe(client);
  });

  test('twelve addresses of one /64 are one client; the next /64 is another', () => {
    const clients = new Set(Array.from({ length: 12 }, (_, n) => clientOf(`2001:db8:2:2::${(n + 2).toString(16)}`)));
    expect([...clients]).toEqual(['2001:db8:2:2::/64']);
    expect(clientOf('2001:db8:2:1::1')).not.toBe(clientOf('2001:db8:2:2::1'));
  });
});
