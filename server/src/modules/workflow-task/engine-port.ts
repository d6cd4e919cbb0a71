import type { AppDeps } from '../../core/deps.js';
import type { WorkflowActions } from '../workflow/engine/types.js';

/**
 * The engine as the task API uses it (engine/index.ts `engineOf`, engine/timers.ts, engine/svg.ts), loaded on first
 * use so this module builds while the engine files land in parallel.
 */
const ENGINE = '../workflow/engine/index.js';
const TIMERS = '../workflow/engine/timers.js';
const SVG = '../workflow/engine/svg.js';

export function engineOf(deps: AppDeps): WorkflowActions {
  const load = async () => ((await import(ENGINE as string)) as { engineOf(d: AppDeps): WorkflowActions }).engineOf(deps);
  return new Proxy({} as WorkflowActions, {
    get: (_target, name) => async (...args: unknown[]) => {
      const engine = (await load()) as unknown as Record<string | symbol, (...a: unknown[]) => unknown>;
      return engine[name]!(...args);
    },
  });
}

export async function startTimerPoller(deps: AppDeps): Promise<() => void> {
  const timers = (await import(TIMERS as string)) as { startTimerPoller(d: AppDeps, intervalMs?: number): () => void };
  return timers.startTimerPoller(deps);
}

export async function renderDiagramSvg(xml: string, state: { done: string[]; current: string[] }): Promise<string> {
  const svg = (await import(SVG as string)) as { renderDiagramSvg(xml: string, s: unknown): string | Promise<string> };
  return svg.renderDiagramSvg(xml, state);
}
