import type { Generated } from 'kysely';

export interface AppFunctionsTable {
  id: string;
  en_code: string;
  full_name: string;
  icon: Generated<string>;
  url_address: Generated<string>;
  sort_code: Generated<number>;
  enabled: Generated<boolean>;
}

declare module '../../core/db/schema.js' {
  interface Database {
    app_functions: AppFunctionsTable;
  }
}
