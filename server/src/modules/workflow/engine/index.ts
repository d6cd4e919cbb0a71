import type { AppDeps } from '../../../core/deps.js';
import { WorkflowEngine } from './executor.js';
import { pollTimers } from './timers.js';

/**
 * The engine of an app (one per AppDeps, memoized): the task API and the timer poller call its actions.
 */
const engines = new WeakMap<AppDeps, WorkflowEngine>();

export function engineOf(deps: AppDeps): WorkflowEngine {
  let engine = engines.get(deps);
  if (!engine) {
    engine = new WorkflowEngine(deps, { pauseBeforeCommitMs: deps.config.workflowPauseBeforeCommitMs });
    engines.set(deps, engine);
  }
  return engine;
}

export { WorkflowEngine } from './executor.js';
export { loadGraph, lockInstance, type InstanceRow } from './node-types/runtime.js';
/**
 * Polls for due timers every `intervalMs` (the workflow-task plugin starts it on ready and stops it on close): each
 * round fires one batch through the app's engine.
 */
export function startTimerPoller(deps: AppDeps, intervalMs = 5000): () => void {
  return pollTimers(deps.log, () => engineOf(deps).fireDueTimers(), intervalMs);
}
