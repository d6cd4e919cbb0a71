import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { MessageService } from './message.service.js';

/** The app's message service behind deps.messages (its push hub is not part of the Notifier others see). */
const hubOf = (app: TestApp) => (app.deps.messages as MessageService).hub;

let t: TestApp;
let staff: string;
let manager: string;
let admin: string;
let zhangsanId: string;
let lisiId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, manager] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi')]);
  const users = await t.deps.db.selectFrom('users').select(['id', 'account']).execute();
  zhangsanId = users.find((u) => u.account === 'zhangsan')!.id;
  lisiId = users.find((u) => u.account === 'lisi')!.id;
});
afterAll(() => t.close());

describe('message service', () => {
  it('notify writes one row per recipient of the tenant; unknown ids and other tenants are skipped', async () => {
    const db = t.deps.db;
    await db.insertInto('tenants').values({ id: 'tm2', code: 'tm2', name: 'Other' }).execute();
    await db.insertInto('users').values({ id: 'other-user', tenant_id: 'tm2', account: 'x', real_name: 'X', password_hash: 'x' }).execute();
    const written = await t.deps.messages.notify('default', [zhangsanId, zhangsanId, 'other-user', 'nobody'], {
      type: 13,
      title: '请审批',
      content: '报销单',
      objectId: 'task-1',
      payload: { taskId: 'task-1', taskStatus: '1', schemeName: '报销' },
    });
    expect(written).toBe(1);
    const all = await t.deps.messages.notify('tm2', 'all-tenant-users', { type: 10, title: '别家新闻' });
    expect(all).toBe(1);
    const centre = (await t.get('/api/oa/xjr-oa-message', staff)).json().data;
    expect(centre.workflowApproval).toMatchObject({
      unread: 1,
      messageList: [
        {
          F_Type: 13,
          title: '请审批',
          F_Content: '报销单',
          F_Status: '10',
          isRead: false,
          objectId: 'task-1',
          workflowInfoVo: { taskId: 'task-1', taskStatus: '1', schemeName: '报销' },
        },
      ],
    });
    expect(centre.news).toEqual({ unread: 0, messageList: [] });
  });
});

describe('message centre', () => {
  it('answers five groups, newest first, at most 20 each, with the unread count of all', async () => {
    for (let i = 0; i < 25; i++) await t.deps.messages.notify('default', [lisiId], { type: 14, title: `传阅${i}` });
    const centre = (await t.get('/api/oa/xjr-oa-message', manager)).json().data;
    expect(Object.keys(centre).sort()).toEqual(['news', 'notice', 'schedule', 'workflowApproval', 'workflowCirculated']);
    expect(centre.workflowCirculated.unread).toBe(25);
    expect(centre.workflowCirculated.messageList).toHaveLength(20);
    expect(centre.workflowCirculated.messageList[0].title).toBe('传阅24');
    expect(centre.workflowCirculated.messageList[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(centre.workflowCirculated.messageList[0].F_SendTime).toBe(centre.workflowCirculated.messageList[0].createTime);
  });

  it('reads one (again: 此条消息已读); another user’s message is 404 and stays unread', async () => {
    await t.deps.messages.notify('default', [zhangsanId, lisiId], { type: 11, title: '读一条' });
    const mine = (await t.get('/api/oa/xjr-oa-message', staff)).json().data.notice.messageList[0];
    const theirs = (await t.get('/api/oa/xjr-oa-message', manager)).json().data.notice.messageList[0];
    expect((await t.send('PUT', `/api/oa/xjr-oa-message/${theirs.F_Id}`, undefined, staff)).statusCode).toBe(404);
    expect((await t.get('/api/oa/xjr-oa-message', manager)).json().data.notice).toMatchObject({
      unread: 1,
      messageList: [{ F_Id: theirs.F_Id, isRead: false }],
    });

    expect((await t.send('PUT', `/api/oa/xjr-oa-message/${mine.F_Id}`, undefined, staff)).json()).toMatchObject({
      code: 0,
      msg: '设置消息已读成功',
      data: { changed: true },
    });
    expect((await t.send('PUT', `/api/oa/xjr-oa-message/${mine.F_Id}`, undefined, staff)).json()).toMatchObject({
      code: 0,
      msg: '此条消息已读',
      data: { changed: false },
    });
    expect((await t.get('/api/oa/xjr-oa-message', staff)).json().data.notice).toMatchObject({
      unread: 0,
      messageList: [{ F_Id: mine.F_Id, isRead: true, F_Status: '11' }],
    });
    expect((await t.send('PUT', '/api/oa/xjr-oa-message/missing', undefined, staff)).statusCode).toBe(404);
  });

  it('reads all of one type (nothing left: 没有更多消息需要设置已读了)', async () => {
    await t.deps.messages.notify('default', [zhangsanId], { type: 12, title: 'a' });
    await t.deps.messages.notify('default', [zhangsanId, lisiId], { type: 12, title: 'b' });
    const res = await t.send('PUT', '/api/oa/xjr-oa-message/readAllMessage/12', undefined, staff);
    expect(res.json()).toMatchObject({ code: 0, msg: '全部设置消息已读成功', data: { count: 2 } });
    expect((await t.send('PUT', '/api/oa/xjr-oa-message/readAllMessage/12', undefined, staff)).json()).toMatchObject({
      code: 0,
      msg: '没有更多消息需要设置已读了',
      data: { count: 0 },
    });
    expect((await t.get('/api/oa/xjr-oa-message', manager)).json().data.schedule.unread).toBe(1);
    expect((await t.send('PUT', '/api/oa/xjr-oa-message/readAllMessage/15', undefined, staff)).statusCode).toBe(400);
    expect((await t.send('PUT', '/api/oa/xjr-oa-message/readAllMessage/abc', undefined, staff)).statusCode).toBe(400);
    expect((await t.get('/api/oa/xjr-oa-message')).statusCode).toBe(401);
    expect((await t.get('/api/oa/xjr-oa-message', admin)).statusCode).toBe(200);
  });
});

describe('push stream', () => {
  it('needs a token', async () => {
    expect((await t.get('/api/oa/message-stream')).statusCode).toBe(401);
  });

  it('delivers `event: message` to the recipient within 2 s of a publish, and cleans up on close', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/oa/message-stream`, { headers: { authorization: `Bearer ${staff}` }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const received = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += decoder.decode(value, { stream: true });
        if (text.includes('event: message')) return text;
      }
    })();
    // Wait until the stream is registered (first bytes arrive), then publish.
    await new Promise((r) => setTimeout(r, 100));
    expect(hubOf(t).connected).toBe(1);
    const id = (await t.send('POST', '/api/news', { F_FullHead: '推送测试', F_NewsContent: '<p>x</p>' }, admin)).json().data.F_NewsId;
    const started = Date.now();
    await t.send('PUT', `/api/news/changeStatus?id=${id}&status=1`, undefined, admin);
    const timeout = new Promise<string>((_, reject) => setTimeout(() => reject(new Error('no push within 2 s')), 2000));
    const got = await Promise.race([received, timeout]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(got).toContain('event: message\ndata: {"type":10}\n\n');
    controller.abort();
    await reader.cancel().catch(() => {});
    for (let i = 0; i < 50 && hubOf(t).connected > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(hubOf(t).connected).toBe(0);
  });
});
