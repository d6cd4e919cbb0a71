import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { CirculationRow, WorkflowDraftRow, HistoryTaskRow, InstanceRow, UpcomingTaskRow } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import type { WfHistoryTable, WfInstancesTable, WfTasksTable } from '../workflow/tables.js';
import { containsPattern, fetchPage, formatTime, isUniqueViolation, parseLocalTime } from '../../core/db/helpers.js';
import { newId } from '../../core/ids.js';

export interface ListFilter {
  page: number;
  size: number;
  keyword?: string;
  schemeId?: string;
  startTime?: string;
  endTime?: string;
  starterId?: string;
}

/** The end of a date filter: a bare date means the whole day. */
function endOf(text: string): Date {
  const t = text.trim();
  const at = parseLocalTime(t);
  return t.length === 10 ? new Date(at.getTime() + 86_400_000) : at;
}

// The lists join the same tables in several shapes; the filters are applied on the aliases i (instance) and s (scheme).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;
function filtered<Q extends AnyQuery>(query: Q, f: ListFilter, timeColumn: string): Q {
  let q = query;
  if (f.keyword) {
    const pattern = containsPattern(f.keyword);
    q = q.where((eb) => eb.or([eb('i.name', 'ilike', pattern), eb('s.name', 'ilike', pattern)])) as Q;
  }
  if (f.schemeId) q = q.where('i.scheme_id', '=', f.schemeId) as Q;
  if (f.starterId) q = q.where('i.starter_id', '=', f.starterId) as Q;
  if (f.startTime) q = q.where(timeColumn, '>=', parseLocalTime(f.startTime)) as Q;
  if (f.endTime) q = q.where(timeColumn, '<', endOf(f.endTime)) as Q;
  return q;
}

/** Names of the nodes with open tasks of an instance, comma-joined. */
const currentNodes = sql<string>`coalesce((select string_agg(distinct ct.node_name, ',') from wf_tasks ct where ct.instance_id = i.id and ct.state = 'open'), '')`;

/** An instance as the screens read it. */
export type InstanceRecord = Pick<
  Selectable<WfInstancesTable>,
  | 'id'
  | 'tenant_id'
  | 'root_id'
  | 'parent_id'
  | 'scheme_id'
  | 'version_id'
  | 'name'
  | 'state'
  | 'starter_id'
  | 'form_keys'
  | 'related'
  | 'recycled_at'
  | 'created_at'
  | 'completed_at'
>;

export type TaskRecord = Pick<Selectable<WfTasksTable>, 'id' | 'instance_id' | 'node_id' | 'node_name' | 'assignee_id' | 'owner_id' | 'state' | 'created_at'>;

/** A history row as the timeline reads it: the table's columns and the two times formatted. */
export type HistoryRecord = Omit<Selectable<WfHistoryTable>, 'tenant_id' | 'instance_id'> & { time: string; endTime: string | null };

export interface UserRecord {
  id: string;
  account: string;
  real_name: string;
  departmentName: string;
}

/** The instance a list row is about (`i`: the instance, `s`: its scheme), as every task and instance list names it. */
const INSTANCE_OF_ROW = ['i.id as processInstanceId', 'i.scheme_id as F_SchemeId', 's.name as schemeName', 'i.name as processName'] as const;

/** The only Kysely code of the task API (lists, drafts, circulation, reads for the approval screen). */
export class WorkflowTaskRepository {
  constructor(readonly db: Kysely<Database>) {}

  // ---------- lists ----------

