import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
});
afterAll(() => t.close());

const notice = (extra: Record<string, unknown> = {}) => ({
  F_FullHead: '放假通知',
  F_Content: '<p>元旦放假三天</p>',
  F_SendTime: '2026-12-01 08:00:00',
  ...extra,
});

describe('notices', () => {
  it('adds, edits, lists, shows and deletes', async () => {
    const added = await t.send('POST', '/api/notice', notice(), admin);
    expect(added.json()).toMatchObject({ code: 0, msg: '新增成功' });
    const id = added.json().data.F_NoticeId;
    expect((await t.get(`/api/notice/${id}`, admin)).json().data).toMatchObject({
      F_NoticeId: id,
      F_FullHead: '放假通知',
      F_Content: '<p>元旦放假三天</p>',
      F_SendTime: '2026-12-01 08:00:00',
      F_EnabledMark: 0,
    });
    expect((await t.send('PUT', `/api/notice/${id}`, notice({ F_FullHead: '放假通知（更正）' }), admin)).json()).toMatchObject({ code: 0, msg: '更新成功' });
    const list = (await t.get('/api/notice?keyword=更正', admin)).json().data;
    expect(list).toMatchObject({ Total: 1, Rows: [{ F_NoticeId: id, F_FullHead: '放假通知（更正）', F_CreateUserName: '系统管理员' }] });
    expect((await t.send('DELETE', `/api/notice/${id}`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await t.get(`/api/notice/${id}`, admin)).statusCode).toBe(404);
  });

  it('sanitises the content', async () => {
    const id = (
      await t.send(
        'POST',
        '/api/notice',
        notice({ F_Content: '<p onmouseover="x()">a<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:void(0)">b</a></p>' }),
        admin,
      )
    ).json().data.F_NoticeId;
    const row = await t.deps.db.selectFrom('notices').select('content').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.content).not.toMatch(/script|onerror|onmouseover|javascript:/i);
    expect(row.content).toBe('<p>a<img src="x" /><a>b</a></p>');
  });

  it('publishing (changeStatus or F_EnabledMark 1) sends every other user one type-11 message', async () => {
    const db = t.deps.db;
    const others = (
      await db.selectFrom('users').select('id').where('tenant_id', '=', 'default').where('enabled', '=', true).where('id', '<>', 'admin').execute()
    )
      .map((u) => u.id)
      .sort();

    const id = (await t.send('POST', '/api/notice', notice({ F_FullHead: '状态发布' }), admin)).json().data.F_NoticeId;
    expect((await t.send('PUT', `/api/notice/changeStatus?id=${id}&status=1`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '发布成功' });
    const rows = await db.selectFrom('messages').select(['user_id', 'type', 'is_read']).where('object_id', '=', id).execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual(others);
    expect(rows.every((r) => r.type === 11 && !r.is_read)).toBe(true);
    // Editing a published notice (status absent or the same) sends nothing more.
    await t.send('PUT', `/api/notice/${id}`, notice({ F_FullHead: '状态发布2' }), admin);
    await t.send('PUT', `/api/notice/${id}`, notice({ F_FullHead: '状态发布3', F_EnabledMark: 1 }), admin);
    expect(await db.selectFrom('messages').select('id').where('object_id', '=', id).execute()).toHaveLength(others.length);
    expect((await t.get(`/api/notice/${id}`, staff)).json().data).toMatchObject({ F_FullHead: '状态发布3', F_EnabledMark: 1 });

    const direct = (await t.send('POST', '/api/notice', notice({ F_FullHead: '直接发布', F_EnabledMark: 1 }), admin)).json().data.F_NoticeId;
    expect(await db.selectFrom('messages').select('id').where('object_id', '=', direct).where('type', '=', 11).execute()).toHaveLength(others.length);
    const centre = (await t.get('/api/oa/xjr-oa-message', staff)).json().data;
    expect(centre.notice.unread).toBe(2);
    expect(centre.notice.messageList.map((m: { title: string }) => m.title).sort()).toEqual(['状态发布', '直接发布']);

    // Deleting the notice removes its messages.
    await t.send('DELETE', `/api/notice/${direct}`, undefined, admin);
    expect(await db.selectFrom('messages').select('id').where('object_id', '=', direct).execute()).toHaveLength(0);
  });

  it('readers see published notices only and cannot manage them', async () => {
    const draft = (await t.send('POST', '/api/notice', notice({ F_FullHead: '草稿通知' }), admin)).json().data.F_NoticeId;
    const ids = (await t.get('/api/notice?size=100&status=0', staff)).json().data.Rows.map((r: { F_NoticeId: string }) => r.F_NoticeId);
    expect(ids).not.toContain(draft);
    expect(ids.length).toBeGreaterThan(0);
    expect((await t.get(`/api/notice/${draft}`, staff)).statusCode).toBe(404);
    expect((await t.send('POST', '/api/notice', notice(), staff)).statusCode).toBe(403);
    expect((await t.send('PUT', `/api/notice/${draft}`, notice(), staff)).statusCode).toBe(403);
    expect((await t.send('DELETE', `/api/notice/${draft}`, undefined, staff)).statusCode).toBe(403);
    expect((await t.send('PUT', `/api/notice/changeStatus?id=${draft}&status=1`, undefined, staff)).statusCode).toBe(403);
  });

  it('refuses bad input and other tenants’ notices', async () => {
    expect((await t.send('POST', '/api/notice', notice({ F_FullHead: '   ' }), admin)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/notice', notice({ F_SendTime: '2026-13-45 99:00' }), admin)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/notice', notice({ F_EnabledMark: 5 }), admin)).statusCode).toBe(400);
    const db = t.deps.db;
    await db.insertInto('tenants').values({ id: 'tn3', code: 'tn3', name: 'Other' }).execute();
    await db.insertInto('notices').values({ id: 'other-notice', tenant_id: 'tn3', full_head: '别家', enabled: 1 }).execute();
    expect((await t.get('/api/notice/other-notice', admin)).statusCode).toBe(404);
    expect((await t.get('/api/notice?size=500', admin)).json().data.Rows.some((r: { F_NoticeId: string }) => r.F_NoticeId === 'other-notice')).toBe(false);
    expect((await t.send('PUT', '/api/notice/other-notice', notice(), admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/notice/other-notice', undefined, admin)).statusCode).toBe(404);
    expect((await db.selectFrom('notices').select('full_head').where('id', '=', 'other-notice').executeTakeFirstOrThrow()).full_head).toBe('别家');
  });
});
