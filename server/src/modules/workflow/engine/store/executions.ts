import type { Trx } from './db.js';

/** Executions: the tokens that wait (a user task, a join, a call activity, a timer event) and sub-process scopes. */

export interface ExecutionRow {
  id: string;
  tenant_id: string;
  instance_id: string;
  parent_id: string | null;
  node_id: string;
  state: 'active' | 'waiting';
  /** Serialised: the node's own state (countersign counts, a scope's locals). */
  mi: string | null;
}

export async function insertExecution(trx: Trx, row: ExecutionRow): Promise<void> {
  await trx.insertInto('wf_executions').values(row).execute();
}

export async function setExecutionsDone(trx: Trx, ids: string[]): Promise<void> {
  if (ids.length) await trx.updateTable('wf_executions').set({ state: 'done' }).where('id', 'in', ids).execute();
}

/** Marks one execution done and answers its scope (parent_id); undefined when there is no such execution. */
export async function finishExecution(trx: Trx, id: string): Promise<{ parent_id: string | null } | undefined> {
  return trx.updateTable('wf_executions').set({ state: 'done' }).where('id', '=', id).returning('parent_id').executeTakeFirst();
}

export async function readExecution(trx: Trx, id: string) {
  return trx.selectFrom('wf_executions').select(['id', 'node_id', 'parent_id', 'state', 'mi']).where('id', '=', id).executeTakeFirst();
}

/** An execution's node state (wf_executions.mi), as stored. */
export async function readExecutionState(trx: Trx, id: string): Promise<unknown> {
  return (await trx.selectFrom('wf_executions').select('mi').where('id', '=', id).executeTakeFirst())?.mi ?? null;
}

export async function writeExecutionState(trx: Trx, id: string, state: unknown): Promise<void> {
  await trx
    .updateTable('wf_executions')
    .set({ mi: JSON.stringify(state) })
    .where('id', '=', id)
    .execute();
}

/** A scope execution's enclosing scope and state (its local variables). */
export async function readScope(trx: Trx, id: string) {
  return trx.selectFrom('wf_executions').select(['parent_id', 'mi']).where('id', '=', id).executeTakeFirst();
}

/** The tokens waiting at a node within one scope (null: the process itself), oldest first. */
export async function waitingAt(trx: Trx, instanceId: string, nodeId: string, scopeId: string | null) {
  return trx
    .selectFrom('wf_executions')
    .select(['id', 'mi'])
    .where('instance_id', '=', instanceId)
    .where('node_id', '=', nodeId)
    .where('state', '=', 'waiting')
    .where((eb) => (scopeId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', scopeId)))
    .orderBy('id')
    .execute();
}

/** Of some scope executions, those still waiting. */
export async function waitingScopes(trx: Trx, ids: string[]) {
  return trx
    .selectFrom('wf_executions')
    .select(['id', 'instance_id', 'node_id', 'parent_id', 'mi'])
    .where('id', 'in', ids)
    .where('state', '=', 'waiting')
    .execute();
}

/** Of some scopes, those with a live token directly inside. */
export async function busyScopes(trx: Trx, scopeIds: string[]): Promise<Set<string | null>> {
  const rows = await trx
    .selectFrom('wf_executions')
    .select('parent_id')
    .distinct()
    .where('parent_id', 'in', scopeIds)
    .where('state', 'in', ['active', 'waiting'])
    .execute();
  return new Set(rows.map((b) => b.parent_id));
}

/** The live executions directly inside some scopes. */
export async function liveInside(trx: Trx, scopeIds: string[]): Promise<string[]> {
  const rows = await trx.selectFrom('wf_executions').select('id').where('parent_id', 'in', scopeIds).where('state', 'in', ['active', 'waiting']).execute();
  return rows.map((r) => r.id);
}

/** The live executions of some instances. */
export async function liveExecutions(trx: Trx, instanceIds: string[]) {
  return trx
    .selectFrom('wf_executions')
    .select(['id', 'instance_id', 'node_id', 'state', 'parent_id'])
    .where('instance_id', 'in', instanceIds)
    .where('state', 'in', ['active', 'waiting'])
    .execute();
}

export async function hasLiveExecution(trx: Trx, instanceId: string): Promise<boolean> {
  const rows = await trx
    .selectFrom('wf_executions')
    .select('id')
    .where('instance_id', '=', instanceId)
    .where('state', 'in', ['active', 'waiting'])
    .limit(1)
    .execute();
  return rows.length > 0;
}

/** Nodes a live token of the instance sits at. */
export async function liveNodeIds(trx: Trx, instanceId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('wf_executions')
    .select('node_id')
    .where('instance_id', '=', instanceId)
    .where('state', 'in', ['active', 'waiting'])
    .execute();
  return rows.map((r) => r.node_id);
}

/** Every live execution of the instance ends. */
export async function endLiveExecutions(trx: Trx, instanceId: string): Promise<void> {
  await trx.updateTable('wf_executions').set({ state: 'done' }).where('instance_id', '=', instanceId).where('state', 'in', ['active', 'waiting']).execute();
}
