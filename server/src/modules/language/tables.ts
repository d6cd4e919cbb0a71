import type { Generated } from 'kysely';
import type { DefaultTimestamp, Json } from '../../core/db/schema.js';

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

declare module '../../core/db/schema.js' {
  interface Database {
    language_types: LanguageTypesTable;
    lp_map: LpMapTable;
  }
}
