import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import type { AuthContext } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';

/**
 * Product-wide data (tenants, menu entries, areas) is changed only by users of the default (platform) tenant;
 * other tenants' callers get 403 even when they hold the button.
 */
export async function requirePlatform(db: Kysely<Database>, auth: AuthContext): Promise<void> {
  const tenant = await db.selectFrom('tenants').select('is_default').where('id', '=', auth.tenantId).executeTakeFirst();
  if (!tenant?.is_default) throw new AppError('access.platformOnly', {}, 403);
}

export async function isDefaultTenant(db: Kysely<Database>, tenantId: string): Promise<boolean> {
  const tenant = await db.selectFrom('tenants').select('is_default').where('id', '=', tenantId).executeTakeFirst();
  return tenant?.is_default === true;
}

/** Module ids a tenant has: null means every entry (the default tenant). */
export async function tenantModuleIds(db: Kysely<Database>, tenantId: string): Promise<Set<string> | null> {
  if (await isDefaultTenant(db, tenantId)) return null;
  const rows = await db.selectFrom('tenant_modules').select('module_id').where('tenant_id', '=', tenantId).execute();
  return new Set(rows.map((r) => r.module_id));
}
