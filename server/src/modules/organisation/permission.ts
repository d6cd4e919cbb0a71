import { sql } from 'kysely';
import type { GrantedItem, PermissionNode } from '@app/contracts';
import type { Grants } from '../../core/auth/grants.js';
import { buildTree, type Db } from './shared.js';

type GrantKeys = Pick<Grants, 'moduleIds' | 'permissions' | 'columns' | 'forms'>;

/** The grants of one role (its own authorize rows), limited to the tenant's menu entries like GrantService. */
export async function roleGrants(db: Db, tenantId: string, roleId: string): Promise<GrantKeys> {
  const rows = await sql<{ item_type: number; item_id: string; permission: string | null }>`
    select a.item_type, a.item_id, m.en_code || '.' || coalesce(b.en_code, c.en_code, f.en_code) as permission
    from authorizes a
    left join module_buttons b on a.item_type = 2 and b.id = a.item_id
    left join module_columns c on a.item_type = 3 and c.id = a.item_id
    left join module_forms f on a.item_type = 4 and f.id = a.item_id
    left join modules m on m.id = coalesce(b.module_id, c.module_id, f.module_id, case when a.item_type = 1 then a.item_id end)
    join tenants t on t.id = a.tenant_id
    where a.tenant_id = ${tenantId} and a.object_type = 1 and a.object_id = ${roleId} and a.item_type in (1, 2, 3, 4)
      and m.enabled
      and (t.is_default or exists (select 1 from tenant_modules tm where tm.tenant_id = a.tenant_id and tm.module_id = m.id))`.execute(db);
  const grants: GrantKeys = { moduleIds: new Set(), permissions: new Set(), columns: new Set(), forms: new Set() };
  for (const row of rows.rows) {
    if (row.item_type === 1) grants.moduleIds.add(row.item_id);
    else if (row.permission) [grants.permissions, grants.columns, grants.forms][row.item_type - 2].add(row.permission);
  }
  return grants;
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
    modules.map((m) => [m.id, { F_ModuleId: m.id, F_ParentId: m.parent_id, F_EnCode: m.en_code, F_FullName: m.full_name, F_Icon: m.icon, buttons: [], columns: [], forms: [], children: [] }]),
  );
  const sets = { button: grants.permissions, column: grants.columns, form: grants.forms };
  for (const item of items.rows) {
    const node = nodes.get(item.module_id);
    if (!node || !sets[item.kind].has(`${item.module_code}.${item.en_code}`)) continue;
    const granted: GrantedItem = { F_Id: item.id, F_EnCode: item.en_code, F_FullName: item.full_name };
    ({ button: node.buttons, column: node.columns, form: node.forms })[item.kind].push(granted);
  }
  return buildTree([...nodes.values()], (n) => n.F_ModuleId, (n) => n.F_ParentId);
}
