import { DEFAULT_LINK_ID } from '@app/contracts';
import type { AppConfig } from '../../core/config.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { AppError } from '../../core/errors.js';
import { checkAddress } from './address-guard.js';
import { DatabaseLinkRepository, type LinkConnectionRow } from './database-link.repository.js';
import type { LinkDriver, LinkDrivers, LinkSettings } from '../../core/data-links.js';
import { MysqlDriver } from './driver-mysql.js';
import { createPlatformDriver } from './driver-platform.js';
import { PostgresDriver } from './driver-postgres.js';
import { SqlServerDriver } from './driver-sqlserver.js';
import { PasswordCipher } from './password-cipher.js';

/** A cached pool is used without re-reading its row for this long (changes made here call forget() at once). */
const ROW_CHECK_MS = 5000;

interface Entry {
  tenantId: string;
  /** updated_at of the row the pool was built from. */
  version: number;
  checkedAt: number;
  driver: Promise<LinkDriver>;
}

/**
 * Pools per link, built on first use: the address guard runs before a pool exists and the pool connects to the
 * checked address. A changed row (updated_at) gets a new pool; forget() drops one at once.
 */
export class LinkDriverRegistry implements LinkDrivers {
  private readonly entries = new Map<string, Entry>();
  private readonly platform = new Map<string, LinkDriver>();
  private readonly repo: DatabaseLinkRepository;
  readonly cipher: PasswordCipher;

  constructor(
    readonly db: Kysely<Database>,
    readonly dbKind: 'pglite' | 'postgres',
    readonly config: AppConfig,
  ) {
    this.repo = new DatabaseLinkRepository(db);
    this.cipher = new PasswordCipher(config.jwtSecret);
  }

  async forLink(tenantId: string, linkId: string): Promise<LinkDriver> {
    if (linkId === DEFAULT_LINK_ID) {
      let driver = this.platform.get(tenantId);
      if (!driver) {
        driver = createPlatformDriver(this.db, this.dbKind, this.config, tenantId);
        this.platform.set(tenantId, driver);
      }
      return driver;
    }
    const cached = this.entries.get(linkId);
    const now = Date.now();
    if (cached && cached.tenantId === tenantId && now - cached.checkedAt < ROW_CHECK_MS) return cached.driver;
    const row = await this.repo.connectionOf(tenantId, linkId);
    if (!row) throw new AppError('dataLink.notFound', { id: linkId }, 404);
    const version = row.updated_at.getTime();
    const current = this.entries.get(linkId);
    if (current && current.tenantId === tenantId && current.version === version) {
      current.checkedAt = now;
      return current.driver;
    }
    if (current) await this.forget(linkId);
    const driver = this.build(this.settingsOf(row));
    const entry: Entry = { tenantId, version, checkedAt: now, driver };
    this.entries.set(linkId, entry);
    // A refused address or a bad row is not cached: the next call tries again.
    driver.catch(() => {
      if (this.entries.get(linkId) === entry) this.entries.delete(linkId);
    });
    return driver;
  }

  settingsOf(row: LinkConnectionRow): LinkSettings {
    let password: string;
    try {
      password = this.cipher.decrypt(row.password_cipher);
    } catch {
      throw new AppError('dataLink.passwordUndecryptable', {}, 400);
    }
    return {
      id: row.id,
      dbType: row.db_type as LinkSettings['dbType'],
      host: row.host,
      port: row.port,
      database: row.database_name,
      schema: row.schema_name,
      user: row.user_name,
      password,
      queryRole: row.query_role,
    };
  }

  /** A driver for connection fields (guard first); the caller closes it. */
  async build(settings: LinkSettings): Promise<LinkDriver> {
    const address = await checkAddress(settings.host, this.config.linkAllowedHosts, { allowPrivate: true }).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      throw new AppError('dataLink.connectFailed', { reason: error instanceof Error ? error.message : String(error) }, 400);
    });
    switch (settings.dbType) {
      case 'postgresql':
        return new PostgresDriver(
          {
            connection: { host: address.address, port: settings.port, database: settings.database, user: settings.user, password: settings.password },
            schema: settings.schema,
            queryRole: settings.queryRole,
          },
          this.config,
        );
      case 'mysql':
        return new MysqlDriver(settings, address, this.config);
      case 'sqlserver':
        return new SqlServerDriver(settings, address, this.config);
      default:
        throw new AppError('dataLink.connectFailed', { reason: `unknown database type ${String(settings.dbType)}` }, 400);
    }
  }

  /** Connection test without saving: a throw-away driver, pinged and closed. */
  async probe(settings: LinkSettings): Promise<void> {
    const driver = await this.build(settings);
    try {
      await driver.ping();
    } finally {
      void driver.close().catch(() => {});
    }
  }

  async forget(linkId: string): Promise<void> {
    const entry = this.entries.get(linkId);
    if (!entry) return;
    this.entries.delete(linkId);
    try {
      await (await entry.driver).close();
    } catch {
      /* never built, or already closed */
    }
  }

  async closeAll(): Promise<void> {
    const ids = [...this.entries.keys()];
    await Promise.all(ids.map((id) => this.forget(id)));
    const platform = [...this.platform.values()];
    this.platform.clear();
    await Promise.allSettled(platform.map((d) => d.close()));
  }
}
