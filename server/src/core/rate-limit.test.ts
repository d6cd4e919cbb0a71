import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.js';

describe('RateLimiter (token bucket)', () => {
  it('allows `limit` requests at once, then one each window/limit, and says how long to wait', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 3, windowSeconds: 60 }, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(20); // one token comes back every 20 s
    expect(limiter.take('b')).toBe(0); // keys are independent
    now += 10_000;
    expect(limiter.take('a')).toBe(10);
    now += 10_000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(20);
    // A refused request takes nothing: waiting the answered time is enough.
    now += 20_000;
    expect(limiter.take('a')).toBe(0);
  });

  it('refills to the limit, never above', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 2, windowSeconds: 1 }, () => now);
    now += 3_600_000;
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 1]);
  });

  it('forgets keys whose bucket is full again, so many addresses do not grow memory for ever', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 5, windowSeconds: 1 }, () => now);
    for (let i = 0; i < 20_000; i++) limiter.take(`ip-${i}`);
    now += 1000;
    for (let i = 0; i < 20_000; i++) limiter.take(`other-${i}`);
    expect(limiter.size).toBeLessThanOrEqual(20_000);
  });
});
