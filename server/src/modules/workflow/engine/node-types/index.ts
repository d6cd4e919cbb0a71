import { callActivityConfig, scriptTaskConfig, subProcessConfig, timerConfig, userTaskConfig, type ScriptAction } from '@app/contracts';
import { z } from 'zod';
import type { AuthContext } from '../../../../core/deps.js';
import { AppError } from '../../../../core/errors.js';
import { newId } from '../../../../core/ids.js';
import { InterfaceService } from '../../../interface/interface.service.js';
import { isJoin, parallelJoinMissing } from '../routing.js';
import type { WfGraph, WfNode, WfNodeType } from '../types.js';
import { FORM_VARIABLE, loadGraph, type ActionRun, type InstanceRow } from './runtime.js';
import { dueAt } from '../timers.js';
import { completeScope, startSubProcess } from './sub-process.js';
import { activateUserTask, resumeUserTask, type TaskVote } from './user-task.js';
import { circulate } from './circulate.js';
import * as store from '../store.js';

/**
 * The node type registry: what happens when a token arrives at a node (`run`), and for a node that waits, what
 * happens when its waiting ends (`resume`). A node that waits (user task, join, call activity, timer, sub-process)
 * keeps an execution row.
 */

export interface NodeContext {
  run: ActionRun;
  instance: InstanceRow;
  graph: WfGraph;
  node: WfNode;
  /** The flow the token arrived by (null at the start or a resumed node). */
  viaFlow: string | null;
  /** The sub-process scope execution the token lives in (null: the process itself). */
  scopeId: string | null;
}

export interface NodeType {
  type: WfNodeType;
  /** The node's `<wf:config>` schema (the designer's properties panel uses the same one from contracts). */
  configSchema: z.ZodType;
  run(ctx: NodeContext): Promise<void>;
  /**
   * The node's waiting execution `executionId` is over (a sub-process scope's last token ended, a called instance
   * completed, a timer fired): the node continues.
   */
  resume?(ctx: ResumeContext): Promise<void>;
}

export interface ResumeContext extends NodeContext {
  /** The execution whose waiting ended. */
  executionId: string;
  /** A call activity's child instance that completed. */
  child?: InstanceRow;
  /** A user task's (or a returned application's) vote that ended its waiting. */
  vote?: TaskVote;
}

const none = z.object({}).passthrough();

type InterfaceAction = Extract<ScriptAction, { type: 'interface' }>;

/** Automatic nodes leave one history row each (the timeline shows them) and move on. */
async function passBy({ run, instance, graph, node, scopeId }: NodeContext): Promise<void> {
  await run.history(instance, node, { action: 'node' });
  await run.leave(instance, graph, node, scopeId);
}

const startEvent: NodeType = {
  type: 'startEvent',
  configSchema: none,
  async run(ctx) {
    const { run, instance, node, scopeId } = ctx;
    // A sub-process's start event is an automatic node like any other; the process's own records the starter.
    if (scopeId !== null || node.scope) return passBy(ctx);
    await run.history(instance, node, { action: 'start', userId: instance.starter_id });
    await run.leave(instance, ctx.graph, node, null);
  },
  // An application sent back to the starter waits at the start node as a task; submitting it again is its vote.
  resume: resumeUserTask,
};

const endEvent: NodeType = {
  type: 'endEvent',
  configSchema: none,
  async run({ run, instance, node, scopeId }) {
    await run.history(instance, node, { action: 'node' });
    // A terminate end ends every other token of its scope: inside a sub-process that scope (which then completes
    // and moves on), in the process itself the whole instance (which then completes: no token left).
    if (!node.terminate) return;
    if (scopeId) await run.cancelScope(instance, scopeId, false);
    else await run.cancelLive(instance);
  },
};

const userTask: NodeType = {
  type: 'userTask',
  configSchema: userTaskConfig,
  run: ({ run, instance, graph, node, scopeId }) => activateUserTask(run, instance, graph, node, scopeId),
  resume: resumeUserTask,
};

