import type { Generated } from 'kysely';
import type { DefaultTimestamp, Json } from '../../core/db/schema.js';

export interface WfSchemesTable {
  id: string;
  tenant_id: string;
  code: string;
  name: string;
  category: Generated<string>;
  icon: Generated<string>;
  description: Generated<string>;
  enabled: Generated<boolean>;
  /** 0 everyone may launch, 1 only auth_objects. */
  auth_type: Generated<number>;
  auth_objects: Json<{ F_ObjType: string; F_ObjId: string; F_ObjName?: string }[]>;
  launch_key: Generated<string>;
  /** The published version: what launches use. */
  current_version_id: string | null;
  /** A saved version newer than the published one, not yet published. */
  draft_version_id: string | null;
  /** When the scheme was first published; null: a draft never published (cannot be started). */
  published_at: Date | null;
  sort_code: Generated<number>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface WfSchemeVersionsTable {
  id: string;
  tenant_id: string;
  scheme_id: string;
  version: number;
  xml: string;
  /** The parsed graph (engine/definition.ts WfGraph). */
  graph: Json<unknown>;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

export interface WfRelationsTable {
  id: string;
  tenant_id: string;
  scheme_id: string;
  form_id: string;
  form_type: Generated<number>;
  form_url: Generated<string>;
  name: Generated<string>;
  sort_code: Generated<number>;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    wf_schemes: WfSchemesTable;
    wf_scheme_versions: WfSchemeVersionsTable;
    wf_relations: WfRelationsTable;
  }
}
