import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface Grants {
  /** Menu entries (module ids) the user may see. */
  moduleIds: Set<string>;
  /** `<module code>.<button code>` keys the user may use. */
  permissions: Set<string>;
  /** `<module code>.<column code>` keys of the controlled columns the user may see. */
  columns: Set<string>;
  /** `<module code>.<form code>` keys of the module forms the user may use. */
  forms: Set<string>;
  /** Mobile-app functions (ids) the user may use. */
  appFunctionIds: Set<string>;
}

const GRANTS_TTL_MS = 5_000;

/** Whose grants: a user's (their own and their enabled roles'), or one role's own. */
export type GrantHolder = { userId: string } | { roleId: string };

/**
 * The one query of granted items. A tenant other than the default (platform) one only has the menu entries granted
 * to it (tenant_modules); disabled menu entries grant nothing; app functions (item type 5) stand alone.
 */
export async function grantsOf(db: Kysely<Database>, tenantId: string, holder: GrantHolder): Promise<Grants> {
  const heldBy =
    'userId' in holder
      ? sql`(
          (a.object_type = 2 and a.object_id = ${holder.userId})
          or (a.object_type = 1 and a.object_id in (
            select ur.role_id from user_roles ur join roles r on r.id = ur.role_id
            where ur.user_id = ${holder.userId} and r.enabled and r.tenant_id = ${tenantId})))`
      : sql`(a.object_type = 1 and a.object_id = ${holder.roleId})`;
  const rows = await sql<{ item_type: number; item_id: string; permission: string | null }>`
    select a.item_type, a.item_id, m.en_code || '.' || coalesce(b.en_code, c.en_code, f.en_code) as permission
    from authorizes a
    left join module_buttons b on a.item_type = 2 and b.id = a.item_id
    left join module_columns c on a.item_type = 3 and c.id = a.item_id
    left join module_forms f on a.item_type = 4 and f.id = a.item_id
    left join modules m on m.id = coalesce(b.module_id, c.module_id, f.module_id, case when a.item_type = 1 then a.item_id end)
    join tenants t on t.id = a.tenant_id
    where a.tenant_id = ${tenantId}
      and (a.item_type = 5 or m.enabled)
      and (a.item_type = 5 or t.is_default or exists (
        select 1 from tenant_modules tm where tm.tenant_id = a.tenant_id and tm.module_id = m.id))
      and ${heldBy}`.execute(db);
  const grants: Grants = { moduleIds: new Set(), permissions: new Set(), columns: new Set(), forms: new Set(), appFunctionIds: new Set() };
  for (const row of rows.rows) {
    if (row.item_type === 1) grants.moduleIds.add(row.item_id);
    else if (row.item_type === 5) grants.appFunctionIds.add(row.item_id);
    else if (row.permission) [grants.permissions, grants.columns, grants.forms][row.item_type - 2].add(row.permission);
  }
  return grants;
}

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
    const grants = await grantsOf(this.db, tenantId, { userId });
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(userId, { grants, at: Date.now() });
    return grants;
  }

  /** Whether the caller holds at least one of these button permissions (for answers that differ by role). */
  async hasAny(auth: { tenantId: string; userId: string }, permissions: readonly string[]): Promise<boolean> {
    const grants = await this.of(auth.tenantId, auth.userId);
    return permissions.some((permission) => grants.permissions.has(permission));
  }

  /** Grants changed: the next request reads them again. */
  invalidate(userId?: string): void {
    if (userId) this.cache.delete(userId);
    else this.cache.clear();
  }
}
