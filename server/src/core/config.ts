import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SmsProvider } from './sms.js';
import type { RequestLimit } from './rate-limit.js';

export interface AppConfig {
  port: number;
  host: string;
  /** Where PGlite keeps its files and where generated secrets live. `null` keeps everything in memory (tests). */
  dataDir: string | null;
  databaseUrl: string | null;
  jwtSecret: Uint8Array;
  /** Password of the demo accounts created on first start; generated when not configured. */
  adminPassword: string | null;
  /** Lifetime of an access token. */
  accessTokenSeconds: number;
  /** Age at which the web client asks for a new token (spec 4, token refresh); below accessTokenSeconds. */
  tokenRefreshSeconds: number;
  /** Lifetime of a sign-in session (refresh token). */
  sessionSeconds: number;
  /** Built web app to serve, or null to serve the API only. */
  webDist: string | null;
  logLevel: string;
  seedDemoData: boolean;
  /**
   * On the start that created the demo data, also fill the product through its own API (server/src/db/demo-showcase.ts):
   * more users, published forms and processes, instances in every state, news, notices, stamps, code rules,
   * dictionaries. On with the demo data (SEED_DEMO_DATA not 'false') unless SEED_SHOWCASE=false; off in tests.
   */
  seedShowcase: boolean;
  smsProvider?: SmsProvider;
  /** Where uploaded bytes live (docs/files-design.md). */
  storage: StorageConfig;
  /** Hard cap of one uploaded file in bytes, whatever the purpose (UPLOAD_MAX_BYTES, default 2 GiB). */
  uploadMaxBytes: number;
  /**
   * External Office document viewer, with {url} replaced by the file's absolute, encoded address
   * (OFFICE_PREVIEW_URL, e.g. https://viewer.example.com/onlinePreview?url={url}); null = '暂不支持预览！'.
   */
  officePreviewUrl: string | null;
  /** Absolute address of this server as outside viewers reach it (PUBLIC_URL); null = taken from the request. */
  publicUrl: string | null;
  /** User-written SQL through a link: statement time-out, row cap, PGlite cost guard. */
  sql: { timeoutMs: number; maxRows: number; maxCost: number };
  /**
   * Hosts or CIDRs a database link / an interface may reach although they are loopback, link-local or metadata
   * addresses (LINK_ALLOWED_HOSTS, INTERFACE_ALLOWED_HOSTS; comma-separated).
   */
  linkAllowedHosts: string[];
  interfaceAllowedHosts: string[];
  /**
   * Proxies in front of the server whose X-Forwarded-For is believed (TRUST_PROXY: `true` for any, or
   * comma-separated addresses/CIDRs of the proxies). Without it every client behind a reverse proxy has the proxy's address,
   * and the per-address limits below would throttle and refuse them all together.
   */
  trustProxy: boolean | string[];
  /** Requests per source address and overall, answered 429 beyond (docs/security-hardening.md, "Sign-in"). */
  rateLimits: { signIn: RequestLimit; sms: RequestLimit; export: RequestLimit; query: RequestLimit; pdf: RequestLimit; clue: RequestLimit };
  /**
   * Wrong passwords within `windowMinutes`: `perSource` from one address for one account refuse that address for
   * that account; `perAccount` from all addresses slow every sign-in of the account down by `slowDownMs`.
   */
  signInFailures: { perSource: number; perAccount: number; windowMinutes: number; slowDownMs: number };
  /**
   * Bearer token GET /api/metrics requires (METRICS_TOKEN); null = the metrics answer only direct loopback callers
   * (docs/security-hardening.md, "Health and metrics").
   */
  metricsToken: string | null;
  /** Fire due workflow timers in the background (default true); tests turn it off and fire timers by hand. */
  workflowTimers?: boolean;
  /**
   * Background jobs (scheduled tasks) run in this process: workers poll the queue and the planner queues due
   * schedules (BACKGROUND_JOBS, default true). Tests turn it off and run jobs by hand. JOB_POLL_MS sets how often an
   * idle worker asks for a job (default 500), JOB_MAINTENANCE_SECONDS how often expired leases are handed out again.
   */
  backgroundJobs?: boolean;
  /** Jobs one process runs at the same time (JOB_WORKERS; default 2 on PGlite, 8 on PostgreSQL). */
  jobWorkers?: number;
  jobPollMs?: number;
  jobMaintenanceSeconds?: number;
  /**
   * Tests only: how long the workflow engine's task-handle sleeps just before its commit (WF_TEST_PAUSE_BEFORE_COMMIT_MS),
   * so a crash test can kill a process with the transaction open. Absent or 0: no pause.
   */
  workflowPauseBeforeCommitMs?: number;
  /** IANA time zone of the users' calendar days, e.g. in process instance names (TIME_ZONE, default Asia/Shanghai). */
  timeZone?: string;
  /** Sees every SQL statement (benchmarks print query plans with it). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

export type StorageConfig =
  | { driver: 'local'; root: string }
  | {
      driver: 's3';
      endpoint: string | null;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** Path-style addressing (http://host/bucket/key), needed by most self-hosted S3-compatible servers. */
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

function timeZone(value: string | undefined): string {
  const zone = value || 'Asia/Shanghai';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new ConfigError(`TIME_ZONE must be an IANA time zone such as Asia/Shanghai, got ${zone}`);
  }
  return zone;
}

