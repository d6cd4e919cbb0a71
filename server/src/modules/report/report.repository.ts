import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReportContentRow, ReportDesign, ReportInfoRow, ReportReleaseRow, ReportShareRow } from '@app/contracts';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';
import { PublishedEntryRepository } from '../menu/published-entries.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface FolderRecord {
  id: string;
  parentId: string;
  name: string;
  sortCode: number;
}

export interface ReportRecord {
  id: string;
  folderId: string;
  name: string;
  code: string;
  enabled: number;
  contentId: string | null;
  version: number;
}

export interface ReleaseRecord {
  id: string;
  reportId: string;
  moduleId: string;
  name: string;
  enabled: number;
}

export interface ShareRecord {
  id: string;
  reportId: string;
  expiresAt: Date;
  passwordHash: string | null;
  createdBy: string;
}

export interface ReportValues {
  folder_id: string;
  name: string;
  code: string;
  description: string;
  enabled: number;
}

export interface ReleaseValues {
  name: string;
  parent_module_id: string;
  icon: string;
  sort_code: number;
  enabled: number;
  description: string;
}

/** The module code of a released report: its buttons are `<code>.view`, `.print`, `.export`. */
export const releaseCodeOf = (releaseId: string) => `report.app.${releaseId}`;
/** The menu entry (modules.id) of a released report. */
export const releaseModuleIdOf = (releaseId: string) => `report-app-${releaseId}`;

