import type { Generated } from 'kysely';
import type { DefaultTimestamp, Json, NullableTimestamp, Timestamp } from '../../core/db/schema.js';
import type { ReportDesign } from '@app/contracts';

export interface ReportFoldersTable {
  id: string;
  tenant_id: string;
  parent_id: Generated<string>;
  name: string;
  sort_code: Generated<number>;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

export interface ReportsTable {
  id: string;
  tenant_id: string;
  folder_id: Generated<string>;
  name: string;
  code: string;
  description: Generated<string>;
  enabled: Generated<number>;
  content_id: string | null;
  version: Generated<number>;
  created_by: string | null;
  created_by_name: Generated<string>;
  created_at: DefaultTimestamp;
  modified_at: NullableTimestamp;
}

export interface ReportContentsTable {
  id: string;
  tenant_id: string;
  report_id: string;
  version: number;
  design: Json<ReportDesign>;
  note: Generated<string>;
  created_by: string | null;
  created_by_name: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface ReportReleasesTable {
  id: string;
  tenant_id: string;
  report_id: string;
  module_id: string;
  name: string;
  parent_module_id: string;
  icon: Generated<string>;
  sort_code: Generated<number>;
  enabled: Generated<number>;
  description: Generated<string>;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

export interface ReportSharesTable {
  id: string;
  tenant_id: string;
  report_id: string;
  expires_at: Timestamp;
  password_hash: string | null;
  note: Generated<string>;
  created_by: string;
  created_by_name: Generated<string>;
  created_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    report_folders: ReportFoldersTable;
    reports: ReportsTable;
    report_contents: ReportContentsTable;
    report_releases: ReportReleasesTable;
    report_shares: ReportSharesTable;
  }
}
