import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { tenantScoped } from '../../core/db/helpers.js';

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

export class MenuRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every enabled menu entry of the product, in display order. */
  enabledModules(): Promise<ModuleRow[]> {
    return this.db
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
  }

  subsystems(tenantId: string) {
    return tenantScoped(this.db, 'subsystems', tenantId)
      .select(['subsystems.id', 'subsystems.name', 'subsystems.index_url', 'subsystems.icon'])
      .where('subsystems.enabled', '=', true)
      .orderBy('subsystems.sort_code')
      .execute();
  }
}
