import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';

type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** Tables of the system features (issue 5: dictionaries, languages, code rules); migration 20261123020000_system. */
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

export interface LanguageTypesTable {
  id: string;
  tenant_id: string;
  code: string;
  name: string;
  is_main: Generated<boolean>;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
  created_at: DefaultTimestamp;
}

export interface LpMapTable {
  id: string;
  tenant_id: string;
  object_type: string;
  object_id: string;
  code: string;
  name: string;
  translations: Json<Record<string, string>>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface CodeRulesTable {
  id: string;
  tenant_id: string;
  en_code: string;
  full_name: string;
  description: Generated<string>;
  enabled: Generated<boolean>;
  parts: Json<unknown[]>;
  created_at: DefaultTimestamp;
}

export interface CodeRuleCountersTable {
  rule_id: string;
  period: string;
  value: ColumnType<string | number, number, number>;
}

export interface SystemTables {
  dictionary_types: DictionaryTypesTable;
  dictionary_items: DictionaryItemsTable;
  language_types: LanguageTypesTable;
  lp_map: LpMapTable;
  code_rules: CodeRulesTable;
  code_rule_counters: CodeRuleCountersTable;
}

export type SystemDatabase = Database & SystemTables;

/** The app's database seen with the system tables (the shared schema file is not extended by this feature). */
export const systemDb = (db: Kysely<Database> | Kysely<unknown>): Kysely<SystemDatabase> => db as unknown as Kysely<SystemDatabase>;
