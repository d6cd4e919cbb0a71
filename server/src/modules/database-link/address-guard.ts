import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../../core/errors.js';

/**
 * Where a database link or an interface may connect (docs/data-platform-design.md, "Address guard").
 * The host is resolved once, every address is checked, and the caller connects to the returned address, so a DNS
 * answer that changes between the check and the connect (rebinding) cannot steer the connection elsewhere.
 */
export interface CheckedAddress {
  /** The host as given (for messages and TLS names). */
  host: string;
  /** The checked address to connect to. */
  address: string;
  family: 4 | 6;
}

export interface AddressPolicy {
  /** Links may reach RFC 1918 / unique-local networks (company databases live there); interfaces may not. */
  allowPrivate: boolean;
  /** Name resolution; replaced in tests. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export class AddressRefusedError extends AppError {
  constructor(readonly host: string) {
    super('dataLink.addressRefused', { host }, 400);
  }
}

const LOOKUP_TIMEOUT_MS = 5000;

type Range = { family: 4 | 6; base: bigint; bits: number };

function v4ToBigInt(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = (n << 8n) | BigInt(p);
  }
  return n;
}

function v6ToBigInt(text: string): bigint | null {
  let s = text.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  // A trailing dotted quad (::ffff:1.2.3.4) is two 16-bit groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const v4 = v4ToBigInt(dotted[1]);
    if (v4 === null) return null;
    s = s.slice(0, -dotted[1].length) + `${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  let n = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    n = (n << 16n) | BigInt(parseInt(g, 16));
  }
  return n;
}

function range(cidr: string): Range | null {
  const [ip, bitsText] = cidr.split('/');
  const family = isIP(ip);
  if (family === 0) return null;
  const max = family === 4 ? 32 : 128;
  const bits = bitsText === undefined ? max : Number(bitsText);
  if (!Number.isInteger(bits) || bits < 0 || bits > max) return null;
  const base = family === 4 ? v4ToBigInt(ip) : v6ToBigInt(ip);
  return base === null ? null : { family: family as 4 | 6, base, bits };
}

function inRange(r: Range, family: 4 | 6, value: bigint): boolean {
  if (r.family !== family) return false;
  const shift = BigInt((family === 4 ? 32 : 128) - r.bits);
  return value >> shift === r.base >> shift;
}

const ranges = (list: string[]) => list.map((c) => range(c)!);

/** Refused for everyone: the machine itself, "this network", link-local, multicast, broadcast, cloud metadata. */
const ALWAYS_REFUSED = ranges([
  '0.0.0.0/8',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '100.100.100.200/32', // Alibaba Cloud metadata (inside the shared 100.64/10 range)
  '::/128',
  '::1/128',
  'fe80::/10',
  'ff00::/8',
  'fd00:ec2::254/128', // AWS metadata over IPv6
]);

/** Private networks: allowed for links (allowPrivate), refused for interfaces. */
const PRIVATE = ranges(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7']);

const REFUSED_NAMES = new Set(['metadata.google.internal', 'metadata', 'metadata.goog']);

/** IPv6 forms that carry an IPv4 address: mapped ::ffff:0:0/96, compatible ::/96, NAT64 64:ff9b::/96. */
const EMBEDDING = ranges(['::ffff:0:0/96', '::/96', '64:ff9b::/96']);

/**
 * inet_aton's spellings that resolvers accept: 2130706433, 0x7f000001, 0177.0.0.1, 127.1. Parsed here rather
 * than left to the resolver so the check never depends on the platform's C library.
 */
export function parseLegacyIPv4(host: string): string | null {
  const parts = host.split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]+$/i.test(p)) n = parseInt(p.slice(2), 16);
    else if (/^0[0-7]+$/.test(p)) n = parseInt(p, 8);
    else if (/^(0|[1-9]\d*)$/.test(p)) n = Number(p);
    else return null;
    if (!Number.isFinite(n)) return null;
    nums.push(n);
  }
  const last = nums.pop()!;
  if (nums.some((n) => n > 255) || last >= 256 ** (4 - nums.length)) return null;
  let value = last;
  nums.forEach((n, i) => (value += n * 256 ** (3 - i)));
  return [24, 16, 8, 0].map((s) => Math.floor(value / 2 ** s) % 256).join('.');
}

function classify(address: string): { family: 4 | 6; value: bigint } | null {
  const family = isIP(address);
  if (family === 4) return { family: 4, value: v4ToBigInt(address)! };
  if (family === 6) {
    const value = v6ToBigInt(address);
    if (value === null) return null;
    // '::' and '::1' are inside ::/96 too but are not IPv4 addresses; they are refused below as themselves.
    if (value > 1n && EMBEDDING.some((r) => inRange(r, 6, value))) return { family: 4, value: value & 0xffffffffn };
    return { family: 6, value };
  }
  return null;
}

function refused(address: string, allowPrivate: boolean): boolean {
  const c = classify(address);
  if (!c) return true;
  if (ALWAYS_REFUSED.some((r) => inRange(r, c.family, c.value))) return true;
  return !allowPrivate && PRIVATE.some((r) => inRange(r, c.family, c.value));
}

function allowedBy(allowList: string[], host: string, address: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  const c = classify(address);
  const raw = isIP(address) === 6 ? v6ToBigInt(address) : null;
  return allowList.some((entry) => {
    const e = entry.trim().toLowerCase();
    if (!e) return false;
    if (e === name) return true;
    const r = range(e);
    if (!r || !c) return false;
    return inRange(r, c.family, c.value) || (raw !== null && inRange(r, 6, raw));
  });
}

async function defaultResolve(host: string) {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`name lookup of ${host} timed out`)), LOOKUP_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Resolves `host` and checks every address it resolves to; answers the first one (all passed) or throws
 * AddressRefusedError. A host or CIDR in `allowList` lifts the refusal (LINK_ALLOWED_HOSTS / INTERFACE_ALLOWED_HOSTS).
 * Name lookup failures throw a plain Error (the caller reports "connection failed").
 */
export async function checkAddress(host: string, allowList: string[], policy: AddressPolicy): Promise<CheckedAddress> {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (!bare) throw new AddressRefusedError(host);
  const lowered = bare.toLowerCase().replace(/\.$/, '');
  let addresses: { address: string; family: number }[];
  const literal = isIP(bare) ? bare : parseLegacyIPv4(bare);
  if (literal) addresses = [{ address: literal, family: isIP(literal) }];
  else {
    if (REFUSED_NAMES.has(lowered) && !allowList.some((e) => e.trim().toLowerCase() === lowered)) throw new AddressRefusedError(bare);
    addresses = await (policy.resolve ?? defaultResolve)(bare);
  }
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  for (const a of addresses) {
    if (refused(a.address, policy.allowPrivate) && !allowedBy(allowList, bare, a.address)) throw new AddressRefusedError(bare);
  }
  const first = addresses[0];
  return { host: bare, address: first.address, family: isIP(first.address) === 6 ? 6 : 4 };
}
