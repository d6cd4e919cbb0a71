import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { tenantScoped } from '../../core/db/helpers.js';

export class MenuRepository {
  constructor(private readonly db: Kysely<Database>) {}

  subsystems(tenantId: string) {
    return tenantScoped(this.db, 'subsystems', tenantId)
      .select(['subsystems.id', 'subsystems.name', 'subsystems.index_url', 'subsystems.icon'])
      .where('subsystems.enabled', '=', true)
      .orderBy('subsystems.sort_code')
      .execute();
  }
}
