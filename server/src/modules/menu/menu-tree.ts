import type { MenuItem } from '@app/contracts';
import type { ModuleRow } from '../../core/auth/module-catalog.js';

export function toMenuItem(row: ModuleRow, children: MenuItem[] = []): MenuItem {
  const target = row.target === 'open' || row.target === 'expand' ? row.target : '';
  return {
    F_ModuleId: row.id,
    F_FullName: row.full_name,
    F_EnCode: row.en_code,
    label: row.full_name,
    path: row.url_address,
    icon: row.icon,
    target,
    group: row.group_paths,
    query: row.query,
    keepAlive: row.keep_alive,
    meta: { roles: null, i18n: row.i18n_key, moduleid: row.id, isTab: true, isAuth: true, keepAlive: row.keep_alive },
    children,
  };
}

/**
 * The menu a user sees: granted entries plus the parents that lead to them. A parent whose children
 * are all hidden disappears, so the tree never shows empty groups.
 */
export function buildMenuTree(rows: ModuleRow[], granted: Set<string>): MenuItem[] {
  const byParent = new Map<string, ModuleRow[]>();
  for (const row of rows) {
    if (!row.is_menu) continue;
    const siblings = byParent.get(row.parent_id) ?? [];
    siblings.push(row);
    byParent.set(row.parent_id, siblings);
  }
  const build = (parentId: string, depth: number): MenuItem[] => {
    if (depth > 10) return [];
    const items: MenuItem[] = [];
    for (const row of byParent.get(parentId) ?? []) {
      const children = build(row.id, depth + 1);
      const isGroup = byParent.has(row.id) || row.target === 'expand';
      if (isGroup ? children.length > 0 : granted.has(row.id)) items.push(toMenuItem(row, children));
    }
    return items;
  };
  return build('0', 0);
}

/** Leaf entries of a tree, depth first, for search and the hot-functions page. */
export function menuLeaves(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.children.length ? menuLeaves(item.children) : [item]));
}
