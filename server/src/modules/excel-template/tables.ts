import type { Generated } from 'kysely';
import type { ExcelExportColumn, ExcelImportColumn } from '@app/contracts';
import type { DefaultTimestamp, Json, NullableTimestamp } from '../../core/db/schema.js';

interface TemplateColumns {
  id: string;
  tenant_id: string;
  name: string;
  module_id: string;
  button_name: Generated<string>;
  target_kind: string;
  relation_id: Generated<string>;
  link_id: Generated<string>;
  table_name: Generated<string>;
  enabled: Generated<number>;
  description: Generated<string>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: NullableTimestamp;
}

export interface ExcelImportsTable extends TemplateColumns {
  error_rule: Generated<string>;
  columns: Json<ExcelImportColumn[]>;
}

export interface ExcelExportsTable extends TemplateColumns {
  apply_query: Generated<number>;
  ignore_scope: Generated<number>;
  columns: Json<ExcelExportColumn[]>;
}

/** One uploaded file's import: progress while running (heartbeat), result after. */
export interface ExcelImportRunsTable {
  id: string;
  tenant_id: string;
  template_id: string;
  user_id: string;
  file_name: Generated<string>;
  state: Generated<string>;
  rows_total: Generated<number>;
  rows_read: Generated<number>;
  rows_valid: Generated<number>;
  rows_invalid: Generated<number>;
  rows_stored: Generated<number>;
  message: string | null;
  errors: Json<{ row: number; messages: string[] }[]>;
  error_key: string | null;
  heartbeat_at: DefaultTimestamp;
  started_at: DefaultTimestamp;
  finished_at: NullableTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    excel_imports: ExcelImportsTable;
    excel_exports: ExcelExportsTable;
    excel_import_runs: ExcelImportRunsTable;
  }
}
