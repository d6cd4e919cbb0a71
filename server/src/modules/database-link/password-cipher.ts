import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Link passwords at rest: AES-256-GCM, key = HKDF-SHA256(JWT secret, info 'database-link-password').
 * Stored as 'v1:' + base64(iv | tag | ciphertext); '' means no password. Changing the JWT secret makes stored
 * passwords unreadable (the link then has to be given its password again).
 */
export class PasswordCipher {
  private readonly key: Buffer;

  constructor(secret: Uint8Array) {
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'database-link-password', 32));
  }

  encrypt(plain: string): string {
    if (!plain) return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Throws when the text was not made with this key (or was tampered with). */
  decrypt(stored: string): string {
    if (!stored) return '';
    if (!stored.startsWith('v1:')) throw new Error('unknown password format');
    const raw = Buffer.from(stored.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