function hostList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
}

/** STORAGE_DRIVER=s3 with S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE. */
function storageConfig(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const driver = env.STORAGE_DRIVER ?? 'local';
  if (driver === 'local') return { driver, root: path.resolve(env.STORAGE_ROOT ?? path.join(dataDir, 'files')) };
  if (driver !== 's3') throw new ConfigError('STORAGE_DRIVER must be local or s3');
  if (!env.S3_BUCKET) throw new ConfigError('S3_BUCKET is required when STORAGE_DRIVER=s3');
  return {
    driver,
    endpoint: env.S3_ENDPOINT || null,
    region: env.S3_REGION ?? 'us-east-1',
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
  };
}

const MIN_SECRET_BYTES = 32;

export function checkJwtSecret(secret: Uint8Array): Uint8Array {
  if (secret.byteLength < MIN_SECRET_BYTES) {
    throw new ConfigError(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes (got ${secret.byteLength})`);
  }
  return secret;
}

/** The JWT secret comes from JWT_SECRET, or is generated once and kept in DATA_DIR so tokens survive restarts. */
function resolveJwtSecret(env: NodeJS.ProcessEnv, dataDir: string | null): Uint8Array {
  if (env.JWT_SECRET !== undefined) return checkJwtSecret(new TextEncoder().encode(env.JWT_SECRET));
  if (!dataDir) return randomBytes(48);
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
  return checkJwtSecret(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive integer`);
  return n;
}

/** TRUST_PROXY: unset = trust no proxy, `true` = any, or a comma-separated list of the proxies' addresses/CIDRs. */
function trustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return hostList(value);
}

