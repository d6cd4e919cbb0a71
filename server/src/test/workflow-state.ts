import { sql, type Kysely } from 'kysely';
import type { Database } from '../core/db/schema.js';
import { newId } from '../core/ids.js';
import { parseDefinition } from '../modules/workflow/engine/definition.js';

/**
 * Reads of the engine's rows for the workflow concurrency tests (server/src/modules/workflow/concurrency.test.ts):
 * an instance's normalised "shape" (to compare two instances, or one before and after), and the invariants every
 * instance of the linear, parallel and countersign fixtures must satisfy whatever order concurrent actions ran in.
 */

export const TASK_CLOSED = '该任务已被处理，请刷新后查看';

export async function accountIds(db: Kysely<Database>): Promise<Record<string, string>> {
  const rows = await db.selectFrom('users').select(['id', 'account']).execute();
  return Object.fromEntries(rows.map((r) => [r.account, r.id]));
}

export async function schemeIdOf(db: Kysely<Database>, code: string): Promise<string> {
  const row = await db
    .selectFrom('wf_schemes')
    .select('id')
    .where(sql`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface InstanceState {
  id: string;
  state: string;
  tasks: { id: string; node_id: string; state: string; assignee_id: string | null; created_at: Date; completed_at: Date | null }[];
  history: { task_id: string | null; node_id: string; node_type: string; action: string; user_id: string | null; seq: number }[];
  taskUsers: { task_id: string; user_id: string; open: boolean }[];
  executions: { id: string; node_id: string; state: string; parent_id: string | null }[];
  messages: number;
}

export async function instanceStates(db: Kysely<Database>, ids: string[]): Promise<Map<string, InstanceState>> {
  const out = new Map<string, InstanceState>();
  if (ids.length === 0) return out;
  const instances = await db.selectFrom('wf_instances').select(['id', 'state']).where('id', 'in', ids).execute();
  for (const i of instances) out.set(i.id, { id: i.id, state: i.state, tasks: [], history: [], taskUsers: [], executions: [], messages: 0 });
  const tasks = await db
    .selectFrom('wf_tasks')
    .select(['id', 'instance_id', 'node_id', 'state', 'assignee_id', 'created_at', 'completed_at'])
    .where('instance_id', 'in', ids)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const t of tasks) out.get(t.instance_id)!.tasks.push(t);
  const history = await db
    .selectFrom('wf_history')
    .select(['instance_id', 'task_id', 'node_id', 'node_type', 'action', 'user_id', sql<number>`seq::int`.as('seq')])
    .where('instance_id', 'in', ids)
    .orderBy('seq')
    .execute();
  for (const h of history) out.get(h.instance_id)!.history.push(h);
  const taskUsers = await db
    .selectFrom('wf_task_users')
    .select(['task_id', 'user_id', 'open', 'instance_id'])
    .where('instance_id', 'in', ids)
    .orderBy('task_id')
    .orderBy('user_id')
    .execute();
  for (const u of taskUsers) out.get(u.instance_id)!.taskUsers.push(u);
  const executions = await db
    .selectFrom('wf_executions')
    .select(['id', 'instance_id', 'node_id', 'state', 'parent_id'])
    .where('instance_id', 'in', ids)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const e of executions) out.get(e.instance_id)!.executions.push(e);
  // Messages of an instance: those naming it or one of its tasks (object id or payload).
  const messages = await sql<{ instance_id: string; n: number }>`
    select i.id as instance_id, count(m.id)::int as n
    from wf_instances i
    join messages m on m.object_id = i.id or m.object_id in (select t.id from wf_tasks t where t.instance_id = i.id)
                    or m.payload::text like '%' || i.id || '%'
    where i.id = any(${ids}::text[])
    group by i.id`.execute(db);
  for (const m of messages.rows) out.get(m.instance_id)!.messages = m.n;
  return out;
}

/** The instance as node ids and states only (ids and times dropped), for comparing two instances. */
export function shapeOf(state: InstanceState) {
  const nodeOfTask = new Map(state.tasks.map((t) => [t.id, t.node_id]));
  return {
    state: state.state,
    tasks: state.tasks.map((t) => `${t.node_id}:${t.state}`),
    history: state.history.map((h) => `${h.node_id}:${h.node_type}:${h.action}`),
    taskUsers: state.taskUsers.map((u) => `${nodeOfTask.get(u.task_id)}:${u.open}`).sort(),
    executions: state.executions.map((e) => `${e.node_id}:${e.state}`).sort(),
    messages: state.messages,
  };
}

const AGREE = 'agree_';

/**
 * Violations of the invariants that hold after any serial order of agree actions (empty: fine):
 * - every task answered at most once: a done task has exactly one agree history row, an open one none;
 * - `wf_task_users.open` is true exactly for open tasks;
 * - no node has two open tasks for the same user; a single-instance node never has two tasks of one activation;
 * - `kind` linear (manager → finance): the manager task once; finance only after the manager's agreement and at
 *   most once; running = exactly one open task, completed = both done and nothing open;
 * - `kind` parallel (fork → a, b → join): one task each; completed exactly when both are done, running otherwise;
 * - `kind` parallel also: the join passes once, when both are done;
 * - `kind` countersign (sign × n → [after] → end): the sign node completes once (one `after` task at most, created
 *   only when every sign task is done);
 * - a completed instance has one end-event history row and no open task; a running one has none.
 */
export function violations(state: InstanceState, kind: 'linear' | 'parallel' | 'countersign'): string[] {
  const out: string[] = [];
  const say = (text: string) => out.push(`${state.id}: ${text}`);
  const open = state.tasks.filter((t) => t.state === 'open');
  const done = state.tasks.filter((t) => t.state === 'done');
  for (const t of state.tasks) {
    const agreed = state.history.filter((h) => h.task_id === t.id && h.action === AGREE).length;
    if (t.state === 'done' && agreed !== 1) say(`task ${t.node_id} done with ${agreed} agree rows`);
    if (t.state === 'open' && agreed !== 0) say(`task ${t.node_id} open with ${agreed} agree rows`);
  }
  for (const u of state.taskUsers) {
    const task = state.tasks.find((t) => t.id === u.task_id);
    if (!task) say(`task user row of a missing task ${u.task_id}`);
    else if (u.open !== (task.state === 'open')) say(`task user open=${u.open} on a ${task.state} task ${task.node_id}`);
  }
  const openKeys = open.map((t) => `${t.node_id}/${t.assignee_id}`);
  if (new Set(openKeys).size !== openKeys.length) say(`two open tasks on one node for one user: ${openKeys.join(', ')}`);
  const ends = state.history.filter((h) => h.node_type === 'endEvent').length;
  if (state.state === 'completed' && (ends !== 1 || open.length)) say(`completed with ${ends} end rows and ${open.length} open tasks`);
  if (state.state === 'running' && ends !== 0) say(`running with ${ends} end rows`);
  const of = (node: string) => state.tasks.filter((t) => t.node_id === node);
  if (kind === 'linear') {
    const [manager, finance] = [of('manager'), of('finance')];
    if (manager.length !== 1) say(`${manager.length} manager tasks`);
    if (finance.length > 1) say(`${finance.length} finance tasks`);
    if (finance.length && manager[0]?.state !== 'done') say('finance task while the manager task is not done');
    if (finance.length && manager[0]?.completed_at && finance[0].created_at < manager[0].completed_at) say('finance created before the manager agreed');
    if (state.state === 'running' && open.length !== 1) say(`running with ${open.length} open tasks`);
    if (state.state === 'completed' && done.length !== 2) say(`completed with ${done.length} done tasks`);
  }
  if (kind === 'parallel') {
    const [a, b] = [of('a'), of('b')];
    if (a.length !== 1 || b.length !== 1) say(`${a.length} a tasks, ${b.length} b tasks`);
    const bothDone = a[0]?.state === 'done' && b[0]?.state === 'done';
    if (bothDone !== (state.state === 'completed')) say(`both done ${bothDone} but state ${state.state}`);
    const joins = state.history.filter((h) => h.node_id === 'join').length;
    if (joins !== (bothDone ? 1 : 0)) say(`the join passed ${joins} times with both done ${bothDone}`);
  }
  if (kind === 'countersign') {
    const sign = of('sign');
    const after = of('after');
    if (after.length > 1) say(`${after.length} tasks after the countersign`);
    if (after.length && sign.some((t) => t.state !== 'done')) say('next task created while a countersign task is not done');
  }
  return out;
}

/** A scheme with one version written straight into the tables (parsed as a save would), enabled for everyone. */
export async function insertScheme(db: Kysely<Database>, input: { code: string; name: string; xml: string }): Promise<string> {
  const { graph, issues } = await parseDefinition(input.xml);
  if (!graph) throw new Error(`scheme ${input.code}: ${JSON.stringify(issues)}`);
  const admin = await db.selectFrom('users').select(['id', 'tenant_id']).where('account', '=', 'admin').executeTakeFirstOrThrow();
  const id = newId();
  const versionId = newId();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('wf_schemes').values({ id, tenant_id: admin.tenant_id, code: input.code, name: input.name, created_by: admin.id }).execute();
    await trx
      .insertInto('wf_scheme_versions')
      .values({ id: versionId, tenant_id: admin.tenant_id, scheme_id: id, version: 1, xml: input.xml, graph: JSON.stringify(graph), created_by: admin.id })
      .execute();
    await trx.updateTable('wf_schemes').set({ current_version_id: versionId }).where('id', '=', id).execute();
  });
  return id;
}
