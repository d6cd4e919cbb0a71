import Fastify, { LogController, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { serializerCompiler } from './core/serializer.js';
import type { AppConfig } from './core/config.js';
import { checkJwtSecret } from './core/config.js';
import { connectDatabase, type DatabaseHandle } from './core/db/connect.js';
import { schedulePgliteMaintenance } from './core/db/maintenance.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoDataIfEmpty } from './db/seed.js';
import { seedShowcase } from './db/demo-showcase.js';
import { createFileStorage } from './modules/files/storage-factory.js';
import { FileLinks } from './modules/files/file-links.js';
import { LinkDriverRegistry } from './modules/database-link/link-drivers.js';
import { registerErrorHandling, notFoundEnvelope, frameworkErrorEnvelope, clientErrorEnvelope } from './core/envelope.js';
import { registerInputGuard } from './core/input-guard.js';
import { registerAuth } from './core/auth/plugin.js';
import { registerRequestLog } from './core/request-log.js';
import { AppMetrics, registerRequestMetrics } from './core/metrics.js';
import { registerSecurityHeaders } from './core/security-headers.js';
import { CONNECTION_TIMEOUTS, registerUnreadBodyClose } from './core/connections.js';
import { registerOpenApi } from './core/openapi.js';
import { registerWebApp } from './core/web-app.js';
import { registerCompression } from './core/compression.js';
import { TokenService } from './core/auth/tokens.js';
import { SessionGuard } from './core/auth/session-guard.js';
import { GrantService } from './core/auth/grants.js';
import { ModuleCatalog } from './core/auth/module-catalog.js';
import { ColumnPolicy } from './core/auth/columns.js';
import { DataScopeService } from './core/auth/data-scope.js';
import { logSmsProvider } from './core/sms.js';
import type { AppDeps } from './core/deps.js';
import { JobEngine } from './core/jobs.js';
import type { RegisteredTaskType } from './core/task-types.js';
import type { TaskType } from '@app/contracts';
import { modules } from './modules/index.js';
import { generatePassword } from './core/auth/password.js';
import { MessageService } from './modules/message/message.service.js';
import { SystemLogWriter } from './modules/system-log/system-log.writer.js';
import { setExpressionTimeZone } from './modules/workflow/engine/expression.js';
import { DEFAULT_TIME_ZONE } from './core/time-zone.js';

/** A registered route as the security tests see it. */
export interface RouteInfo {
  method: string;
  url: string;
  isPublic: boolean;
  /** The button permission the route declares (`config.permission`). */
  permission: string | null;
  /** Which parts of the request the route validates with a schema. */
  schema: { params: boolean; querystring: boolean; body: boolean };
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: DatabaseHandle;
  /** Set when this start created the demo data with a generated password. */
  generatedPassword: string | null;
  /** Every registered route, for the tests that prove which ones are public and the security suite's tables. */
  routeTable: RouteInfo[];
}

/** Builds the whole server: database (migrated, seeded on first start), core plugins, then one line per feature. */
export async function buildApp(config: AppConfig): Promise<BuiltApp> {
  checkJwtSecret(config.jwtSecret);
  // Workflow conditions' today() / now() read the users' calendar.
  setExpressionTimeZone(config.timeZone ?? DEFAULT_TIME_ZONE);
  const app = Fastify({
    logger: { level: config.logLevel },
    // Our own request log line (with ModuleId) replaces Fastify's two lines per request.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    ...CONNECTION_TIMEOUTS,
    genReqId: () => crypto.randomUUID(),
    // request.ip is the client's address behind the configured proxies: the sign-in limits key on it.
    trustProxy: config.trustProxy,
    // Errors raised before any route runs answer the envelope as well.
    frameworkErrors: frameworkErrorEnvelope,
    clientErrorHandler: clientErrorEnvelope,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await connectDatabase({ ...config, onPoolError: (error) => app.log.warn({ err: error }, 'idle database connection lost') });
  await migrateToLatest(database.db);
  let generatedPassword: string | null = null;
  /** The demo password when this start created the demo data (the showcase signs in with it). */
  let seededWith: string | null = null;
  if (config.seedDemoData) {
    const password = config.adminPassword ?? generatePassword();
    if (await seedDemoDataIfEmpty(database.db, password)) {
      seededWith = password;
      if (!config.adminPassword) generatedPassword = password;
    }
  }

  const grants = new GrantService(database.db);
  const taskTypes = new Map<TaskType, RegisteredTaskType>();
  const messages = new MessageService(database.db, app.log);
  const deps: AppDeps = {
    config,
    db: database.db,
    tokens: new TokenService(config.jwtSecret, config.accessTokenSeconds),
    sessions: new SessionGuard(database.db),
    grants,
    catalog: new ModuleCatalog(database.db),
    columns: new ColumnPolicy(database.db, grants),
    dataScopes: new DataScopeService(database.db),
    sms: config.smsProvider ?? logSmsProvider(app.log),
    messages,
    storage: createFileStorage(config.storage),
    fileLinks: new FileLinks(config),
    dbKind: database.kind,
    links: new LinkDriverRegistry(database.db, database.kind, config),
    metrics: new AppMetrics({ poolStats: () => database.poolStats(), sseClients: () => messages.hub.connected }),
    log: app.log,
    jobs: new JobEngine(database.db, app.log, {
      background: config.backgroundJobs !== false,
      pollingSeconds: Math.max(0.5, (config.jobPollMs ?? 500) / 1000),
      maintenanceSeconds: config.jobMaintenanceSeconds ?? 5,
    }),
    taskTypes,
    dumpDataDir: database.dumpDataDir,
  };
  for (const module of modules) for (const type of module.taskTypes?.(deps) ?? []) taskTypes.set(type.key, type);

  const routeTable: BuiltApp['routeTable'] = [];
  app.addHook('onRoute', (route) => {
    const schema = { params: !!route.schema?.params, querystring: !!route.schema?.querystring, body: !!route.schema?.body };
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, isPublic: route.config?.public === true, permission: route.config?.permission ?? null, schema });
    }
  });

  const systemLog = new SystemLogWriter(database.db, app.log);
  registerErrorHandling(app, (request, error) => systemLog.exception(request, error));
  registerSecurityHeaders(app);
  // Before any route: the plugin attaches its hook to each route as it is added.
  await registerCompression(app);
  registerUnreadBodyClose(app);
  registerAuth(app, deps);
  registerInputGuard(app);
  registerRequestLog(app, (request, reply) => systemLog.operation(request, reply));
  registerRequestMetrics(app, deps.metrics);
  // Open push streams would keep the server from closing; log inserts still running finish first.
  app.addHook('preClose', async () => messages.hub.close());
  await app.register(formbody);
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      // Each module in its own plugin scope, so what one registers (multipart parsing, hooks) stays its own.
      for (const module of modules) {
        const routes = module.routes;
        if (routes) await api.register(async (scope) => routes(scope, deps));
      }
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDist, notFoundEnvelope);
  const stopMaintenance = schedulePgliteMaintenance(database, app.log);
  // Queue handlers are registered by the modules above; workers start once every route is in place.
  app.addHook('onReady', async () => deps.jobs.start());
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    stopMaintenance();
    await deps.links.closeAll();
    await systemLog.flush();
    await database.close();
  });
  if (config.seedShowcase && seededWith !== null) {
    // Through the app's own API, so every row is what the services and the engine make; a failure is logged only.
    await app.ready();
    try {
      await seedShowcase(app, database.db, seededWith);
    } catch (error) {
      app.log.error({ err: error }, 'demo showcase data could not be created');
    }
  }
  return { app, deps, database, generatedPassword, routeTable };
}
