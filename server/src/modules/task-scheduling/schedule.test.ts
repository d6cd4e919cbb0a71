import { describe, expect, it } from 'vitest';
import { localDateTime } from '../../core/time-zone.js';
import { isRefusal, nextRun, nextRuns, planDue, readSchedule, type Schedule, type ScheduleSpec } from './schedule.js';

const NOW = new Date('2026-11-28T01:00:00Z'); // 09:00 in Shanghai, a Saturday
const spec = (over: Partial<ScheduleSpec>): ScheduleSpec => ({
  kind: 'cron',
  cron: '',
  intervalSeconds: null,
  runAt: null,
  timeZone: 'Asia/Shanghai',
  anchor: NOW,
  ...over,
});
const read = (over: Partial<ScheduleSpec>) => readSchedule(spec(over), NOW);
const times = (s: ReturnType<typeof read>, zone = 'Asia/Shanghai', n = 3) => {
  if (isRefusal(s)) throw new Error(s.key);
  return nextRuns(s, NOW, n).map((t) => localDateTime(t, zone));
};

describe('readSchedule: cron expressions in the task zone', () => {
  it.each([
    ['0 2 * * *', 'Asia/Shanghai', ['2026-11-29 02:00:00', '2026-11-30 02:00:00', '2026-12-01 02:00:00']],
    ['0 0 2 * * *', 'Asia/Shanghai', ['2026-11-29 02:00:00', '2026-11-30 02:00:00', '2026-12-01 02:00:00']],
    ['*/15 * * * * *', 'Asia/Shanghai', ['2026-11-28 09:00:15', '2026-11-28 09:00:30', '2026-11-28 09:00:45']],
    ['0 8 * * 1', 'Asia/Shanghai', ['2026-11-30 08:00:00', '2026-12-07 08:00:00', '2026-12-14 08:00:00']],
    // Quartz's ? in day of week, as xxl-job users write it.
    ['0 0 9 * * ?', 'Asia/Shanghai', ['2026-11-29 09:00:00', '2026-11-30 09:00:00', '2026-12-01 09:00:00']],
    ['0 9 * * 1-5', 'Asia/Shanghai', ['2026-11-30 09:00:00', '2026-12-01 09:00:00', '2026-12-02 09:00:00']],
    // Quartz's seven fields with any year, and its nth weekday of the month
    ['0 0 12 * * ? *', 'Asia/Shanghai', ['2026-11-28 12:00:00', '2026-11-29 12:00:00', '2026-11-30 12:00:00']],
    ['0 0 10 ? * MON#1', 'Asia/Shanghai', ['2026-12-07 10:00:00', '2027-01-04 10:00:00', '2027-02-01 10:00:00']],
    ['0 9 * * *', 'America/New_York', ['2026-11-28 09:00:00', '2026-11-29 09:00:00', '2026-11-30 09:00:00']],
  ])('%s in %s', (cron, zone, expected) => {
    expect(times(read({ cron, timeZone: zone }), zone)).toEqual(expected);
  });

  it.each([
    ['', 'task.cronEmpty'],
    ['every day', 'task.cronInvalid'],
    ['0 0 0 * * * 2026', 'task.cronInvalid'],
    ['0 0 0 * * * * *', 'task.cronInvalid'],
    ['61 * * * *', 'task.cronInvalid'],
    ['0 0 30 2 *', 'task.cronNever'],
    ['* * * * * *', 'task.tooOften'],
    ['*/2 * * * * *', 'task.tooOften'],
    ['0,1 * * * * *', 'task.tooOften'],
  ])('%j is refused with %s', (cron, key) => {
    const s = read({ cron });
    expect(isRefusal(s) && s.key).toBe(key);
  });

  it('refuses an unknown time zone', () => {
    const s = read({ cron: '0 2 * * *', timeZone: 'Mars/Olympus' });
    expect(isRefusal(s) && s.key).toBe('task.timeZoneInvalid');
  });
});

