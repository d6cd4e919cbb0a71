import type { AppDeps } from '../../../core/deps.js';

/**
 * Boundary timers: when they fall due, and the poller that fires them (the firing itself is the engine's
 * fireDueTimers: each timer in its own transaction, once across processes).
 */

const NUM = '(\\d+(?:[.,]\\d+)?)';
const DURATION = new RegExp(`^P(?:${NUM}Y)?(?:${NUM}M)?(?:${NUM}W)?(?:${NUM}D)?(?:T(?:${NUM}H)?(?:${NUM}M)?(?:${NUM}S)?)?$`);
const DURATION_UNITS_MS = [365 * 86_400_000, 30 * 86_400_000, 7 * 86_400_000, 86_400_000, 3_600_000, 60_000, 1000];

/**
 * An ISO 8601 duration (PT1H, P1D, PT30M, P1DT12H…) in milliseconds; null when it does not parse or is zero.
 * Calendar units are approximated (a year is 365 days, a month 30): timers only need to be roughly on time.
 */
export function parseIsoDuration(text: string): number | null {
  const t = text.trim().toUpperCase();
  const m = DURATION.exec(t);
  if (!m || t === 'P' || t.endsWith('T')) return null;
  let ms = 0;
  for (let i = 0; i < DURATION_UNITS_MS.length; i++) {
    const v = m[i + 1];
    if (v !== undefined) ms += Number(v.replace(',', '.')) * DURATION_UNITS_MS[i]!;
  }
  return ms > 0 ? ms : null;
}

const CYCLE = /^R(\d*)\/(P[^/]+)$/i;

/** A timeCycle `R3/PT1H` (three times, hourly) or `R/PT1H` (until cancelled): repeats (null: unbounded) and interval. */
export function parseTimerCycle(text: string): { repeats: number | null; intervalMs: number } | null {
  const m = CYCLE.exec(text.trim());
  if (!m) return null;
  const intervalMs = parseIsoDuration(m[2]!);
  if (intervalMs === null) return null;
  const repeats = m[1] === '' ? null : Number(m[1]);
  if (repeats !== null && repeats < 1) return null;
  return { repeats, intervalMs };
}

/** A timer's timeDate: an ISO date-time (or 'yyyy-MM-dd HH:mm:ss'); null when unreadable. */
export function parseTimerDate(text: string): Date | null {
  const d = new Date(text.trim().replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** When a timer started at `from` first falls due: its date, `from` plus its duration or its cycle's interval; null when unreadable. */
export function dueAt(timer: { duration?: string; date?: string; cycle?: string }, from: Date): Date | null {
  if (timer.date) return parseTimerDate(timer.date);
  const ms = timer.duration ? parseIsoDuration(timer.duration) : timer.cycle ? (parseTimerCycle(timer.cycle)?.intervalMs ?? null) : null;
  return ms === null ? null : new Date(from.getTime() + ms);
}

/**
 * Calls `fire` (one batch of due timers) every `intervalMs`. A round never overlaps the previous one; errors are
 * logged and the next round tries again. The caller passes the engine's firing in (index.ts), so this file needs
 * no engine.
 */
export function pollTimers(log: AppDeps['log'], fire: () => Promise<unknown>, intervalMs: number): () => void {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      // One batch (up to 50) per round: a timer that keeps failing cannot spin the loop.
      await fire();
    } catch (error) {
      log.error({ err: error }, 'workflow timers');
    } finally {
      running = false;
    }
  };
  const handle = setInterval(() => void tick(), intervalMs);
  handle.unref?.();
  return () => {
    stopped = true;
    clearInterval(handle);
  };
}
