import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface ModuleRow {
  id: string;
  system_id: string;
  parent_id: string;
  en_code: string;
  full_name: string;
  icon: string;
  url_address: string;
  target: string;
  group_paths: string[];
  query: Record<string, string>;
  keep_alive: boolean;
  i18n_key: string | null;
  is_common: boolean;
  is_menu: boolean;
  sort_code: number;
}

/** A menu entry's columns as the menu and its administration read them. */
export const MENU_ENTRY_COLUMNS = [
  'id',
  'system_id',
  'parent_id',
  'en_code',
  'full_name',
  'icon',
  'url_address',
  'target',
  'group_paths',
  'query',
  'keep_alive',
  'i18n_key',
  'is_common',
  'is_menu',
  'sort_code',
] as const;

const CATALOG_TTL_MS = 5_000;

/**
 * Every enabled menu entry of the product, in display order. It changes only when a feature lands or an
 * administrator edits menus, so it is read at most every few seconds; editors call invalidate().
 */
export class ModuleCatalog {
  private cached: { rows: ModuleRow[]; at: number } | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  async rows(): Promise<ModuleRow[]> {
    if (!this.cached || Date.now() - this.cached.at > CATALOG_TTL_MS) {
      const rows = await this.db.selectFrom('modules').select(MENU_ENTRY_COLUMNS).where('enabled', '=', true).orderBy('sort_code').orderBy('id').execute();
      this.cached = { rows, at: Date.now() };
    }
    return this.cached.rows;
  }

  invalidate(): void {
    this.cached = null;
  }
}

/** A grantable item: a menu entry (1), or one of its buttons (2), columns (3) or forms (4). */
export interface MenuItemRow {
  type: 1 | 2 | 3 | 4;
  id: string;
  module_id: string;
  en_code: string;
  full_name: string;
  sort_code: number;
}

/**
 * The one query of grantable items, for granting (a tenant's administrator role, the grant dialogs) and for showing
 * what is granted: every item, or those of the given menu entries; in display order.
 */
export async function menuItemRows(db: Kysely<Database>, moduleIds?: readonly string[]): Promise<MenuItemRow[]> {
  if (moduleIds?.length === 0) return [];
  const of = (column: string) => (moduleIds ? sql`where ${sql.ref(column)} in (${sql.join(moduleIds)})` : sql``);
  const rows = await sql<MenuItemRow>`
    select 1 as type, id, id as module_id, en_code, full_name, sort_code from modules ${of('id')}
    union all select 2, id, module_id, en_code, full_name, sort_code from module_buttons ${of('module_id')}
    union all select 3, id, module_id, en_code, full_name, sort_code from module_columns ${of('module_id')}
    union all select 4, id, module_id, en_code, full_name, sort_code from module_forms ${of('module_id')}
    order by sort_code, id`.execute(db);
  return rows.rows;
}
