import type { Transaction } from 'kysely';
import type { Database } from '../../../core/db/schema.js';

/**
 * The engine's store: the queries the engine's logic shares. (Its other queries move here as the engine is split into
 * one file per command.)
 */

/**
 * Cancels tasks (a signer removed, a countersign decided early, a scope or an instance ended): each is closed for
 * its users and its pending timers are cancelled with it. Tasks already done stay done.
 */
export async function cancelTasks(trx: Transaction<Database>, now: Date, taskIds: readonly string[]): Promise<void> {
  if (taskIds.length === 0) return;
  const ids = [...taskIds];
  await trx.updateTable('wf_tasks').set({ state: 'cancelled', completed_at: now }).where('id', 'in', ids).where('state', '=', 'open').execute();
  await trx.updateTable('wf_task_users').set({ open: false }).where('task_id', 'in', ids).execute();
  await trx.updateTable('wf_timers').set({ state: 'cancelled' }).where('task_id', 'in', ids).where('state', '=', 'pending').execute();
}

/** The open tasks of some executions, or of a whole instance. */
export async function openTaskIds(trx: Transaction<Database>, where: { executionIds: readonly string[] } | { instanceId: string }): Promise<string[]> {
  if ('executionIds' in where && where.executionIds.length === 0) return [];
  let query = trx.selectFrom('wf_tasks').select('id').where('state', '=', 'open');
  query = 'executionIds' in where ? query.where('execution_id', 'in', [...where.executionIds]) : query.where('instance_id', '=', where.instanceId);
  return (await query.execute()).map((t) => t.id);
}
