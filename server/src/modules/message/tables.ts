import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp } from '../../core/db/schema.js';

export interface MessagesTable {
  id: string;
  tenant_id: string;
  user_id: string;
  type: number;
  title: Generated<string>;
  content: Generated<string>;
  object_id: string | null;
  payload: ColumnType<unknown, string | null | undefined, string | null>;
  is_read: Generated<boolean>;
  read_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  /** Identity: orders messages of the same instant. */
  seq: ColumnType<string, never, never>;
}

declare module '../../core/db/schema.js' {
  interface Database {
    messages: MessagesTable;
  }
}
