import type { Generated } from 'kysely';
import type { FormRelationSetting } from '@app/contracts';
import type { DefaultTimestamp, Json } from '../../core/db/schema.js';

/** A designed form published as a menu page (module_id); its list configuration is `setting`. */
export interface FormRelationsTable {
  id: string;
  tenant_id: string;
  name: string;
  form_id: string;
  module_id: string;
  parent_module_id: Generated<string>;
  icon: Generated<string>;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
  description: Generated<string>;
  setting: Json<FormRelationSetting>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** An option cascade between two fields (by formId) of one form. */
export interface DataRelationsTable {
  id: string;
  tenant_id: string;
  form_id: string;
  name: string;
  source_form_id: number;
  target_form_id: number;
  filter_field: string;
  enabled: Generated<boolean>;
  description: Generated<string>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    form_relations: FormRelationsTable;
    data_relations: DataRelationsTable;
  }
}
