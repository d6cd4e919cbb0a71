import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** The client sends md5(password) in lowercase hex; we hash that value again with a salted scrypt. */
export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

export async function hashPassword(clientHash: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(clientHash, salt, KEY_LENGTH, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(clientHash: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scrypt(clientHash, Buffer.from(saltText, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(expected, actual);
}

/** Spend the same time on an unknown account as on a known one, so timing does not reveal accounts. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(clientHash: string): Promise<void> {
  dummyHash ??= hashPassword('0'.repeat(32));
  await verifyPassword(clientHash, await dummyHash);
}

/** A readable random password for first start: letters and digits, no look-alikes. */
export function generatePassword(length = 14): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Short codes (SMS, refresh tokens) are stored as SHA-256, never in clear. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
