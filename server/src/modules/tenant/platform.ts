import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import type { AuthContext } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { isDefaultTenant } from './tenant.repository.js';

// The queries live in the repository; callers in other modules keep importing them from here.
export { isDefaultTenant, tenantModuleIds } from './tenant.repository.js';

/**
 * Product-wide data (tenants, menu entries, areas) is changed only by users of the default (platform) tenant;
 * other tenants' callers get 403 even when they hold the button.
 */
export async function requirePlatform(db: Kysely<Database>, auth: AuthContext): Promise<void> {
  if (!(await isDefaultTenant(db, auth.tenantId))) throw new AppError('access.platformOnly', {}, 403);
}
