import type { Area, areaCreateBody, areaUpdateBody } from '@app/contracts';
import type { z } from 'zod';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { requirePlatform } from '../tenant/platform.js';
import { AreaRepository } from './area.repository.js';

/** China's administrative divisions, product-wide; only platform callers with the buttons change them. */
export class AreaService {
  private readonly repo: AreaRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new AreaRepository(deps.db);
  }

  async children(parentId: string): Promise<Area[]> {
    const rows = await this.repo.children(parentId);
    return rows.map((r) => ({
      F_AreaId: r.id,
      F_AreaName: r.name,
      F_ParentId: r.parent_id,
      F_Level: r.level,
      F_SortCode: r.sort_code,
      hasChildren: Boolean(r.has_children),
    }));
  }

  async childrenOf(id: string): Promise<Area[]> {
    if ((await this.repo.level(this.repo.db, id)) === undefined) throw notFound('area.notFound');
    return this.children(id);
  }

  async create(auth: AuthContext, body: z.output<typeof areaCreateBody>): Promise<void> {
    await requirePlatform(this.deps.db, auth);
    await this.repo.db.transaction().execute(async (trx) => {
      let level = 1;
      if (body.F_ParentId !== '0') {
        const parentLevel = await this.repo.level(trx, body.F_ParentId);
        if (parentLevel === undefined) throw new AppError('area.parentNotFound', {}, 400);
        level = parentLevel + 1;
        if (level > 3) throw new AppError('area.tooDeep', {}, 400);
      }
      if ((await this.repo.level(trx, body.F_AreaId)) !== undefined) throw new AppError('area.idExists', { id: body.F_AreaId }, 409);
      await this.repo.insert(trx, { id: body.F_AreaId, parent_id: body.F_ParentId, name: body.F_AreaName, level, sort_code: body.F_SortCode });
    });
  }

  async update(auth: AuthContext, id: string, body: z.output<typeof areaUpdateBody>): Promise<void> {
    await requirePlatform(this.deps.db, auth);
    if (!(await this.repo.rename(id, { name: body.F_AreaName, sort_code: body.F_SortCode }))) throw notFound('area.notFound');
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await requirePlatform(this.deps.db, auth);
    await this.repo.db.transaction().execute(async (trx) => {
      if ((await this.repo.level(trx, id, true)) === undefined) throw notFound('area.notFound');
      if (await this.repo.hasChildren(trx, id)) throw new AppError('area.hasChildren', {}, 400);
      await this.repo.remove(trx, id);
    });
  }
}
