import type { AuthContext } from '../../../../core/deps.js';
import { AppError } from '../../../../core/errors.js';
import * as store from '../store.js';
import { runAction, type EngineContext } from './action.js';
import { openTask } from './open-task.js';
import { oneUser } from './shared.js';

/** An administrator replaces one of the users who may act on an open task. */

export async function changeCandidate(ctx: EngineContext, auth: AuthContext, input: { taskId: string; oldUserId: string; newUserId: string }): Promise<void> {
  await runAction(ctx, auth.tenantId, async (run) => {
    const { task, instance } = await openTask(run, input.taskId);
    const old = await store.isOpenTaskUser(run.trx, task.id, input.oldUserId);
    if (!old && task.assignee_id !== input.oldUserId) throw new AppError('workflow.notACandidate', {}, 400);
    const userId = await oneUser(run, input.newUserId, 'workflow.notACandidate');
    await store.deleteTaskUsers(run.trx, task.id, [input.oldUserId, userId]);
    await store.insertTaskUsers(run.trx, [{ task_id: task.id, user_id: userId, tenant_id: run.tenantId, instance_id: task.instance_id, created_at: run.now }]);
    if (task.assignee_id === input.oldUserId) await store.setTaskAssigneeId(run.trx, task.id, userId);
    await run.history(
      instance,
      { id: task.node_id, name: task.node_name, type: 'userTask' },
      { action: 'changeCandidate', taskId: task.id, userId: auth.userId, candidates: [input.oldUserId, userId] },
    );
    run.notify(13, [userId], instance, { id: task.id, nodeName: task.node_name }, 'workflow.msgTodo', { taskStatus: '0' });
  });
}
