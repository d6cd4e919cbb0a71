import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomBytes } from 'node:crypto';

export interface AccessClaims {
  userId: string;
  tenantId: string;
  sessionId: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const ISSUER = 'approval-platform';
const MAX_CACHED = 20_000;

/**
 * Signs and verifies access tokens (HS256). Verified tokens are remembered until they expire,
 * so the signature is checked once per token rather than once per request; revocation is
 * still checked on every request through the session guard.
 */
export class TokenService {
  private readonly verified = new Map<string, AccessClaims>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly accessSeconds: number,
  ) {}

  async signAccess(claims: Omit<AccessClaims, 'exp'>, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({ tid: claims.tenantId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.accessSeconds)
      .setJti(randomBytes(8).toString('hex'))
      .sign(this.secret);
  }

  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const nowSeconds = Date.now() / 1000;
    const cached = this.verified.get(token);
    if (cached) {
      if (cached.exp > nowSeconds) return cached;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string' || typeof payload.sid !== 'string' || !payload.exp) {
        return null;
      }
      const claims = { userId: payload.sub, tenantId: payload.tid, sessionId: payload.sid, exp: payload.exp };
      if (this.verified.size >= MAX_CACHED) this.verified.clear();
      this.verified.set(token, claims);
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  /** An opaque refresh token: the session id and a random secret; only its hash is stored. */
  newRefreshSecret(): string {
    return randomBytes(32).toString('base64url');
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}
