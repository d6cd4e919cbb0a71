import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, Json } from '../../core/db/schema.js';

export interface CodeRulesTable {
  id: string;
  tenant_id: string;
  en_code: string;
  full_name: string;
  description: Generated<string>;
  enabled: Generated<boolean>;
  parts: Json<unknown[]>;
  created_at: DefaultTimestamp;
}

export interface CodeRuleCountersTable {
  rule_id: string;
  period: string;
  value: ColumnType<string | number, number, number>;
}

declare module '../../core/db/schema.js' {
  interface Database {
    code_rules: CodeRulesTable;
    code_rule_counters: CodeRuleCountersTable;
  }
}