/** `limit` per source and overall in one window, each overridable by its own variable. */
function requestLimit(env: NodeJS.ProcessEnv, name: string, windowSeconds: number, perSource: number, overall: number): RequestLimit {
  return {
    perSource: { limit: positiveInt(env[`${name}_PER_SOURCE`], perSource, `${name}_PER_SOURCE`), windowSeconds },
    overall: { limit: positiveInt(env[`${name}_OVERALL`], overall, `${name}_OVERALL`), windowSeconds },
  };
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const accessTokenSeconds = positiveInt(env.ACCESS_TOKEN_SECONDS, 2 * 3600, 'ACCESS_TOKEN_SECONDS');
  const webDist = env.WEB_DIST ?? path.join(repoRoot, 'web', 'dist');
  return {
    port: positiveInt(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret: resolveJwtSecret(env, dataDir),
    adminPassword: env.ADMIN_PASSWORD || null,
    accessTokenSeconds,
    tokenRefreshSeconds: Math.min(positiveInt(env.TOKEN_REFRESH_SECONDS, 30 * 60, 'TOKEN_REFRESH_SECONDS'), Math.max(1, accessTokenSeconds - 60)),
    sessionSeconds: positiveInt(env.SESSION_SECONDS, 7 * 24 * 3600, 'SESSION_SECONDS'),
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : null,
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    seedShowcase: env.SEED_DEMO_DATA !== 'false' && env.SEED_SHOWCASE !== 'false',
    storage: storageConfig(env, dataDir),
    uploadMaxBytes: positiveInt(env.UPLOAD_MAX_BYTES, 2 * 1024 ** 3, 'UPLOAD_MAX_BYTES'),
    officePreviewUrl: env.OFFICE_PREVIEW_URL || null,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    sql: {
      timeoutMs: positiveInt(env.SQL_TIMEOUT_MS, 10_000, 'SQL_TIMEOUT_MS'),
      maxRows: positiveInt(env.SQL_MAX_ROWS, 1000, 'SQL_MAX_ROWS'),
      maxCost: positiveInt(env.SQL_MAX_COST, 10_000, 'SQL_MAX_COST'),
    },
    linkAllowedHosts: hostList(env.LINK_ALLOWED_HOSTS),
    interfaceAllowedHosts: hostList(env.INTERFACE_ALLOWED_HOSTS),
    workflowTimers: env.WORKFLOW_TIMERS !== 'false',
    backgroundJobs: env.BACKGROUND_JOBS !== 'false',
    jobWorkers: env.JOB_WORKERS ? positiveInt(env.JOB_WORKERS, 8, 'JOB_WORKERS') : undefined,
    jobPollMs: positiveInt(env.JOB_POLL_MS, 500, 'JOB_POLL_MS'),
    jobMaintenanceSeconds: positiveInt(env.JOB_MAINTENANCE_SECONDS, 5, 'JOB_MAINTENANCE_SECONDS'),
    timeZone: timeZone(env.TIME_ZONE),
    workflowPauseBeforeCommitMs: Number(env.WF_TEST_PAUSE_BEFORE_COMMIT_MS ?? 0),
    metricsToken: env.METRICS_TOKEN || null,
    trustProxy: trustProxy(env.TRUST_PROXY),
    // Per source generous enough for an office behind one NAT address; overall about what scrypt allows on two cores.
    rateLimits: {
      signIn: requestLimit(env, 'RATE_SIGNIN', 60, 60, 600),
      sms: requestLimit(env, 'RATE_SMS', 3600, 30, 600),
      export: requestLimit(env, 'RATE_EXPORT', 60, 30, 120),
      // Expensive reads: SQL typed into the query console, and PDFs rendered by the server's Chromium.
      query: requestLimit(env, 'RATE_QUERY', 60, 120, 600),
      pdf: requestLimit(env, 'RATE_PDF', 60, 20, 60),
      // Leads left on the sign-in page (public): a person leaves one or two, a script is stopped early.
      clue: requestLimit(env, 'RATE_CLUE', 3600, 10, 300),
    },
    signInFailures: {
      perSource: positiveInt(env.LOGIN_MAX_FAILURES, 5, 'LOGIN_MAX_FAILURES'),
      perAccount: positiveInt(env.LOGIN_ACCOUNT_MAX_FAILURES, 50, 'LOGIN_ACCOUNT_MAX_FAILURES'),
      windowMinutes: positiveInt(env.LOGIN_FAILURE_MINUTES, 15, 'LOGIN_FAILURE_MINUTES'),
      slowDownMs: positiveInt(env.LOGIN_SLOW_DOWN_MS, 2000, 'LOGIN_SLOW_DOWN_MS'),
    },
  };
}

/** Limits no test reaches by accident (the API tests sign in hundreds of times from one address). */
const GENEROUS: RequestLimit = { perSource: { limit: 1_000_000, windowSeconds: 60 }, overall: { limit: 1_000_000, windowSeconds: 60 } };

/** A configuration for tests: in-memory PGlite, fixed demo password, no web app. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    databaseUrl: null,
    jwtSecret: randomBytes(48),
    adminPassword: 'Admin@123456',
    accessTokenSeconds: 3600,
    tokenRefreshSeconds: 1800,
    sessionSeconds: 7 * 24 * 3600,
    webDist: null,
    logLevel: 'silent',
    seedDemoData: true,
    seedShowcase: false,
    storage: { driver: 'local', root: mkdtempSync(path.join(tmpdir(), 'files-')) },
    uploadMaxBytes: 2 * 1024 ** 3,
    officePreviewUrl: null,
    publicUrl: null,
    sql: { timeoutMs: 10_000, maxRows: 1000, maxCost: 1_000_000 },
    linkAllowedHosts: ['127.0.0.1', '::1', 'localhost'],
    interfaceAllowedHosts: ['127.0.0.1', '::1', 'localhost'],
    workflowTimers: false,
    backgroundJobs: false,
    timeZone: 'Asia/Shanghai',
    metricsToken: null,
    trustProxy: false,
    rateLimits: { signIn: GENEROUS, sms: GENEROUS, export: GENEROUS, query: GENEROUS, pdf: GENEROUS, clue: GENEROUS },
    signInFailures: { perSource: 5, perAccount: 50, windowMinutes: 15, slowDownMs: 2000 },
    ...overrides,
  };
}
