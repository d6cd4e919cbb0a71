import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let staff: string;
let zhangsanId: string;
let lisiId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
  const users = await t.deps.db.selectFrom('users').select(['id', 'account']).where('tenant_id', '=', 'default').execute();
  zhangsanId = users.find((u) => u.account === 'zhangsan')!.id;
  lisiId = users.find((u) => u.account === 'lisi')!.id;
});
afterAll(() => t.close());

const event = (extra: Record<string, unknown> = {}) => ({
  F_Title: '项目评审',
  F_Content: '三楼会议室',
  F_StartTime: '2026-11-25 09:00:00',
  F_EndTime: '2026-11-25 10:30:00',
  F_AllDay: 0,
  F_RemindMinutes: 15,
  F_Participants: [] as string[],
  ...extra,
});

describe('schedule', () => {
  it('adds, lists by range, updates and deletes; participants get a type-12 message and see the event', async () => {
    const added = await t.send('POST', '/api/oa-schedule', event({ F_Participants: [zhangsanId, lisiId, 'admin'] }), admin);
    expect(added.json()).toMatchObject({ code: 0, msg: '新增成功' });
    const id = added.json().data.F_ScheduleId;
    const messages = await t.deps.db.selectFrom('messages').select(['user_id', 'type', 'title']).where('object_id', '=', id).execute();
    expect(messages.map((m) => m.user_id).sort()).toEqual([zhangsanId, lisiId].sort());
    expect(messages.every((m) => m.type === 12 && m.title === '项目评审')).toBe(true);

    const week = (await t.get('/api/oa-schedule?startTime=2026-11-23&endTime=2026-11-29', admin)).json().data;
    expect(week).toHaveLength(1);
    expect(week[0]).toMatchObject({
      F_ScheduleId: id,
      F_Title: '项目评审',
      F_StartTime: '2026-11-25 09:00:00',
      F_EndTime: '2026-11-25 10:30:00',
      F_RemindMinutes: 15,
      isOwner: true,
    });
    expect(week[0].F_Participants.sort()).toEqual([zhangsanId, lisiId, 'admin'].sort());
    expect((await t.get('/api/oa-schedule?startTime=2026-12-01&endTime=2026-12-31', admin)).json().data).toHaveLength(0);
    expect((await t.get('/api/oa-schedule?startTime=2026-11-25&endTime=2026-11-25', admin)).json().data).toHaveLength(1);
    // A participant sees it (not as owner) and cannot change it.
    const theirs = (await t.get('/api/oa-schedule?startTime=2026-11-01&endTime=2026-11-30', staff)).json().data;
    expect(theirs).toMatchObject([{ F_ScheduleId: id, isOwner: false }]);
    expect((await t.get('/api/oa/xjr-oa-message', staff)).json().data.schedule).toMatchObject({ unread: 1, messageList: [{ F_Type: 12, objectId: id }] });

    const updated = await t.send(
      'PUT',
      `/api/oa-schedule/${id}`,
      event({ F_Title: '项目评审（改期）', F_StartTime: '2026-11-26 09:00:00', F_EndTime: '2026-11-26 10:00:00', F_Participants: [zhangsanId] }),
      admin,
    );
    expect(updated.json()).toMatchObject({ code: 0, msg: '更新成功' });
    expect((await t.get('/api/oa-schedule?startTime=2026-11-26&endTime=2026-11-26', admin)).json().data[0]).toMatchObject({
      F_Title: '项目评审（改期）',
      F_Participants: [zhangsanId],
    });
    // Nobody new: no new message.
    expect(await t.deps.db.selectFrom('messages').select('id').where('object_id', '=', id).execute()).toHaveLength(2);

    expect((await t.send('DELETE', `/api/oa-schedule/${id}`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await t.get('/api/oa-schedule', admin)).json().data).toHaveLength(0);
    expect(await t.deps.db.selectFrom('messages').select('id').where('object_id', '=', id).execute()).toHaveLength(0);
  });

  it('staff keep their own schedule; others’ events are 404; without the buttons it is 403', async () => {
    const mine = await t.send('POST', '/api/oa-schedule', event({ F_Title: '我的日程', F_Participants: [] }), staff);
    expect(mine.json().code).toBe(0);
    const adminEventId = (await t.send('POST', '/api/oa-schedule', event({ F_Title: '管理员日程', F_Participants: [] }), admin)).json().data.F_ScheduleId;
    expect(adminEventId).toEqual(expect.any(String));
    expect((await t.send('PUT', `/api/oa-schedule/${adminEventId}`, event(), staff)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/oa-schedule/${adminEventId}`, undefined, staff)).statusCode).toBe(404);

    // A user whose roles grant no schedule buttons.
    await t.deps.db
      .insertInto('users')
      .values({
        id: 'no-oa',
        tenant_id: 'default',
        account: 'nooa',
        real_name: '无日程',
        password_hash: (await t.deps.db.selectFrom('users').select('password_hash').where('id', '=', 'admin').executeTakeFirstOrThrow()).password_hash,
      })
      .execute();
    const plain = await t.login('nooa');
    expect((await t.get('/api/oa-schedule', plain)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/oa-schedule', event(), plain)).statusCode).toBe(403);
    expect((await t.send('PUT', '/api/oa-schedule/x', event(), plain)).statusCode).toBe(403);
    expect((await t.send('DELETE', '/api/oa-schedule/x', undefined, plain)).statusCode).toBe(403);
  });

  it('refuses bad input; another user’s or tenant’s event is 404', async () => {
    expect((await t.send('POST', '/api/oa-schedule', event({ F_Title: '' }), admin)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/oa-schedule', event({ F_EndTime: '2026-11-24 09:00:00' }), admin)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/oa-schedule', event({ F_StartTime: 'tomorrow' }), admin)).statusCode).toBe(400);
    const unknown = await t.send('POST', '/api/oa-schedule', event({ F_Participants: ['nobody'] }), admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('参与人不存在：nobody');

    const db = t.deps.db;
    await db
      .insertInto('schedules')
      .values({ id: 'lisi-event', tenant_id: 'default', user_id: lisiId, title: '李四的', start_time: new Date(), end_time: new Date() })
      .execute();
    expect((await t.send('PUT', '/api/oa-schedule/lisi-event', event(), admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/oa-schedule/lisi-event', undefined, admin)).statusCode).toBe(404);
    expect((await t.get('/api/oa-schedule', admin)).json().data.some((e: { F_ScheduleId: string }) => e.F_ScheduleId === 'lisi-event')).toBe(false);
    expect((await db.selectFrom('schedules').select('title').where('id', '=', 'lisi-event').executeTakeFirstOrThrow()).title).toBe('李四的');
  });
});