/** A script's interface action: the Data platform Interface called as the starter, its answer into a variable. */
async function callInterface(run: ActionRun, instance: InstanceRow, action: InterfaceAction, scopeId: string | null): Promise<void> {
  const params = Object.fromEntries(Object.entries(action.params).map(([k, e]) => [k, run.evaluate(instance, e, scopeId)]));
  const starter: AuthContext = { userId: instance.starter_id, tenantId: instance.tenant_id, sessionId: '', account: '' };
  // The interface's own reads go through this transaction (PGlite has one connection).
  const service = new InterfaceService({ ...run.deps, db: run.trx });
  const result = await service.call(starter, action.interfaceId, params as never);
  // The interface's answer path picks the value (F_ResponsePath); without one, the whole answer.
  if (action.resultVariable) run.setVariables(instance, { [action.resultVariable]: result.value ?? result.body });
}

/**
 * Script actions: 'set' a variable from an expression; 'interface' calls a Data platform Interface as the starter;
 * 'circulate' sends the instance to readers like a user task's circulation (no task, from nobody). The node's
 * history row is a 'circulate' one naming the readers when it circulated (the simple designer's carbon-copy card
 * is such a script), so the timeline says who got it.
 */
const scriptTask: NodeType = {
  type: 'scriptTask',
  configSchema: scriptTaskConfig,
  async run(ctx) {
    const { run, instance, graph, node, scopeId } = ctx;
    const config = scriptTaskConfig.parse(node.config);
    await run.knowScope(scopeId);
    const readers: string[] = [];
    for (const action of config.actions) {
      if (action.type === 'set') run.setVariables(instance, { [action.variable]: run.evaluate(instance, action.expression, scopeId) });
      else if (action.type === 'interface') await callInterface(run, instance, action, scopeId);
      else readers.push(...(await circulate(run, instance, node, null, null, action.objects)));
    }
    if (readers.length === 0) return passBy(ctx);
    await run.history(instance, node, { action: 'circulate', candidates: [...new Set(readers)] });
    await run.leave(instance, graph, node, scopeId);
  },
};

const exclusiveGateway: NodeType = { type: 'exclusiveGateway', configSchema: none, run: passBy };

/** Parallel join: one token per incoming flow; split: every outgoing flow. */
const parallelGateway: NodeType = {
  type: 'parallelGateway',
  configSchema: none,
  async run(ctx) {
    const { run, instance, node, viaFlow, scopeId } = ctx;
    if (!isJoin(node)) return passBy(ctx);
    await run.createExecution(instance, node.id, 'waiting', { mi: { arrivedBy: viaFlow }, scopeId });
    // Tokens of the same scope only: each instance of a multi-instance sub-process joins its own branches.
    const waiting = await store.waitingAt(run.trx, instance.id, node.id, scopeId);
    const arrivals = waiting.map((w) => ({ id: w.id, flow: String((w.mi as { arrivedBy?: string } | null)?.arrivedBy ?? '') }));
    if (
      parallelJoinMissing(
        node,
        arrivals.map((a) => a.flow),
      ).length
    )
      return;
    // One arrival per incoming flow is consumed; a second token on the same flow waits for the next round.
    const consumed = node.incoming.map((flow) => arrivals.find((a) => a.flow === flow)!.id);
    await store.setExecutionsDone(run.trx, consumed);
    await passBy(ctx);
  },
};

/** Inclusive join: the token waits; the run fires the join once no live token can still reach it. */
const inclusiveGateway: NodeType = {
  type: 'inclusiveGateway',
  configSchema: none,
  async run(ctx) {
    if (!isJoin(ctx.node)) return passBy(ctx);
    await ctx.run.createExecution(ctx.instance, ctx.node.id, 'waiting', { mi: { arrivedBy: ctx.viaFlow }, scopeId: ctx.scopeId });
  },
};

/**
 * Call activity: a child instance of the called scheme's current version (same starter, same root so it shares
 * the lock, the parent's variables and form records), started at once; the parent's token waits until the child
 * ends (runtime resumes it and copies the variables back).
 */
