import { BTN_TRANSFER } from '@app/contracts';
import type { AuthContext } from '../../../../core/deps.js';
import { AppError } from '../../../../core/errors.js';
import { taskConfigOf } from '../node-types/user-task.js';
import { nodeOf } from '../routing.js';
import { runAction, type EngineContext } from './action.js';
import { openTask } from './open-task.js';
import { oneUser, replaceUsers } from './shared.js';

/** A user hands their open task to another user. */

export async function transfer(ctx: EngineContext, auth: AuthContext, input: { taskId: string; userId: string; message?: string }): Promise<void> {
  await runAction(ctx, auth.tenantId, async (run) => {
    const { task, instance } = await openTask(run, input.taskId, auth.userId);
    const node = nodeOf(await run.graph(instance), task.node_id);
    if (node.type === 'userTask' && !taskConfigOf(node).transfer) throw new AppError('workflow.badButton', { button: BTN_TRANSFER }, 400);
    if (!input.userId || input.userId === auth.userId) throw new AppError('workflow.noTransferUser', {}, 400);
    const userId = await oneUser(run, input.userId);
    await replaceUsers(run, task, [userId], { userId, ownerId: task.owner_id ?? auth.userId });
    await run.history(
      instance,
      { id: task.node_id, name: task.node_name, type: 'userTask' },
      { action: 'transfer', taskId: task.id, userId: auth.userId, message: input.message ?? '', candidates: [userId] },
    );
    run.notify(13, [userId], instance, { id: task.id, nodeName: task.node_name }, 'workflow.msgTodo', { taskStatus: '0' });
  });
}
