import { sql, type Kysely } from 'kysely';

/**
 * news attachments live in an attachment folder (file_folders kind 1) filled by the upload field.
 * No foreign key: the folder belongs to the files module, and a missing folder must only mean "no attachments".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news add column attachment_folder_id text`.execute(db);
}
