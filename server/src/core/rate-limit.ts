import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** `limit` requests per `windowSeconds`: a burst of `limit`, then one every windowSeconds / limit. */
export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/** Limits of one kind of request: per source address, and for all addresses together. */
export interface RequestLimit {
  perSource: RateRule;
  overall: RateRule;
}

const MIN_SWEEP_SIZE = 10_000;

/**
 * A token bucket per key, in this process's memory (docs/security-hardening.md): a bucket holds up to `limit`
 * tokens and refills evenly over the window, so the limit slides instead of resetting at fixed times.
 * One number and one time per key; full buckets are forgotten, which is the same as never having seen the key.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;
  private sweepAt = MIN_SWEEP_SIZE;

  constructor(
    private readonly rule: RateRule,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = rule.limit / (rule.windowSeconds * 1000);
  }

  get size(): number {
    return this.buckets.size;
  }

  /** Takes one token for the key: 0 when allowed, otherwise the whole seconds until a token is back. */
  take(key: string): number {
    const now = this.now();
    const tokens = this.tokensOf(key, now);
    if (tokens < 1) {
      // A refused request takes nothing, so waiting the answered time is always enough.
      return Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000));
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size >= this.sweepAt) this.sweep(now);
    return 0;
  }

  private tokensOf(key: string, now: number): number {
    const bucket = this.buckets.get(key);
    return bucket ? Math.min(this.rule.limit, bucket.tokens + (now - bucket.at) * this.perMs) : this.rule.limit;
  }

  /** Drops full buckets; runs again only when the map has doubled, so its cost per request stays constant. */
  private sweep(now: number): void {
    for (const key of this.buckets.keys()) if (this.tokensOf(key, now) >= this.rule.limit) this.buckets.delete(key);
    this.sweepAt = Math.max(MIN_SWEEP_SIZE, this.buckets.size * 2);
  }
}

/**
 * An onRequest hook refusing with 429 (and Retry-After) once the caller's address or everyone together went over
 * the limit. It runs before the body is read. Routes that share one hook share one budget.
 */
export function requestLimit(limit: RequestLimit) {
  const bySource = new RateLimiter(limit.perSource);
  const overall = new RateLimiter(limit.overall);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // The address first: a refused address does not use up everyone's budget.
    const wait = bySource.take(request.ip) || overall.take('');
    if (wait > 0) {
      void reply.header('retry-after', String(wait));
      throw new AppError('error.tooManyRequests', { seconds: wait }, 429);
    }
  };
}
