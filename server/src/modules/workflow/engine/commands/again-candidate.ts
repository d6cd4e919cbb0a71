import type { AuthContext } from '../../../../core/deps.js';
import { AppError } from '../../../../core/errors.js';
import { assigneesOf, taskConfigOf } from '../node-types/user-task.js';
import * as store from '../store.js';
import { runAction, type EngineContext } from './action.js';
import { openTask } from './open-task.js';
import { replaceUsers } from './shared.js';

/**
 * again-candidate: the candidates of an open (single-instance) user task worked out again — after organisation
 * changes: new members of a role, a new department manager… — with delegation, replacing the users who may act
 * on it. Those new to the task get a to-do message. Answers the task's users. The caller's right to ask is the
 * task API's check.
 */
export async function againCandidate(ctx: EngineContext, auth: AuthContext, taskId: string): Promise<string[]> {
  return runAction(ctx, auth.tenantId, async (run) => {
    const { task, instance } = await openTask(run, taskId);
    const node = (await run.graph(instance)).nodes[task.node_id];
    if (!node || node.type !== 'userTask' || node.multiInstance) throw new AppError('workflowTask.noOpenTask');
    // previousLeader rules: the user who completed the last task.
    run.previousUserId = (await store.lastActor(run.trx, instance.id)) ?? instance.starter_id;
    const assignees = (await assigneesOf(run, instance, node, taskConfigOf(node), false)) ?? [];
    if (assignees.length === 0) throw new AppError('workflow.noCandidate', { node: node.name || node.id }, 400);
    const userIds = [...new Set(assignees.map((a) => a.userId))];
    const single = userIds.length === 1 ? assignees[0]! : null;
    const before = new Set(await replaceUsers(run, task, userIds, single));
    await run.history(instance, node, { action: 'againCandidate', taskId: task.id, userId: auth.userId, candidates: userIds });
    const added = userIds.filter((id) => !before.has(id));
    if (added.length) run.notify(13, added, instance, { id: task.id, nodeName: task.node_name }, 'workflow.msgTodo', { taskStatus: '0' });
    return userIds;
  });
}
