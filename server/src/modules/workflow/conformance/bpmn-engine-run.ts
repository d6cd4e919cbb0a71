import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import { getModdle, stripExpression } from '../engine/definition.js';
import { evaluate } from '../engine/expression.js';
import type { Step, Trace } from './cases.js';

/**
 * Runs a conformance file in the npm package bpmn-engine (in memory) with the same steps as our engine, and answers
 * the same trace: the activities completed in order, the open user tasks at each `expectOpen` step, the final state.
 *
 * What bpmn-engine is given so that it runs OUR files unchanged:
 * - the XML parsed with our moddle (the `wf` package), so `<wf:config>` reaches the script hook;
 * - conditions (no `language` attribute) and script tasks' `set` actions through our expression evaluator
 *   (engine/expression.ts) over the start values plus the variables the scripts set: bpmn-engine's own expressions
 *   only look values up, and its script tasks want a JavaScript body;
 * - fake timers: nothing fires until a `fireTimers` step fires every pending timer (our runner's clock + 3 h);
 * - user tasks are "approved" by signalling them when they wait (first waiting first).
 */

interface ElementApi {
  id: string;
  type: string;
  executionId?: string;
  content: { isRootScope?: boolean; isMultiInstance?: boolean; parent?: { id?: string } } & Record<string, unknown>;
  signal(message?: unknown): void;
}

interface PendingTimer {
  callback: (...args: unknown[]) => void;
  args: unknown[];
}

/** bpmn-engine's timers interface, with a clock that only moves when told to. */
class ManualTimers {
  private readonly pending = new Set<PendingTimer>();
  get executing(): PendingTimer[] {
    return [...this.pending];
  }
  register(): { setTimeout: ManualTimers['setTimeout']; clearTimeout: ManualTimers['clearTimeout'] } {
    return { setTimeout: this.setTimeout, clearTimeout: this.clearTimeout };
  }
  setTimeout = (callback: (...args: unknown[]) => void, _delay: number, ...args: unknown[]): PendingTimer => {
    const ref = { callback, args };
    this.pending.add(ref);
    return ref;
  };
  clearTimeout = (ref: unknown): undefined => {
    this.pending.delete(ref as PendingTimer);
    return undefined;
  };
  /** Fires every timer pending now (timers they start are left for the next call). */
  fireAll(): number {
    const due = [...this.pending];
    this.pending.clear();
    for (const t of due) t.callback(...t.args);
    return due.length;
  }
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

const USER_TASK = 'bpmn:UserTask';

export async function runInBpmnEngine(xml: string, values: Record<string, unknown>, steps: Step[]): Promise<Trace> {
  const trace: Trace = { issues: [], path: [], open: [], state: 'running' };
  const variables: Record<string, unknown> = {};
  const scope = () => ({ ...values, ...variables });

  const scripts = {
    register() {},
    getScript(language: string | undefined, element: { type: string; id: string; behaviour: Record<string, unknown> }) {
      if (element.type === 'bpmn:SequenceFlow') {
        const body = (element.behaviour.conditionExpression as { body?: string } | undefined)?.body;
        if (language || body === undefined) return undefined;
        const expression = stripExpression(body) ?? 'true';
        return { execute: (_ctx: unknown, next: (err: unknown, result?: unknown) => void) => next(null, Boolean(evaluate(expression, scope()))) };
      }
      if (element.type === 'bpmn:ScriptTask') {
        const ext = element.behaviour.extensionElements as { values?: { $type: string; body?: string }[] } | undefined;
        const body = ext?.values?.find((v) => v.$type === 'wf:Config')?.body;
        const actions = body ? ((JSON.parse(body) as { actions?: { type: string; variable: string; expression: string }[] }).actions ?? []) : [];
        return {
          execute: (_ctx: unknown, next: (err: unknown) => void) => {
            for (const a of actions) if (a.type === 'set') variables[a.variable] = evaluate(a.expression, scope());
            next(null);
          },
        };
      }
      return undefined;
    },
  };

  const timers = new ManualTimers();
  /** Waiting user tasks by execution id, in the order they started waiting. */
  const waiting = new Map<string, ElementApi>();
  let ended = false;
  let failure: string | null = null;

  const listener = new EventEmitter();
  listener.on('activity.wait', (api: ElementApi) => {
    if (api.type === USER_TASK) waiting.set(api.executionId ?? api.id, api);
  });
  const gone = (api: ElementApi) => {
    waiting.delete(api.executionId ?? api.id);
  };
  // Every activity.end is listed. bpmn-engine publishes none per instance of a multi-instance sub-process, only one
  // for the whole activity (see the cases' bpmnEngineDiffers).
  listener.on('activity.end', (api: ElementApi) => {
    gone(api);
    trace.path.push(api.id);
  });
  listener.on('activity.leave', gone);
  listener.on('activity.discard', gone);
  // A task cancelled by a terminate end or an interrupting boundary is stopped (without its execution id).
  listener.on('activity.stop', (api: ElementApi) => {
    for (const [executionId, w] of waiting)
      if (w.id === api.id && (api.executionId === undefined || api.executionId === executionId)) waiting.delete(executionId);
  });

  const moddleContext = await getModdle().fromXML(xml);
  const engine = new Engine({
    name: 'conformance',
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    moddleContext: moddleContext as any,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    scripts: scripts as any,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    timers: timers as any,
    variables: { ...values },
  });
  engine.once('end', () => {
    ended = true;
    waiting.clear();
  });
  engine.on('error', (err: unknown) => {
    failure = err instanceof Error ? err.message : String(err);
  });

  try {
    await engine.execute({ listener });
  } catch (err) {
    failure = err instanceof Error ? err.message : String(err);
  }
  await settle();

  const openNow = () => [...waiting.values()].map((a) => a.id).sort();
  const approve = async (nodeId?: string) => {
    const api = [...waiting.values()].find((a) => nodeId === undefined || a.id === nodeId);
    if (!api) throw new Error(`bpmn-engine: no waiting user task${nodeId ? ` at ${nodeId}` : ''} (waiting: ${openNow().join(', ') || 'none'})`);
    waiting.delete(api.executionId ?? api.id);
    api.signal({ btnValue: 'agree_' });
    await settle();
  };

  try {
    for (const step of steps) {
      if (failure || ended) {
        if (typeof step === 'object' && 'expectOpen' in step) trace.open.push(openNow());
        continue;
      }
      if (step === 'approveAll') {
        for (let i = 0; i < 50 && waiting.size > 0 && !failure; i++) await approve();
      } else if (step === 'fireTimers') {
        timers.fireAll();
        await settle();
      } else if ('approve' in step) {
        await approve(step.approve);
      } else {
        trace.open.push(openNow());
      }
    }
  } catch (err) {
    failure = err instanceof Error ? err.message : String(err);
  }

  if (failure) trace.error = failure;
  trace.state = ended ? 'completed' : failure ? 'failed' : 'running';
  trace.waitingAt = ended ? [] : openNow();
  // Stop what still waits (its timers, its listeners). Not awaited: stop() waits for a 'stop' event a finished or
  // failed engine never sends.
  if (!ended) void Promise.resolve(engine.stop()).catch(() => undefined);
  return trace;
}
