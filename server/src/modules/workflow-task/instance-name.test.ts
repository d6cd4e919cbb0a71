import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { deployScheme, userIds } from '../../test/workflow-fixtures.js';
import { loadFixture } from '../workflow/fixtures/index.js';
import { localDate } from '../../core/time-zone.js';

/** Defect 5: the default instance name carries the launch's date in TIME_ZONE and is unique per scheme and day. */
describe('default process instance names', () => {
  let t: TestApp;
  let zhangsan = '';
  let schemeId = '';
  let otherSchemeId = '';
  let midnightSchemeId = '';

  beforeAll(async () => {
    t = await createTestApp();
    zhangsan = await t.login('zhangsan');
    const ids = await userIds(t);
    const xml = loadFixture('linear', ids);
    ({ schemeId } = await deployScheme(t, { code: 'name-leave', name: '请假', xml }));
    ({ schemeId: otherSchemeId } = await deployScheme(t, { code: 'name-trip', name: '出差', xml }));
    ({ schemeId: midnightSchemeId } = await deployScheme(t, { code: 'name-night', name: '夜班', xml }));
  }, 60_000);
  afterAll(() => t?.close());

  const launch = async (id: string) => {
    const res = await t.send('POST', '/api/workflow-task/create-process', { schemeId: id, formValue: [] }, zhangsan);
    expect(res.json().code, res.body).toBe(0);
    return res.json().data.processInstanceId as string;
  };
  const myNames = async () => {
    const res = await t.get('/api/workflow-task/my-task?size=100', zhangsan);
    expect(res.json().code, res.body).toBe(0);
    return new Map((res.json().data.Rows as { processInstanceId: string; processName: string }[]).map((r) => [r.processInstanceId, r.processName]));
  };

  it('two launches of one scheme on the same day get different names, numbered per scheme', async () => {
    const first = await launch(schemeId);
    const second = await launch(schemeId);
    const other = await launch(otherSchemeId);
    const names = await myNames();
    const today = localDate(new Date(), 'Asia/Shanghai');
    expect(names.get(first)).toBe(`请假-张三-${today}-001`);
    expect(names.get(second)).toBe(`请假-张三-${today}-002`);
    expect(names.get(other)).toBe(`出差-张三-${today}-001`);
  });

  it('the date is the day in the configured time zone (Asia/Shanghai), not in UTC', async () => {
    // 2026-11-27 00:45 in Shanghai is still 2026-11-26 in UTC. Only Date is faked: the database and timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T16:45:00Z') });
    try {
      const token = await t.login('zhangsan');
      const res = await t.send('POST', '/api/workflow-task/create-process', { schemeId: midnightSchemeId, formValue: [] }, token);
      expect(res.json().code, res.body).toBe(0);
      expect((await myNames()).get(res.json().data.processInstanceId as string)).toBe('夜班-张三-2026-11-27-001');
    } finally {
      vi.useRealTimers();
    }
  });
});
