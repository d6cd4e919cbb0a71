import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config.js';
import type { Database } from './db/schema.js';
import type { GrantService } from './auth/grants.js';
import type { ModuleCatalog } from './auth/module-catalog.js';
import type { ColumnPolicy } from './auth/columns.js';
import type { DataScopeService } from './auth/data-scope.js';
import type { SessionGuard } from './auth/session-guard.js';
import type { TokenService } from './auth/tokens.js';
import type { SmsProvider } from './sms.js';
import type { FileStorage } from './file-storage.js';
import type { FileAddresses, Notifier } from './ports.js';
import type { LinkDrivers } from './data-links.js';
import type { AppMetrics } from './metrics.js';
import type { JobEngine } from './jobs.js';
import type { TaskTypeRegistry } from './task-types.js';

/** What feature modules are built from; one instance per app. */
export interface AppDeps {
  config: AppConfig;
  db: Kysely<Database>;
  tokens: TokenService;
  sessions: SessionGuard;
  grants: GrantService;
  catalog: ModuleCatalog;
  columns: ColumnPolicy;
  dataScopes: DataScopeService;
  sms: SmsProvider;
  /** Messages: notify users, message centre, push hub. */
  messages: Notifier;
  /** Uploaded bytes: local disk or S3-compatible. */
  storage: FileStorage;
  /** Signed file addresses and preview kinds. */
  fileLinks: FileAddresses;
  /** Which engine the platform database is (PGlite cannot interrupt a running statement). */
  dbKind: 'pglite' | 'postgres';
  /** Database-link drivers and pools. */
  links: LinkDrivers;
  /** Prometheus metrics of this app (GET /api/metrics). */
  metrics: AppMetrics;
  log: FastifyBaseLogger;
  /** Background jobs on the platform database, once across processes (core/jobs.ts). */
  jobs: JobEngine;
  /** The scheduled-task kinds the modules register. */
  taskTypes: TaskTypeRegistry;
  /** The embedded database's data directory as a gzip tarball; null on PostgreSQL (use pg_dump). */
  dumpDataDir: (() => Promise<Buffer>) | null;
}

/** The signed-in caller, as every service receives it. */
export interface AuthContext {
  userId: string;
  tenantId: string;
  sessionId: string;
  account: string;
}
