import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';

export type Db = Kysely<Database>;
export type IdTable = 'companies' | 'departments' | 'posts' | 'roles' | 'users';
type TreeTable = 'companies' | 'departments' | 'posts';
type MemberTable = 'user_departments' | 'user_roles' | 'user_posts' | 'department_maintainers';

/** The SQL the organisation's objects share: id checks, parent trees and member lists. Takes the caller's transaction. */
export class OrganisationRepository {
  constructor(private readonly db: Db) {}

  /** The given ids that are not rows of the tenant's table. */
  async missingIds(table: IdTable, tenantId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const rows = await sql<{ id: string }>`select id from ${sql.table(table)} where tenant_id = ${tenantId} and id in (${sql.join(unique)})`.execute(this.db);
    const found = new Set(rows.rows.map((r) => r.id));
    return unique.filter((id) => !found.has(id));
  }

  /** Whether `candidate` is `id` itself or one of its descendants in a parent_id tree of the tenant. */
  async isSelfOrDescendant(table: TreeTable, tenantId: string, id: string, candidate: string): Promise<boolean> {
    if (id === candidate) return true;
    const t = sql.table(table);
    const rows = await sql<{ id: string }>`
      with recursive sub as (
        select id from ${t} where tenant_id = ${tenantId} and parent_id = ${id}
        union select c.id from ${t} c join sub on c.parent_id = sub.id where c.tenant_id = ${tenantId})
      select id from sub where id = ${candidate} limit 1`.execute(this.db);
    return rows.rows.length > 0;
  }

  /** Makes the users linked to one object (department, role, post) exactly `userIds`: removes the others and adds the new ones. */
  async replaceMembers(
    table: MemberTable,
    column: 'department_id' | 'role_id' | 'post_id',
    tenantId: string,
    objectId: string,
    userIds: string[],
  ): Promise<void> {
    const unique = [...new Set(userIds)];
    const t = sql.table(table);
    const c = sql.ref(column);
    if (unique.length) {
      await sql`delete from ${t} where tenant_id = ${tenantId} and ${c} = ${objectId} and user_id not in (${sql.join(unique)})`.execute(this.db);
      await sql`insert into ${t} (tenant_id, user_id, ${c})
        select ${tenantId}, v.u, ${objectId} from (values ${sql.join(unique.map((u) => sql`(${u})`))}) as v(u)
        on conflict do nothing`.execute(this.db);
    } else {
      await sql`delete from ${t} where tenant_id = ${tenantId} and ${c} = ${objectId}`.execute(this.db);
    }
  }
}
