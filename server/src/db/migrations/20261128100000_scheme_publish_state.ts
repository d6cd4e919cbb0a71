import { sql, type Kysely } from 'kysely';

/**
 * Draft and published workflow schemes. `published_at` is when a version was first published (null: a draft that was
 * never published, which cannot be started or launched); `draft_version_id` is a saved version newer than the
 * published one (current_version_id), waiting to be published. Schemes saved before this were enabled by their save,
 * so they count as published.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wf_schemes add column if not exists published_at timestamptz`.execute(db);
  await sql`alter table wf_schemes add column if not exists draft_version_id text references wf_scheme_versions(id) on delete set null`.execute(db);
  await sql`update wf_schemes set published_at = updated_at where published_at is null and current_version_id is not null`.execute(db);
}
