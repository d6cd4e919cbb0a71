import type { Kysely } from 'kysely';
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
      const rows = await this.db
        .selectFrom('modules')
        .select([
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
        ])
        .where('enabled', '=', true)
        .orderBy('sort_code')
        .orderBy('id')
        .execute();
      this.cached = { rows, at: Date.now() };
    }
    return this.cached.rows;
  }

  invalidate(): void {
    this.cached = null;
  }
}
