import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';

export interface RestoredSummary {
  migrations: number;
  latestMigration: string | null;
  tenants: number;
  users: number;
  processInstances: number;
  files: number;
}

/** What a restored database holds: enough to tell a good restore from an empty or partial one. */
export async function summarise(db: Kysely<Database>): Promise<RestoredSummary> {
  const row = await sql<RestoredSummary>`
    select (select count(*)::int from kysely_migration) as migrations,
           (select max(name) from kysely_migration) as "latestMigration",
           (select count(*)::int from tenants) as tenants,
           (select count(*)::int from users) as users,
           (select count(*)::int from wf_instances) as "processInstances",
           (select count(*)::int from files) as files`.execute(db);
  return row.rows[0]!;
}
