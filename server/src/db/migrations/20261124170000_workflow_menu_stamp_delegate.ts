import { sql, type Kysely } from 'kysely';

/** the screens of 电子签章 and 流程委托 exist, so they (and their group 工作流程) show in the menu. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update modules set is_menu = true where id in ('workflow', 'workflow-stamp', 'workflow-delegate')`.execute(db);
}
