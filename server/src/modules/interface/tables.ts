import type { Generated } from 'kysely';
import type { DefaultTimestamp, Json } from '../../core/db/schema.js';

/** Named outbound HTTP calls. */
export interface InterfacesTable {
  id: string;
  tenant_id: string;
  code: string;
  name: string;
  method: string;
  url: string;
  headers: Json<{ name: string; value: string }[]>;
  body_template: Generated<string>;
  response_path: Generated<string>;
  timeout_ms: Generated<number>;
  description: Generated<string>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

declare module '../../core/db/schema.js' {
  interface Database {
    interfaces: InterfacesTable;
  }
}
