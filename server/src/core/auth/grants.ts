import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface Grants {
  /** Menu entries (module ids) the user may see. */
  moduleIds: Set<string>;
  /** `<module code>.<button code>` keys the user may use. */
  permissions: Set<string>;
}

const GRANTS_TTL_MS = 5_000;

/**
 * What a user is granted: the union of the grants of their enabled roles and their own grants.
 * The menu, the permission check of every route and the web's button hiding all read this.
 */
export class GrantService {
  private readonly cache = new Map<string, { grants: Grants; at: number }>();

  constructor(private readonly db: Kysely<Database>) {}

  async of(tenantId: string, userId: string): Promise<Grants> {
    const cached = this.cache.get(userId);
    if (cached && Date.now() - cached.at < GRANTS_TTL_MS) return cached.grants;
    const rows = await sql<{ item_type: number; item_id: string; permission: string | null }>`
      select a.item_type, a.item_id, m.en_code || '.' || b.en_code as permission
      from authorizes a
      left join module_buttons b on a.item_type = 2 and b.id = a.item_id
      left join modules m on m.id = b.module_id
      where a.tenant_id = ${tenantId}
        and a.item_type in (1, 2)
        and (
          (a.object_type = 2 and a.object_id = ${userId})
          or (a.object_type = 1 and a.object_id in (
            select ur.role_id from user_roles ur join roles r on r.id = ur.role_id
            where ur.user_id = ${userId} and r.enabled and r.tenant_id = ${tenantId}))
        )`.execute(this.db);
    const grants: Grants = { moduleIds: new Set(), permissions: new Set() };
    for (const row of rows.rows) {
      if (row.item_type === 1) grants.moduleIds.add(row.item_id);
      else if (row.permission) grants.permissions.add(row.permission);
    }
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(userId, { grants, at: Date.now() });
    return grants;
  }

  /** Grants changed: the next request reads them again. */
  invalidate(userId?: string): void {
    if (userId) this.cache.delete(userId);
    else this.cache.clear();
  }
}
