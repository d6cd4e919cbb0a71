import { describe, expect, it } from 'vitest';
import { dueAt, parseIsoDuration } from './timers.js';

describe('timer durations', () => {
  it.each([
    ['PT2H', 2 * 3600_000],
    ['PT30M', 30 * 60_000],
    ['P1DT1H', 25 * 3600_000],
    ['P1W', 7 * 24 * 3600_000],
    ['PT1.5S', 1500],
    ['P', null],
    ['PT', null],
    ['2 hours', null],
  ])('%s → %s', (text, ms) => {
    expect(parseIsoDuration(text)).toBe(ms);
  });

  it('due at a date, or after a duration', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    expect(dueAt({ duration: 'PT1H' }, from)?.toISOString()).toBe('2026-01-01T01:00:00.000Z');
    expect(dueAt({ date: '2026-02-01T08:00:00Z' }, from)?.toISOString()).toBe('2026-02-01T08:00:00.000Z');
    expect(dueAt({ date: 'soon' }, from)).toBeNull();
  });
});
