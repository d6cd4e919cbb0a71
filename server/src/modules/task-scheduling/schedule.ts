import { Cron } from 'croner';
import { TASK_LIMITS } from '@app/contracts';
import { wallTimeToInstant } from '../../core/time-zone.js';

/**
 * When a schedule fires (pure: no database, no clock of its own). A cron expression has five fields (minute first)
 * or six (seconds first), read by croner in the schedule's time zone; an interval counts from its anchor; a one-off
 * fires once.
 */
export type Schedule = { kind: 'cron'; cron: Cron; timeZone: string } | { kind: 'interval'; seconds: number; anchor: Date } | { kind: 'once'; at: Date };

export type ScheduleRefusal =
  | { key: 'task.cronEmpty' }
  | { key: 'task.cronInvalid'; reason: string }
  | { key: 'task.cronNever' }
  | { key: 'task.tooOften'; seconds: number }
  | { key: 'task.intervalMissing' }
  | { key: 'task.runAtInvalid' }
  | { key: 'task.runAtPast' }
  | { key: 'task.timeZoneInvalid'; zone: string };

export interface ScheduleSpec {
  kind: 'cron' | 'interval' | 'once';
  cron: string;
  intervalSeconds: number | null;
  /** A wall-clock time in the zone, or an ISO time with an offset. */
  runAt: string | null;
  timeZone: string;
  /** Where an interval counts from (when the task was started). */
  anchor: Date;
}

/** How many upcoming runs are compared to find the closest two (every-second crons are refused). */
const GAP_SAMPLE = 50;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The instant of a one-off's time: a wall-clock time in the zone, or an ISO time that names its offset. */
export function parseRunAt(text: string, timeZone: string): Date | null {
  const wall = wallTimeToInstant(text, timeZone);
  if (wall) return wall;
  if (!/[zZ]|[+-]\d{2}:?\d{2}$/.test(text.trim())) return null;
  const iso = new Date(text.trim());
  return Number.isNaN(iso.getTime()) ? null : iso;
}

/** The schedule of a spec, or why it is refused. `now` decides whether a one-off lies in the past. */
export function readSchedule(spec: ScheduleSpec, now: Date, options: { allowPast?: boolean } = {}): Schedule | ScheduleRefusal {
  if (!isTimeZone(spec.timeZone)) return { key: 'task.timeZoneInvalid', zone: spec.timeZone };
  if (spec.kind === 'interval') {
    if (!spec.intervalSeconds) return { key: 'task.intervalMissing' };
    if (spec.intervalSeconds < TASK_LIMITS.minGapSeconds) return { key: 'task.tooOften', seconds: TASK_LIMITS.minGapSeconds };
    return { kind: 'interval', seconds: spec.intervalSeconds, anchor: spec.anchor };
  }
  if (spec.kind === 'once') {
    const at = spec.runAt ? parseRunAt(spec.runAt, spec.timeZone) : null;
    if (!at) return { key: 'task.runAtInvalid' };
    if (!options.allowPast && at.getTime() <= now.getTime()) return { key: 'task.runAtPast' };
    return { kind: 'once', at };
  }
  let text = spec.cron.trim().replace(/\s+/g, ' ');
  if (!text) return { key: 'task.cronEmpty' };
  // Quartz (xxl-job) expressions may carry a seventh field, the year: any year (* or ?) is the six-field expression.
  if (/^(\S+ ){6}[*?]$/.test(text)) text = text.slice(0, -2);
  const fields = text.split(' ').length;
  if (fields !== 5 && fields !== 6) return { key: 'task.cronInvalid', reason: `5 or 6 fields, not ${fields}` };
  let cron: Cron;
  try {
    // legacyMode: day of month OR day of week when both are set, as in Vixie cron and Quartz users expect.
    cron = new Cron(text, { timezone: spec.timeZone, paused: true, legacyMode: true });
  } catch (error) {
    return { key: 'task.cronInvalid', reason: error instanceof Error ? error.message : String(error) };
  }
  const runs = cron.nextRuns(GAP_SAMPLE, now);
  if (runs.length === 0) return { key: 'task.cronNever' };
  for (let i = 1; i < runs.length; i++) {
    if (runs[i]!.getTime() - runs[i - 1]!.getTime() < TASK_LIMITS.minGapSeconds * 1000) return { key: 'task.tooOften', seconds: TASK_LIMITS.minGapSeconds };
  }
  return { kind: 'cron', cron, timeZone: spec.timeZone };
}

