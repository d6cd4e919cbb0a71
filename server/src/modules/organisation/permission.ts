import type { GrantedItem, PermissionNode } from '@app/contracts';
import { grantsOf, type Grants } from '../../core/auth/grants.js';
import { menuItemRows, type ModuleCatalog } from '../../core/auth/module-catalog.js';
import { buildTree, type Db } from './shared.js';

type GrantKeys = Pick<Grants, 'moduleIds' | 'permissions' | 'columns' | 'forms'>;

/** The grants of one role (its own authorize rows), limited to the tenant's menu entries like a user's. */
export async function roleGrants(db: Db, tenantId: string, roleId: string): Promise<GrantKeys> {
  return grantsOf(db, tenantId, { roleId });
}

/** The granted menu entries as a tree, each with its granted buttons, columns and forms. */
export async function permissionTree(catalog: ModuleCatalog, db: Db, grants: GrantKeys): Promise<PermissionNode[]> {
  const moduleIds = [...grants.moduleIds];
  if (moduleIds.length === 0) return [];
  const granted = new Set(moduleIds);
  const [entries, items] = await Promise.all([catalog.rows(), menuItemRows(db, moduleIds)]);
  const modules = entries.filter((m) => granted.has(m.id));
  const nodes = new Map<string, PermissionNode>(
    modules.map((m) => [
      m.id,
      {
        F_ModuleId: m.id,
        F_ParentId: m.parent_id,
        F_EnCode: m.en_code,
        F_FullName: m.full_name,
        F_Icon: m.icon,
        buttons: [],
        columns: [],
        forms: [],
        children: [],
      },
    ]),
  );
  const sets = { 2: grants.permissions, 3: grants.columns, 4: grants.forms };
  const lists = (node: PermissionNode) => ({ 2: node.buttons, 3: node.columns, 4: node.forms });
  for (const item of items) {
    const node = nodes.get(item.module_id);
    if (item.type === 1 || !node || !sets[item.type].has(`${node.F_EnCode}.${item.en_code}`)) continue;
    const grantedItem: GrantedItem = { F_Id: item.id, F_EnCode: item.en_code, F_FullName: item.full_name };
    lists(node)[item.type].push(grantedItem);
  }
  return buildTree(
    [...nodes.values()],
    (n) => n.F_ModuleId,
    (n) => n.F_ParentId,
  );
}
