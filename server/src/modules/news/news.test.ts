import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let staff: string;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, manager] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi')]);
});
afterAll(() => t.close());

const item = (extra: Record<string, unknown> = {}) => ({
  F_TypeId: 1,
  F_CategoryId: '1',
  F_FullHead: '年度总结大会',
  F_AuthorName: '张三',
  F_CompileName: '李四',
  F_ReleaseTime: '2026-11-20 09:00:00',
  F_NewsContent: '<p style="color: red">正文<strong>加粗</strong></p><table><tr><td colspan="2">表</td></tr></table><img src="https://x/a.png" alt="a"><a href="https://example.com">链接</a>',
  F_Attachments: [{ F_FileName: 'a.pdf', url: '/files/a.pdf' }],
  ...extra,
});

async function addNews(body = item()): Promise<string> {
  const res = await t.send('POST', '/api/news', body, admin);
  expect(res.json()).toMatchObject({ code: 0, msg: '新增成功' });
  return res.json().data.F_NewsId;
}

describe('news', () => {
  it('adds, edits, lists, shows, deletes (editor)', async () => {
    const id = await addNews();
    const detail = (await t.get(`/api/news/${id}`, admin)).json().data;
    expect(detail).toMatchObject({ F_NewsId: id, F_TypeId: 1, F_CategoryId: '1', F_FullHead: '年度总结大会', F_AuthorName: '张三', F_CompileName: '李四', F_ReleaseTime: '2026-11-20 09:00:00', F_EnabledMark: 0, F_SourceName: '' });
    expect(detail.F_Attachments).toEqual([{ F_FileName: 'a.pdf', url: '/files/a.pdf' }]);
    expect(detail.F_NewsContent).toContain('<td colspan="2">');
    expect(detail.F_NewsContent).toContain('<img src="https://x/a.png" alt="a" />');
    expect(detail.F_NewsContent).toContain('style="color:red"');

    const edited = await t.send('PUT', `/api/news/${id}`, item({ F_TypeId: 2, F_SourceName: '人民网', F_SourceAddress: 'https://people.cn', F_FullHead: '转载' }), admin);
    expect(edited.json()).toMatchObject({ code: 0, msg: '更新成功' });
    expect((await t.get(`/api/news/${id}`, admin)).json().data).toMatchObject({ F_TypeId: 2, F_SourceName: '人民网', F_SourceAddress: 'https://people.cn', F_FullHead: '转载' });

    const list = (await t.get('/api/news?limit=1&size=10&keyword=转', admin)).json().data;
    expect(list.Total).toBe(1);
    expect(list.Rows[0]).toMatchObject({ F_NewsId: id, F_EnabledMark: 0, F_CreateUserName: '系统管理员' });
    expect((await t.get('/api/news?category=9', admin)).json().data.Total).toBe(0);
    expect((await t.get('/api/news?status=0', admin)).json().data.Total).toBeGreaterThanOrEqual(1);

    expect((await t.send('DELETE', `/api/news/${id}`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await t.get(`/api/news/${id}`, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/news/${id}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.send('PUT', `/api/news/${id}`, item(), admin)).statusCode).toBe(404);
  });

  it('strips scripts, event handlers and javascript: URLs from the content', async () => {
    const id = await addNews(
      item({
        F_NewsContent:
          '<p onclick="steal()">安全<script>alert(1)</script></p><img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">坏链接</a><iframe src="https://evil"></iframe><svg onload="alert(4)"></svg>',
      }),
    );
    const row = await t.deps.db.selectFrom('news').select('content').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.content).not.toMatch(/script|onerror|onclick|onload|javascript:|iframe/i);
    expect(row.content).toContain('<p>安全</p>');
    expect(row.content).toContain('<img src="x.png" />');
  });

  it('publishing sends every other enabled user of the tenant one unread type-10 message', async () => {
    const id = await addNews(item({ F_FullHead: '发布测试' }));
    const res = await t.send('PUT', `/api/news/changeStatus?id=${id}&status=1`, undefined, admin);
    expect(res.json()).toMatchObject({ code: 0, msg: '发布成功' });
    const db = t.deps.db;
    const rows = await db.selectFrom('messages').select(['user_id', 'type', 'is_read', 'title']).where('object_id', '=', id).execute();
    const others = await db.selectFrom('users').select('id').where('tenant_id', '=', 'default').where('enabled', '=', true).where('id', '<>', 'admin').execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual(others.map((u) => u.id).sort());
    expect(rows.every((r) => r.type === 10 && !r.is_read && r.title === '发布测试')).toBe(true);
    // Publishing again changes nothing and sends nothing.
    await t.send('PUT', `/api/news/changeStatus?id=${id}&status=1`, undefined, admin);
    expect(await db.selectFrom('messages').select('id').where('object_id', '=', id).execute()).toHaveLength(rows.length);

    const centre = (await t.get('/api/oa/xjr-oa-message', staff)).json().data;
    const message = centre.news.messageList.find((m: { objectId: string }) => m.objectId === id);
    expect(message).toMatchObject({ F_Type: 10, title: '发布测试', F_Status: '10', isRead: false, newsInfo: { F_Id: id, F_FullHead: '发布测试' } });
    expect((await t.get(`/api/news/${id}`, admin)).json().data.F_EnabledMark).toBe(1);

    // Unpublish: readers no longer see it.
    expect((await t.send('PUT', `/api/news/changeStatus?id=${id}&status=0`, undefined, admin)).json().msg).toBe('已取消发布');
    expect((await t.get(`/api/news/${id}`, staff)).statusCode).toBe(404);
  });

  it('readers see published items only and cannot manage', async () => {
    const draft = await addNews(item({ F_FullHead: '草稿' }));
    const published = await addNews(item({ F_FullHead: '已发布' }));
    await t.send('PUT', `/api/news/changeStatus?id=${published}&status=1`, undefined, admin);
    for (const reader of [staff, manager]) {
      const list = (await t.get('/api/news?status=0&size=100', reader)).json().data;
      const ids = list.Rows.map((r: { F_NewsId: string }) => r.F_NewsId);
      expect(ids).toContain(published);
      expect(ids).not.toContain(draft);
      expect((await t.get(`/api/news/${published}`, reader)).json().data.F_FullHead).toBe('已发布');
      expect((await t.get(`/api/news/${draft}`, reader)).statusCode).toBe(404);
      expect((await t.send('POST', '/api/news', item(), reader)).statusCode).toBe(403);
      expect((await t.send('PUT', `/api/news/${draft}`, item(), reader)).statusCode).toBe(403);
      expect((await t.send('DELETE', `/api/news/${draft}`, undefined, reader)).statusCode).toBe(403);
      expect((await t.send('PUT', `/api/news/changeStatus?id=${draft}&status=1`, undefined, reader)).statusCode).toBe(403);
    }
    expect((await t.get(`/api/news/${draft}`, admin)).json().data.F_EnabledMark).toBe(0);
  });

  it('refuses bad input with 400', async () => {
    expect((await t.send('POST', '/api/news', item({ F_FullHead: '' }), admin)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/news', item({ F_TypeId: 3 }), admin)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/news', item({ F_ReleaseTime: 'not a time' }), admin)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/news', item({ F_Attachments: [{ F_FileName: 'x' }] }), admin)).statusCode).toBe(400);
    expect((await t.send('PUT', '/api/news/changeStatus?id=x&status=2', undefined, admin)).statusCode).toBe(400);
    expect((await t.send('PUT', '/api/news/changeStatus?id=missing&status=1', undefined, admin)).statusCode).toBe(404);
    expect((await t.get('/api/news')).statusCode).toBe(401);
  });

  it("another tenant's news is never seen or changed", async () => {
    const db = t.deps.db;
    await db.insertInto('tenants').values({ id: 'tn2', code: 'tn2', name: 'Other' }).execute();
    await db.insertInto('news').values({ id: 'other-news', tenant_id: 'tn2', full_head: '别家', enabled: 1 }).execute();
    expect((await t.get('/api/news?size=500', admin)).json().data.Rows.some((r: { F_NewsId: string }) => r.F_NewsId === 'other-news')).toBe(false);
    expect((await t.get('/api/news/other-news', admin)).statusCode).toBe(404);
    expect((await t.send('PUT', '/api/news/other-news', item(), admin)).statusCode).toBe(404);
    expect((await t.send('PUT', '/api/news/changeStatus?id=other-news&status=0', undefined, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/news/other-news', undefined, admin)).statusCode).toBe(404);
    expect(await db.selectFrom('news').select(['full_head', 'enabled']).where('id', '=', 'other-news').executeTakeFirst()).toEqual({ full_head: '别家', enabled: 1 });
  });
});
