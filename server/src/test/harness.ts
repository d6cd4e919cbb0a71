import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuiltApp } from '../app.js';
import { testConfig, type AppConfig } from '../core/config.js';
import { md5Hex } from '../core/auth/password.js';
import type { SmsProvider } from '../core/sms.js';

export const DEMO_PASSWORD = 'Admin@123456';

export interface TestApp extends BuiltApp {
  sms: { phone: string; code: string }[];
  /** Signs in and returns the access token. */
  login(account: string, password?: string, lang?: string): Promise<string>;
  loginResult(account: string, password?: string): Promise<LightMyRequestResponse>;
  /** A sign-in from a given source address, answered in the given language. */
  loginFrom(ip: string, account: string, password?: string, lang?: string): Promise<LightMyRequestResponse>;
  get(url: string, token?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  send(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database per test app: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the API tests both ways).
 */
async function freshDatabaseUrl(): Promise<{ url: string | null; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { url: null, drop: async () => {} };
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}, beforeReady: (app: BuiltApp['app']) => void = () => {}): Promise<TestApp> {
  const sms: { phone: string; code: string }[] = [];
  const smsProvider: SmsProvider = { sendLoginCode: async (phone, code) => void sms.push({ phone, code }) };
  const database = await freshDatabaseUrl();
  const built = await buildApp(testConfig({ smsProvider, databaseUrl: database.url, ...overrides }));
  beforeReady(built.app);
  await built.app.ready();
  const { app } = built;

  const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  const testApp: TestApp = {
    ...built,
    sms,
    loginResult: (account, password = DEMO_PASSWORD) =>
      app.inject({ method: 'POST', url: '/api/login', payload: { account, password: md5Hex(password), code: '' } }),
    loginFrom: (ip, account, password = DEMO_PASSWORD, lang = 'zh-CN') =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip,
        headers: { 'accept-language': lang },
        payload: { account, password: md5Hex(password), code: '' },
      }),
    async login(account, password = DEMO_PASSWORD) {
      const res = await testApp.loginResult(account, password);
      const body = res.json();
      if (body.code !== 0) throw new Error(`login ${account} failed: ${body.msg}`);
      return body.data.Token as string;
    },
    get: (url, token, headers = {}) => app.inject({ method: 'GET', url, headers: { ...auth(token), ...headers } }),
    send: (method, url, body, token, headers = {}) =>
      app.inject({ method, url, headers: { ...auth(token), ...headers }, ...(body === undefined ? {} : { payload: body as object }) }),
    async close() {
      await app.close();
      await database.drop();
    },
  };
  return testApp;
}
