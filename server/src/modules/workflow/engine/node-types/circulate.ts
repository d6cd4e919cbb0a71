import { newId } from '../../../../core/ids.js';
import { usersOfObjects } from '../candidates.js';
import * as store from '../store.js';
import type { WfNode } from '../types.js';
import type { ActionRun, InstanceRow } from './runtime.js';

/** Circulation rows (post / role / person / department → users) and type-14 messages; answers the readers. */
export async function circulate(
  run: ActionRun,
  instance: InstanceRow,
  node: WfNode,
  taskId: string | null,
  fromUserId: string | null,
  objects: { F_ObjType: string; F_ObjId: string }[],
): Promise<string[]> {
  const userIds = await usersOfObjects(run.trx, instance.tenant_id, objects);
  if (userIds.length === 0) return [];
  await store.insertCirculations(
    run.trx,
    userIds.map((userId) => ({
      id: newId(),
      tenant_id: instance.tenant_id,
      instance_id: instance.id,
      task_id: taskId,
      node_id: node.id,
      node_name: node.name,
      user_id: userId,
      from_user_id: fromUserId,
      created_at: run.now,
    })),
  );
  run.notify(14, userIds, instance, taskId ? { id: taskId, nodeName: node.name } : null, 'workflow.msgCirculated', { taskStatus: '2' });
  return userIds;
}
