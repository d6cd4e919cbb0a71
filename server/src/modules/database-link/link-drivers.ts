import type { AppConfig } from '../../core/config.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import type { LinkDriver, LinkDrivers } from './driver.js';

/** Pools per link, built on first use (filled in by the database-link module). */
export class LinkDriverRegistry implements LinkDrivers {
  constructor(
    readonly db: Kysely<Database>,
    readonly dbKind: 'pglite' | 'postgres',
    readonly config: AppConfig,
  ) {}

  async forLink(_tenantId: string, _linkId: string): Promise<LinkDriver> {
    throw new Error('link drivers are not built yet');
  }

  async forget(_linkId: string): Promise<void> {}

  async closeAll(): Promise<void> {}
}
