import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Forwarder, SchemeState, WfLaunchableRow, WfRelationRow, WfSchemeRow, WfVersionRow } from '@app/contracts';
import type { AuthContext } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';
import { launchAuthorizedSql } from '../workflow/launch-authority.repository.js';

type Db = Kysely<Database>;

/** The dictionary that names scheme categories. */
export const CATEGORY_DICTIONARY = 'FlowSort';

const categoryName = sql<string>`coalesce((select i.name from dictionary_items i join dictionary_types t on t.id = i.type_id
  where t.tenant_id = s.tenant_id and t.code = ${CATEGORY_DICTIONARY} and not t.deleted and i.value = s.category
  order by i.sort_code limit 1), '')`;
const categorySort = sql<number>`coalesce((select i.sort_code from dictionary_items i join dictionary_types t on t.id = i.type_id
  where t.tenant_id = s.tenant_id and t.code = ${CATEGORY_DICTIONARY} and not t.deleted and i.value = s.category
  order by i.sort_code limit 1), 2147483647)`;

export const ACTIVE_STATES = ['running', 'suspended'] as const;

export interface SchemeRecord {
  id: string;
  tenant_id: string;
  code: string;
  name: string;
  category: string;
  icon: string;
  description: string;
  enabled: boolean;
  auth_type: number;
  auth_objects: Forwarder[];
  launch_key: string;
  current_version_id: string | null;
  draft_version_id: string | null;
  published_at: Date | null;
  sort_code: number;
}

export interface VersionRecord {
  id: string;
  scheme_id: string;
  version: number;
  xml: string;
  graph: unknown;
}

export interface RelationInput {
  formId: string;
  formType: number;
  url: string;
  name: string;
  sort: number;
}

/** Every Kysely query of the workflow-scheme module; every read is filtered by tenant. */
export class WorkflowSchemeRepository {
  constructor(readonly db: Db) {}

