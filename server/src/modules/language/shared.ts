import type { AppDeps, AuthContext } from '../../core/deps.js';
import type { PermissionKey } from '@app/contracts';

/** PostgreSQL's unique violation (a concurrent insert won the race the pre-check could not see). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Whether the caller holds a button permission (for answers that show more to managers). */
export async function hasPermission(deps: AppDeps, auth: AuthContext, permission: PermissionKey): Promise<boolean> {
  return (await deps.grants.of(auth.tenantId, auth.userId)).permissions.has(permission);
}

/** 1 / 0 of a boolean column. */
export const mark = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** Links nodes to their parents; a node whose parent is missing is a root. Keeps the input order. */
export function linkTree<T extends { children: T[] }>(nodes: T[], idOf: (n: T) => string, parentOf: (n: T) => string): T[] {
  const byId = new Map(nodes.map((n) => [idOf(n), n]));
  const roots: T[] = [];
  for (const node of nodes) {
    const parent = byId.get(parentOf(node));
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
