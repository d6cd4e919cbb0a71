import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';

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
  F_NewsContent:
    '<p style="color: red">正文<strong>加粗</strong></p><table><tr><td colspan="2">表</td></tr></table><img src="https://x/a.png" alt="a"><a href="https://example.com">链接</a>',
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
    expect(detail).toMatchObject({
      F_NewsId: id,
      F_TypeId: 1,
      F_CategoryId: '1',
      F_FullHead: '年度总结大会',
      F_AuthorName: '张三',
      F_CompileName: '李四',
      F_ReleaseTime: '2026-11-20 09:00:00',
      F_EnabledMark: 0,
      F_SourceName: '',
    });
    expect(detail.F_Attachments).toEqual([{ F_FileName: 'a.pdf', url: '/files/a.pdf' }]);
    expect(detail.F_FolderId).toBeNull();
    expect(detail.F_NewsContent).toContain('<td colspan="2">');
    expect(detail.F_NewsContent).toContain('<img src="https://x/a.png" alt="a" />');
    expect(detail.F_NewsContent).toContain('style="color:red"');

    const edited = await t.send(
      'PUT',
      `/api/news/${id}`,
      item({ F_TypeId: 2, F_SourceName: '人民网', F_SourceAddress: 'https://people.cn', F_FullHead: '转载' }),
      admin,
    );
    expect(edited.json()).toMatchObject({ code: 0, msg: '更新成功' });
    expect((await t.get(`/api/news/${id}`, admin)).json().data).toMatchObject({
      F_TypeId: 2,
      F_SourceName: '人民网',
      F_SourceAddress: 'https://people.cn',
      F_FullHead: '转载',
    });

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
    const others = await db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', 'default')
      .where('enabled', '=', true)
      .where('id', '<>', 'admin')
      .execute();
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
    expect(await db.selectFrom('news').select(['full_head', 'enabled']).where('id', '=', 'other-news').executeTakeFirst()).toEqual({
      full_head: '别家',
      enabled: 1,
    });
  });
});

