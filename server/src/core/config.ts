import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SmsProvider } from './sms.js';

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
  smsProvider?: SmsProvider;
  /** Where uploaded bytes live (issue 6, docs/files-design.md). */
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
  /** User-written SQL through a link (issue 7): statement time-out, row cap, PGlite cost guard. */
  sql: { timeoutMs: number; maxRows: number; maxCost: number };
  /**
   * Hosts or CIDRs a database link / an interface may reach although they are loopback, link-local or metadata
   * addresses (LINK_ALLOWED_HOSTS, INTERFACE_ALLOWED_HOSTS; comma-separated).
   */
  linkAllowedHosts: string[];
  interfaceAllowedHosts: string[];
  /** Fire due workflow timers in the background (default true); tests turn it off and fire timers by hand. */
  workflowTimers?: boolean;
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

function hostList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((h) => h.trim()).filter(Boolean);
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
    tokenRefreshSeconds: Math.min(
      positiveInt(env.TOKEN_REFRESH_SECONDS, 30 * 60, 'TOKEN_REFRESH_SECONDS'),
      Math.max(1, accessTokenSeconds - 60),
    ),
    sessionSeconds: positiveInt(env.SESSION_SECONDS, 7 * 24 * 3600, 'SESSION_SECONDS'),
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : null,
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    storage: storageConfig(env, dataDir),
    uploadMaxBytes: positiveInt(env.UPLOAD_MAX_BYTES, 2 * 1024 ** 3, 'UPLOAD_MAX_BYTES'),
    officePreviewUrl: env.OFFICE_PREVIEW_URL || null,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    sql: {
      timeoutMs: positiveInt(env.SQL_TIMEOUT_MS, 10_000, 'SQL_TIMEOUT_MS'),
      maxRows: positiveInt(env.SQL_MAX_ROWS, 1000, 'SQL_MAX_ROWS'),
      maxCost: positiveInt(env.SQL_MAX_COST, 50_000, 'SQL_MAX_COST'),
    },
    linkAllowedHosts: hostList(env.LINK_ALLOWED_HOSTS),
    interfaceAllowedHosts: hostList(env.INTERFACE_ALLOWED_HOSTS),
    workflowTimers: env.WORKFLOW_TIMERS !== 'false',
  };
}

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
    storage: { driver: 'local', root: mkdtempSync(path.join(tmpdir(), 'files-')) },
    uploadMaxBytes: 2 * 1024 ** 3,
    officePreviewUrl: null,
    publicUrl: null,
    sql: { timeoutMs: 10_000, maxRows: 1000, maxCost: 1_000_000 },
    linkAllowedHosts: ['127.0.0.1', '::1', 'localhost'],
    interfaceAllowedHosts: ['127.0.0.1', '::1', 'localhost'],
    workflowTimers: false,
    ...overrides,
  };
}
