import type { AppDeps } from '../../../core/deps.js';
import { WorkflowEngine } from './executor.js';

/**
 * The engine of an app (one per AppDeps, memoized): the task API and the timer poller call its actions.
 */
const engines = new WeakMap<AppDeps, WorkflowEngine>();

export function engineOf(deps: AppDeps): WorkflowEngine {
  let engine = engines.get(deps);
  if (!engine) {
    engine = new WorkflowEngine(deps);
    engines.set(deps, engine);
  }
  return engine;
}

export { WorkflowEngine } from './executor.js';
export { loadGraph, lockInstance, type InstanceRow } from './node-types/runtime.js';
export { startTimerPoller } from './timers.js';
