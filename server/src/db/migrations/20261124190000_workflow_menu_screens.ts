import { sql, type Kysely } from 'kysely';

/** launch, task centre, design, relations and monitor have their screens, so they show in the menu. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update modules set is_menu = true where id in ('workflow-launch', 'workflow-process', 'workflow-scheme', 'workflow-relation', 'workflow-monitor')`.execute(
    db,
  );
}
