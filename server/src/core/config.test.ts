import { describe, expect, it } from 'vitest';
import { ConfigError, checkJwtSecret, loadConfig, testConfig } from './config.js';
import { buildApp } from '../app.js';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

describe('configuration', () => {
  it('refuses a JWT secret under 32 bytes', () => {
    expect(() => checkJwtSecret(new TextEncoder().encode('short-secret'))).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(31), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')) })).toThrow(/at least 32 bytes/);
    expect(checkJwtSecret(new Uint8Array(32)).byteLength).toBe(32);
  });

  it('the server refuses to start with a short secret', async () => {
    await expect(buildApp(testConfig({ jwtSecret: new Uint8Array(16) }))).rejects.toThrow(/at least 32 bytes/);
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(Buffer.from(first.jwtSecret).equals(Buffer.from(second.jwtSecret))).toBe(true);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').length).toBeGreaterThan(40);
    expect(first.adminPassword).toBeNull();
  });

  it('rejects a malformed port', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')) })).toThrow(/PORT/);
  });

  it('reads TIME_ZONE, Asia/Shanghai by default, and refuses a zone that does not exist', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dataDir }).timeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ DATA_DIR: dataDir, TIME_ZONE: 'Europe/Berlin' }).timeZone).toBe('Europe/Berlin');
    expect(() => loadConfig({ DATA_DIR: dataDir, TIME_ZONE: 'Mars/Olympus' })).toThrow(/TIME_ZONE/);
  });

  it('reads the sign-in limits and trusted proxies, with defaults, and refuses nonsense', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect(defaults.trustProxy).toBe(false);
    expect(defaults.signInFailures).toEqual({ perSource: 5, perAccount: 50, windowMinutes: 15, slowDownMs: 2000 });
    expect(defaults.rateLimits.signIn).toEqual({ perSource: { limit: 60, windowSeconds: 60 }, overall: { limit: 600, windowSeconds: 60 } });
    const set = loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16', RATE_SMS_PER_SOURCE: '3', LOGIN_MAX_FAILURES: '8' });
    expect(set.trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(set.rateLimits.sms.perSource.limit).toBe(3);
    expect(set.signInFailures.perSource).toBe(8);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir, RATE_SIGNIN_OVERALL: '0' })).toThrow(/RATE_SIGNIN_OVERALL/);
    // Leads left on the sign-in page: 10 per address and 300 in all per hour, both settable.
    expect(defaults.rateLimits.clue).toEqual({ perSource: { limit: 10, windowSeconds: 3600 }, overall: { limit: 300, windowSeconds: 3600 } });
    expect(loadConfig({ DATA_DIR: dataDir, RATE_CLUE_PER_SOURCE: '2', RATE_CLUE_OVERALL: '50' }).rateLimits.clue).toEqual({
      perSource: { limit: 2, windowSeconds: 3600 },
      overall: { limit: 50, windowSeconds: 3600 },
    });
  });
});
