import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  /** Sees every SQL statement (benchmarks print query plans with it). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

export class ConfigError extends Error {}

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
    ...overrides,
  };
}
