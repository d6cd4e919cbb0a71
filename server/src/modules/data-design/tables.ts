import type { Generated } from 'kysely';
import type { TableDesign } from '@app/contracts';
import type { DefaultTimestamp, Json } from '../../core/db/schema.js';

/** Modules/data-design: table designs saved per link and table (drafts) and released ones. */
export interface DatabaseDraftsTable {
  id: string;
  tenant_id: string;
  link_id: string;
  table_name: string;
  design: Json<TableDesign>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface DataTablesTable {
  id: string;
  tenant_id: string;
  link_id: string;
  table_name: string;
  comment: Generated<string>;
  design: Json<TableDesign>;
  released_by: string | null;
  released_at: DefaultTimestamp;
}

/** The common-fields library of the table designer. */
export interface DatabaseFieldsTable {
  id: string;
  tenant_id: string;
  field_name: string;
  data_type: string;
  length: number | null;
  nullable: Generated<boolean>;
  default_value: Generated<string>;
  remark: Generated<string>;
  sort_code: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface ReportsRelationsTable {
  id: string;
  tenant_id: string;
  report_id: Generated<string>;
  name: string;
  data_source_id: Generated<string>;
  params: Json<{ name: string; value: string }[]>;
  sort_code: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    database_drafts: DatabaseDraftsTable;
    data_tables: DataTablesTable;
    database_fields: DatabaseFieldsTable;
    reports_relations: ReportsRelationsTable;
  }
}
