import type { Insertable, Selectable } from 'kysely';
import type { WfHistoryTable, WfInstanceState, WfInstancesTable } from '../../tables.js';
import type { Trx } from './db.js';

/** Instances: reading and locking them (the root row is the anchor of every action), their columns, history rows. */

export interface FormKey {
  F_FormId: string;
  F_Type: number;
  F_UrlAddress?: string;
  F_Id: string;
}

/** An instance as the engine reads it: the columns below, typed by the table. */
export type InstanceRow = Pick<Selectable<WfInstancesTable>, (typeof instanceColumns)[number]>;

const instanceColumns = [
  'id',
  'tenant_id',
  'root_id',
  'parent_id',
  'parent_node_id',
  'parent_execution_id',
  'scheme_id',
  'version_id',
  'name',
  'state',
  'starter_id',
  'variables',
  'form_keys',
  'related',
  'created_at',
] as const;

/** Reads an instance (no lock); the caller holds the root's lock or is about to take it. */
export async function readInstance(trx: Trx, tenantId: string, id: string): Promise<InstanceRow | undefined> {
  const row = await trx.selectFrom('wf_instances').select(instanceColumns).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return row as InstanceRow | undefined;
}

/** The instance itself when it is its own root, locked and read in one statement. */
export async function lockOwnRoot(trx: Trx, instanceId: string, tenantId?: string): Promise<InstanceRow | undefined> {
  let own = trx.selectFrom('wf_instances').select(instanceColumns).where('id', '=', instanceId).whereRef('root_id', '=', 'id');
  if (tenantId) own = own.where('tenant_id', '=', tenantId);
  return (await own.forUpdate().executeTakeFirst()) as InstanceRow | undefined;
}

/** An instance's root and tenant (no lock). */
export async function rootOf(trx: Trx, instanceId: string, tenantId?: string): Promise<{ root_id: string; tenant_id: string } | undefined> {
  let query = trx.selectFrom('wf_instances').select(['root_id', 'tenant_id']).where('id', '=', instanceId);
  if (tenantId) query = query.where('tenant_id', '=', tenantId);
  return query.executeTakeFirst();
}

export async function lockInstanceRow(trx: Trx, id: string): Promise<void> {
  await trx.selectFrom('wf_instances').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * A task of a root instance: that instance locked (`for update of i`) and read in one statement, with its scheme's
 * name. Undefined when the task is not in the tenant or its instance is not a root.
 */
export async function lockRootOfTask(trx: Trx, taskId: string, tenantId: string): Promise<{ instance: InstanceRow; schemeName: string | null } | undefined> {
  const row = await trx
    .selectFrom('wf_tasks as t')
    .innerJoin('wf_instances as i', 'i.id', 't.instance_id')
    .leftJoin('wf_schemes as s', 's.id', 'i.scheme_id')
    .select([...instanceColumns.map((c) => `i.${c}` as const), 's.name as scheme_name'])
    .where('t.id', '=', taskId)
    .where('t.tenant_id', '=', tenantId)
    .whereRef('i.root_id', '=', 'i.id')
    .forUpdate('i')
    .executeTakeFirst();
  if (!row) return undefined;
  const { scheme_name, ...instance } = row;
  return { instance: instance as InstanceRow, schemeName: scheme_name };
}

export async function insertInstance(trx: Trx, instance: InstanceRow, now: Date): Promise<void> {
  await trx
    .insertInto('wf_instances')
    .values({
      ...instance,
      variables: JSON.stringify(instance.variables),
      form_keys: JSON.stringify(instance.form_keys),
      related: JSON.stringify(instance.related),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function updateFormKeys(trx: Trx, instanceId: string, keys: FormKey[]): Promise<void> {
  await trx
    .updateTable('wf_instances')
    .set({ form_keys: JSON.stringify(keys) })
    .where('id', '=', instanceId)
    .execute();
}

export async function updateRelated(trx: Trx, instanceId: string, related: string[]): Promise<void> {
  await trx
    .updateTable('wf_instances')
    .set({ related: JSON.stringify(related) })
    .where('id', '=', instanceId)
    .execute();
}

/** Every instance of the tree in state `from` goes to `to` (suspend and resume act on the whole tree). */
export async function setTreeState(trx: Trx, rootId: string, from: WfInstanceState, to: WfInstanceState, now: Date): Promise<void> {
  await trx.updateTable('wf_instances').set({ state: to, updated_at: now }).where('root_id', '=', rootId).where('state', '=', from).execute();
}

export async function finishInstanceRow(trx: Trx, instanceId: string, state: WfInstanceState, now: Date): Promise<void> {
  await trx.updateTable('wf_instances').set({ state, completed_at: now, updated_at: now }).where('id', '=', instanceId).execute();
}

/** Live (running or suspended) child instances: of a parent instance, or started by some executions (call activities). */
export async function liveChildInstances(trx: Trx, of: { parentId: string } | { executionIds: string[] }): Promise<string[]> {
  let query = trx.selectFrom('wf_instances').select('id').where('state', 'in', ['running', 'suspended']);
  query = 'parentId' in of ? query.where('parent_id', '=', of.parentId) : query.where('parent_execution_id', 'in', of.executionIds);
  return (await query.execute()).map((r) => r.id);
}

/** Launches of a scheme in [start, end) (the serial in instance names). */
export async function countLaunches(trx: Trx, tenantId: string, schemeId: string, start: Date, end: Date): Promise<number> {
  const { n } = await trx
    .selectFrom('wf_instances')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('scheme_id', '=', schemeId)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Writes an instance's variables; with `history`, the history rows go in the same statement (a data-modifying CTE).
 */
export async function writeVariables(
  trx: Trx,
  instanceId: string,
  variables: Record<string, unknown>,
  now: Date,
  history?: Insertable<WfHistoryTable>[],
): Promise<void> {
  const values = { variables: JSON.stringify(variables), updated_at: now };
  if (history?.length)
    await trx
      .with('h', (db) => db.insertInto('wf_history').values(history).returning('id'))
      .updateTable('wf_instances')
      .set(values)
      .where('id', '=', instanceId)
      .execute();
  else await trx.updateTable('wf_instances').set(values).where('id', '=', instanceId).execute();
}

export async function insertHistory(trx: Trx, rows: Insertable<WfHistoryTable>[]): Promise<void> {
  if (rows.length) await trx.insertInto('wf_history').values(rows).execute();
}

export async function setHistoryNextNodes(trx: Trx, historyId: string, next: unknown[]): Promise<void> {
  await trx
    .updateTable('wf_history')
    .set({ next_nodes: JSON.stringify(next) })
    .where('id', '=', historyId)
    .execute();
}

/** The user who last acted with a button on the instance (previousLeader after organisation changes). */
export async function lastActor(trx: Trx, instanceId: string): Promise<string | null | undefined> {
  const row = await trx
    .selectFrom('wf_history')
    .select('user_id')
    .where('instance_id', '=', instanceId)
    .where('btn_value', 'is not', null)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertCirculations(
  trx: Trx,
  rows: {
    id: string;
    tenant_id: string;
    instance_id: string;
    task_id: string | null;
    node_id: string;
    node_name: string;
    user_id: string;
    from_user_id: string | null;
    created_at: Date;
  }[],
): Promise<void> {
  if (rows.length) await trx.insertInto('wf_circulations').values(rows).execute();
}

/** Consumes a draft (a launch from it): answers whether it was there. */
export async function consumeDraft(trx: Trx, tenantId: string, userId: string, draftId: string): Promise<boolean> {
  const consumed = await trx
    .deleteFrom('wf_drafts')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', draftId)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return consumed !== undefined;
}
