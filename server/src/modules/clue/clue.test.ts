import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let staff: string;

// Small per-source limit so a few requests reach it; the rest of the suite runs with generous limits.
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      ...(await import('../../core/config.js')).testConfig().rateLimits,
      clue: { perSource: { limit: 3, windowSeconds: 3600 }, overall: { limit: 1000, windowSeconds: 3600 } },
    },
  });
  [admin, staff] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
  await t.deps.db.insertInto('tenants').values({ id: 'tc2', code: 'acme', name: 'Acme' }).execute();
});
afterAll(() => t.close());

let nextIp = 1;
/** Each call from its own address unless told, so the per-source limit is only met where the test wants it. */
const addClue = (body: Record<string, unknown>, { ip = `10.20.0.${nextIp++}`, lang = 'zh-CN' } = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login/add-clue', remoteAddress: ip, headers: { 'accept-language': lang }, payload: body });

describe('POST /api/login/add-clue (public)', () => {
  it('stores a lead without signing in, in the default tenant; the administrator lists, marks and deletes it', async () => {
    const res = await addClue({ name: '王小明', phone: '138 0000 0000', email: 'wang@example.com', company: '小明科技', message: '想了解审批流程' });
    expect(res.json()).toMatchObject({ code: 0, success: true, msg: '提交成功，我们会尽快与您联系' });
    const id = res.json().data.F_Id as string;
    const row = await t.deps.db.selectFrom('clues').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: 'default', name: '王小明', phone: '138 0000 0000', handled: 0 });

    const list = (await t.get('/api/clue?keyword=小明&limit=1&size=10', admin)).json();
    expect(list).toMatchObject({
      code: 0,
      data: { Total: 1, Rows: [{ F_Id: id, F_Name: '王小明', F_Company: '小明科技', F_Handled: 0, F_HandledUserName: null }] },
    });
    expect((await t.get('/api/clue?handled=1', admin)).json().data.Total).toBe(0);

    expect((await t.send('PUT', `/api/clue/${id}/handled`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '已标记为已处理' });
    const handled = (await t.get('/api/clue?handled=1', admin)).json().data;
    expect(handled).toMatchObject({ Total: 1, Rows: [{ F_Id: id, F_Handled: 1, F_HandledUserName: '系统管理员' }] });
    expect(handled.Rows[0].F_HandledDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    expect((await t.send('DELETE', `/api/clue/${id}`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await t.send('DELETE', `/api/clue/${id}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.send('PUT', `/api/clue/${id}/handled`, undefined, admin)).statusCode).toBe(404);
  });

  it('filters by time range', async () => {
    await addClue({ name: '时间筛选', email: 'time@example.com' });
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    expect((await t.get(`/api/clue?keyword=时间筛选&startTime=${today}&endTime=${today}`, admin)).json().data.Total).toBe(1);
    expect((await t.get('/api/clue?keyword=时间筛选&startTime=2000-01-01&endTime=2000-01-02', admin)).json().data.Total).toBe(0);
    expect((await t.get('/api/clue?startTime=yesterday', admin)).statusCode).toBe(400);
  });

  it('goes to the tenant the sign-in page names by its code; an unknown code is refused', async () => {
    const id = (await addClue({ name: 'Acme lead', email: 'lead@acme.test', code: 'acme' })).json().data.F_Id;
    expect((await t.deps.db.selectFrom('clues').select('tenant_id').where('id', '=', id).executeTakeFirstOrThrow()).tenant_id).toBe('tc2');
    // Not in the default tenant's list.
    expect((await t.get('/api/clue?keyword=Acme', admin)).json().data.Total).toBe(0);
    const unknown = await addClue({ name: 'x', email: 'x@x.test', code: 'nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it('validates lengths and formats, answering in zh or en', async () => {
    const zh = await addClue({ name: '', phone: 'abc' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toContain('请填写姓名');
    expect(zh.json().msg).toContain('请填写正确的电话号码');
    const en = await addClue({ name: 'x'.repeat(51), email: 'not-an-email' }, { lang: 'en' });
    expect(en.json().msg).toContain('Enter your name (at most 50 characters)');
    expect(en.json().msg).toContain('Enter a valid e-mail address');
    const neither = await addClue({ name: 'Only a name' }, { lang: 'en' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().msg).toContain('Enter a phone number or an e-mail address');
    expect((await addClue({ name: 'Long', email: 'a@b.cn', message: 'm'.repeat(1001) })).json().msg).toContain('留言不能超过 1000 个字');
    expect(await t.deps.db.selectFrom('clues').select('id').where('name', 'in', ['Only a name', 'Long']).execute()).toHaveLength(0);
  });

  it('is rate-limited per source address (429 with Retry-After); another address still gets through', async () => {
    const ip = '10.21.0.1';
    for (let i = 0; i < 3; i++) expect((await addClue({ name: `限流${i}`, email: 'r@example.com' }, { ip })).json().code).toBe(0);
    const refused = await addClue({ name: '限流3', email: 'r@example.com' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await addClue({ name: '别处', email: 'r@example.com' }, { ip: '10.21.0.2' })).json().code).toBe(0);
  });

  it('the list and its buttons need the clue permissions', async () => {
    expect((await t.get('/api/clue', staff)).statusCode).toBe(403);
    expect((await t.send('PUT', '/api/clue/x/handled', undefined, staff)).statusCode).toBe(403);
    expect((await t.send('DELETE', '/api/clue/x', undefined, staff)).statusCode).toBe(403);
    expect((await t.get('/api/clue')).statusCode).toBe(401);
  });
});
