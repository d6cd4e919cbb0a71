import type { Area, areaCreateBody, areaUpdateBody } from '@app/contracts';
import type { z } from 'zod';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { requirePlatform } from '../tenant/platform.js';

/** China's administrative divisions, product-wide; only platform callers with the buttons change them. */
export class AreaService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  async children(parentId: string): Promise<Area[]> {
    const rows = await this.db
      .selectFrom('areas as a')
      .select((eb) => ['a.id', 'a.name', 'a.parent_id', 'a.level', 'a.sort_code', eb.exists(eb.selectFrom('areas as c').select('c.id').whereRef('c.parent_id', '=', 'a.id')).as('has_children')])
      .where('a.parent_id', '=', parentId)
      .orderBy('a.sort_code')
      .orderBy('a.id')
      .execute();
    return rows.map((r) => ({ F_AreaId: r.id, F_AreaName: r.name, F_ParentId: r.parent_id, F_Level: r.level, F_SortCode: r.sort_code, hasChildren: Boolean(r.has_children) }));
  }

  async childrenOf(id: string): Promise<Area[]> {
    if (!(await this.db.selectFrom('areas').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('area.notFound');
    return this.children(id);
  }

  async create(auth: AuthContext, body: z.output<typeof areaCreateBody>): Promise<void> {
    await requirePlatform(this.db, auth);
    await this.db.transaction().execute(async (trx) => {
      let level = 1;
      if (body.F_ParentId !== '0') {
        const parent = await trx.selectFrom('areas').select('level').where('id', '=', body.F_ParentId).executeTakeFirst();
        if (!parent) throw new AppError('area.parentNotFound', {}, 400);
        level = parent.level + 1;
        if (level > 3) throw new AppError('area.tooDeep', {}, 400);
      }
      if (await trx.selectFrom('areas').select('id').where('id', '=', body.F_AreaId).executeTakeFirst()) throw new AppError('area.idExists', { id: body.F_AreaId }, 409);
      await trx.insertInto('areas').values({ id: body.F_AreaId, parent_id: body.F_ParentId, name: body.F_AreaName, level, sort_code: body.F_SortCode }).execute();
    });
  }

  async update(auth: AuthContext, id: string, body: z.output<typeof areaUpdateBody>): Promise<void> {
    await requirePlatform(this.db, auth);
    const res = await this.db.updateTable('areas').set({ name: body.F_AreaName, sort_code: body.F_SortCode }).where('id', '=', id).executeTakeFirst();
    if (!res.numUpdatedRows) throw notFound('area.notFound');
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await requirePlatform(this.db, auth);
    await this.db.transaction().execute(async (trx) => {
      if (!(await trx.selectFrom('areas').select('id').where('id', '=', id).forUpdate().executeTakeFirst())) throw notFound('area.notFound');
      if (await trx.selectFrom('areas').select('id').where('parent_id', '=', id).executeTakeFirst()) throw new AppError('area.hasChildren', {}, 400);
      await trx.deleteFrom('areas').where('id', '=', id).execute();
    });
  }
}
