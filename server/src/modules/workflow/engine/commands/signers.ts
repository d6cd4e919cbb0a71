import type { AuthContext } from '../../../../core/deps.js';
import { AppError } from '../../../../core/errors.js';
import { enabledUsers } from '../candidates.js';
import { type ActionRun } from '../node-types/runtime.js';
import { createTasks, readMi, taskConfigOf, writeMi } from '../node-types/user-task.js';
import { nodeOf } from '../routing.js';
import * as store from '../store.js';
import { runAction, type EngineContext } from './action.js';
import { openTask } from './open-task.js';

/** Adding and removing signers of a countersign node whose config allows it. */

/** A countersign node whose config allows adding / removing signers: its state, or 'workflow.notMultiInstance'. */
async function signation(run: ActionRun, auth: AuthContext, taskId: string) {
  const { task, instance } = await openTask(run, taskId, auth.userId);
  const graph = await run.graph(instance);
  const node = nodeOf(graph, task.node_id);
  const mi = node.type === 'userTask' && node.multiInstance ? await readMi(run, task.execution_id) : null;
  if (!mi || !taskConfigOf(node).signation) throw new AppError('workflow.notMultiInstance', {}, 400);
  return { task, instance, graph, node, mi };
}

export async function addSigners(ctx: EngineContext, auth: AuthContext, input: { taskId: string; userIds: string[] }): Promise<void> {
  await runAction(ctx, auth.tenantId, async (run) => {
    const { task, instance, graph, node, mi } = await signation(run, auth, input.taskId);
    const have = new Set(mi.assignees.map((a) => a.userId));
    const added = (await enabledUsers(run.trx, auth.tenantId, input.userIds)).filter((u) => !have.has(u.id)).map((u) => ({ userId: u.id, ownerId: null }));
    if (added.length === 0) return;
    mi.assignees.push(...added);
    // Parallel: the new signers get their tasks now; sequential: they join the end of the line.
    if (!mi.sequential) {
      mi.issued += added.length;
      await createTasks(
        run,
        instance,
        graph,
        node,
        task.execution_id,
        added.map((a) => ({ users: [a.userId], assignee: a })),
      );
    }
    await writeMi(run, task.execution_id, mi);
    await run.history(instance, node, {
      action: 'addSign',
      taskId: task.id,
      userId: auth.userId,
      multiInstance: true,
      candidates: added.map((a) => a.userId),
    });
  });
}

export async function removeSigners(ctx: EngineContext, auth: AuthContext, input: { taskId: string; userIds: string[] }): Promise<void> {
  await runAction(ctx, auth.tenantId, async (run) => {
    const { task, instance, graph, node, mi } = await signation(run, auth, input.taskId);
    const open = await store.openTasksOfExecution(run.trx, task.execution_id);
    const removing = new Set(input.userIds);
    // Only signers who have not voted: an open task, or (sequential) a turn not reached yet.
    const openOf = open.filter((t) => t.assignee_id && removing.has(t.assignee_id));
    const waitingIdx = mi.assignees.map((a, i) => (i >= mi.issued && removing.has(a.userId) ? i : -1)).filter((i) => i >= 0);
    const removedUsers = new Set([...openOf.map((t) => t.assignee_id!), ...waitingIdx.map((i) => mi.assignees[i]!.userId)]);
    if (removedUsers.size === 0) return;
    const pendingLeft = open.length - openOf.length + (mi.assignees.length - mi.issued - waitingIdx.length);
    if (pendingLeft <= 0) throw new AppError('workflow.lastSigner', {}, 400);
    await store.cancelTasks(
      run.trx,
      run.now,
      openOf.map((t) => t.id),
    );
    const issuedRemoved = mi.assignees.filter((a, i) => i < mi.issued && removedUsers.has(a.userId) && openOf.some((t) => t.assignee_id === a.userId)).length;
    mi.assignees = mi.assignees.filter((a, i) => !(removedUsers.has(a.userId) && (i >= mi.issued || openOf.some((t) => t.assignee_id === a.userId))));
    mi.issued -= issuedRemoved;
    await run.history(instance, node, { action: 'subtractSign', taskId: task.id, userId: auth.userId, multiInstance: true, candidates: [...removedUsers] });
    // Fewer signers can complete the node now (e.g. 'all' with every remaining one agreed).
    await run.resume({ instance, graph, node, viaFlow: null, scopeId: task.scope_id, executionId: task.execution_id, vote: { recount: mi } });
    await run.drain();
  });
}
