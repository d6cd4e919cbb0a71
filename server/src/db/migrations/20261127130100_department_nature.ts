import { sql, type Kysely } from 'kysely';

/**
 * The demo departments were seeded without 部门性质 (seed.ts now sets it): databases seeded before get the same
 * values, only where the nature is still empty, in the default tenant, by the demo departments' codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update departments set nature = case en_code when 'GM' then 'function' when 'HR' then 'function' when 'FIN' then 'function' else 'business' end
    where nature is null
      and en_code in ('GM', 'HR', 'FIN', 'TECH', 'RD1', 'PROD')
      and tenant_id in (select id from tenants where is_default)`.execute(db);
}
