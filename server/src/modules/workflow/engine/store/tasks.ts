import type { Insertable } from 'kysely';
import type { WfTaskUsersTable, WfTasksTable } from '../../tables.js';
import type { ExecutionRow } from './executions.js';
import type { Trx } from './db.js';

/** Tasks and their to-do rows (wf_task_users: who may act on a task). */

export interface TaskRow {
  id: string;
  instance_id: string;
  execution_id: string;
  node_id: string;
  node_name: string;
  assignee_id: string | null;
  owner_id: string | null;
  state: 'open' | 'done' | 'cancelled';
  created_at: Date;
  /** The sub-process scope the task's token lives in (null: the process itself). */
  scope_id: string | null;
}

const taskColumns = ['id', 'instance_id', 'execution_id', 'node_id', 'node_name', 'assignee_id', 'owner_id', 'state', 'created_at'] as const;

/**
 * Cancels tasks (a signer removed, a countersign decided early, a scope or an instance ended): each is closed for
 * its users and its pending timers are cancelled with it. Tasks already done stay done.
 */
export async function cancelTasks(trx: Trx, now: Date, taskIds: readonly string[]): Promise<void> {
  if (taskIds.length === 0) return;
  const ids = [...taskIds];
  await trx.updateTable('wf_tasks').set({ state: 'cancelled', completed_at: now }).where('id', 'in', ids).where('state', '=', 'open').execute();
  await trx.updateTable('wf_task_users').set({ open: false }).where('task_id', 'in', ids).execute();
  await trx.updateTable('wf_timers').set({ state: 'cancelled' }).where('task_id', 'in', ids).where('state', '=', 'pending').execute();
}

/** The open tasks of some executions, or of a whole instance. */
export async function openTaskIds(trx: Trx, where: { executionIds: readonly string[] } | { instanceId: string }): Promise<string[]> {
  if ('executionIds' in where && where.executionIds.length === 0) return [];
  let query = trx.selectFrom('wf_tasks').select('id').where('state', '=', 'open');
  query = 'executionIds' in where ? query.where('execution_id', 'in', [...where.executionIds]) : query.where('instance_id', '=', where.instanceId);
  return (await query.execute()).map((t) => t.id);
}

/** A task's instance (no lock), in the tenant. */
export async function taskInstanceId(trx: Trx, tenantId: string, taskId: string): Promise<string | undefined> {
  return (await trx.selectFrom('wf_tasks').select('instance_id').where('tenant_id', '=', tenantId).where('id', '=', taskId).executeTakeFirst())?.instance_id;
}

/**
 * A task with its scope and, with `userId`, whether that user is one of its open to-do users (`mayAct`; true
 * without a user). Read after the lock (a new statement, a new snapshot).
 */
export async function taskForAction(trx: Trx, taskId: string, userId?: string): Promise<{ task: TaskRow; mayAct: boolean }> {
  const row = await trx
    .selectFrom('wf_tasks as t')
    .select(taskColumns.map((c) => `t.${c}` as const))
    .select((eb) => eb.selectFrom('wf_executions as e').select('e.parent_id').whereRef('e.id', '=', 't.execution_id').as('scope_id'))
    .select((eb) =>
      (userId === undefined
        ? eb.val(true)
        : eb.exists(
            eb
              .selectFrom('wf_task_users as tu')
              .select('tu.user_id')
              .whereRef('tu.task_id', '=', 't.id')
              .where('tu.user_id', '=', userId)
              .where('tu.open', '=', true),
          )
      ).as('may_act'),
    )
    .where('t.id', '=', taskId)
    .executeTakeFirstOrThrow();
  const { may_act: mayAct, ...task } = row as TaskRow & { may_act: boolean };
  return { task, mayAct };
}

/** A task without its scope (a timer's). */
export async function readTask(trx: Trx, taskId: string): Promise<Omit<TaskRow, 'scope_id'> | undefined> {
  return (await trx.selectFrom('wf_tasks').select(taskColumns).where('id', '=', taskId).executeTakeFirst()) as Omit<TaskRow, 'scope_id'> | undefined;
}

/** The open tasks of an execution with their assignees. */
export async function openTasksOfExecution(trx: Trx, executionId: string) {
  return trx.selectFrom('wf_tasks').select(['id', 'assignee_id']).where('execution_id', '=', executionId).where('state', '=', 'open').execute();
}

