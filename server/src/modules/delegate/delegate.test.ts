import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newId } from '../../core/ids.js';
import { parseLocalTime } from '../../core/db/helpers.js';
import { activeDelegates } from './delegate.repository.js';

const EN = { 'accept-language': 'en' };

let t: TestApp;
let admin: string;
let zhangsan: string;
let lisi: string;
let wangwu: string;
let ids: Record<string, string>;
let tenantId: string;
let schemeA: string;
let schemeB: string;

async function scheme(code: string): Promise<string> {
  const id = newId();
  await t.deps.db
    .insertInto('wf_schemes')
    .values({ id, tenant_id: tenantId, code, name: `流程${code}`, auth_objects: '[]' })
    .execute();
  return id;
}

const body = (extra: Record<string, unknown> = {}) => ({
  F_DelegateUserId: ids.lisi,
  F_DelegateUserName: 'ignored',
  F_SchemeIds: [],
  F_StartTime: '2030-01-01 00:00:00',
  F_EndTime: '2030-01-10 00:00:00',
  F_EnabledMark: 1,
  F_Description: 'd',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhangsan, lisi, wangwu] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi'), t.login('wangwu')]);
  const users = await t.deps.db
    .selectFrom('users')
    .select(['id', 'account', 'tenant_id'])
    .where('account', 'in', ['admin', 'zhangsan', 'lisi', 'wangwu'])
    .execute();
  ids = Object.fromEntries(users.map((u) => [u.account, u.id]));
  tenantId = users.find((u) => u.account === 'zhangsan')!.tenant_id;
  schemeA = await scheme('A');
  schemeB = await scheme('B');
});
afterAll(() => t.close());

describe('delegation validation', () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ F_DelegateUserId: '' }, '请选择被委托人', 'Please choose the delegate'],
    [{ F_StartTime: '' }, '请选择委托的开始时间和结束时间', 'Please choose the start and end time of the delegation'],
    [{ F_EndTime: 'tomorrow' }, '时间格式不正确，应为 yyyy-MM-dd HH:mm:ss', 'Invalid time; expected yyyy-MM-dd HH:mm:ss'],
    [{ F_EndTime: '2030-01-01 00:00:00' }, '结束时间必须晚于开始时间', 'The end time must be after the start time'],
    [{ F_DelegateUserId: 'zhangsan-self' }, '不能委托给自己', 'You cannot delegate to yourself'],
    [{ F_DelegateUserId: 'nobody' }, '被委托人不存在或已停用', 'The delegate does not exist or is disabled'],
    [{ F_SchemeIds: ['nope'] }, '流程【nope】不存在', 'Process [nope] does not exist'],
  ];
  it.each(cases)('%j → %s', async (extra, zh, en) => {
    const payload = body(extra.F_DelegateUserId === 'zhangsan-self' ? { F_DelegateUserId: ids.zhangsan } : extra);
    expect((await t.send('POST', '/api/workflow-Delegate', payload, zhangsan)).json()).toMatchObject({ success: false, msg: zh });
    expect((await t.send('POST', '/api/workflow-Delegate', payload, zhangsan, EN)).json()).toMatchObject({ success: false, msg: en });
  });
});

