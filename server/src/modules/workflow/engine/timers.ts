import type { AppDeps } from '../../../core/deps.js';

/**
 * Boundary timers: when they fall due, and the poller that fires them (the firing itself is the engine's
 * fireDueTimers: each timer in its own transaction, once across processes).
 */

const DURATION = /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** An ISO 8601 duration (PT2H, P1DT30M, P2W…) in milliseconds; years and months count as 365 and 30 days. Null when invalid. */
export function durationMs(text: string): number | null {
  const m = DURATION.exec(text.trim());
  if (!m || text.trim() === 'P' || text.trim().endsWith('T')) return null;
  const [y, mo, w, d, h, mi, s] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  const days = y! * 365 + mo! * 30 + w! * 7 + d!;
  return Math.round(((days * 24 + h!) * 60 + mi!) * 60_000 + s! * 1000);
}

/** When a timer started at `from` falls due: its date, or `from` plus its duration; null when neither parses. */
export function dueAt(timer: { duration?: string; date?: string }, from: Date): Date | null {
  if (timer.date) {
    const at = new Date(timer.date);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  const ms = timer.duration ? durationMs(timer.duration) : null;
  return ms === null ? null : new Date(from.getTime() + ms);
}

/**
 * Polls for due timers every `intervalMs` (the workflow-task plugin starts it on ready and stops it on close).
 * A round never overlaps the previous one; errors are logged and the next round tries again.
 */
export function startTimerPoller(deps: AppDeps, intervalMs = 5000): () => void {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const { engineOf } = await import('./index.js');
      // One batch (up to 50) per round: a timer that keeps failing cannot spin the loop.
      await engineOf(deps).fireDueTimers();
    } catch (error) {
      deps.log.error({ err: error }, 'workflow timers');
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
