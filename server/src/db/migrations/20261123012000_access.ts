import { sql, type Kysely } from 'kysely';

/** Access features: removing a module's buttons / columns / forms removes their grants by item id. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index authorizes_item on authorizes (item_id)`.execute(db);
  await sql`create index modules_url on modules (url_address)`.execute(db);
}
