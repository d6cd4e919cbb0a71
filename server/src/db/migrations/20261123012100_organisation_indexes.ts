import { sql, type Kysely } from 'kysely';

/**
 * Prefix search of the user list (GET /users/page keyword: lower(account) like 'x%', real_name like 'x%'):
 * pattern-ops indexes work whatever the database collation. Post tree: children by parent.
 */
const statements = [
  `create index users_tenant_account_prefix on users (tenant_id, lower(account) text_pattern_ops)`,
  `create index users_tenant_real_name_prefix on users (tenant_id, real_name text_pattern_ops)`,
  `create index posts_tenant_parent on posts (tenant_id, parent_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
