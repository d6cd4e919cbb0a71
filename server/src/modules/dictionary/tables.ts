import type { Generated } from 'kysely';
import type { DefaultTimestamp } from '../../core/db/schema.js';

/** Tables of the system features (dictionaries, languages, code rules); migration 20261123020000_system. */
export interface DictionaryTypesTable {
  id: string;
  tenant_id: string;
  parent_id: Generated<string>;
  code: string;
  name: string;
  is_tree: Generated<boolean>;
  is_nav: Generated<boolean>;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
  deleted: Generated<boolean>;
  description: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface DictionaryItemsTable {
  id: string;
  tenant_id: string;
  type_id: string;
  parent_id: Generated<string>;
  name: string;
  value: string;
  code: Generated<string>;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
  description: Generated<string>;
  created_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    dictionary_types: DictionaryTypesTable;
    dictionary_items: DictionaryItemsTable;
  }
}
