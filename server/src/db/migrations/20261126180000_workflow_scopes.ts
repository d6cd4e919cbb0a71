import { sql, type Kysely } from 'kysely';

/**
 * Sub-processes as scopes: a token's execution row names the scope execution it lives in (wf_executions.parent_id,
 * so far unused), looked up when a scope may have ended. Timer cycles (R3/PT1H) keep how often they still fire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index wf_executions_scope on wf_executions (parent_id, state) where parent_id is not null`.execute(db);
  await sql`alter table wf_timers add column repeats integer`.execute(db);
  await sql`create index wf_timers_execution on wf_timers (execution_id) where state = 'pending'`.execute(db);
}
