import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type DatabaseConnection } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { AppMetrics } from '../../core/metrics.js';
import type { Database } from '../../core/db/schema.js';
import { checkDatabase } from './health.checks.js';

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';

/** A Kysely whose connections never come (a hung database) or fail at once (a refused one). */
function brokenDatabase(acquire: () => Promise<DatabaseConnection>): Kysely<Database> {
  class BrokenDriver extends DummyDriver {
    override acquireConnection = acquire;
  }
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new BrokenDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** `name{labels} value` lines of one metric. */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe('health and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('live and ready answer 200 without a token, in the envelope', async () => {
    for (const url of ['/api/health/live', '/api/health/ready']) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ code: 0, success: true, data: { status: 'ok' } });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await t.get('/api/health/ready', undefined, { 'accept-language': 'en' })).json().msg).toBe('Service is up');
  });

  it('counts requests by matched route pattern and status, never by raw address', async () => {
    const token = await t.login('admin');
    const missingNews = 'no-such-news-4f1c9e';
    const strayPath = 'stray-address-7d2a51';
    expect((await t.get(`/api/news/${missingNews}`, token)).statusCode).toBe(404);
    expect((await t.get(`/api/news/${missingNews}-again`)).statusCode).toBe(401);
    // Three segments: two would reach the system-form route /api/:address/:primaryKey.
    expect((await t.get(`/api/${strayPath}/x/${missingNews}`, token)).statusCode).toBe(404);
    await t.get('/api/health/live');

    const res = await t.get('/api/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const requests = samples(text, 'http_requests_total');
    expect(requests).toContain('http_requests_total{method="POST",route="/api/login",status="200"} 1');
    expect(requests).toContain('http_requests_total{method="GET",route="/api/news/:id",status="404"} 1');
    expect(requests).toContain('http_requests_total{method="GET",route="/api/news/:id",status="401"} 1');
    expect(requests).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(samples(text, 'http_request_duration_seconds_count')).toContain('http_request_duration_seconds_count{method="GET",route="/api/news/:id"} 2');
    // No address or id reaches a label; probes and scrapes are not counted at all.
    expect(text).not.toContain(missingNews);
    expect(text).not.toContain(strayPath);
    expect(text).not.toContain('/api/health');
    expect(text).not.toContain('/api/metrics');
    // Process metrics, the platform database pool (PGlite: one connection) and the push streams.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(samples(text, 'db_pool_max_connections')).toEqual([`db_pool_max_connections ${t.database.kind === 'pglite' ? 1 : 10}`]);
    expect(samples(text, 'db_pool_waiting_requests')).toHaveLength(1);
    expect(samples(text, 'sse_clients')).toEqual(['sse_clients 0']);
    expect(text).toContain('# TYPE workflow_approvals_total counter');
  });

  it('without METRICS_TOKEN the metrics answer direct loopback callers only', async () => {
    expect((await t.app.inject({ url: '/api/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
    const remote = await t.app.inject({ url: '/api/metrics', remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 10403, success: false, data: null });
    // A reverse proxy on this machine forwards strangers from loopback: its header gives them away.
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      expect((await t.app.inject({ url: '/api/metrics', headers: { [header]: '203.0.113.9' } })).statusCode, header).toBe(403);
    }
    // A user's token is no metrics credential.
    expect(
      (await t.app.inject({ url: '/api/metrics', remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${await t.login('admin')}` } })).statusCode,
    ).toBe(403);
  });

  it('the health and metrics routes are absent from the OpenAPI document', async () => {
    const paths = Object.keys((await t.get('/api/docs/json')).json().paths as object);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((p) => p.includes('/health') || p.includes('/metrics'))).toEqual([]);
  });
});

describe('metrics token and readiness failures', () => {
  it('with METRICS_TOKEN the bearer token is required from anywhere; readiness is 503 once the database is gone', async () => {
    const t = await createTestApp({ metricsToken: METRICS_TOKEN });
    try {
      const scrape = (authorization?: string, remoteAddress = '10.1.2.3') =>
        t.app.inject({ url: '/api/metrics', remoteAddress, headers: authorization ? { authorization } : {} });
      for (const authorization of [undefined, 'Bearer wrong', `Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN]) {
        const res = await scrape(authorization, '127.0.0.1');
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.json()).toMatchObject({ code: 10401, success: false });
      }
      const res = await scrape(`Bearer ${METRICS_TOKEN}`);
      expect(res.statusCode).toBe(200);
      // This app's registry: the other app's sign-ins are not counted here.
      expect(samples(res.body, 'http_requests_total').filter((line) => line.includes('/api/login'))).toEqual([]);

      await t.database.close();
      const ready = await t.get('/api/health/ready', undefined, { 'accept-language': 'en' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        code: 10503,
        success: false,
        data: { status: 'unavailable', reason: 'database' },
        msg: 'The database does not answer; the service is unavailable',
        key: 'health.databaseDown',
      });
      // Liveness does not depend on the database: restarting the process would not bring it back.
      expect((await t.get('/api/health/live')).statusCode).toBe(200);
    } finally {
      // The database is already closed; closing it again on app close may complain.
      await t.close().catch(() => {});
    }
  });

  it('the readiness check fails within its time-out on a database that hangs, and at once on one that refuses', async () => {
    const hung = brokenDatabase(() => new Promise<DatabaseConnection>(() => {}));
    const started = Date.now();
    await expect(checkDatabase(hung, 100)).rejects.toThrow(/did not answer within 100 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
    const refused = brokenDatabase(() => Promise.reject(new Error('connection refused')));
    await expect(checkDatabase(refused, 5000)).rejects.toThrow(/connection refused/);
  });
});

describe('AppMetrics', () => {
  it('counts completed workflow actions only, reads gauges at scrape time, and keeps apps apart', async () => {
    let clients = 0;
    const source = { poolStats: () => ({ max: 10, open: 3, idle: 1, waiting: 2 }), sseClients: () => clients };
    const one = new AppMetrics(source);
    const other = new AppMetrics(source);
    one.workflowDone('create_process', { retCode: 0 });
    one.workflowDone('task_handle', { retCode: 0 });
    one.workflowDone('task_handle', { retCode: 0 });
    one.workflowDone('task_handle', { retCode: 1 });
    one.workflowDone('task_handle', { retCode: 2 });
    clients = 4;
    const text = await one.text();
    expect(samples(text, 'workflow_approvals_total')).toEqual([
      'workflow_approvals_total{action="create_process"} 1',
      'workflow_approvals_total{action="task_handle"} 2',
    ]);
    expect(samples(text, 'sse_clients')).toEqual(['sse_clients 4']);
    expect(samples(text, 'db_pool_open_connections')).toEqual(['db_pool_open_connections 3']);
    expect(samples(text, 'db_pool_idle_connections')).toEqual(['db_pool_idle_connections 1']);
    expect(samples(text, 'db_pool_waiting_requests')).toEqual(['db_pool_waiting_requests 2']);
    expect(samples(await other.text(), 'workflow_approvals_total')).toEqual([]);
  });
});
