import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, SubsystemsTable } from '../../core/db/schema.js';
import { fetchPage, formatTime, tenantScoped } from '../../core/db/helpers.js';

/** The columns a sub-system's body sets. */
export type SubsystemValues = Required<Omit<Insertable<SubsystemsTable>, 'id' | 'tenant_id' | 'created_at'>>;

/** Sub-systems of a tenant, each with the number of menu entries (modules) it holds. */
export class SubsystemRepository {
  constructor(readonly db: Kysely<Database>) {}

  page(tenantId: string, f: { page: number; size: number; keyword?: string }) {
    let q = tenantScoped(this.db, 'subsystems', tenantId)
      .select((eb) => [
        'subsystems.id',
        'subsystems.name',
        'subsystems.index_url',
        'subsystems.icon',
        'subsystems.sort_code',
        'subsystems.enabled',
        'subsystems.description',
        formatTime('subsystems.created_at').as('created'),
        eb
          .selectFrom('modules')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('modules.system_id', '=', 'subsystems.id')
          .as('modules'),
      ])
      .orderBy('subsystems.sort_code')
      .orderBy('subsystems.id');
    if (f.keyword) q = q.where('subsystems.name', 'like', `%${f.keyword.replace(/[\\%_]/g, '\\$&')}%`);
    return fetchPage(q, f);
  }

  async insert(tenantId: string, id: string, values: SubsystemValues): Promise<void> {
    await this.db
      .insertInto('subsystems')
      .values({ id, tenant_id: tenantId, ...values })
      .execute();
  }

  async update(tenantId: string, id: string, values: SubsystemValues): Promise<boolean> {
    const res = await this.db.updateTable('subsystems').set(values).where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Locks the sub-system; false when the tenant has none with this id. */
  async lock(trx: Transaction<Database>, tenantId: string, id: string): Promise<boolean> {
    return !!(await trx.selectFrom('subsystems').select('id').where('id', '=', id).where('tenant_id', '=', tenantId).forUpdate().executeTakeFirst());
  }

  async hasModules(trx: Transaction<Database>, id: string): Promise<boolean> {
    return !!(await trx.selectFrom('modules').select('id').where('system_id', '=', id).executeTakeFirst());
  }

  async remove(trx: Transaction<Database>, id: string): Promise<void> {
    await trx.deleteFrom('subsystems').where('id', '=', id).execute();
  }
}