/** All SQL of reports: folders, reports, designs and versions, releases (their menu entries too) and share links. */
export class ReportRepository extends PublishedEntryRepository {
  transaction<T>(fn: (repo: ReportRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ReportRepository(trx)));
  }

  // ---------------------------------------------------------------- folders

  async folders(tenantId: string): Promise<FolderRecord[]> {
    return this.db
      .selectFrom('report_folders')
      .select(['id', 'parent_id as parentId', 'name', 'sort_code as sortCode'])
      .where('tenant_id', '=', tenantId)
      .orderBy('sort_code')
      .orderBy('created_at')
      .execute();
  }

  async findFolder(tenantId: string, id: string): Promise<FolderRecord | undefined> {
    return this.db
      .selectFrom('report_folders')
      .select(['id', 'parent_id as parentId', 'name', 'sort_code as sortCode'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertFolder(tenantId: string, userId: string, id: string, values: { parent_id: string; name: string; sort_code: number }): Promise<void> {
    await this.db
      .insertInto('report_folders')
      .values({ id, tenant_id: tenantId, created_by: userId, ...values })
      .execute();
  }

  async updateFolder(tenantId: string, id: string, values: { parent_id: string; name: string; sort_code: number }): Promise<boolean> {
    const result = await this.db.updateTable('report_folders').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deleteFolder(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('report_folders').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async folderInUse(tenantId: string, id: string): Promise<boolean> {
    const sub = await this.db.selectFrom('report_folders').select('id').where('tenant_id', '=', tenantId).where('parent_id', '=', id).executeTakeFirst();
    if (sub) return true;
    return !!(await this.db.selectFrom('reports').select('id').where('tenant_id', '=', tenantId).where('folder_id', '=', id).executeTakeFirst());
  }

  // ---------------------------------------------------------------- reports

  private reportRows(tenantId: string) {
    return this.db
      .selectFrom('reports as r')
      .leftJoin('report_folders as f', (j) => j.onRef('f.id', '=', 'r.folder_id').onRef('f.tenant_id', '=', 'r.tenant_id'))
      .select((eb) => [
        'r.id as F_Id',
        'r.folder_id as F_FolderId',
        eb.fn.coalesce('f.name', sql.lit('')).as('F_FolderName'),
        'r.name as F_Name',
        'r.code as F_Code',
        'r.description as F_Description',
        'r.enabled as F_EnabledMark',
        eb.fn.coalesce('r.content_id', sql.lit('')).as('F_ContentId'),
        'r.version as F_Version',
        formatTime('r.created_at').as('F_CreateDate'),
        'r.created_by_name as F_CreateUserName',
        sql<string | null>`case when r.modified_at is null then null else ${formatTime('r.modified_at')} end`.as('F_ModifyDate'),
        eb
          .selectFrom('report_releases as rr')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('rr.report_id', '=', 'r.id')
          .as('F_ReleaseCount'),
      ])
      .where('r.tenant_id', '=', tenantId);
  }

  /** Reports of some folders (all when null), paged, newest first. */
  pageReports(tenantId: string, f: { page: number; size: number; folderIds: string[] | null; keyword?: string; enabled?: number }) {
    let query = this.reportRows(tenantId);
    if (f.folderIds) query = query.where('r.folder_id', 'in', f.folderIds.length ? f.folderIds : ['']);
    if (f.enabled !== undefined) query = query.where('r.enabled', '=', f.enabled);
    if (f.keyword) {
      const like = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('r.name', 'ilike', like), eb('r.code', 'ilike', like)]));
    }
    return fetchPage(query.orderBy('r.created_at', 'desc').orderBy('r.id'), f) as Promise<{ Rows: ReportInfoRow[]; Total: number }>;
  }

  async reportRow(tenantId: string, id: string): Promise<ReportInfoRow | undefined> {
    return (await this.reportRows(tenantId).where('r.id', '=', id).executeTakeFirst()) as ReportInfoRow | undefined;
  }

  /** Every report of the tenant (the tree), by name. */
  async reportList(tenantId: string): Promise<{ id: string; folderId: string; name: string }[]> {
    return this.db
      .selectFrom('reports')
      .select(['id', 'folder_id as folderId', 'name'])
      .where('tenant_id', '=', tenantId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  async findReport(tenantId: string, id: string, executor: Executor = this.db): Promise<ReportRecord | undefined> {
    return executor
      .selectFrom('reports')
      .select(['id', 'folder_id as folderId', 'name', 'code', 'enabled', 'content_id as contentId', 'version'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The report's row, locked for this transaction (saves of one report run one after another). */
  async lockReport(tenantId: string, id: string): Promise<ReportRecord | undefined> {
    return this.db
      .selectFrom('reports')
      .select(['id', 'folder_id as folderId', 'name', 'code', 'enabled', 'content_id as contentId', 'version'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async codeTaken(tenantId: string, code: string, exceptId: string | null): Promise<boolean> {
    let query = this.db
      .selectFrom('reports')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where(sql`lower(code)`, '=', code.toLowerCase());
    if (exceptId) query = query.where('id', '<>', exceptId);
    return !!(await query.executeTakeFirst());
  }

  async insertReport(tenantId: string, id: string, user: { id: string; name: string }, values: ReportValues): Promise<void> {
    await this.db
      .insertInto('reports')
      .values({ id, tenant_id: tenantId, created_by: user.id, created_by_name: user.name, ...values })
      .execute();
  }

  async updateReport(tenantId: string, id: string, values: ReportValues): Promise<boolean> {
    const result = await this.db
      .updateTable('reports')
      .set({ ...values, modified_at: sql`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deleteReport(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('reports').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async isReleased(tenantId: string, reportId: string): Promise<boolean> {
    return !!(await this.db.selectFrom('report_releases').select('id').where('tenant_id', '=', tenantId).where('report_id', '=', reportId).executeTakeFirst());
  }

  // ---------------------------------------------------------------- designs and versions

  async insertContent(
    tenantId: string,
    id: string,
    reportId: string,
    version: number,
    design: ReportDesign,
    note: string,
    user: { id: string; name: string },
  ): Promise<void> {
    await this.db
      .insertInto('report_contents')
      .values({
        id,
        tenant_id: tenantId,
        report_id: reportId,
        version,
        design: JSON.stringify(design),
        note,
        created_by: user.id,
        created_by_name: user.name,
      })
      .execute();
    await this.db
      .updateTable('reports')
      .set({ content_id: id, version, modified_at: sql`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', reportId)
      .execute();
  }

  /** The newest version number of a report (0 when it has none). */
  async lastVersion(reportId: string): Promise<number> {
    const row = await this.db
      .selectFrom('report_contents')
      .select(sql<number>`coalesce(max(version), 0)::int`.as('v'))
      .where('report_id', '=', reportId)
      .executeTakeFirst();
    return row?.v ?? 0;
  }

  private contentRows(tenantId: string) {
    return this.db
      .selectFrom('report_contents as c')
      .innerJoin('reports as r', 'r.id', 'c.report_id')
      .select((eb) => [
        'c.id as F_Id',
        'c.report_id as F_ReportId',
        'c.version as F_Version',
        'c.note as F_Note',
        eb.case().when('r.content_id', '=', eb.ref('c.id')).then(1).else(0).end().as('F_IsCurrent'),
        formatTime('c.created_at').as('F_CreateDate'),
        'c.created_by_name as F_CreateUserName',
      ])
      .where('c.tenant_id', '=', tenantId);
  }

  pageContents(tenantId: string, f: { page: number; size: number; reportId: string }) {
    const query = this.contentRows(tenantId).where('c.report_id', '=', f.reportId);
    return fetchPage(query.orderBy('c.version', 'desc'), f) as Promise<{ Rows: ReportContentRow[]; Total: number }>;
  }

  async content(tenantId: string, id: string): Promise<(ReportContentRow & { design: ReportDesign; reportName: string; reportEnabled: number }) | undefined> {
    const row = await this.contentRows(tenantId)
      .select(['c.design as design', 'r.name as reportName', 'r.enabled as reportEnabled'])
      .where('c.id', '=', id)
      .executeTakeFirst();
    return row as (ReportContentRow & { design: ReportDesign; reportName: string; reportEnabled: number }) | undefined;
  }

  async deleteContent(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('report_contents').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  // ---------------------------------------------------------------- releases

  private releaseRows(tenantId: string) {
    return this.db
      .selectFrom('report_releases as rr')
      .innerJoin('reports as r', 'r.id', 'rr.report_id')
      .leftJoin('modules as p', 'p.id', 'rr.parent_module_id')
      .select((eb) => [
        'rr.id as F_Id',
        'rr.report_id as F_ReportId',
        'r.name as F_ReportName',
        'rr.name as F_Name',
        'rr.parent_module_id as F_ParentId',
        eb.fn.coalesce('p.full_name', sql.lit('')).as('F_ParentName'),
        'rr.icon as F_Icon',
        'rr.sort_code as F_SortCode',
        'rr.enabled as F_EnabledMark',
        'rr.description as F_Description',
        'rr.module_id as F_ModuleId',
        sql<string>`'report.app.' || rr.id`.as('F_EnCode'),
        formatTime('rr.created_at').as('F_CreateDate'),
      ])
      .where('rr.tenant_id', '=', tenantId);
  }

  pageReleases(tenantId: string, f: { page: number; size: number; reportId?: string; keyword?: string }) {
    let query = this.releaseRows(tenantId);
    if (f.reportId) query = query.where('rr.report_id', '=', f.reportId);
    if (f.keyword) {
      const like = containsPattern(f.keyword);
      query = query.where((eb) => eb.or([eb('rr.name', 'ilike', like), eb('r.name', 'ilike', like)]));
    }
    return fetchPage(query.orderBy('rr.created_at', 'desc').orderBy('rr.id'), f) as Promise<{ Rows: ReportReleaseRow[]; Total: number }>;
  }

  async releaseRow(tenantId: string, id: string): Promise<ReportReleaseRow | undefined> {
    return (await this.releaseRows(tenantId).where('rr.id', '=', id).executeTakeFirst()) as ReportReleaseRow | undefined;
  }

  async findRelease(tenantId: string, id: string): Promise<ReleaseRecord | undefined> {
    return this.db
      .selectFrom('report_releases')
      .select(['id', 'report_id as reportId', 'module_id as moduleId', 'name', 'enabled'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async enabledReleasesOf(tenantId: string, reportId: string): Promise<ReleaseRecord[]> {
    return this.db
      .selectFrom('report_releases')
      .select(['id', 'report_id as reportId', 'module_id as moduleId', 'name', 'enabled'])
      .where('tenant_id', '=', tenantId)
      .where('report_id', '=', reportId)
      .where('enabled', '=', 1)
      .orderBy('created_at')
      .execute();
  }

  async lockRelease(tenantId: string, id: string): Promise<ReleaseRecord | undefined> {
    return this.db
      .selectFrom('report_releases')
      .select(['id', 'report_id as reportId', 'module_id as moduleId', 'name', 'enabled'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async insertRelease(tenantId: string, userId: string, id: string, reportId: string, moduleId: string, values: ReleaseValues): Promise<void> {
    await this.db
      .insertInto('report_releases')
      .values({ id, tenant_id: tenantId, report_id: reportId, module_id: moduleId, created_by: userId, ...values })
      .execute();
  }

  async updateRelease(tenantId: string, id: string, reportId: string, values: ReleaseValues): Promise<void> {
    await this.db
      .updateTable('report_releases')
      .set({ ...values, report_id: reportId })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async deleteRelease(tenantId: string, id: string): Promise<void> {
    await this.db.deleteFrom('report_releases').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  // ---------------------------------------------------------------- share links

  private shareRows(tenantId: string) {
    return this.db
      .selectFrom('report_shares as s')
      .innerJoin('reports as r', 'r.id', 's.report_id')
      .select([
        's.id as F_Id',
        's.report_id as F_ReportId',
        'r.name as F_ReportName',
        formatTime('s.expires_at').as('F_ExpiresAt'),
        sql<number>`case when s.password_hash is null then 0 else 1 end`.as('F_HasPassword'),
        's.note as F_Note',
        formatTime('s.created_at').as('F_CreateDate'),
        's.created_by_name as F_CreateUserName',
      ])
      .where('s.tenant_id', '=', tenantId);
  }

  pageShares(tenantId: string, f: { page: number; size: number; reportId?: string }) {
    let query = this.shareRows(tenantId);
    if (f.reportId) query = query.where('s.report_id', '=', f.reportId);
    return fetchPage(query.orderBy('s.created_at', 'desc').orderBy('s.id'), f) as Promise<{ Rows: Omit<ReportShareRow, 'F_Url'>[]; Total: number }>;
  }

  async shareRow(tenantId: string, id: string): Promise<Omit<ReportShareRow, 'F_Url'> | undefined> {
    return (await this.shareRows(tenantId).where('s.id', '=', id).executeTakeFirst()) as Omit<ReportShareRow, 'F_Url'> | undefined;
  }

  async insertShare(
    tenantId: string,
    id: string,
    reportId: string,
    values: { expiresAt: Date; passwordHash: string | null; note: string },
    user: { id: string; name: string },
  ): Promise<void> {
    await this.db
      .insertInto('report_shares')
      .values({
        id,
        tenant_id: tenantId,
        report_id: reportId,
        expires_at: values.expiresAt,
        password_hash: values.passwordHash,
        note: values.note,
        created_by: user.id,
        created_by_name: user.name,
      })
      .execute();
  }

  async deleteShare(tenantId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('report_shares').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** A share link by id, whatever its tenant (the public frame knows only the token); with the tenant it is of. */
  async findShare(id: string): Promise<(ShareRecord & { tenantId: string }) | undefined> {
    const row = await this.db
      .selectFrom('report_shares')
      .select(['id', 'tenant_id as tenantId', 'report_id as reportId', 'expires_at as expiresAt', 'password_hash as passwordHash', 'created_by as createdBy'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, expiresAt: new Date(row.expiresAt) };
  }

  // ---------------------------------------------------------------- people and dictionaries

  async userName(tenantId: string, userId: string): Promise<string> {
    const row = await this.db.selectFrom('users').select('real_name').where('tenant_id', '=', tenantId).where('id', '=', userId).executeTakeFirst();
    return row?.real_name ?? '';
  }

  /** Account and tenant of an enabled user (share links and scheduled deliveries act as their owner). */
  async activeUser(tenantId: string, userId: string): Promise<{ account: string } | undefined> {
    return this.db
      .selectFrom('users')
      .select('account')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .where('enabled', '=', true)
      .executeTakeFirst();
  }

  /** The users' departments and company (current user / department / company parameters). */
  async userPlace(tenantId: string, userId: string): Promise<{ companyId: string; departmentId: string }> {
    const user = await this.db.selectFrom('users').select('company_id').where('tenant_id', '=', tenantId).where('id', '=', userId).executeTakeFirst();
    const dept = await this.db
      .selectFrom('user_departments')
      .select('department_id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .orderBy('department_id')
      .executeTakeFirst();
    return { companyId: user?.company_id ?? '', departmentId: dept?.department_id ?? '' };
  }

  /** Items of dictionaries by code (lower-cased keys): value → label. */
  async dictionaries(tenantId: string, codes: string[]): Promise<Map<string, { label: string; value: string }[]>> {
    const found = new Map<string, { label: string; value: string }[]>();
    if (!codes.length) return found;
    const rows = await this.db
      .selectFrom('dictionary_items as i')
      .innerJoin('dictionary_types as t', 't.id', 'i.type_id')
      .select(['t.code as code', 'i.name as label', 'i.value as value'])
      .where('t.tenant_id', '=', tenantId)
      .where(
        sql`lower(t.code)`,
        'in',
        codes.map((c) => c.toLowerCase()),
      )
      .orderBy('i.sort_code')
      .execute();
    for (const row of rows) {
      const key = row.code.toLowerCase();
      found.set(key, [...(found.get(key) ?? []), { label: row.label, value: row.value }]);
    }
    return found;
  }

  /** Which of these ids are live files of the tenant (image cells). */
  async tenantFiles(tenantId: string, ids: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await this.db
        .selectFrom('files')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids.slice(i, i + 1000))
        .where('deleted_at', 'is', null)
        .execute();
      for (const r of rows) found.add(r.id);
    }
    return found;
  }

  /** Where a live file of the tenant is stored. */
  async fileKey(tenantId: string, id: string): Promise<{ storageKey: string; extension: string } | undefined> {
    return this.db
      .selectFrom('files')
      .select(['storage_key as storageKey', 'extension'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Ids of these users that exist in the tenant. */
  async existingUsers(tenantId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }
}