export const isRefusal = (s: Schedule | ScheduleRefusal): s is ScheduleRefusal => 'key' in s;

/** The first run strictly after `after`, or null when the schedule has none left. */
export function nextRun(schedule: Schedule, after: Date): Date | null {
  switch (schedule.kind) {
    case 'cron':
      return schedule.cron.nextRun(after);
    case 'interval': {
      const step = schedule.seconds * 1000;
      const from = schedule.anchor.getTime();
      const n = after.getTime() < from ? 0 : Math.floor((after.getTime() - from) / step) + 1;
      return new Date(from + n * step);
    }
    case 'once':
      return schedule.at.getTime() > after.getTime() ? schedule.at : null;
  }
}

/** The next `count` runs after `after`. */
export function nextRuns(schedule: Schedule, after: Date, count: number): Date[] {
  const runs: Date[] = [];
  let at: Date | null = after;
  while (runs.length < count && (at = nextRun(schedule, at))) runs.push(at);
  return runs;
}

export type MisfirePolicy = 'skip' | 'once' | 'all';

export interface DuePlan {
  /** Occurrences to queue now, oldest first: their scheduled times, and whether each was missed. */
  runs: { at: Date; missed: boolean }[];
  /** Missed occurrences that will not run (skip, once, or past the cap). */
  skipped: number;
  /** The schedule's next occurrence after this round, or null when none is left. */
  next: Date | null;
}

/**
 * What one planning round does with a schedule whose next occurrence `due` has come (`due <= now + lookAheadMs`).
 * Occurrences later than `graceMs` behind `now` were missed (every server was down or busy): `skip` runs none of
 * them, `once` runs one now (the latest), `all` runs each, oldest first, at most `cap`. The rest are counted as
 * skipped. Occurrences within the grace (or just ahead, within the look-ahead) run normally.
 */
export function planDue(
  schedule: Schedule,
  due: Date,
  now: Date,
  policy: MisfirePolicy,
  cap: number,
  options: { graceMs: number; lookAheadMs: number },
): DuePlan {
  const horizon = now.getTime() + options.lookAheadMs;
  const missedBefore = now.getTime() - options.graceMs;
  // Missed occurrences are kept only as far as the policy can use them (the latest ones); the rest are counted.
  const keepMissed = policy === 'all' ? cap : 1;
  let skipped = 0;
  let at: Date | null = due;
  if (schedule.kind === 'interval' && due.getTime() < missedBefore) {
    // A long outage of a short interval is skipped over arithmetically rather than stepped through.
    const step = schedule.seconds * 1000;
    const missedCount = Math.floor((missedBefore - 1 - due.getTime()) / step) + 1;
    if (missedCount > keepMissed) {
      skipped += missedCount - keepMissed;
      at = new Date(due.getTime() + (missedCount - keepMissed) * step);
    }
  }
  const missed: Date[] = [];
  const onTime: Date[] = [];
  // Crons fire at least every few seconds apart, so this bounds a round to about a week of missed occurrences;
  // the next round goes on from where this one stopped.
  for (let steps = 0; at && at.getTime() <= horizon && steps < 200_000; steps++) {
    if (at.getTime() >= missedBefore) onTime.push(at);
    else if (missed.push(at) > keepMissed) {
      missed.shift();
      skipped += 1;
    }
    at = nextRun(schedule, at);
  }
  let runs: { at: Date; missed: boolean }[] = [];
  if (policy === 'skip') skipped += missed.length;
  else if (policy === 'once' && missed.length) {
    skipped += missed.length - 1;
    runs.push({ at: missed[missed.length - 1]!, missed: true });
  } else if (policy === 'all') runs = missed.map((m) => ({ at: m, missed: true }));
  runs = runs.concat(onTime.map((o) => ({ at: o, missed: false })));
  return { runs, skipped, next: at };
}
