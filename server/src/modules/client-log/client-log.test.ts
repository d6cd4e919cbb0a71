import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const entry = (message: string, type = 'error') => ({ url: '/wel/index', time: '2026-11-23 10:00:00', type, message, stack: 'at x', info: '' });

describe('client logs', () => {
  it('any user reports; the administrator lists, filters and clears', async () => {
    const staff = await t.login('zhangsan');
    const admin = await t.login('admin');
    expect((await t.send('POST', '/api/log/client', [entry('boom'), entry('slow', 'warn')], staff)).json()).toMatchObject({ code: 0, msg: '日志已上报' });
    const page = (await t.get('/api/log/client?limit=1&size=10', admin)).json().data;
    expect(page.Total).toBe(2);
    expect(page.Rows[0]).toMatchObject({ F_Account: 'zhangsan', F_Url: '/wel/index' });
    expect((await t.get('/api/log/client?type=warn', admin)).json().data.Rows.map((r: { F_Message: string }) => r.F_Message)).toEqual(['slow']);
    expect((await t.get('/api/log/client?keyword=BOO', admin)).json().data.Total).toBe(1);
    expect((await t.get('/api/log/client?keyword=%25', admin)).json().data.Total).toBe(0);
    expect((await t.send('DELETE', '/api/log/client', undefined, admin)).json()).toMatchObject({ code: 0, data: { deleted: 2 } });
    expect((await t.get('/api/log/client', admin)).json().data.Total).toBe(0);
  });

  it('refuses an empty or oversized list and stores nothing', async () => {
    const staff = await t.login('zhangsan');
    const admin = await t.login('admin');
    expect((await t.send('POST', '/api/log/client', [], staff)).statusCode).toBe(400);
    expect(
      (
        await t.send(
          'POST',
          '/api/log/client',
          Array.from({ length: 201 }, () => entry('x')),
          staff,
        )
      ).statusCode,
    ).toBe(400);
    expect((await t.send('POST', '/api/log/client', [{ ...entry('x'), message: 5 }], staff)).json().msg).toContain('message');
    expect((await t.get('/api/log/client', admin)).json().data.Total).toBe(0);
  });
});
