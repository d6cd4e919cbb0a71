import { subProcessConfig } from '@app/contracts';
import { AppError } from '../../../../core/errors.js';
import { evaluate, isTruthy } from '../expression.js';
import { miScopeDecision } from '../routing.js';
import type { WfNode } from '../types.js';
import type { NodeContext, ResumeContext } from './index.js';
import type { ActionRun, InstanceRow, ScopeState } from './runtime.js';
import { createTimers } from './user-task.js';
import * as store from '../store.js';

/**
 * Embedded sub-processes as scopes (docs/workflow-design.md "Sub-processes"). Entering one opens a scope execution
 * and starts its start nodes inside it; the scope completes once, when its last token has ended (ActionRun finds it
 * when the queue is empty), and the sub-process's token moves on. A multi-instance sub-process keeps a body
 * execution whose instances are scopes under it, each with its own local variables (loopCounter, the element).
 */

/** More instances than this is a mistake in the data (a collection of every user, say), not a plan. */
export const MAX_SUB_PROCESS_INSTANCES = 1000;

type BodyState = Extract<ScopeState, { kind: 'body' }>;

/** Opens one scope of the sub-process and puts a token on each of its start nodes. */
async function openScope(run: ActionRun, instance: InstanceRow, node: WfNode, parentId: string | null, locals: Record<string, unknown>): Promise<string> {
  const id = await run.createExecution(instance, node.id, 'waiting', { mi: { kind: 'scope', locals }, scopeId: parentId });
  for (const start of node.startNodes ?? []) run.enter(instance, start, null, id);
  run.touchScope(id);
  return id;
}

/** The items (a collection) or the count (a cardinality) of a multi-instance sub-process, checked. */
function instancesOf(run: ActionRun, instance: InstanceRow, node: WfNode, scopeId: string | null): { total: number; items: unknown[] | null } {
  const mi = node.multiInstance!;
  const scope = run.scope(instance, scopeId);
  const label = node.name || node.id;
  let total: number;
  let items: unknown[] | null = null;
  if (mi.collection) {
    const value = evaluate(mi.collection, scope);
    if (!Array.isArray(value)) throw new AppError('workflow.miCollection', { node: label, expression: mi.collection }, 400);
    items = value;
    total = value.length;
  } else {
    const value = Number(evaluate(mi.cardinality ?? '', scope));
    if (!Number.isInteger(value) || value < 0) throw new AppError('workflow.miCardinality', { node: label, expression: mi.cardinality ?? '' }, 400);
    total = value;
  }
  if (total > MAX_SUB_PROCESS_INSTANCES) throw new AppError('workflow.miTooMany', { node: label, count: total, max: MAX_SUB_PROCESS_INSTANCES }, 400);
  return { total, items };
}

async function startInstance(run: ActionRun, instance: InstanceRow, node: WfNode, bodyId: string, body: BodyState): Promise<void> {
  const index = body.started;
  const locals: Record<string, unknown> = { loopCounter: index, nrOfInstances: body.total };
  if (body.items) locals[node.multiInstance?.elementVariable || 'item'] = body.items[index];
  body.started += 1;
  await openScope(run, instance, node, bodyId, locals);
}

const writeBody = (run: ActionRun, bodyId: string, body: BodyState) => store.writeExecutionState(run.trx, bodyId, body);

/** A token arrives at a sub-process. */
export async function startSubProcess({ run, instance, graph, node, scopeId }: NodeContext): Promise<void> {
  if (!node.multiInstance) {
    const id = await openScope(run, instance, node, scopeId, {});
    await createTimers(run, instance, graph, node, id, [], true);
    return;
  }
  await run.knowScope(scopeId);
  const { total, items } = instancesOf(run, instance, node, scopeId);
  if (total === 0) {
    // Nothing to do for an empty collection: BPMN passes the activity by.
    await run.history(instance, node, { action: 'node' });
    await run.leave(instance, graph, node, scopeId);
    return;
  }
  const body: BodyState = { kind: 'body', sequential: node.multiInstance.sequential, total, started: 0, completed: 0, items };
  const bodyId = await run.createExecution(instance, node.id, 'waiting', { mi: body, scopeId });
  // Boundary timers belong to the activity as a whole: the body.
  await createTimers(run, instance, graph, node, bodyId, [], true);
  const first = body.sequential ? 1 : total;
  for (let i = 0; i < first; i++) await startInstance(run, instance, node, bodyId, body);
  await writeBody(run, bodyId, body);
}

/**
 * A scope whose last token ended. A plain sub-process moves on; an instance of a multi-instance one is counted on
 * its body, which completes by its rule (the remaining instances are cancelled) or starts the next instance.
 */
export async function completeScope({ run, instance, graph, node, scopeId, executionId }: ResumeContext): Promise<void> {
  const scope = { id: executionId, parentId: scopeId };
  await store.setExecutionsDone(run.trx, [scope.id]);
  const parent = scope.parentId ? await store.readExecution(run.trx, scope.parentId) : undefined;
  const body = parent?.node_id === node.id ? (parent.mi as unknown as ScopeState | null) : null;
  if (!parent || body?.kind !== 'body') {
    if (node.boundaries.length) await store.cancelTimers(run.trx, { executionIds: [scope.id] });
    await run.history(instance, node, { action: 'node' });
    await run.leave(instance, graph, node, scope.parentId);
    return;
  }
  if (parent.state !== 'waiting') return;
  // Each completed instance is one pass through the sub-process (Flowable and Camunda record each too).
  await run.history(instance, node, { action: 'node' });
  body.completed += 1;
  const config = subProcessConfig.parse(node.config);
  let conditionHolds = false;
  const condition = node.multiInstance?.completionCondition;
  if (condition) {
    await run.knowScope(parent.parent_id);
    const counts = { nrOfInstances: body.total, nrOfCompletedInstances: body.completed, nrOfActiveInstances: body.started - body.completed };
    conditionHolds = isTruthy(evaluate(condition, { ...run.scope(instance, parent.parent_id), ...counts }));
  }
  const decision = miScopeDecision({
    completion: config.completion,
    percentage: config.percentage,
    total: body.total,
    completed: body.completed,
    conditionHolds,
  });
  if (decision === 'complete') {
    // The instances still running are cancelled with the body (and its timers).
    await run.cancelScope(instance, parent.id, true);
    await run.leave(instance, graph, node, parent.parent_id);
    return;
  }
  if (body.sequential && body.started < body.total) await startInstance(run, instance, node, parent.id, body);
  await writeBody(run, parent.id, body);
}