describe('news attachments', () => {
  /** The upload field's call: multipart 'file' + 'remark', purpose news, into a folder or a new one. */
  async function upload(name: string, content: string, folderId?: string) {
    const { payload, headers } = multipartBody([
      { name: 'file', filename: name, content },
      { name: 'remark', value: '' },
    ]);
    const url = `/api/upload${folderId ? `/${folderId}` : ''}?purpose=news`;
    const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${admin}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { FolderId: string; FileIds: string[] };
  }

  it('end to end: upload into a new folder and again into it, save the item, read, download, delete a file', async () => {
    const first = await upload('会议纪要.txt', '第一份\n');
    const second = await upload('议程.pdf', '%PDF-1.7\n1 0 obj << >> endobj\ntrailer\n%%EOF\n', first.FolderId);
    expect(second.FolderId).toBe(first.FolderId);
    const id = await addNews(item({ F_FolderId: first.FolderId, F_Attachments: [] }));
    await t.send('PUT', `/api/news/changeStatus?id=${id}&status=1`, undefined, admin);

    const shown = (await t.get(`/api/news/${id}`, staff)).json().data;
    expect(shown.F_FolderId).toBe(first.FolderId);
    expect(shown.F_Attachments).toEqual([
      { F_Id: first.FileIds[0], F_FileName: '会议纪要.txt', url: t.deps.fileLinks.url(first.FileIds[0]), previewKind: 'text', viewerUrl: null },
      { F_Id: second.FileIds[0], F_FileName: '议程.pdf', url: t.deps.fileLinks.url(second.FileIds[0]), previewKind: 'pdf', viewerUrl: null },
    ]);
    // The signed address needs no token.
    const bytes = await t.app.inject({ method: 'GET', url: shown.F_Attachments[0].url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.body).toBe('第一份\n');

    expect((await t.send('DELETE', `/api/annexes-files/${first.FileIds[0]}`, undefined, admin)).json()).toMatchObject({ code: 0 });
    expect((await t.get(`/api/news/${id}`, staff)).json().data.F_Attachments.map((a: { F_FileName: string }) => a.F_FileName)).toEqual(['议程.pdf']);
  });

  // Rows an upload cannot make for this caller (another tenant's folder, a file-manager folder, a trashed file)
  // and a fixed order: written directly.
  async function folderWith(
    folderId: string,
    files: { id: string; name: string; ext: string; deleted?: boolean }[],
    over: { tenant?: string; kind?: number } = {},
  ) {
    const db = t.deps.db;
    const tenant = over.tenant ?? 'default';
    await db
      .insertInto('file_folders')
      .values({ id: folderId, tenant_id: tenant, owner_id: 'admin', kind: over.kind ?? 1, parent_id: null })
      .execute();
    for (const f of files) {
      await db
        .insertInto('files')
        .values({
          id: f.id,
          tenant_id: tenant,
          folder_id: folderId,
          owner_id: 'admin',
          file_name: f.name,
          extension: f.ext,
          mime_type: 'application/octet-stream',
          size: 3,
          storage_key: `${tenant}/2026/11/${f.id}`,
        })
        .execute();
      if (f.deleted) await db.updateTable('files').set({ deleted_at: new Date() }).where('id', '=', f.id).execute();
    }
  }

  it("shows the folder's live files with signed addresses, then the legacy entries; an edit keeps what it does not send", async () => {
    await folderWith('nf1', [
      { id: 'nf1-a', name: '年度报告.pdf', ext: '.pdf' },
      { id: 'nf1-b', name: '已删除.txt', ext: '.txt', deleted: true },
      { id: 'nf1-c', name: '照片.png', ext: '.png' },
    ]);
    const id = await addNews(item({ F_FolderId: 'nf1' }));
    const detail = (await t.get(`/api/news/${id}`, admin)).json().data;
    expect(detail.F_FolderId).toBe('nf1');
    expect(detail.F_Attachments).toEqual([
      { F_Id: 'nf1-a', F_FileName: '年度报告.pdf', url: t.deps.fileLinks.url('nf1-a'), previewKind: 'pdf', viewerUrl: null },
      { F_Id: 'nf1-c', F_FileName: '照片.png', url: t.deps.fileLinks.url('nf1-c'), previewKind: 'image', viewerUrl: null },
      { F_FileName: 'a.pdf', url: '/files/a.pdf' },
    ]);
    expect(detail.F_Attachments[0].url).toMatch(/^\/api\/files\/nf1-a\?sig=[A-Za-z0-9_-]+$/);

    // The web form sends the folder only: the stored legacy list stays; a file deleted later disappears.
    const { F_Attachments: _legacy, ...withoutLegacy } = item({ F_FolderId: 'nf1', F_FullHead: '改过' });
    expect((await t.send('PUT', `/api/news/${id}`, withoutLegacy, admin)).json()).toMatchObject({ code: 0 });
    await t.deps.db.updateTable('files').set({ deleted_at: new Date() }).where('id', '=', 'nf1-c').execute();
    const edited = (await t.get(`/api/news/${id}`, admin)).json().data;
    expect(edited.F_Attachments.map((a: { F_FileName: string }) => a.F_FileName)).toEqual(['年度报告.pdf', 'a.pdf']);

    // Sending null detaches the folder; omitting it leaves it as it is.
    const { F_FolderId: _f, ...withoutFolder } = withoutLegacy as typeof withoutLegacy & { F_FolderId?: string };
    await t.send('PUT', `/api/news/${id}`, withoutFolder, admin);
    expect((await t.get(`/api/news/${id}`, admin)).json().data.F_FolderId).toBe('nf1');
    await t.send('PUT', `/api/news/${id}`, { ...withoutFolder, F_FolderId: null, F_Attachments: [] }, admin);
    expect((await t.get(`/api/news/${id}`, admin)).json().data).toMatchObject({ F_FolderId: null, F_Attachments: [] });
  });

  it('readers of a published item get the same signed attachments', async () => {
    await folderWith('nf2', [{ id: 'nf2-a', name: '通知.docx', ext: '.docx' }]);
    const id = await addNews(item({ F_FolderId: 'nf2', F_Attachments: [] }));
    await t.send('PUT', `/api/news/changeStatus?id=${id}&status=1`, undefined, admin);
    const detail = (await t.get(`/api/news/${id}`, staff)).json().data;
    // No external viewer is configured in tests: Office files are not previewable.
    expect(detail.F_Attachments).toEqual([
      { F_Id: 'nf2-a', F_FileName: '通知.docx', url: t.deps.fileLinks.url('nf2-a'), previewKind: 'none', viewerUrl: null },
    ]);
  });

  it("refuses a folder that is not an attachment folder of the caller's tenant (400, clear message)", async () => {
    await folderWith('nf-manager', [], { kind: 2 });
    await t.deps.db
      .insertInto('tenants')
      .values({ id: 'tn3', code: 'tn3', name: 'Third' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await folderWith('nf-other', [{ id: 'nf-other-a', name: '别家.pdf', ext: '.pdf' }], { tenant: 'tn3' });
    for (const folder of ['missing', 'nf-manager', 'nf-other']) {
      const res = await t.send('POST', '/api/news', item({ F_FolderId: folder }), admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(`附件文件夹不存在：${folder}`);
    }
    const id = await addNews();
    const res = await t.send('PUT', `/api/news/${id}`, item({ F_FolderId: 'nf-other' }), admin, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Attachment folder not found: nf-other');
    expect((await t.get(`/api/news/${id}`, admin)).json().data.F_FolderId).toBeNull();
    // A malformed id is refused by the contract before any lookup.
    expect((await t.send('POST', '/api/news', item({ F_FolderId: '../x' }), admin)).statusCode).toBe(400);
  });
});