const callActivity: NodeType = {
  type: 'callActivity',
  configSchema: callActivityConfig,
  async run({ run, instance, node, scopeId }) {
    const code = node.calledElement ?? '';
    const scheme = await store.enabledSchemeByCode(run.trx, instance.tenant_id, code);
    if (!scheme?.current_version_id) throw new AppError('workflow.calledSchemeNotFound', { node: node.name || node.id, code }, 400);
    const executionId = await run.createExecution(instance, node.id, 'waiting', { scopeId });
    const child: InstanceRow = {
      id: newId(),
      tenant_id: instance.tenant_id,
      root_id: instance.root_id,
      parent_id: instance.id,
      parent_node_id: node.id,
      parent_execution_id: executionId,
      scheme_id: scheme.id,
      version_id: scheme.current_version_id,
      name: `${instance.name} / ${scheme.name}`,
      state: 'running',
      starter_id: instance.starter_id,
      variables: structuredClone(instance.variables),
      form_keys: instance.form_keys,
      related: [],
      created_at: run.now,
    };
    await store.insertInstance(run.trx, child, run.now);
    run.adopt(child);
    const graph = await loadGraph(run.trx, child.version_id);
    run.enter(child, graph.startNodeId);
  },
  /** The child completed: its variables are copied back (the call activity's outputs, or all) and the token moves on. */
  async resume({ run, instance, node, executionId, child }) {
    const outputs = Array.isArray(node.config.outputs) ? (node.config.outputs as string[]) : [];
    const { [FORM_VARIABLE]: _form, ...childVariables } = child!.variables;
    const copied = outputs.length ? Object.fromEntries(outputs.filter((k) => k in childVariables).map((k) => [k, childVariables[k]])) : childVariables;
    run.setVariables(instance, copied);
    const waiting = await store.finishExecution(run.trx, executionId);
    await run.history(instance, node, { action: 'node' });
    run.leaveLater(instance, node.id, waiting?.parent_id ?? null);
  },
};

/** Reached only when its timer fires ('flow' / 'fork'): the token follows the boundary's outgoing flows. */
const boundaryEvent: NodeType = { type: 'boundaryEvent', configSchema: timerConfig, run: passBy };
const passThrough: NodeType = { type: 'passThrough', configSchema: none, run: passBy };

const subProcess: NodeType = { type: 'subProcess', configSchema: subProcessConfig, run: startSubProcess, resume: completeScope };

/** An intermediate timer catch event: the token waits (an execution with a timer) until the timer fires. */
const timerEvent: NodeType = {
  type: 'timerEvent',
  configSchema: none,
  async run({ run, instance, node, scopeId }) {
    const due = node.timer ? dueAt(node.timer, run.now) : null;
    if (!due) throw new AppError('workflow.badTimer', { node: node.name || node.id }, 400);
    const executionId = await run.createExecution(instance, node.id, 'waiting', { scopeId });
    await store.insertTimers(run.trx, [
      {
        id: newId(),
        tenant_id: instance.tenant_id,
        instance_id: instance.id,
        task_id: null,
        execution_id: executionId,
        node_id: node.id,
        action: 'continue',
        due_at: due,
        repeats: null,
      },
    ]);
  },
  /** The timer fired: the waiting token moves on. */
  async resume({ run, instance, graph, node, scopeId, executionId }) {
    await store.setExecutionsDone(run.trx, [executionId]);
    await run.history(instance, node, { action: 'node' });
    await run.leave(instance, graph, node, scopeId);
  },
};

const registry: Record<WfNodeType, NodeType> = {
  startEvent,
  endEvent,
  userTask,
  scriptTask,
  exclusiveGateway,
  parallelGateway,
  inclusiveGateway,
  callActivity,
  boundaryEvent,
  subProcess,
  timerEvent,
  passThrough,
};

export function nodeTypeOf(node: WfNode): NodeType {
  return registry[node.type] ?? passThrough;
}

export { registry as nodeTypes };