describe('delegations', () => {
  it('add, list own, edit, addorupdate, delete; others do not see or change them', async () => {
    const res = await t.send(
      'POST',
      '/api/workflow-Delegate',
      body({ F_SchemeIds: [schemeA], F_StartTime: '2031-01-01 08:00:00', F_EndTime: '2031-01-02 18:00:00' }),
      zhangsan,
    );
    expect(res.json(), res.body).toMatchObject({ code: 0 });
    const id = res.json().data.F_Id as string;
    const list = (await t.get('/api/workflow-Delegate/query-delegate?keyword=李', zhangsan)).json().data;
    const row = list.Rows.find((r: { F_Id: string }) => r.F_Id === id);
    expect(row).toMatchObject({
      F_UserId: ids.zhangsan,
      F_DelegateUserId: ids.lisi,
      F_SchemeIds: [schemeA],
      F_SchemeNames: ['流程A'],
      F_StartTime: '2031-01-01 08:00:00',
      F_EndTime: '2031-01-02 18:00:00',
      F_EnabledMark: 1,
    });
    expect(row.F_DelegateUserName).not.toBe('ignored');
    expect((await t.get('/api/workflow-Delegate/query-delegate', wangwu)).json().data.Rows.some((r: { F_Id: string }) => r.F_Id === id)).toBe(false);
    expect((await t.send('PUT', `/api/workflow-Delegate/${id}`, body(), wangwu)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/workflow-Delegate/${id}`, undefined, wangwu)).statusCode).toBe(404);
    // a user cannot act for another
    expect((await t.send('POST', '/api/workflow-Delegate', body({ F_UserId: ids.wangwu }), zhangsan)).statusCode).toBe(403);

    expect(
      (
        await t.send(
          'PUT',
          `/api/workflow-Delegate/${id}`,
          body({ F_StartTime: '2031-02-01 00:00:00', F_EndTime: '2031-02-02 00:00:00', F_Description: 'changed' }),
          zhangsan,
        )
      ).json(),
    ).toMatchObject({ code: 0 });
    const up = await t.send(
      'POST',
      '/api/workflow-Delegate/addorupdate-delegate',
      body({ F_Id: id, F_DelegateUserId: ids.wangwu, F_StartTime: '2031-02-01 00:00:00', F_EndTime: '2031-02-03 00:00:00' }),
      zhangsan,
    );
    expect(up.json()).toMatchObject({ code: 0, data: { F_Id: id } });
    const after = (await t.get('/api/workflow-Delegate/query-delegate', zhangsan)).json().data.Rows.find((r: { F_Id: string }) => r.F_Id === id);
    expect(after).toMatchObject({ F_DelegateUserId: ids.wangwu, F_SchemeIds: [], F_EndTime: '2031-02-03 00:00:00' });
    const added = await t.send(
      'POST',
      '/api/workflow-Delegate/addorupdate-delegate',
      body({ F_StartTime: '2032-01-01 00:00:00', F_EndTime: '2032-01-02 00:00:00' }),
      zhangsan,
    );
    expect(added.json().data.F_Id).not.toBe(id);

    // the workflow administrator sees everyone's and may change them
    const all = (await t.get(`/api/workflow-Delegate/query-delegate?userId=${ids.zhangsan}&size=100`, admin)).json().data;
    expect(all.Rows.some((r: { F_Id: string }) => r.F_Id === id)).toBe(true);
    expect((await t.send('DELETE', `/api/workflow-Delegate/${added.json().data.F_Id}`, undefined, admin)).json()).toMatchObject({ code: 0 });
    expect((await t.send('DELETE', `/api/workflow-Delegate/${id}`, undefined, zhangsan)).json()).toMatchObject({ code: 0 });
    expect((await t.send('DELETE', `/api/workflow-Delegate/${id}`, undefined, zhangsan)).statusCode).toBe(404);
    void lisi;
  });

  it('overlapping enabled delegations for a common process are refused', async () => {
    const post = (extra: Record<string, unknown>) =>
      t.send('POST', '/api/workflow-Delegate', body({ F_StartTime: '2040-01-01 00:00:00', F_EndTime: '2040-01-10 00:00:00', ...extra }), wangwu);
    expect((await post({ F_SchemeIds: [schemeA] })).json().code).toBe(0);
    // another process: fine
    expect((await post({ F_SchemeIds: [schemeB] })).json().code).toBe(0);
    // every process overlaps both
    const clash = await post({ F_SchemeIds: [] });
    expect(clash.json()).toMatchObject({ success: false });
    expect(clash.json().msg).toMatch(/^该时间段内已有对相同流程的委托（2040-01-01 00:00:00 至 2040-01-10 00:00:00，委托给 /);
    expect((await post({ F_SchemeIds: [] })).statusCode).toBe(409);
    const en = await t.send(
      'POST',
      '/api/workflow-Delegate',
      body({ F_StartTime: '2040-01-05 00:00:00', F_EndTime: '2040-01-06 00:00:00', F_SchemeIds: [schemeA, schemeB] }),
      wangwu,
      EN,
    );
    expect(en.json().msg).toMatch(/^A delegation for the same processes already covers this time/);
    // touching at the edge is no overlap; a disabled one never clashes
    expect((await post({ F_StartTime: '2040-01-10 00:00:00', F_EndTime: '2040-01-11 00:00:00', F_SchemeIds: [] })).json().code).toBe(0);
    expect((await post({ F_EnabledMark: 0, F_SchemeIds: [] })).json().code).toBe(0);
  });
});

describe('activeDelegates', () => {
  const at = (text: string) => parseLocalTime(text);
  async function delegation(
    user: string,
    delegate: string,
    extra: { schemes?: string[]; start?: string; end?: string; enabled?: boolean; created?: string } = {},
  ) {
    await t.deps.db
      .insertInto('wf_delegates')
      .values({
        id: newId(),
        tenant_id: tenantId,
        user_id: ids[user]!,
        delegate_user_id: ids[delegate]!,
        scheme_ids: JSON.stringify(extra.schemes ?? []),
        start_at: at(extra.start ?? '2050-01-01 00:00:00'),
        end_at: at(extra.end ?? '2050-01-10 00:00:00'),
        enabled: extra.enabled ?? true,
        ...(extra.created ? { created_at: at(extra.created) } : {}),
      })
      .execute();
  }
  const lookup = async (users: string[], scheme: string, when: string) =>
    Object.fromEntries(
      [
        ...(await activeDelegates(
          t.deps.db,
          tenantId,
          users.map((u) => ids[u]!),
          scheme,
          at(when),
        )),
      ].map(([k, v]) => [k, v]),
    );

  it('date range edges, scheme filter, disabled, newest wins, no chains, disabled delegate users', async () => {
    await t.deps.db.deleteFrom('wf_delegates').execute();
    await delegation('zhangsan', 'lisi', { schemes: [schemeA] });
    await delegation('lisi', 'wangwu');
    const z = ids.zhangsan!;
    const l = ids.lisi!;
    // start is included, end excluded
    expect(await lookup(['zhangsan'], schemeA, '2050-01-01 00:00:00')).toEqual({ [z]: l });
    expect(await lookup(['zhangsan'], schemeA, '2049-12-31 23:59:59')).toEqual({});
    expect(await lookup(['zhangsan'], schemeA, '2050-01-09 23:59:59')).toEqual({ [z]: l });
    expect(await lookup(['zhangsan'], schemeA, '2050-01-10 00:00:00')).toEqual({});
    // scheme filter: A only; an empty list is every scheme
    expect(await lookup(['zhangsan'], schemeB, '2050-01-05 00:00:00')).toEqual({});
    expect(await lookup(['lisi'], schemeB, '2050-01-05 00:00:00')).toEqual({ [l]: ids.wangwu });
    // no chain: zhangsan → lisi is answered, not lisi's own delegate
    expect(await lookup(['zhangsan', 'lisi', 'admin'], schemeA, '2050-01-05 00:00:00')).toEqual({ [z]: l, [l]: ids.wangwu });
    expect(await lookup([], schemeA, '2050-01-05 00:00:00')).toEqual({});
    // disabled delegation
    await delegation('admin', 'zhangsan', { enabled: false });
    expect(await lookup(['admin'], schemeA, '2050-01-05 00:00:00')).toEqual({});
    // newest wins
    await delegation('admin', 'lisi', { created: '2049-01-01 00:00:00' });
    await delegation('admin', 'wangwu', { created: '2049-06-01 00:00:00' });
    expect(await lookup(['admin'], schemeA, '2050-01-05 00:00:00')).toEqual({ [ids.admin!]: ids.wangwu });
    // a delegate who is disabled is ignored (the older one then applies)
    await t.deps.db.updateTable('users').set({ enabled: false }).where('id', '=', ids.wangwu!).execute();
    try {
      expect(await lookup(['admin', 'lisi'], schemeA, '2050-01-05 00:00:00')).toEqual({ [ids.admin!]: l });
    } finally {
      await t.deps.db.updateTable('users').set({ enabled: true }).where('id', '=', ids.wangwu!).execute();
    }
    // another tenant's lookup finds nothing
    expect((await activeDelegates(t.deps.db, 'other-tenant', [z], schemeA, at('2050-01-05 00:00:00'))).size).toBe(0);
  });
});
