import { sql } from 'kysely';
import type { PageResult, SubsystemRow, subsystemInput, subsystemQuery } from '@app/contracts';
import type { z } from 'zod';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { fetchPage, formatTime, tenantScoped } from '../../core/db/helpers.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';

/** Sub-systems of a tenant (spec 7). Their menus are the modules whose system_id is the sub-system's id. */
export class SubsystemService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  async page(auth: AuthContext, query: z.output<typeof subsystemQuery>): Promise<PageResult<SubsystemRow>> {
    let q = tenantScoped(this.db, 'subsystems', auth.tenantId)
      .select((eb) => [
        'subsystems.id',
        'subsystems.name',
        'subsystems.index_url',
        'subsystems.icon',
        'subsystems.sort_code',
        'subsystems.enabled',
        'subsystems.description',
        formatTime('subsystems.created_at').as('created'),
        eb.selectFrom('modules').select(sql<number>`count(*)::int`.as('n')).whereRef('modules.system_id', '=', 'subsystems.id').as('modules'),
      ])
      .orderBy('subsystems.sort_code')
      .orderBy('subsystems.id');
    if (query.keyword) q = q.where('subsystems.name', 'like', `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%`);
    const page = await fetchPage(q, { page: query.limit, size: query.size });
    return {
      Total: page.Total,
      Rows: page.Rows.map((r) => ({
        F_Id: r.id,
        F_Name: r.name,
        F_IndexUrl: r.index_url,
        F_Icon: r.icon,
        F_SortCode: r.sort_code,
        F_EnabledMark: r.enabled ? 1 : 0,
        F_Description: r.description,
        F_CreateDate: r.created,
        F_ModuleCount: r.modules ?? 0,
      })),
    };
  }

  private values(input: z.output<typeof subsystemInput>) {
    return { name: input.F_Name, index_url: input.F_IndexUrl, icon: input.F_Icon, sort_code: input.F_SortCode, enabled: input.F_EnabledMark === 1, description: input.F_Description };
  }

  async create(auth: AuthContext, input: z.output<typeof subsystemInput>): Promise<string> {
    const id = newId();
    await this.db.insertInto('subsystems').values({ id, tenant_id: auth.tenantId, ...this.values(input) }).execute();
    return id;
  }

  async update(auth: AuthContext, id: string, input: z.output<typeof subsystemInput>): Promise<void> {
    const res = await this.db.updateTable('subsystems').set(this.values(input)).where('id', '=', id).where('tenant_id', '=', auth.tenantId).executeTakeFirst();
    if (!res.numUpdatedRows) throw notFound('subsystem.notFound');
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('subsystems').select('id').where('id', '=', id).where('tenant_id', '=', auth.tenantId).forUpdate().executeTakeFirst();
      if (!row) throw notFound('subsystem.notFound');
      if (await trx.selectFrom('modules').select('id').where('system_id', '=', id).executeTakeFirst()) throw new AppError('subsystem.hasModules', {}, 400);
      await trx.deleteFrom('subsystems').where('id', '=', id).execute();
    });
  }
}