describe('readSchedule: intervals and one-offs', () => {
  it('counts an interval from its anchor', () => {
    expect(times(read({ kind: 'interval', intervalSeconds: 3600 }))).toEqual(['2026-11-28 10:00:00', '2026-11-28 11:00:00', '2026-11-28 12:00:00']);
  });
  it.each([
    [{ kind: 'interval' as const, intervalSeconds: null }, 'task.intervalMissing'],
    [{ kind: 'interval' as const, intervalSeconds: 1 }, 'task.tooOften'],
    [{ kind: 'once' as const, runAt: 'tomorrow' }, 'task.runAtInvalid'],
    [{ kind: 'once' as const, runAt: '2026-02-30 10:00:00' }, 'task.runAtInvalid'],
    [{ kind: 'once' as const, runAt: '2026-11-28 08:59:59' }, 'task.runAtPast'],
  ])('%j is refused with %s', (over, key) => {
    const s = read(over);
    expect(isRefusal(s) && s.key).toBe(key);
  });
  it('reads a one-off as a wall-clock time in the zone, or an ISO time with its offset', () => {
    expect(times(read({ kind: 'once', runAt: '2026-11-28 10:30:00' }))).toEqual(['2026-11-28 10:30:00']);
    expect(times(read({ kind: 'once', runAt: '2026-11-28T03:00:00Z' }))).toEqual(['2026-11-28 11:00:00']);
    expect(times(read({ kind: 'once', runAt: '2026-11-28 10:30:00', timeZone: 'Europe/Berlin' }), 'Asia/Shanghai')).toEqual(['2026-11-28 17:30:00']);
  });
});

describe('planDue: missed runs, look-ahead and caps', () => {
  const every10s = readSchedule(spec({ kind: 'interval', intervalSeconds: 10, anchor: new Date(NOW.getTime() - 3_600_000) }), NOW) as Schedule;
  const opts = { graceMs: 10_000, lookAheadMs: 2000 };
  const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
  const describePlan = (p: ReturnType<typeof planDue>) => ({
    runs: p.runs.map((r) => `${(r.at.getTime() - NOW.getTime()) / 1000}${r.missed ? ' missed' : ''}`),
    skipped: p.skipped,
    next: p.next ? (p.next.getTime() - NOW.getTime()) / 1000 : null,
  });

  it.each([
    // due now: one on-time run, next in 10 s
    ['skip', 0, 10, { runs: ['0'], skipped: 0, next: 10 }],
    // due within the look-ahead: queued ahead (it starts at its time)
    ['skip', 1000, 10, { runs: ['1'], skipped: 0, next: 10 }],
    // 10 s late is still on time (the grace): it runs, and so does the one due now
    ['once', -10_000, 10, { runs: ['-10', '0'], skipped: 0, next: 10 }],
    // an outage of a minute: -60 … -20 were missed, -10 and 0 are on time
    ['skip', -60_000, 10, { runs: ['-10', '0'], skipped: 5, next: 10 }],
    ['once', -60_000, 10, { runs: ['-20 missed', '-10', '0'], skipped: 4, next: 10 }],
    ['all', -60_000, 10, { runs: ['-60 missed', '-50 missed', '-40 missed', '-30 missed', '-20 missed', '-10', '0'], skipped: 0, next: 10 }],
    ['all', -60_000, 3, { runs: ['-40 missed', '-30 missed', '-20 missed', '-10', '0'], skipped: 2, next: 10 }],
    // a week-long outage of a 10 s interval is skipped over arithmetically (60,479 missed, the latest 2 kept)
    ['all', -7 * 86_400_000, 2, { runs: ['-30 missed', '-20 missed', '-10', '0'], skipped: 60_477, next: 10 }],
  ] as const)('%s, due %i ms from now, cap %i', (policy, dueOffset, cap, expected) => {
    expect(describePlan(planDue(every10s, at(dueOffset), NOW, policy, cap, opts))).toEqual(expected);
  });

  it('a one-off missed while the servers were down runs once late, or not at all', () => {
    const once = readSchedule(spec({ kind: 'once', runAt: '2026-11-28 08:00:00' }), NOW, { allowPast: true }) as Schedule;
    const due = nextRun(once, new Date(0))!;
    expect(describePlan(planDue(once, due, NOW, 'once', 10, opts))).toEqual({ runs: ['-3600 missed'], skipped: 0, next: null });
    expect(describePlan(planDue(once, due, NOW, 'skip', 10, opts))).toEqual({ runs: [], skipped: 1, next: null });
  });
});
