import { sql, type Kysely } from 'kysely';
import { newId } from '../core/ids.js';
import type { Database } from '../core/db/schema.js';

export interface ModuleDefinition {
  /** Fixed id, so later migrations and tests can refer to the entry. */
  id: string;
  enCode: string;
  fullName: string;
  i18nKey: string;
  icon: string;
  url: string;
  sort: number;
  target?: '' | 'open' | 'expand';
  isCommon?: boolean;
  isMenu?: boolean;
  keepAlive?: boolean;
  buttons?: { enCode: string; fullName: string }[];
  /** Answer fields whose visibility is granted per role (column permissions). */
  columns?: { enCode: string; fullName: string }[];
  children?: ModuleDefinition[];
}

/** The role every tenant's administrator holds; new menu entries are granted to it. */
export const ADMIN_ROLE_CODE = 'admin';

/**
 * Adds menu entries (with their buttons) and grants them to the administrator role of every existing tenant,
 * so a feature that lands shows up for administrators without a manual grant.
 */
export async function defineModules(anyDb: Kysely<unknown>, systemId: string, modules: ModuleDefinition[], parentId = '0'): Promise<void> {
  const db = anyDb as Kysely<Database>;
  const itemIds: { type: number; id: string }[] = [];
  const insert = async (parentId: string, defs: ModuleDefinition[]) => {
    for (const m of defs) {
      await db
        .insertInto('modules')
        .values({
          id: m.id,
          system_id: systemId,
          parent_id: parentId,
          en_code: m.enCode,
          full_name: m.fullName,
          icon: m.icon,
          url_address: m.url,
          target: m.target ?? (m.children?.length ? 'expand' : ''),
          keep_alive: m.keepAlive ?? true,
          i18n_key: m.i18nKey,
          is_common: m.isCommon ?? false,
          is_menu: m.isMenu ?? true,
          sort_code: m.sort,
        })
        .execute();
      itemIds.push({ type: 1, id: m.id });
      for (const [index, b] of (m.buttons ?? []).entries()) {
        const id = `${m.id}:${b.enCode}`;
        await db.insertInto('module_buttons').values({ id, module_id: m.id, en_code: b.enCode, full_name: b.fullName, sort_code: index }).execute();
        itemIds.push({ type: 2, id });
      }
      for (const [index, c] of (m.columns ?? []).entries()) {
        const id = `${m.id}:col:${c.enCode}`;
        await db.insertInto('module_columns').values({ id, module_id: m.id, en_code: c.enCode, full_name: c.fullName, sort_code: index }).execute();
        itemIds.push({ type: 3, id });
      }
      await insert(m.id, m.children ?? []);
    }
  };
  await insert(parentId, modules);

  const adminRoles = await db.selectFrom('roles').select(['id', 'tenant_id']).where('en_code', '=', ADMIN_ROLE_CODE).execute();
  for (const role of adminRoles) await grantToRole(db, role.tenant_id, role.id, itemIds);
}

export async function grantToRole(db: Kysely<Database>, tenantId: string, roleId: string, items: { type: number; id: string }[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('authorizes')
    .values(
      items.map((item) => ({
        id: newId(),
        tenant_id: tenantId,
        object_type: 1,
        object_id: roleId,
        item_type: item.type,
        item_id: item.id,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Every menu entry and button, for granting all of them to a new administrator role. */
export async function allModuleItems(db: Kysely<Database>): Promise<{ type: number; id: string }[]> {
  const rows = await sql<{ type: number; id: string }>`
    select 1 as type, id from modules
    union all select 2 as type, id from module_buttons
    union all select 3 as type, id from module_columns
    union all select 4 as type, id from module_forms`.execute(db);
  return rows.rows;
}

/** Adds buttons to an existing menu entry and grants them to the administrator role of every tenant. */
export async function addButtons(anyDb: Kysely<unknown>, moduleId: string, buttons: { enCode: string; fullName: string }[]): Promise<void> {
  const db = anyDb as Kysely<Database>;
  const last = await db
    .selectFrom('module_buttons')
    .select((eb) => eb.fn.max('sort_code').as('sort'))
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  const itemIds: { type: number; id: string }[] = [];
  for (const [index, b] of buttons.entries()) {
    const id = `${moduleId}:${b.enCode}`;
    await db
      .insertInto('module_buttons')
      .values({ id, module_id: moduleId, en_code: b.enCode, full_name: b.fullName, sort_code: Number(last?.sort ?? -1) + 1 + index })
      .execute();
    itemIds.push({ type: 2, id });
  }
  const adminRoles = await db.selectFrom('roles').select(['id', 'tenant_id']).where('en_code', '=', ADMIN_ROLE_CODE).execute();
  for (const role of adminRoles) await grantToRole(db, role.tenant_id, role.id, itemIds);
}