/** The nodes of the instance's done tasks, in the order they were done (reject targets). */
export async function doneTaskNodes(trx: Trx, instanceId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('wf_tasks')
    .select('node_id')
    .where('instance_id', '=', instanceId)
    .where('state', '=', 'done')
    .orderBy('completed_at')
    .execute();
  return rows.map((p) => p.node_id);
}

export async function hasOpenTaskAt(trx: Trx, instanceId: string, nodeId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('wf_tasks')
    .select('id')
    .where('instance_id', '=', instanceId)
    .where('state', '=', 'open')
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Inserts tasks with their to-do rows (and the node's new execution with `execution`) in one statement:
 * data-modifying CTEs (the foreign keys are checked at its end, when every row is there). Without to-do rows the
 * tasks alone (the caller created the execution).
 */
export async function insertTasks(trx: Trx, tasks: Insertable<WfTasksTable>[], users: Insertable<WfTaskUsersTable>[], execution?: ExecutionRow): Promise<void> {
  if (users.length && execution) {
    await trx
      .with('e', (db) => db.insertInto('wf_executions').values(execution).returning('id'))
      .with('t', (db) => db.insertInto('wf_tasks').values(tasks).returning('id'))
      .insertInto('wf_task_users')
      .values(users)
      .execute();
  } else if (users.length) {
    await trx
      .with('t', (db) => db.insertInto('wf_tasks').values(tasks).returning('id'))
      .insertInto('wf_task_users')
      .values(users)
      .execute();
  } else await trx.insertInto('wf_tasks').values(tasks).execute();
}

/**
 * Closes one task: done and its to-do rows closed, in one statement; with `executionId` the task's execution is
 * marked done in it too. A null `userId` keeps the assignee.
 */
export async function closeTaskRows(trx: Trx, now: Date, taskId: string, btnValue: string | null, userId: string | null, executionId?: string): Promise<void> {
  let query = trx.with('t', (db) =>
    db
      .updateTable('wf_tasks')
      .set((eb) => ({ state: 'done', btn_value: btnValue, completed_at: now, assignee_id: userId ?? eb.ref('assignee_id') }))
      .where('id', '=', taskId)
      .returning('id'),
  );
  if (executionId)
    query = query.with('e', (db) =>
      db.updateTable('wf_executions').set({ state: 'done' }).where('id', '=', executionId).returning('id'),
    ) as unknown as typeof query;
  await query.updateTable('wf_task_users').set({ open: false }).where('task_id', '=', taskId).execute();
}

export async function setTaskAssignee(trx: Trx, taskId: string, assignee: { userId: string; ownerId: string | null } | null): Promise<void> {
  await trx
    .updateTable('wf_tasks')
    .set({ assignee_id: assignee?.userId ?? null, owner_id: assignee?.ownerId ?? null })
    .where('id', '=', taskId)
    .execute();
}

/** Replaces the assignee only (the owner stays). */
export async function setTaskAssigneeId(trx: Trx, taskId: string, userId: string): Promise<void> {
  await trx.updateTable('wf_tasks').set({ assignee_id: userId }).where('id', '=', taskId).execute();
}

/** Deletes a task's to-do rows (with `userIds`, only theirs); answers the users deleted. */
export async function deleteTaskUsers(trx: Trx, taskId: string, userIds?: string[]): Promise<string[]> {
  let query = trx.deleteFrom('wf_task_users').where('task_id', '=', taskId);
  if (userIds) query = query.where('user_id', 'in', userIds);
  return (await query.returning('user_id').execute()).map((r) => r.user_id);
}

export async function insertTaskUsers(trx: Trx, rows: Insertable<WfTaskUsersTable>[]): Promise<void> {
  if (rows.length) await trx.insertInto('wf_task_users').values(rows).execute();
}

/** The users a task is open for. */
export async function openTaskUsers(trx: Trx, taskId: string): Promise<string[]> {
  return (await trx.selectFrom('wf_task_users').select('user_id').where('task_id', '=', taskId).where('open', '=', true).execute()).map((u) => u.user_id);
}

export async function isOpenTaskUser(trx: Trx, taskId: string, userId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('wf_task_users')
    .select('user_id')
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .where('open', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every to-do row of the instance still open is closed (the instance ended). */
export async function closeInstanceTaskUsers(trx: Trx, instanceId: string): Promise<void> {
  await trx.updateTable('wf_task_users').set({ open: false }).where('instance_id', '=', instanceId).where('open', '=', true).execute();
}
