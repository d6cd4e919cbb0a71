import type { AuthContext } from '../../../../core/deps.js';
import { runAction, type EngineContext } from './action.js';
import { openTask } from './open-task.js';
import { oneUser, replaceUsers } from './shared.js';

/** An administrator gives an open task to one user. */

export async function assign(ctx: EngineContext, auth: AuthContext, input: { taskId: string; userId: string }): Promise<void> {
  await runAction(ctx, auth.tenantId, async (run) => {
    const { task, instance } = await openTask(run, input.taskId);
    const userId = await oneUser(run, input.userId);
    await replaceUsers(run, task, [userId], { userId, ownerId: task.owner_id });
    await run.history(
      instance,
      { id: task.node_id, name: task.node_name, type: 'userTask' },
      { action: 'assign', taskId: task.id, userId: auth.userId, candidates: [userId] },
    );
    run.notify(13, [userId], instance, { id: task.id, nodeName: task.node_name }, 'workflow.msgTodo', { taskStatus: '0' });
  });
}
