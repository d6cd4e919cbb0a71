import { AppError } from '../../../../core/errors.js';
import { requireAccess } from '../../../access/object-access.js';
import { type ActionRun, lockTaskInstance, type InstanceRow } from '../node-types/runtime.js';
import type { TaskRow } from '../store.js';
import * as store from '../store.js';

/**
 * The one guard of every command on a task (handle, transfer, signers, assign, candidates), so each refuses the same
 * way with the same error keys. Locks the task's root instance (with the instance and its scheme name in one
 * statement when the instance is its own root), then answers the task re-read under the lock, checked open, and its
 * instance, checked running. With `userId`, the caller must be the task's assignee or one of the users who may act
 * on it (read with the task).
 */
export async function openTask(run: ActionRun, taskId: string, userId?: string): Promise<{ task: TaskRow; instance: InstanceRow }> {
  const locked = await lockTaskInstance(run.trx, taskId, run.tenantId);
  if (!locked) throw new AppError('workflow.taskNotFound', {}, 404);
  run.knowSchemeName(locked.instance.scheme_id, locked.schemeName);
  // Read after the lock (a new statement, so a new snapshot): a task closed by the previous lock holder shows done.
  const { task, mayAct } = await store.taskForAction(run.trx, taskId, userId);
  if (task.state !== 'open') throw new AppError('workflow.taskClosed', {}, 409);
  const instance = run.adopt(locked.instance);
  await checkRunning(run, instance);
  if (userId !== undefined) await requireAccess('actOnTask', taskId, { isAssignee: task.assignee_id === userId, isCandidate: mayAct });
  return { task, instance };
}

export async function checkRunning(run: ActionRun, instance: InstanceRow): Promise<void> {
  const root = instance.root_id === instance.id ? instance : await run.instance(instance.root_id);
  if (instance.state === 'suspended' || root.state === 'suspended') throw new AppError('workflow.instanceSuspended', {}, 409);
  if (instance.state !== 'running') throw new AppError('workflow.instanceNotRunning', {}, 409);
}