  upcoming(tenantId: string, userId: string, f: ListFilter): Promise<{ Rows: UpcomingTaskRow[]; Total: number }> {
    const query = this.db
      .selectFrom('wf_task_users as tu')
      .innerJoin('wf_tasks as t', 't.id', 'tu.task_id')
      .innerJoin('wf_instances as i', 'i.id', 't.instance_id')
      .innerJoin('wf_schemes as s', 's.id', 'i.scheme_id')
      .leftJoin('users as u', 'u.id', 'i.starter_id')
      .leftJoin('users as o', 'o.id', 't.owner_id')
      .where('tu.tenant_id', '=', tenantId)
      .where('tu.user_id', '=', userId)
      .where('tu.open', '=', true)
      .select([
        't.id as taskId',
        ...INSTANCE_OF_ROW,
        't.node_id as nodeId',
        't.node_name as taskName',
        'i.starter_id as startUserId',
        sql<string>`coalesce(u.real_name, '')`.as('startUser'),
        formatTime('t.created_at').as('createTime'),
        sql<boolean>`i.state = 'suspended'`.as('isSuspended'),
        sql<string | null>`case when t.owner_id is not null and t.owner_id <> ${userId} then t.owner_id end`.as('owner'),
        sql<string | null>`case when t.owner_id is not null and t.owner_id <> ${userId} then o.real_name end`.as('ownerName'),
      ])
      .orderBy('tu.created_at', 'desc')
      .orderBy('t.id', 'desc');
    return fetchPage(filtered(query, f, 'tu.created_at'), f);
  }

  completed(tenantId: string, userId: string, f: ListFilter): Promise<{ Rows: HistoryTaskRow[]; Total: number }> {
    const query = this.db
      .selectFrom('wf_history as h')
      .innerJoin('wf_instances as i', 'i.id', 'h.instance_id')
      .innerJoin('wf_schemes as s', 's.id', 'i.scheme_id')
      .leftJoin('users as u', 'u.id', 'i.starter_id')
      .where('h.tenant_id', '=', tenantId)
      .where('h.user_id', '=', userId)
      .where('h.task_id', 'is not', null)
      .where('h.ended_at', 'is not', null)
      .where('h.btn_value', 'is not', null)
      .select([
        sql<string>`h.task_id`.as('taskId'),
        ...INSTANCE_OF_ROW,
        'h.node_id as nodeId',
        'h.node_name as taskName',
        sql<string>`coalesce(u.real_name, '')`.as('startUser'),
        'h.btn_value as btnValue',
        'h.btn_name as btnName',
        'i.state as state',
        formatTime('h.started_at').as('createTime'),
        formatTime('h.ended_at').as('endTime'),
      ])
      .orderBy('h.ended_at', 'desc')
      .orderBy('h.seq', 'desc');
    return fetchPage(filtered(query, f, 'h.ended_at'), f);
  }

  private instances(tenantId: string) {
    return this.db
      .selectFrom('wf_instances as i')
      .innerJoin('wf_schemes as s', 's.id', 'i.scheme_id')
      .leftJoin('users as u', 'u.id', 'i.starter_id')
      .where('i.tenant_id', '=', tenantId)
      .select([
        ...INSTANCE_OF_ROW,
        'i.state as state',
        sql<boolean>`i.state = 'suspended'`.as('isSuspended'),
        'i.starter_id as startUserId',
        sql<string>`coalesce(u.real_name, '')`.as('startUser'),
        currentNodes.as('currentNodes'),
        formatTime('i.created_at').as('createTime'),
        formatTime('i.completed_at').as('completedTime'),
        formatTime('i.recycled_at').as('recycledTime'),
      ]);
  }

  /** Instances the user started (top level), in or out of the recycle bin. */
  mine(tenantId: string, userId: string, recycled: boolean, f: ListFilter): Promise<{ Rows: InstanceRow[]; Total: number }> {
    const query = this.instances(tenantId)
      .where('i.starter_id', '=', userId)
      .where('i.parent_id', 'is', null)
      .where('i.recycled_at', recycled ? 'is not' : 'is', null)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc');
    return fetchPage(filtered(query, f, 'i.created_at'), f);
  }

  /** The monitor: every top-level instance of the tenant, finished or not. */
  monitor(tenantId: string, finished: boolean, f: ListFilter): Promise<{ Rows: InstanceRow[]; Total: number }> {
    const states = finished ? (['completed', 'terminated', 'recalled'] as const) : (['running', 'suspended'] as const);
    const query = this.instances(tenantId)
      .where('i.state', 'in', [...states])
      .where('i.parent_id', 'is', null)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc');
    return fetchPage(filtered(query, f, 'i.created_at'), f);
  }

