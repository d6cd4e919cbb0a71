import type { PermissionKey } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, forbidden } from '../../core/errors.js';
import type { MessageKey } from '../../core/i18n/index.js';
import { OrganisationRepository, type Db, type IdTable } from './organisation.repository.js';

export type { Db } from './organisation.repository.js';

/** Links nodes to their parents (by id); a node whose parent is not in the list is a root. Keeps the input order. */
export function buildTree<T extends { children: T[] }>(nodes: T[], idOf: (n: T) => string, parentOf: (n: T) => string): T[] {
  const byId = new Map(nodes.map((n) => [idOf(n), n]));
  const roots: T[] = [];
  for (const node of nodes) {
    const parent = byId.get(parentOf(node));
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
/** 400 naming the unknown ids (at most 5 shown) unless every id is a row of the tenant's table. */
export async function requireIds(db: Db, table: IdTable, tenantId: string, ids: string[], key: MessageKey): Promise<void> {
  const missing = await new OrganisationRepository(db).missingIds(table, tenantId, ids);
  if (missing.length) throw new AppError(key, { ids: missing.slice(0, 5).join(', ') + (missing.length > 5 ? ' …' : '') });
}
/** For routes whose button depends on the body or query (special posts of a company or a department). */
export async function requirePermission(deps: AppDeps, auth: AuthContext, permission: PermissionKey): Promise<void> {
  const grants = await deps.grants.of(auth.tenantId, auth.userId);
  if (!grants.permissions.has(permission)) throw forbidden(permission);
}