  page(
    tenantId: string,
    f: { page: number; size: number; keyword?: string; category?: string; enabled?: boolean },
  ): Promise<{ Rows: WfSchemeRow[]; Total: number }> {
    let query = this.rows(tenantId);
    if (f.category) query = query.where('s.category', '=', f.category);
    if (f.enabled !== undefined) query = query.where('s.enabled', '=', f.enabled);
    if (f.keyword) {
      const pattern = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('s.name', 'ilike', pattern), eb('s.code', 'ilike', pattern)]));
    }
    return fetchPage(query.orderBy('s.category').orderBy('s.sort_code').orderBy('s.created_at').orderBy('s.id'), f);
  }

  /** One row of the list shape (for info). */
  async row(tenantId: string, id: string): Promise<WfSchemeRow | undefined> {
    return this.rows(tenantId).where('s.id', '=', id).executeTakeFirst();
  }

  /** Schemes of the tenant in the list shape (current version number, running instances, creator). */
  private rows(tenantId: string) {
    return this.db
      .selectFrom('wf_schemes as s')
      .leftJoin('wf_scheme_versions as v', 'v.id', 's.current_version_id')
      .leftJoin('wf_scheme_versions as d', 'd.id', 's.draft_version_id')
      .leftJoin('users as u', 'u.id', 's.created_by')
      .where('s.tenant_id', '=', tenantId)
      .select([
        's.id as F_Id',
        's.code as F_Code',
        's.name as F_Name',
        's.category as F_Category',
        categoryName.as('F_CategoryName'),
        's.icon as F_Icon',
        's.description as F_Description',
        sql<number>`case when s.enabled then 1 else 0 end`.as('EnabledMark'),
        's.auth_type as F_AuthType',
        's.sort_code as F_Sort',
        sql<number>`coalesce(v.version, 0)`.as('F_Version'),
        sql<SchemeState>`case when s.published_at is null then 'draft' when s.draft_version_id is not null then 'changed' else 'published' end`.as('F_State'),
        sql<number>`coalesce(d.version, 0)`.as('F_DraftVersion'),
        sql<number>`(select count(*)::int from wf_instances i where i.scheme_id = s.id and i.state in ('running', 'suspended'))`.as('F_RunningCount'),
        'u.real_name as F_CreateUserName',
        formatTime('s.created_at').as('F_CreateDate'),
        formatTime('s.updated_at').as('F_ModifyDate'),
      ]);
  }

  /** The scheme row; `lock` takes it FOR UPDATE (saves, deletes and version changes of one scheme queue on it). */
  async scheme(db: Db, tenantId: string, id: string, lock = false): Promise<SchemeRecord | undefined> {
    let query = db
      .selectFrom('wf_schemes')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .select([
        'id',
        'tenant_id',
        'code',
        'name',
        'category',
        'icon',
        'description',
        'enabled',
        'auth_type',
        'auth_objects',
        'launch_key',
        'current_version_id',
        'draft_version_id',
        'published_at',
        'sort_code',
      ]);
    if (lock) query = query.forUpdate();
    return (await query.executeTakeFirst()) as SchemeRecord | undefined;
  }

  /** Another scheme of the tenant with this code (case-insensitive). */
  async codeTaken(db: Db, tenantId: string, code: string, exceptId?: string): Promise<boolean> {
    let query = db
      .selectFrom('wf_schemes')
      .where('tenant_id', '=', tenantId)
      .where(sql<SqlBool>`lower(code) = lower(${code})`);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.select('id').executeTakeFirst()) !== undefined;
  }

  async codes(db: Db, tenantId: string): Promise<string[]> {
    return (await db.selectFrom('wf_schemes').where('tenant_id', '=', tenantId).select('code').execute()).map((r) => r.code);
  }

  async insertScheme(
    db: Db,
    row: Omit<SchemeRecord, 'current_version_id' | 'draft_version_id' | 'auth_objects'> & { auth_objects: Forwarder[]; created_by: string },
  ): Promise<void> {
    await db
      .insertInto('wf_schemes')
      .values({ ...row, auth_objects: JSON.stringify(row.auth_objects), current_version_id: null, draft_version_id: null })
      .execute();
  }

  async updateScheme(
    db: Db,
    tenantId: string,
    id: string,
    patch: Partial<Omit<SchemeRecord, 'id' | 'tenant_id' | 'auth_objects'>> & { auth_objects?: Forwarder[] },
  ): Promise<void> {
    const { auth_objects, ...rest } = patch;
    await db
      .updateTable('wf_schemes')
      .set({ ...rest, ...(auth_objects ? { auth_objects: JSON.stringify(auth_objects) } : {}), updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async deleteScheme(db: Db, tenantId: string, id: string): Promise<void> {
    // Finished instances go with the scheme (their tokens, tasks, history… cascade); running ones were refused.
    await db.deleteFrom('wf_instances').where('tenant_id', '=', tenantId).where('scheme_id', '=', id).execute();
    await db.deleteFrom('wf_schemes').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  async version(db: Db, tenantId: string, schemeId: string, versionId: string): Promise<VersionRecord | undefined> {
    return db
      .selectFrom('wf_scheme_versions')
      .where('tenant_id', '=', tenantId)
      .where('scheme_id', '=', schemeId)
      .where('id', '=', versionId)
      .select(['id', 'scheme_id', 'version', 'xml', 'graph'])
      .executeTakeFirst();
  }

  /** Without tenant filter: the caller proved the ids with a signature. */
  async versionBySignedIds(schemeId: string, versionId: string | undefined): Promise<{ xml: string } | undefined> {
    let query = this.db.selectFrom('wf_schemes as s').innerJoin('wf_scheme_versions as v', 'v.scheme_id', 's.id').where('s.id', '=', schemeId);
    query = versionId ? query.where('v.id', '=', versionId) : query.whereRef('v.id', '=', 's.current_version_id');
    return query.select('v.xml').executeTakeFirst();
  }

  async insertVersion(db: Db, row: { id: string; tenant_id: string; scheme_id: string; xml: string; graph: unknown; created_by: string }): Promise<number> {
    const next = await db
      .selectFrom('wf_scheme_versions')
      .where('scheme_id', '=', row.scheme_id)
      .select(sql<number>`coalesce(max(version), 0) + 1`.as('n'))
      .executeTakeFirstOrThrow();
    await db
      .insertInto('wf_scheme_versions')
      .values({ ...row, version: next.n, graph: JSON.stringify(row.graph) })
      .execute();
    return next.n;
  }

  async setCurrentVersion(db: Db, tenantId: string, schemeId: string, versionId: string): Promise<void> {
    await db
      .updateTable('wf_schemes')
      .set({ current_version_id: versionId, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', schemeId)
      .execute();
  }

  versions(
    tenantId: string,
    schemeId: string,
    currentId: string | null,
    f: { page: number; size: number },
  ): Promise<{ Rows: Omit<WfVersionRow, 'F_DiagramUrl'>[]; Total: number }> {
    return fetchPage(
      this.db
        .selectFrom('wf_scheme_versions as v')
        .leftJoin('users as u', 'u.id', 'v.created_by')
        .where('v.tenant_id', '=', tenantId)
        .where('v.scheme_id', '=', schemeId)
        .select([
          'v.id as F_Id',
          'v.version as F_Version',
          formatTime('v.created_at').as('F_CreateDate'),
          'u.real_name as F_CreateUserName',
          sql<boolean>`v.id = ${currentId ?? ''}`.as('F_IsCurrent'),
          sql<number>`(select count(*)::int from wf_instances i where i.scheme_id = v.scheme_id and i.version_id = v.id)`.as('F_InstanceCount'),
        ])
        .orderBy('v.version', 'desc'),
      f,
    );
  }

  async activeInstanceCount(db: Db, tenantId: string, schemeId: string): Promise<number> {
    const row = await db
      .selectFrom('wf_instances')
      .where('tenant_id', '=', tenantId)
      .where('scheme_id', '=', schemeId)
      .where('state', 'in', [...ACTIVE_STATES])
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** Running and suspended instances of the scheme on another version than `versionId`. */
  async instancesOffVersion(db: Db, tenantId: string, schemeId: string, versionId: string) {
    return db
      .selectFrom('wf_instances as i')
      .innerJoin('wf_scheme_versions as v', 'v.id', 'i.version_id')
      .where('i.tenant_id', '=', tenantId)
      .where('i.scheme_id', '=', schemeId)
      .where('i.state', 'in', [...ACTIVE_STATES])
      .where('i.version_id', '<>', versionId)
      .select(['i.id', 'i.root_id', 'i.name', 'i.state', 'i.version_id', 'v.version'])
      .orderBy('i.created_at')
      .orderBy('i.id')
      .execute();
  }

  /** Locks an instance row (and its root first, the engine's lock anchor) and reads it again. */
  async lockInstance(db: Db, tenantId: string, id: string, rootId: string) {
    if (rootId !== id) await db.selectFrom('wf_instances').where('id', '=', rootId).select('id').forUpdate().execute();
    return db
      .selectFrom('wf_instances as i')
      .innerJoin('wf_scheme_versions as v', 'v.id', 'i.version_id')
      .where('i.tenant_id', '=', tenantId)
      .where('i.id', '=', id)
      .select(['i.id', 'i.state', 'i.version_id', 'v.version'])
      .forUpdate('i')
      .executeTakeFirst();
  }

  /** The nodes an instance is at: live tokens, open tasks, pending timers (boundary events). */
  async activeNodes(db: Db, instanceId: string): Promise<string[]> {
    const rows = await sql<{ node_id: string }>`
      select node_id from wf_executions where instance_id = ${instanceId} and state in ('active', 'waiting')
      union select node_id from wf_tasks where instance_id = ${instanceId} and state = 'open'
      union select m.node_id from wf_timers m where m.state = 'pending'
        and m.task_id in (select id from wf_tasks where instance_id = ${instanceId} and state = 'open')`.execute(db);
    return rows.rows.map((r) => r.node_id).sort();
  }

  async moveInstance(db: Db, tenantId: string, instanceId: string, versionId: string, history: { id: string; userId: string; message: string }): Promise<void> {
    await db
      .updateTable('wf_instances')
      .set({ version_id: versionId, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', instanceId)
      .execute();
    const now = new Date();
    await db
      .insertInto('wf_history')
      .values({
        id: history.id,
        tenant_id: tenantId,
        instance_id: instanceId,
        task_id: null,
        node_id: '',
        node_name: '',
        node_type: 'process',
        action: 'migrate',
        user_id: history.userId,
        owner_id: null,
        btn_value: null,
        btn_name: null,
        message: history.message,
        stamp_id: null,
        folder_id: null,
        candidates: '[]',
        next_nodes: '[]',
        started_at: now,
        ended_at: now,
      })
      .execute();
  }

  // ---------------------------------------------------------------- relations

  relationPage(tenantId: string, f: { page: number; size: number; keyword?: string; schemeId?: string }): Promise<{ Rows: WfRelationRow[]; Total: number }> {
    let query = this.relationQuery(this.db, tenantId);
    if (f.schemeId) query = query.where('r.scheme_id', '=', f.schemeId);
    if (f.keyword) {
      const pattern = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('r.name', 'ilike', pattern), eb('f.name', 'ilike', pattern), eb('s.name', 'ilike', pattern)]));
    }
    query = f.schemeId ? query.orderBy('r.sort_code').orderBy('r.created_at') : query.orderBy('r.created_at', 'desc');
    return fetchPage(query.orderBy('r.id'), f);
  }

  relationQuery(db: Db, tenantId: string) {
    return db
      .selectFrom('wf_relations as r')
      .innerJoin('wf_schemes as s', 's.id', 'r.scheme_id')
      .leftJoin('form_schemes as f', (j) => j.onRef('f.id', '=', 'r.form_id').onRef('f.tenant_id', '=', 'r.tenant_id'))
      .where('r.tenant_id', '=', tenantId)
      .select([
        'r.id as F_Id',
        'r.scheme_id as F_SchemeInfoId',
        's.name as F_SchemeName',
        'r.form_id as F_FormId',
        sql<string>`coalesce(f.name, '')`.as('F_FormName'),
        'r.form_type as F_Type',
        'r.form_url as F_Url',
        'r.name as F_Name',
        'r.sort_code as F_Sort',
      ]);
  }

  relationsOf(db: Db, tenantId: string, schemeId: string): Promise<WfRelationRow[]> {
    return this.relationQuery(db, tenantId).where('r.scheme_id', '=', schemeId).orderBy('r.sort_code').orderBy('r.created_at').orderBy('r.id').execute();
  }

  relation(db: Db, tenantId: string, id: string): Promise<WfRelationRow | undefined> {
    return this.relationQuery(db, tenantId).where('r.id', '=', id).executeTakeFirst();
  }

  async form(db: Db, tenantId: string, id: string) {
    return db.selectFrom('form_schemes').where('tenant_id', '=', tenantId).where('id', '=', id).select(['id', 'name', 'form_type', 'url']).executeTakeFirst();
  }

  async relationExists(db: Db, schemeId: string, formId: string, exceptId?: string): Promise<boolean> {
    let query = db.selectFrom('wf_relations').where('scheme_id', '=', schemeId).where('form_id', '=', formId);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.select('id').executeTakeFirst()) !== undefined;
  }

  async insertRelation(db: Db, row: { id: string; tenant_id: string; scheme_id: string; created_by: string } & RelationInput): Promise<void> {
    await db
      .insertInto('wf_relations')
      .values({
        id: row.id,
        tenant_id: row.tenant_id,
        scheme_id: row.scheme_id,
        form_id: row.formId,
        form_type: row.formType,
        form_url: row.url,
        name: row.name,
        sort_code: row.sort,
        created_by: row.created_by,
      })
      .execute();
  }

  async updateRelation(db: Db, tenantId: string, id: string, row: { scheme_id: string } & RelationInput): Promise<void> {
    await db
      .updateTable('wf_relations')
      .set({ scheme_id: row.scheme_id, form_id: row.formId, form_type: row.formType, form_url: row.url, name: row.name, sort_code: row.sort })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async deleteRelation(db: Db, tenantId: string, id: string): Promise<void> {
    await db.deleteFrom('wf_relations').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  async deleteRelationsOf(db: Db, tenantId: string, schemeId: string): Promise<void> {
    await db.deleteFrom('wf_relations').where('tenant_id', '=', tenantId).where('scheme_id', '=', schemeId).execute();
  }

  // ---------------------------------------------------------------- launch

  /** Enabled schemes with a current version the user may launch, in category (dictionary) order; one query. */
  launchable(
    auth: Pick<AuthContext, 'userId' | 'tenantId'>,
    f: { category?: string; keyword?: string },
  ): Promise<(WfLaunchableRow & { categorySort: number })[]> {
    let query = this.db
      .selectFrom('wf_schemes as s')
      .innerJoin('wf_scheme_versions as v', 'v.id', 's.current_version_id')
      .where('s.tenant_id', '=', auth.tenantId)
      .where('s.enabled', '=', true)
      .where(launchAuthorizedSql('s', auth.userId));
    if (f.category) query = query.where('s.category', '=', f.category);
    if (f.keyword) {
      const pattern = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('s.name', 'ilike', pattern), eb('s.code', 'ilike', pattern)]));
    }
    return query
      .select([
        's.id as F_Id',
        's.code as F_Code',
        's.name as F_Name',
        's.icon as F_Icon',
        's.description as F_Description',
        's.category as F_Category',
        categoryName.as('F_CategoryName'),
        categorySort.as('categorySort'),
        'v.version as F_Version',
      ])
      .orderBy('categorySort')
      .orderBy('s.category')
      .orderBy('s.sort_code')
      .orderBy('s.created_at')
      .execute();
  }
}
