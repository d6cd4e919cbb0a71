import { sql } from 'kysely';
import type { GrantedItem, PermissionNode } from '@app/contracts';
import { grantsOf, type Grants } from '../../core/auth/grants.js';
import { buildTree, type Db } from './shared.js';

type GrantKeys = Pick<Grants, 'moduleIds' | 'permissions' | 'columns' | 'forms'>;

/** The grants of one role (its own authorize rows), limited to the tenant's menu entries like a user's. */
export async function roleGrants(db: Db, tenantId: string, roleId: string): Promise<GrantKeys> {
  return grantsOf(db, tenantId, { roleId });
}

/** The granted menu entries as a tree, each with its granted buttons, columns and forms. */
export async function permissionTree(db: Db, grants: GrantKeys): Promise<PermissionNode[]> {
  const moduleIds = [...grants.moduleIds];
  if (moduleIds.length === 0) return [];
  const [modules, items] = await Promise.all([
    db
      .selectFrom('modules')
      .select(['id', 'parent_id', 'en_code', 'full_name', 'icon'])
      .where('id', 'in', moduleIds)
      .where('enabled', '=', true)
      .orderBy('sort_code')
      .orderBy('id')
      .execute(),
    sql<{ kind: 'button' | 'column' | 'form'; id: string; module_id: string; en_code: string; full_name: string; module_code: string }>`
      select x.kind, x.id, x.module_id, x.en_code, x.full_name, m.en_code as module_code from (
        select 'button' as kind, id, module_id, en_code, full_name, sort_code from module_buttons
        union all select 'column', id, module_id, en_code, full_name, sort_code from module_columns
        union all select 'form', id, module_id, en_code, full_name, sort_code from module_forms) x
      join modules m on m.id = x.module_id
      where x.module_id in (${sql.join(moduleIds)})
      order by x.sort_code, x.id`.execute(db),
  ]);
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
  const sets = { button: grants.permissions, column: grants.columns, form: grants.forms };
  for (const item of items.rows) {
    const node = nodes.get(item.module_id);
    if (!node || !sets[item.kind].has(`${item.module_code}.${item.en_code}`)) continue;
    const granted: GrantedItem = { F_Id: item.id, F_EnCode: item.en_code, F_FullName: item.full_name };
    ({ button: node.buttons, column: node.columns, form: node.forms })[item.kind].push(granted);
  }
  return buildTree(
    [...nodes.values()],
    (n) => n.F_ModuleId,
    (n) => n.F_ParentId,
  );
}
