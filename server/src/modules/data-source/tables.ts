import type { Generated } from 'kysely';
import type { DefaultTimestamp, Json } from '../../core/db/schema.js';

/** Named queries over a database link; params is the F_Params list. */
export interface DataSourcesTable {
  id: string;
  tenant_id: string;
  code: string;
  name: string;
  link_id: string;
  sql_text: string;
  params: Json<{ name: string; label: string; defaultValue: string }[]>;
  id_field: Generated<string>;
  parent_field: Generated<string>;
  description: Generated<string>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    data_sources: DataSourcesTable;
  }
}
