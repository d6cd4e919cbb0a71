import { sql, type Kysely } from 'kysely';

/**
 * Actions a client may send twice (a double click, a retry after a lost answer) carry an Idempotency-Key: the first
 * one's answer is kept here, written in the action's own transaction, and a repeat answers it without acting again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idempotency_keys (
      tenant_id text not null,
      user_id text not null,
      key text not null,
      action text not null,
      result jsonb,
      created_at timestamptz not null default now(),
      primary key (tenant_id, user_id, key)
    )`.execute(db);
  await sql`create index idempotency_keys_created on idempotency_keys (created_at)`.execute(db);
}
