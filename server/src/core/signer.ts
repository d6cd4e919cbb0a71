import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signatures for addresses that must work without a Bearer header (<img>, <iframe>, external viewers): an HMAC of
 * the text with a key derived from the JWT secret and a purpose, so a signature made for one kind of address
 * (a file, a scheme diagram, an instance diagram) is worth nothing for another.
 */
export class Signer {
  private readonly key: Buffer;

  constructor(secret: Uint8Array | string, purpose: string) {
    this.key = createHmac('sha256', secret).update(purpose).digest();
  }

  sign(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url').slice(0, 32);
  }

  verify(text: string, sig: string): boolean {
    const expected = Buffer.from(this.sign(text));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
