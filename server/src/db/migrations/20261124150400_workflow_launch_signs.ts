import { sql, type Kysely } from 'kysely';

/**
 * signs already used by POST /nwfschemeinfo/createProcess (tokenless launch). A sign is accepted once:
 * the insert of its row is the check (primary key), so two server processes cannot both accept a replay. Rows older
 * than the sign's validity (5 minutes, plus margin) are deleted as new ones arrive.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table wf_launch_signs (
    sign text primary key,
    tenant_id text not null references tenants(id) on delete cascade,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index wf_launch_signs_age on wf_launch_signs (created_at)`.execute(db);
}
