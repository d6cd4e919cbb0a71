import { describe, expect, it } from 'vitest';
import { AddressRefusedError, checkAddress, parseLegacyIPv4 } from './address-guard.js';

/** Names resolve through this table, so the tests never depend on the machine's resolver. */
const dns: Record<string, string[]> = {
  'db.corp.example': ['10.1.2.3'],
  'public.example': ['93.184.216.34'],
  'v6.example': ['2001:db8::10'],
  'rebind.example': ['93.184.216.34', '127.0.0.1'],
  localhost: ['127.0.0.1', '::1'],
  'meta.example': ['169.254.169.254'],
  'ula.example': ['fd12:3456::1'],
};
const resolve = async (host: string) => {
  const list = dns[host.toLowerCase().replace(/\.$/, '')];
  if (!list) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

type Case = [host: string, allowPrivate: boolean, allowList: string[], expected: string | 'refused'];

const cases: Case[] = [
  // Ordinary addresses and names.
  ['93.184.216.34', false, [], '93.184.216.34'],
  ['public.example', false, [], '93.184.216.34'],
  ['v6.example', false, [], '2001:db8::10'],
  ['[2001:db8::1]', false, [], '2001:db8::1'],
  // Private networks: links yes, interfaces no.
  ['10.0.0.5', true, [], '10.0.0.5'],
  ['10.0.0.5', false, [], 'refused'],
  ['172.16.0.1', true, [], '172.16.0.1'],
  ['172.31.255.255', false, [], 'refused'],
  ['172.32.0.1', false, [], '172.32.0.1'],
  ['192.168.1.1', true, [], '192.168.1.1'],
  ['192.168.1.1', false, [], 'refused'],
  ['db.corp.example', true, [], '10.1.2.3'],
  ['db.corp.example', false, [], 'refused'],
  ['fd12:3456::1', true, [], 'fd12:3456::1'],
  ['ula.example', false, [], 'refused'],
  ['100.64.0.1', false, [], 'refused'],
  // Loopback, unspecified, link-local, multicast, broadcast.
  ['127.0.0.1', true, [], 'refused'],
  ['127.8.9.10', true, [], 'refused'],
  ['localhost', true, [], 'refused'],
  ['LOCALHOST.', true, [], 'refused'],
  ['::1', true, [], 'refused'],
  ['[::1]', true, [], 'refused'],
  ['0.0.0.0', true, [], 'refused'],
  ['::', true, [], 'refused'],
  ['0', true, [], 'refused'],
  ['169.254.1.1', true, [], 'refused'],
  ['fe80::1', true, [], 'refused'],
  ['fe80::1%eth0', true, [], 'refused'],
  ['febf::1', true, [], 'refused'],
  ['224.0.0.1', true, [], 'refused'],
  ['255.255.255.255', true, [], 'refused'],
  // Metadata services.
  ['169.254.169.254', true, [], 'refused'],
  ['metadata.google.internal', true, [], 'refused'],
  ['Metadata.Google.Internal.', true, [], 'refused'],
  ['meta.example', true, [], 'refused'],
  ['fd00:ec2::254', true, [], 'refused'],
  ['100.100.100.200', true, [], 'refused'],
  // IPv4 inside IPv6.
  ['::ffff:127.0.0.1', true, [], 'refused'],
  ['::ffff:7f00:1', true, [], 'refused'],
  ['::ffff:169.254.169.254', true, [], 'refused'],
  ['[::ffff:a9fe:a9fe]', true, [], 'refused'],
  ['::127.0.0.1', true, [], 'refused'],
  ['64:ff9b::a9fe:a9fe', true, [], 'refused'],
  ['::ffff:10.0.0.1', false, [], 'refused'],
  ['::ffff:93.184.216.34', false, [], '::ffff:93.184.216.34'],
  // Other spellings of IPv4 (inet_aton).
  ['2130706433', true, [], 'refused'],
  ['0x7f000001', true, [], 'refused'],
  ['0x7F.0.0.1', true, [], 'refused'],
  ['0177.0.0.1', true, [], 'refused'],
  ['0177.1', true, [], 'refused'],
  ['127.1', true, [], 'refused'],
  ['2852039166', true, [], 'refused'], // 169.254.169.254
  ['1572395042', false, [], '93.184.216.34'],
  // A name with one bad address among good ones (DNS rebinding set-up) is refused.
  ['rebind.example', true, [], 'refused'],
  // The allow list lifts refusals by name, address or CIDR.
  ['127.0.0.1', true, ['127.0.0.1'], '127.0.0.1'],
  ['localhost', true, ['localhost'], '127.0.0.1'],
  ['localhost', true, ['127.0.0.0/8', '::1'], '127.0.0.1'],
  ['2130706433', true, ['127.0.0.1'], '127.0.0.1'],
  ['::ffff:127.0.0.1', true, ['127.0.0.1'], '::ffff:127.0.0.1'],
  ['::1', true, ['::1/128'], '::1'],
  ['10.0.0.5', false, ['10.0.0.0/8'], '10.0.0.5'],
  ['169.254.169.254', true, ['169.254.169.253'], 'refused'],
  ['metadata.google.internal', true, ['localhost'], 'refused'],
  ['127.0.0.2', true, ['127.0.0.1'], 'refused'],
  ['127.0.0.1', true, ['not a cidr', '', '999.1.1.1/8'], 'refused'],
];

describe('checkAddress', () => {
  it.each(cases)('%s (private %s, allow %j) → %s', async (host, allowPrivate, allowList, expected) => {
    const attempt = checkAddress(host, allowList, { allowPrivate, resolve });
    if (expected === 'refused') {
      await expect(attempt).rejects.toBeInstanceOf(AddressRefusedError);
    } else {
      expect((await attempt).address).toBe(expected);
    }
  });

  it('names the host in the refusal', async () => {
    await expect(checkAddress('[::1]', [], { allowPrivate: true, resolve })).rejects.toMatchObject({
      key: 'dataLink.addressRefused',
      params: { host: '::1' },
      status: 400,
    });
  });

  it('answers the family of the checked address, and a failed lookup is not a refusal', async () => {
    expect(await checkAddress('v6.example', [], { allowPrivate: true, resolve })).toEqual({ host: 'v6.example', address: '2001:db8::10', family: 6 });
    const failure = checkAddress('nowhere.example', [], { allowPrivate: true, resolve });
    await expect(failure).rejects.toThrow(/ENOTFOUND/);
    await expect(failure).rejects.not.toBeInstanceOf(AddressRefusedError);
  });

  it('uses the system resolver by default', async () => {
    await expect(checkAddress('localhost', [], { allowPrivate: true })).rejects.toBeInstanceOf(AddressRefusedError);
    expect((await checkAddress('localhost', ['localhost'], { allowPrivate: true })).address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});

describe('parseLegacyIPv4', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0177.0.0.01', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['10.1.258', '10.1.1.2'],
    ['0', '0.0.0.0'],
    ['4294967295', '255.255.255.255'],
    ['4294967296', null],
    ['256.1.1.1', null],
    ['08.1.1.1', null],
    ['1.2.3.4.5', null],
    ['example.com', null],
    ['1e3', null],
  ])('%s → %s', (text, expected) => {
    expect(parseLegacyIPv4(text)).toBe(expected);
  });
});
