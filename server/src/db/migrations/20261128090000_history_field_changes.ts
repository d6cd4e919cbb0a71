import { sql, type Kysely } from 'kysely';

/**
 * What an approver changed on the applicant's form, kept on the history row of the action that changed it:
 * field, label, old and new value (the row itself says who and at which node).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wf_history add column if not exists field_changes jsonb`.execute(db);
}
