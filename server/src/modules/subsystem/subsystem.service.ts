import type { PageResult, SubsystemRow, subsystemInput, subsystemQuery } from '@app/contracts';
import type { z } from 'zod';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { SubsystemRepository, type SubsystemValues } from './subsystem.repository.js';

/** Sub-systems of a tenant (spec 7). Their menus are the modules whose system_id is the sub-system's id. */
export class SubsystemService {
  private readonly repo: SubsystemRepository;

  constructor(deps: AppDeps) {
    this.repo = new SubsystemRepository(deps.db);
  }

  async page(auth: AuthContext, query: z.output<typeof subsystemQuery>): Promise<PageResult<SubsystemRow>> {
    const page = await this.repo.page(auth.tenantId, { page: query.limit, size: query.size, keyword: query.keyword || undefined });
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

  private values(input: z.output<typeof subsystemInput>): SubsystemValues {
    return {
      name: input.F_Name,
      index_url: input.F_IndexUrl,
      icon: input.F_Icon,
      sort_code: input.F_SortCode,
      enabled: input.F_EnabledMark === 1,
      description: input.F_Description,
    };
  }

  async create(auth: AuthContext, input: z.output<typeof subsystemInput>): Promise<string> {
    const id = newId();
    await this.repo.insert(auth.tenantId, id, this.values(input));
    return id;
  }

  async update(auth: AuthContext, id: string, input: z.output<typeof subsystemInput>): Promise<void> {
    if (!(await this.repo.update(auth.tenantId, id, this.values(input)))) throw notFound('subsystem.notFound');
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.repo.db.transaction().execute(async (trx) => {
      if (!(await this.repo.lock(trx, auth.tenantId, id))) throw notFound('subsystem.notFound');
      if (await this.repo.hasModules(trx, id)) throw new AppError('subsystem.hasModules', {}, 400);
      await this.repo.remove(trx, id);
    });
  }
}
