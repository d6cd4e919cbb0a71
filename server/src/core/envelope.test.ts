import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalErrorKeys } from '@app/contracts';
import { createTestApp, type TestApp } from '../test/harness.js';
import { AppError } from './errors.js';
import { catalogs } from './i18n/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('envelope and errors', () => {
  it('unknown /api routes answer a 404 envelope', async () => {
    const res = await t.get('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 10404, success: false, data: null, msg: '接口不存在：GET /api/does-not-exist', key: 'error.notFound' });
  });

  it('unexpected errors answer a 500 envelope with the request id, not the error', async () => {
    const built = await createTestApp({}, (app) => {
      app.get('/api/test/crash', { config: { public: true } }, async () => {
        throw new Error('secret internal detail');
      });
    });
    const res = await built.get('/api/test/crash');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ code: 10500, success: false, data: null });
    expect(body.msg).toContain(res.headers['request-id'] ?? '');
    expect(body.msg).not.toContain('secret');
    expect(body.msg).toMatch(/请求编号 [0-9a-f-]{36}/);
    await built.close();
  });

  it('a failure carries the stable key of its message: general, validation and feature errors alike', async () => {
    const built = await createTestApp({}, (app) => {
      app.get('/api/test/feature-error', { config: { public: true } }, async () => {
        throw new AppError('workflow.instanceSuspended', {}, 409);
      });
    });
    const feature = (await built.get('/api/test/feature-error')).json();
    expect(feature).toMatchObject({ code: 10409, success: false, key: 'workflow.instanceSuspended', msg: '流程已挂起，暂不能处理' });
    const validation = (await built.send('POST', '/api/login', { account: 1 })).json();
    expect(validation).toMatchObject({ code: 10400, key: 'error.validation' });
    const unauthorized = (await built.get('/api/modules/vue')).json();
    expect(unauthorized).toMatchObject({ code: 10401, key: 'error.unauthorized' });
    // A success has no key.
    expect(Object.keys((await built.get('/api/health/live')).json())).not.toContain('key');
    await built.close();
  });

  it('the general error keys of the contract are exactly the error.* keys of the catalogue', () => {
    expect(
      Object.keys(catalogs['zh-CN'])
        .filter((k) => k.startsWith('error.'))
        .sort(),
    ).toEqual([...generalErrorKeys].sort());
  });

  it('serves the OpenAPI document at /api/docs without a token', async () => {
    const res = await t.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3/);
    expect(Object.keys(doc.paths)).toContain('/api/login');
    expect(Object.keys(doc.paths)).toContain('/api/modules/vue');
    expect(doc.paths['/api/login'].post.requestBody).toBeDefined();
  });

  it('without a built web app, non-API paths answer the 404 envelope', async () => {
    expect((await t.get('/wel/index')).statusCode).toBe(404);
  });
});
