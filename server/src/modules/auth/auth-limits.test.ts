import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { testConfig } from '../../core/config.js';

// Small limits, so a few requests reach them; the other API tests run with generous ones (testConfig).
// The overall limit is the same mechanism for every route: the SMS send shows it.
const rule = (perSource: number, overall: number) => ({
  perSource: { limit: perSource, windowSeconds: 60 },
  overall: { limit: overall, windowSeconds: 60 },
});
// Long enough that a sign-in on a loaded CI machine is still clearly faster than a slowed-down one.
const SLOW_DOWN_MS = 2000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { signIn: rule(4, 1000), sms: rule(2, 3), export: rule(2, 100), query: rule(2, 100), pdf: rule(1, 100), clue: rule(2, 100) },
    signInFailures: { ...testConfig().signInFailures, perSource: 3, perAccount: 6, slowDownMs: SLOW_DOWN_MS },
  });
});
afterAll(() => t.close());

const loginFrom = (ip: string, account: string, password?: string, lang?: string) => t.loginFrom(ip, account, password, lang);

describe('per-account ceiling on wrong passwords', () => {
  it('slows down every sign-in of an account attacked from many addresses, but the right password still works', async () => {
    // Six wrong passwords from three addresses: none of them is refused (2 < 3 per address), the account reaches its ceiling.
    for (const ip of ['10.9.0.1', '10.9.0.2', '10.9.0.3']) {
      for (let i = 0; i < 2; i++) expect((await loginFrom(ip, 'admin', `wrong-${i}`)).statusCode).toBe(400);
    }
    const started = performance.now();
    const owner = await loginFrom('10.9.0.50', 'admin');
    expect(owner.json().code).toBe(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_DOWN_MS - 20);
    // Another account is not slowed down.
    const other = performance.now();
    expect((await loginFrom('10.9.0.51', 'wangwu')).json().code).toBe(0);
    expect(performance.now() - other).toBeLessThan(SLOW_DOWN_MS);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message once one address signs in too often, other addresses go on', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await loginFrom('10.8.0.1', 'zhangsan'));
    expect(answers.slice(0, 4).map((a) => a.json().code)).toEqual([0, 0, 0, 0]);
    const refused = answers[4]!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 10429, success: false, data: null });
    expect(refused.json().msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await loginFrom('10.8.0.1', 'zhangsan', DEMO_PASSWORD, 'en')).json().msg).toMatch(/^Too many requests, try again in \d+ seconds$/);
    // The SMS sign-in counts against the same budget.
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/login/phone',
      remoteAddress: '10.8.0.1',
      payload: { account: '13800000002', password: '123456' },
    });
    expect(phone.statusCode).toBe(429);
    expect((await loginFrom('10.8.0.2', 'zhangsan')).json().code).toBe(0);
  });

  it('limits SMS sends per address and overall, the same for any number', async () => {
    const send = (ip: string, phone: string) => t.app.inject({ method: 'GET', url: `/api/login/send/${phone}`, remoteAddress: ip });
    expect((await send('10.6.0.1', '13800000001')).statusCode).toBe(200);
    expect((await send('10.6.0.1', '13900000001')).statusCode).toBe(200);
    const refused = await send('10.6.0.1', '13800000003');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    expect((await send('10.6.0.2', '13900000002')).statusCode).toBe(200);
    // Three sends overall: a fresh address is refused too.
    expect((await send('10.6.0.3', '13900000003')).statusCode).toBe(429);
  });

  it('limits exports per address, before any work is done', async () => {
    const token = await t.login('admin');
    const exportFrom = (ip: string) =>
      t.app.inject({ method: 'GET', url: '/api/form-relation/no-such-list/export', remoteAddress: ip, headers: { authorization: `Bearer ${token}` } });
    expect((await exportFrom('10.5.0.1')).statusCode).toBe(404);
    expect((await exportFrom('10.5.0.1')).statusCode).toBe(404);
    const refused = await exportFrom('10.5.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 10429, success: false });
    expect((await exportFrom('10.5.0.2')).statusCode).toBe(404);
  });

  it('limits the expensive reads, typed SQL and server-rendered PDFs, per address before any work is done', async () => {
    const token = await t.login('admin');
    const from = (ip: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, remoteAddress: ip, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    const sql = (ip: string) => from(ip, 'GET', `/api/database-links/local/datas?sql=${encodeURIComponent('select 1 as one')}`);
    expect((await sql('10.6.0.1')).json().code).toBe(0);
    expect((await sql('10.6.0.1')).json().code).toBe(0);
    const refused = await sql('10.6.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await sql('10.6.0.2')).json().code).toBe(0);

    // The PDF route: the second request from one address is refused before its body is even looked at.
    expect((await from('10.6.0.3', 'POST', '/api/form-print/pdf', {})).statusCode).not.toBe(429);
    expect((await from('10.6.0.3', 'POST', '/api/form-print/pdf', {})).statusCode).toBe(429);
  });
});
