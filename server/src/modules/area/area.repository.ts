import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import type { AreasTable } from './tables.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Administrative divisions (product-wide: no tenant column). */
export class AreaRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** The children of an area ('0': the provinces), each with whether it has children of its own. */
  children(parentId: string) {
    return this.db
      .selectFrom('areas as a')
      .select((eb) => [
        'a.id',
        'a.name',
        'a.parent_id',
        'a.level',
        'a.sort_code',
        eb.exists(eb.selectFrom('areas as c').select('c.id').whereRef('c.parent_id', '=', 'a.id')).as('has_children'),
      ])
      .where('a.parent_id', '=', parentId)
      .orderBy('a.sort_code')
      .orderBy('a.id')
      .execute();
  }

  /** The area's level, or undefined when there is none; `lock` holds the row for the transaction. */
  async level(db: Executor, id: string, lock = false): Promise<number | undefined> {
    let query = db.selectFrom('areas').select('level').where('id', '=', id);
    if (lock) query = query.forUpdate();
    return (await query.executeTakeFirst())?.level;
  }

  async hasChildren(trx: Transaction<Database>, id: string): Promise<boolean> {
    return !!(await trx.selectFrom('areas').select('id').where('parent_id', '=', id).executeTakeFirst());
  }

  async insert(trx: Transaction<Database>, values: Insertable<AreasTable>): Promise<void> {
    await trx.insertInto('areas').values(values).execute();
  }

  async rename(id: string, values: { name: string; sort_code: number }): Promise<boolean> {
    const res = await this.db.updateTable('areas').set(values).where('id', '=', id).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async remove(trx: Transaction<Database>, id: string): Promise<void> {
    await trx.deleteFrom('areas').where('id', '=', id).execute();
  }
}
