import type { Generated } from 'kysely';
import type { FormSchemeContent, FormTable } from '@app/contracts';
import type { DefaultTimestamp, Json } from '../../core/db/schema.js';

/** One row per form; current_version_id points at its current version. */
export interface FormSchemesTable {
  id: string;
  tenant_id: string;
  name: string;
  form_type: Generated<number>;
  category: Generated<string>;
  url: Generated<string>;
  description: Generated<string>;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
  is_default: Generated<boolean>;
  current_version_id: string | null;
  current_version: Generated<number>;
  has_tables: Generated<boolean>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** One saved version of a form: its content (F_Scheme) and the tables it stores into. */
export interface FormSchemeVersionsTable {
  id: string;
  tenant_id: string;
  scheme_id: string;
  version: number;
  content: Json<FormSchemeContent>;
  table_info: Json<FormTable[]>;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    form_schemes: FormSchemesTable;
    form_scheme_versions: FormSchemeVersionsTable;
  }
}
