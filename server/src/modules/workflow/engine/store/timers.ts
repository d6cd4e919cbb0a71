import type { Insertable, Selectable } from 'kysely';
import type { WfTimersTable } from '../../tables.js';
import type { Db, Trx } from './db.js';

/** Timers: boundary and intermediate timer events, fired by the poller. */

export type TimerRow = Selectable<WfTimersTable>;

export async function insertTimers(trx: Trx, rows: Insertable<WfTimersTable>[]): Promise<void> {
  if (rows.length) await trx.insertInto('wf_timers').values(rows).execute();
}

/** Cancels pending timers: of some executions (optionally only of one instance), or of a whole instance. */
export async function cancelTimers(trx: Trx, where: { executionIds: string[]; instanceId?: string } | { instanceId: string }): Promise<void> {
  let query = trx.updateTable('wf_timers').set({ state: 'cancelled' }).where('state', '=', 'pending');
  if ('executionIds' in where) {
    if (where.executionIds.length === 0) return;
    if (where.instanceId) query = query.where('instance_id', '=', where.instanceId);
    query = query.where('execution_id', 'in', where.executionIds);
  } else query = query.where('instance_id', '=', where.instanceId);
  await query.execute();
}

/** Cancels a task's pending timers, and with `executionId` those of its activity too. */
export async function cancelTaskTimers(trx: Trx, taskId: string, executionId?: string): Promise<void> {
  await trx
    .updateTable('wf_timers')
    .set({ state: 'cancelled' })
    .where((eb) => (executionId ? eb.or([eb('task_id', '=', taskId), eb('execution_id', '=', executionId)]) : eb('task_id', '=', taskId)))
    .where('state', '=', 'pending')
    .execute();
}

/** Up to 50 pending timers due by `now`, earliest first (no lock: each is taken in its own transaction). */
export async function dueTimers(db: Db, now: Date) {
  return db
    .selectFrom('wf_timers')
    .select(['id', 'tenant_id', 'instance_id'])
    .where('state', '=', 'pending')
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(50)
    .execute();
}

/** Takes a pending timer (FOR UPDATE SKIP LOCKED): undefined when another process has it or it is no longer pending. */
export async function takePendingTimer(trx: Trx, id: string): Promise<TimerRow | undefined> {
  return trx.selectFrom('wf_timers').selectAll().where('id', '=', id).where('state', '=', 'pending').forUpdate().skipLocked().executeTakeFirst();
}

export async function markTimerFired(trx: Trx, id: string, now: Date): Promise<void> {
  await trx.updateTable('wf_timers').set({ state: 'fired', fired_at: now }).where('id', '=', id).execute();
}