  circulations(tenantId: string, userId: string, f: ListFilter): Promise<{ Rows: CirculationRow[]; Total: number }> {
    const query = this.db
      .selectFrom('wf_circulations as c')
      .innerJoin('wf_instances as i', 'i.id', 'c.instance_id')
      .innerJoin('wf_schemes as s', 's.id', 'i.scheme_id')
      .leftJoin('users as u', 'u.id', 'i.starter_id')
      .leftJoin('users as fu', 'fu.id', 'c.from_user_id')
      .where('c.tenant_id', '=', tenantId)
      .where('c.user_id', '=', userId)
      .select([
        'c.id as F_Id',
        ...INSTANCE_OF_ROW,
        'c.node_name as taskName',
        'fu.real_name as fromUser',
        sql<string>`coalesce(u.real_name, '')`.as('startUser'),
        formatTime('c.created_at').as('createTime'),
        sql<boolean>`c.read_at is not null`.as('isRead'),
        formatTime('c.read_at').as('readTime'),
      ])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc');
    return fetchPage(filtered(query, f, 'c.created_at'), f);
  }

  /** Finished instances the user started or handled (to link as preceding). */
  relatable(tenantId: string, userId: string, f: ListFilter) {
    const query = this.db
      .selectFrom('wf_instances as i')
      .innerJoin('wf_schemes as s', 's.id', 'i.scheme_id')
      .leftJoin('users as u', 'u.id', 'i.starter_id')
      .where('i.tenant_id', '=', tenantId)
      .where('i.state', '=', 'completed')
      .where('i.recycled_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('i.starter_id', '=', userId),
          eb.exists(eb.selectFrom('wf_history as h').select('h.id').whereRef('h.instance_id', '=', 'i.id').where('h.user_id', '=', userId)),
        ]),
      )
      .select([
        ...INSTANCE_OF_ROW,
        sql<string>`coalesce(u.real_name, '')`.as('startUser'),
        formatTime('i.created_at').as('createTime'),
        formatTime('i.completed_at').as('completedTime'),
      ])
      .orderBy('i.completed_at', 'desc')
      .orderBy('i.id', 'desc');
    return fetchPage(filtered(query, f, 'i.created_at'), f);
  }

  async counts(tenantId: string, userId: string) {
    const [upcoming, circulated, drafts] = await Promise.all([
      this.db
        .selectFrom('wf_task_users')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('open', '=', true)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('wf_circulations')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('wf_drafts')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { upcoming: upcoming.n, circulatedUnread: circulated.n, drafts: drafts.n };
  }

  // ---------- drafts ----------

  drafts(tenantId: string, userId: string, f: ListFilter): Promise<{ Rows: WorkflowDraftRow[]; Total: number }> {
    let query = this.db
      .selectFrom('wf_drafts as d')
      .innerJoin('wf_schemes as s', 's.id', 'd.scheme_id')
      .where('d.tenant_id', '=', tenantId)
      .where('d.user_id', '=', userId)
      .select([
        'd.id as F_Id',
        'd.scheme_id as schemeId',
        's.name as schemeName',
        'd.name as name',
        'd.form_value as formValue',
        formatTime('d.created_at').as('createTime'),
        formatTime('d.updated_at').as('updateTime'),
      ])
      .orderBy('d.updated_at', 'desc')
      .orderBy('d.id', 'desc');
    if (f.keyword) {
      const pattern = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('d.name', 'ilike', pattern), eb('s.name', 'ilike', pattern)]));
    }
    if (f.schemeId) query = query.where('d.scheme_id', '=', f.schemeId);
    return fetchPage(query, f);
  }

  findDraft(tenantId: string, id: string) {
    return this.db.selectFrom('wf_drafts').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst();
  }

  async saveDraft(tenantId: string, userId: string, id: string | null, values: { scheme_id: string; name: string; form_value: unknown[] }): Promise<string> {
    if (id) {
      await this.db
        .updateTable('wf_drafts')
        .set({ scheme_id: values.scheme_id, name: values.name, form_value: JSON.stringify(values.form_value), updated_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
      return id;
    }
    const newKey = newId();
    await this.db
      .insertInto('wf_drafts')
      .values({
        id: newKey,
        tenant_id: tenantId,
        user_id: userId,
        scheme_id: values.scheme_id,
        name: values.name,
        form_value: JSON.stringify(values.form_value),
      })
      .execute();
    return newKey;
  }

  async deleteDraft(tenantId: string, id: string): Promise<void> {
    await this.db.deleteFrom('wf_drafts').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  // ---------- circulation ----------

  findCirculation(tenantId: string, id: string) {
    return this.db.selectFrom('wf_circulations').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst();
  }

  async markRead(tenantId: string, id: string): Promise<void> {
    await this.db
      .updateTable('wf_circulations')
      .set({ read_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .execute();
  }

  // ---------- instances, tasks, history ----------

  scheme(tenantId: string, id: string) {
    return this.db.selectFrom('wf_schemes').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst();
  }

  schemeByCode(tenantId: string, code: string) {
    return this.db
      .selectFrom('wf_schemes')
      .where('tenant_id', '=', tenantId)
      .where(sql`lower(code)`, '=', code.toLowerCase())
      .selectAll()
      .executeTakeFirst();
  }

  instance(tenantId: string, id: string): Promise<InstanceRecord | undefined> {
    return this.db
      .selectFrom('wf_instances')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .select([
        'id',
        'tenant_id',
        'root_id',
        'parent_id',
        'scheme_id',
        'version_id',
        'name',
        'state',
        'starter_id',
        'form_keys',
        'related',
        'recycled_at',
        'created_at',
        'completed_at',
      ])
      .executeTakeFirst();
  }

  async graph(tenantId: string, versionId: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('wf_scheme_versions')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', versionId)
      .select(['graph', 'xml'])
      .executeTakeFirst();
    return row?.graph;
  }

  /** An instance by id alone, in any tenant: only for a caller that already proved access (a signed address). */
  instanceForDiagram(processInstanceId: string) {
    return this.db.selectFrom('wf_instances').where('id', '=', processInstanceId).select(['tenant_id', 'version_id', 'id']).executeTakeFirst();
  }

  async versionXml(tenantId: string, versionId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('wf_scheme_versions').where('tenant_id', '=', tenantId).where('id', '=', versionId).select('xml').executeTakeFirst();
    return row?.xml;
  }

  task(tenantId: string, id: string): Promise<TaskRecord | undefined> {
    return this.db
      .selectFrom('wf_tasks')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .select(['id', 'instance_id', 'node_id', 'node_name', 'assignee_id', 'owner_id', 'state', 'created_at'])
      .executeTakeFirst();
  }

  openTasks(tenantId: string, instanceId: string): Promise<(TaskRecord & { createTime: string })[]> {
    return this.db
      .selectFrom('wf_tasks')
      .where('tenant_id', '=', tenantId)
      .where('instance_id', '=', instanceId)
      .where('state', '=', 'open')
      .select(['id', 'instance_id', 'node_id', 'node_name', 'assignee_id', 'owner_id', 'state', 'created_at', formatTime('created_at').as('createTime')])
      .orderBy('created_at')
      .execute();
  }

  /** The users who may act on the task (open rows). */
  async taskUserIds(taskIds: string[]): Promise<{ task_id: string; user_id: string }[]> {
    if (taskIds.length === 0) return [];
    return this.db.selectFrom('wf_task_users').where('task_id', 'in', taskIds).where('open', '=', true).select(['task_id', 'user_id']).execute();
  }

  async mayActOn(taskId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('wf_task_users')
      .where('task_id', '=', taskId)
      .where('user_id', '=', userId)
      .where('open', '=', true)
      .select('task_id')
      .executeTakeFirst();
    return !!row;
  }

  /** Whether the user took part in the instance: a task (open or done), history or circulation. */
  async participates(tenantId: string, instanceId: string, userId: string): Promise<boolean> {
    const row = await sql<{ found: number }>`
      select 1 as found where exists (select 1 from wf_task_users where tenant_id = ${tenantId} and instance_id = ${instanceId} and user_id = ${userId})
        or exists (select 1 from wf_history where instance_id = ${instanceId} and (user_id = ${userId} or owner_id = ${userId}))
        or exists (select 1 from wf_circulations where instance_id = ${instanceId} and user_id = ${userId})`.execute(this.db);
    return row.rows.length > 0;
  }

  history(instanceId: string): Promise<HistoryRecord[]> {
    return this.db
      .selectFrom('wf_history')
      .where('instance_id', '=', instanceId)
      .select([
        'id',
        'seq',
        'task_id',
        'node_id',
        'node_name',
        'node_type',
        'action',
        'user_id',
        'owner_id',
        'btn_value',
        'btn_name',
        'message',
        'stamp_id',
        'folder_id',
        'multi_instance',
        'candidates',
        'next_nodes',
        'field_changes',
        'started_at',
        'ended_at',
        formatTime('started_at').as('time'),
        formatTime('ended_at').as('endTime'),
      ])
      .orderBy('seq')
      .execute() as Promise<HistoryRecord[]>;
  }

  /** Users by id with the name of their first department. */
  async users(tenantId: string, ids: string[]): Promise<Map<string, UserRecord>> {
    const unique = [...new Set(ids.filter(Boolean))];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users as u')
      .where('u.tenant_id', '=', tenantId)
      .where('u.id', 'in', unique)
      .select([
        'u.id',
        'u.account',
        'u.real_name',
        sql<string>`coalesce((select d.full_name from user_departments ud join departments d on d.id = ud.department_id where ud.user_id = u.id order by d.full_name limit 1), '')`.as(
          'departmentName',
        ),
      ])
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  userByAccount(tenantId: string, account: string) {
    return this.db
      .selectFrom('users')
      .where('tenant_id', '=', tenantId)
      .where('account', '=', account)
      .where('enabled', '=', true)
      .select(['id', 'account'])
      .executeTakeFirst();
  }

  tenantByCode(code: string) {
    return this.db.selectFrom('tenants').where('code', '=', code).select(['id']).executeTakeFirst();
  }

  relations(tenantId: string, schemeId: string) {
    return this.db
      .selectFrom('wf_relations')
      .where('tenant_id', '=', tenantId)
      .where('scheme_id', '=', schemeId)
      .selectAll()
      .orderBy('sort_code')
      .orderBy('created_at')
      .execute();
  }

  /** Files of the attachment folders given with actions (wf_history.folder_id). */
  async files(tenantId: string, folderIds: string[]) {
    if (folderIds.length === 0) return [];
    return this.db
      .selectFrom('files')
      .where('tenant_id', '=', tenantId)
      .where('folder_id', 'in', folderIds)
      .where('deleted_at', 'is', null)
      .select(['id', 'folder_id', 'file_name', 'extension', 'owner_id', formatTime('created_at').as('createTime')])
      .orderBy('created_at')
      .execute();
  }

  async setRecycled(tenantId: string, id: string, at: Date | null): Promise<void> {
    await this.db.updateTable('wf_instances').set({ recycled_at: at, updated_at: new Date() }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** The instance tree (children of call activities cascade through parent_id links here). */
  async deleteInstance(tenantId: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const ids = [id];
      for (let i = 0; i < ids.length; i++) {
        const children = await trx.selectFrom('wf_instances').where('tenant_id', '=', tenantId).where('parent_id', '=', ids[i]!).select('id').execute();
        ids.push(...children.map((c) => c.id));
      }
      await trx.deleteFrom('wf_timers').where('instance_id', 'in', ids).execute();
      await trx.deleteFrom('wf_instances').where('tenant_id', '=', tenantId).where('id', 'in', ids.reverse()).execute();
    });
  }

  /**
   * Records a tokenless-launch sign; false when it was used already (its primary key is the check, so two server
   * processes cannot both accept a replay). Signs older than `expiredBefore` are forgotten first.
   */
  async useLaunchSign(tenantId: string, sign: string, expiredBefore: Date): Promise<boolean> {
    await this.db.deleteFrom('wf_launch_signs').where('created_at', '<', expiredBefore).execute();
    try {
      await this.db.insertInto('wf_launch_signs').values({ sign, tenant_id: tenantId }).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}
