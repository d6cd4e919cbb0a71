import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { containsPattern, fetchPage, formatTime } from '../../core/db/helpers.js';

export type StampUserKind = 'member' | 'manager' | 'maintainer';
type Db = Kysely<Database> | Transaction<Database>;

/** A stamp as stored, without its password hash (hasPassword says whether one is set). */
export interface StoredStamp {
  id: string;
  name: string;
  type: string;
  is_default: boolean;
  sort_code: number;
  file_type: number;
  file: string;
  description: string;
  enabled: boolean;
  has_password: boolean;
  can_use: boolean;
  is_manager: boolean;
  is_maintainer: boolean;
  created_at: string;
}

export interface StampValues {
  name: string;
  type: string;
  sort_code: number;
  file_type: number;
  file: string;
  description: string;
  password_hash?: string;
  enabled?: boolean;
}

/** The only Kysely code of stamps (wf_stamps, wf_stamp_users). */
export class StampRepository {
  constructor(readonly db: Kysely<Database>) {}

  private rows(db: Db, tenantId: string, userId: string) {
    const has = (kinds: StampUserKind[]) =>
      sql<boolean>`exists (select 1 from wf_stamp_users u where u.stamp_id = s.id and u.tenant_id = ${tenantId} and u.user_id = ${userId} and u.kind in (${sql.join(kinds)}))`;
    return db
      .selectFrom('wf_stamps as s')
      .where('s.tenant_id', '=', tenantId)
      .select([
        's.id',
        's.name',
        's.type',
        's.is_default',
        's.sort_code',
        's.file_type',
        's.file',
        's.description',
        's.enabled',
        sql<boolean>`s.password_hash <> ''`.as('has_password'),
        has(['member', 'manager']).as('can_use'),
        has(['manager']).as('is_manager'),
        has(['maintainer']).as('is_maintainer'),
        formatTime('s.created_at').as('created_at'),
      ]);
  }

  /** One page. `scope` 'all' (management list), 'use' (member or manager) or 'visible' (also maintainer). */
  page(
    tenantId: string,
    userId: string,
    f: { page: number; size: number; keyword?: string; enabled?: boolean; type?: string; scope: 'all' | 'use' | 'visible' },
  ): Promise<{ Rows: StoredStamp[]; Total: number }> {
    let query = this.rows(this.db, tenantId, userId);
    if (f.keyword) query = query.where('s.name', 'ilike', containsPattern(f.keyword));
    if (f.enabled !== undefined) query = query.where('s.enabled', '=', f.enabled);
    if (f.type) query = query.where('s.type', '=', f.type);
    if (f.scope !== 'all') {
      const kinds: StampUserKind[] = f.scope === 'use' ? ['member', 'manager'] : ['member', 'manager', 'maintainer'];
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('wf_stamp_users as m')
            .select('m.user_id')
            .whereRef('m.stamp_id', '=', 's.id')
            .where('m.tenant_id', '=', tenantId)
            .where('m.user_id', '=', userId)
            .where('m.kind', 'in', kinds),
        ),
      );
    }
    return fetchPage(query.orderBy('s.sort_code').orderBy('s.created_at').orderBy('s.id'), f);
  }

  one(db: Db, tenantId: string, userId: string, id: string): Promise<StoredStamp | undefined> {
    return this.rows(db, tenantId, userId).where('s.id', '=', id).executeTakeFirst();
  }

  async insert(db: Db, row: StampValues & { id: string; tenant_id: string; created_by: string }): Promise<void> {
    await db.insertInto('wf_stamps').values(row).execute();
  }

  async update(db: Db, tenantId: string, id: string, values: Partial<StampValues> & { is_default?: boolean }): Promise<boolean> {
    const result = await db
      .updateTable('wf_stamps')
      .set({ ...values, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Makes `id` the tenant's only default stamp (same transaction as the caller's). */
  async setDefault(db: Db, tenantId: string, id: string): Promise<void> {
    await db
      .updateTable('wf_stamps')
      .set({ is_default: false })
      .where('tenant_id', '=', tenantId)
      .where('is_default', '=', true)
      .where('id', '<>', id)
      .execute();
    await db.updateTable('wf_stamps').set({ is_default: true, updated_at: new Date() }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  async remove(db: Db, tenantId: string, id: string): Promise<boolean> {
    const result = await db.deleteFrom('wf_stamps').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async users(db: Db, tenantId: string, stampId: string, kind: StampUserKind) {
    return db
      .selectFrom('wf_stamp_users as m')
      .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'm.user_id').on('u.tenant_id', '=', tenantId))
      .select(['u.id as F_UserId', 'u.account as F_Account', 'u.real_name as F_RealName'])
      .where('m.tenant_id', '=', tenantId)
      .where('m.stamp_id', '=', stampId)
      .where('m.kind', '=', kind)
      .orderBy('u.sort_code')
      .orderBy('u.account')
      .execute();
  }

  async replaceUsers(db: Db, tenantId: string, stampId: string, kind: StampUserKind, userIds: string[]): Promise<void> {
    await db.deleteFrom('wf_stamp_users').where('tenant_id', '=', tenantId).where('stamp_id', '=', stampId).where('kind', '=', kind).execute();
    if (userIds.length === 0) return;
    await db
      .insertInto('wf_stamp_users')
      .values(userIds.map((user_id) => ({ stamp_id: stampId, user_id, kind, tenant_id: tenantId })))
      .execute();
  }

  async addUser(db: Db, tenantId: string, stampId: string, kind: StampUserKind, userId: string): Promise<void> {
    await db
      .insertInto('wf_stamp_users')
      .values({ stamp_id: stampId, user_id: userId, kind, tenant_id: tenantId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** The ids among `userIds` that are not users of the tenant. */
  async unknownUsers(db: Db, tenantId: string, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const found = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('id', 'in', userIds).execute();
    const known = new Set(found.map((r) => r.id));
    return userIds.filter((id) => !known.has(id));
  }

  /** An uploaded file of the tenant (not deleted), for a type-1 stamp. */
  file(db: Db, tenantId: string, fileId: string) {
    return db
      .selectFrom('files')
      .select(['id', 'mime_type', 'extension', 'size'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', fileId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }
}

/**
 * The password hash of a stamp the caller may sign with: in the tenant, enabled, and the caller is a member or a
 * manager of it. Undefined when the caller may not use it. Takes the caller's transaction (the engine signs inside one).
 */
export async function usableStampPasswordHash(trx: Db, tenantId: string, userId: string, stampId: string) {
  return trx
    .selectFrom('wf_stamps as s')
    .select(['s.password_hash'])
    .where('s.tenant_id', '=', tenantId)
    .where('s.id', '=', stampId)
    .where('s.enabled', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('wf_stamp_users as u')
          .select('u.user_id')
          .whereRef('u.stamp_id', '=', 's.id')
          .where('u.tenant_id', '=', tenantId)
          .where('u.user_id', '=', userId)
          .where('u.kind', 'in', ['member', 'manager']),
      ),
    )
    .executeTakeFirst();
}

/** The image columns of the tenant's stamps with these ids (any state); unknown ids are left out. */
export async function stampImageRows(trx: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return trx.selectFrom('wf_stamps').select(['id', 'file_type', 'file']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}
