import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newId } from '../../core/ids.js';
import { multipartBody } from '../../test/multipart.js';
import { storageKeyFor } from '../files/storage-keys.js';
import { grantToRole } from '../../db/module-catalog.js';
import { fileManagerItems } from '../../db/migrations/20261123030100_files_menu.js';

const TENANT = 'default';
const API = '/api/file-manager';

let t: TestApp;
let staff: string;
let manager: string;
let staffId: string;
let managerId: string;

beforeAll(async () => {
  t = await createTestApp();
  // The demo seed runs after the migrations, so a fresh database may lack the grant the files-menu migration gives
  // staff and managers; granting again is a no-op where it is there.
  const roles = await t.deps.db.selectFrom('roles').select(['id', 'tenant_id']).where('en_code', 'in', ['staff', 'manager']).execute();
  for (const role of roles) await grantToRole(t.deps.db, role.tenant_id, role.id, fileManagerItems);
  [staff, manager] = await Promise.all([t.login('zhangsan'), t.login('lisi')]);
  const users = await t.deps.db.selectFrom('users').select(['id', 'account']).where('account', 'in', ['zhangsan', 'lisi']).execute();
  staffId = users.find((u) => u.account === 'zhangsan')!.id;
  managerId = users.find((u) => u.account === 'lisi')!.id;
});
afterAll(() => t.close());

/** A file as the upload route would leave it: an object in storage and a row pointing at it. */
async function addFile(ownerId: string, name: string, content: string | Buffer, folderId: string | null = null, mime = 'text/plain') {
  const id = newId();
  const key = storageKeyFor(TENANT, id);
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
  await t.deps.storage.write(key, Readable.from([bytes]), mime);
  await t.deps.db
    .insertInto('files')
    .values({
      id,
      tenant_id: TENANT,
      folder_id: folderId,
      owner_id: ownerId,
      file_name: name,
      extension: extname(name).toLowerCase(),
      mime_type: mime,
      size: bytes.length,
      storage_key: key,
    })
    .execute();
  return { id, key };
}

async function addFolder(token: string, name: string, parentId: string | null = null): Promise<string> {
  const res = await t.send('POST', `${API}/addFolder`, { F_ParentId: parentId, F_Name: name }, token);
  expect(res.json()).toMatchObject({ code: 0, msg: '新增成功' });
  return res.json().data.F_Id as string;
}

const list = async (token: string, query = '') =>
  (await t.get(`${API}/queryFileAndFileFolder?${query}`, token)).json().data as {
    Rows: { F_Id: string; F_Name: string; F_IsFolder: boolean }[];
    Total: number;
  };
const names = (rows: { F_Name: string }[]) => rows.map((r) => r.F_Name);
const rowCount = async (table: 'files' | 'file_folders', id: string) =>
  Number(
    (
      await t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('file manager', () => {
  it('adds folders, lists folders before files (paged in SQL), children and the tree', async () => {
    const docs = await addFolder(staff, '文档');
    const archive = await addFolder(staff, 'Archive');
    const inner = await addFolder(staff, '子目录', docs);
    await addFile(staffId, 'b.txt', 'bee');
    await addFile(staffId, 'a.txt', 'aye');
    const nested = await addFile(staffId, '说明.md', '# hi', docs);

    const root = await list(staff);
    expect(names(root.Rows)).toEqual(['Archive', '文档', 'a.txt', 'b.txt']);
    expect(root.Total).toBe(4);
    expect(root.Rows[2]).toMatchObject({
      F_IsFolder: false,
      F_ParentId: null,
      F_FileSize: 3,
      F_FileExtensions: '.txt',
      F_FileType: 'text/plain',
      previewKind: 'text',
      F_DeleteDate: null,
    });
    expect((root.Rows[2] as unknown as { url: string }).url).toMatch(/^\/api\/files\/[\w-]+\?sig=/);
    expect(root.Rows[0]).toMatchObject({ F_IsFolder: true, url: null, previewKind: null, F_FileSize: null });

    const page2 = await list(staff, 'limit=2&size=3');
    expect(page2).toMatchObject({ Total: 4 });
    expect(names(page2.Rows)).toEqual(['b.txt']);

    expect(names((await list(staff, `parentId=${docs}`)).Rows)).toEqual(['子目录', '说明.md']);
    const children = (await t.get(`${API}/getFileByParentId/${docs}`, staff)).json().data;
    expect(children.map((c: { F_Id: string }) => c.F_Id)).toEqual([inner, nested.id]);
    expect((await t.get(`${API}/getFileByParentId/root`, staff)).json().data).toHaveLength(4);

    const tree = (await t.get(`${API}/tree`, staff)).json().data;
    expect(tree).toEqual([
      { F_Id: archive, F_Name: 'Archive', F_ParentId: null, children: [] },
      { F_Id: docs, F_Name: '文档', F_ParentId: null, children: [{ F_Id: inner, F_Name: '子目录', F_ParentId: docs, children: [] }] },
    ]);

    // The manager has a file manager of their own and sees none of this.
    expect((await list(manager)).Total).toBe(0);
    expect((await t.get(`${API}/tree`, manager)).json().data).toEqual([]);
  });

  it("answers 404 for another user's items and refuses traversal-looking ids", async () => {
    const folder = await addFolder(staff, '私有');
    const file = await addFile(staffId, 'secret.txt', 'top secret', folder);
    const calls: [string, string, unknown?][] = [
      ['GET', `${API}/queryFileAndFileFolder?parentId=${folder}`],
      ['GET', `${API}/getFileByParentId/${folder}`],
      ['GET', `${API}/reviewFile/${file.id}`],
      ['GET', `${API}/EditFile/${file.id}`],
      ['PUT', `${API}/EditFile/${file.id}`, { content: 'stolen' }],
      ['PUT', `${API}/updateFileName?id=${file.id}&name=x`],
      ['PUT', `${API}/removeFile?id=${file.id}`],
      ['PUT', `${API}/removeFile?id=${file.id}&parentId=${folder}`],
      ['DELETE', `${API}/logicDelete/${file.id}`],
      ['PUT', `${API}/restoreFile/${file.id}`],
      ['DELETE', `${API}/Delete/${folder}`],
      ['DELETE', `${API}/Delete/${file.id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = method === 'GET' ? await t.get(url, manager) : await t.send(method as 'PUT', url, body ?? {}, manager);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const add = await t.send('POST', `${API}/addFolder`, { F_ParentId: folder, F_Name: 'x' }, manager);
    expect(add.statusCode).toBe(404);
    expect(add.json().msg).toBe(`文件夹不存在：${folder}`);
    // Nothing changed for the owner.
    expect(await t.deps.storage.size(file.key)).toBe(10);
    expect((await t.get(`${API}/EditFile/${file.id}`, staff)).json().data.content).toBe('top secret');
    expect((await list(manager, 'keyword=secret')).Total).toBe(0);

    for (const bad of ['..', '%2e%2e', 'a%2Fb', '..%2F..%2Fetc']) {
      expect([400, 404], bad).toContain((await t.get(`${API}/reviewFile/${bad}`, staff)).statusCode);
      expect([400, 404], bad).toContain((await t.send('DELETE', `${API}/Delete/${bad}`, undefined, staff)).statusCode);
      expect([400, 404], bad).toContain((await t.get(`${API}/queryFileAndFileFolder?parentId=${bad}`, staff)).statusCode);
    }
    expect((await t.get(`${API}/EditFile/a/b`, staff)).statusCode).toBe(404);
    expect([400, 404]).toContain((await t.get(`${API}/getFileByParentId/..`, staff)).statusCode);
  });

  it('needs a token and the buttons', async () => {
    expect((await t.get(`${API}/tree`)).statusCode).toBe(401);
    const admin = await t.login('admin');
    // Whatever the administrator holds, the answer is an envelope and never another user's data.
    const res = await t.get(`${API}/queryFileAndFileFolder`, admin);
    expect([200, 403]).toContain(res.statusCode);
    if (res.statusCode === 200) expect(res.json().data.Rows.every((r: { F_Name: string }) => r.F_Name !== 'secret.txt')).toBe(true);
  });

  it('renames, keeping the extension when the new name has none', async () => {
    const file = await addFile(staffId, 'report.txt', 'r');
    const folder = await addFolder(staff, 'old');
    expect((await t.send('PUT', `${API}/updateFileName?id=${file.id}&name=${encodeURIComponent('年报')}`, {}, staff)).json()).toMatchObject({
      code: 0,
      msg: '更新成功',
    });
    expect((await t.get(`${API}/reviewFile/${file.id}`, staff)).json().data.F_Name).toBe('年报.txt');
    await t.send('PUT', `${API}/updateFileName?id=${file.id}&name=notes.md`, {}, staff);
    const row = await t.deps.db.selectFrom('files').select(['file_name', 'extension']).where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ file_name: 'notes.md', extension: '.txt' });
    await t.send('PUT', `${API}/updateFileName?id=${folder}&name=new`, {}, staff);
    expect((await t.get(`${API}/tree`, staff)).json().data.some((n: { F_Id: string; F_Name: string }) => n.F_Id === folder && n.F_Name === 'new')).toBe(true);
    expect((await t.send('PUT', `${API}/updateFileName?id=${folder}&name=a%2Fb`, {}, staff)).statusCode).toBe(400);
    expect((await t.send('PUT', `${API}/updateFileName?id=${folder}&name=..`, {}, staff)).statusCode).toBe(400);
  });

  it('moves files and folders, and refuses a folder into itself or a descendant', async () => {
    const a = await addFolder(staff, 'A');
    const b = await addFolder(staff, 'B', a);
    const c = await addFolder(staff, 'C', b);
    const file = await addFile(staffId, 'move.txt', 'm');

    const self = await t.send('PUT', `${API}/removeFile?id=${a}&parentId=${a}`, {}, staff);
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe('不能把文件夹移动到它自己或它的子文件夹中');
    expect((await t.send('PUT', `${API}/removeFile?id=${a}&parentId=${c}`, {}, staff)).statusCode).toBe(400);
    expect((await t.send('PUT', `${API}/removeFile?id=${a}&parentId=${newId()}`, {}, staff)).statusCode).toBe(404);

    expect((await t.send('PUT', `${API}/removeFile?id=${file.id}&parentId=${c}`, {}, staff)).json()).toMatchObject({ code: 0, msg: '移动成功' });
    expect(names((await list(staff, `parentId=${c}`)).Rows)).toEqual(['move.txt']);
    // C up to the root; B then moves under C (no longer an ancestor of it).
    await t.send('PUT', `${API}/removeFile?id=${c}`, {}, staff);
    expect((await t.send('PUT', `${API}/removeFile?id=${b}&parentId=${c}`, {}, staff)).statusCode).toBe(200);
    const tree = (await t.get(`${API}/tree`, staff)).json().data as { F_Id: string; children: { F_Id: string }[] }[];
    expect(tree.find((n) => n.F_Id === c)!.children.map((n) => n.F_Id)).toEqual([b]);
    expect(tree.find((n) => n.F_Id === a)!.children).toEqual([]);
  });

  it('searches live items by name, case-insensitively, with LIKE wildcards taken literally', async () => {
    const folder = await addFolder(staff, 'SearchRoot');
    await addFile(staffId, 'Quarterly_Plan.txt', 'q', folder);
    await addFile(staffId, 'quarterly%x.txt', 'q');
    const hidden = await addFolder(staff, 'gone', folder);
    await addFile(staffId, 'quarterly-hidden.txt', 'q', hidden);
    await t.send('DELETE', `${API}/logicDelete/${hidden}`, undefined, staff);

    expect(names((await list(staff, 'keyword=QUARTERLY')).Rows).sort()).toEqual(['Quarterly_Plan.txt', 'quarterly%x.txt']);
    expect(names((await list(staff, `keyword=${encodeURIComponent('%')}`)).Rows)).toEqual(['quarterly%x.txt']);
    expect(names((await list(staff, 'keyword=searchroot')).Rows)).toEqual(['SearchRoot']);
    await t.send('DELETE', `${API}/Delete/${hidden}`, undefined, staff);
  });

  it('trash: hides a folder with its subtree, lists it, restores it (to the root when the parent is in the trash)', async () => {
    const top = await addFolder(staff, 'TrashTop');
    const sub = await addFolder(staff, 'TrashSub', top);
    const deep = await addFile(staffId, 'deep.txt', 'deep', sub);
    const loose = await addFile(staffId, 'loose.txt', 'loose', top);

    // The file first, then its folder: both are in the trash; the folder's subtree is hidden with it.
    expect((await t.send('DELETE', `${API}/logicDelete/${loose.id}`, undefined, staff)).json()).toMatchObject({ code: 0, msg: '已移入回收站' });
    await t.send('DELETE', `${API}/logicDelete/${top}`, undefined, staff);
    expect(names((await list(staff)).Rows)).not.toContain('TrashTop');
    expect((await t.get(`${API}/tree`, staff)).json().data.some((n: { F_Id: string }) => n.F_Id === top)).toBe(false);
    expect((await t.get(`${API}/queryFileAndFileFolder?parentId=${sub}`, staff)).statusCode).toBe(404);
    expect((await list(staff, 'keyword=deep')).Total).toBe(0);
    // The subtree itself is untouched: only the folder carries deleted_at.
    expect((await t.deps.db.selectFrom('files').select('deleted_at').where('id', '=', deep.id).executeTakeFirstOrThrow()).deleted_at).toBeNull();

    const trash = await list(staff, 'trash=1');
    expect(names(trash.Rows)).toEqual(['TrashTop', 'loose.txt']);
    expect(trash.Rows.every((r) => (r as unknown as { F_DeleteDate: string | null }).F_DeleteDate)).toBe(true);

    // Its folder is in the trash: the file comes back at the root.
    expect((await t.send('PUT', `${API}/restoreFile/${loose.id}`, {}, staff)).json()).toMatchObject({ code: 0, msg: '还原成功' });
    const restored = await t.deps.db.selectFrom('files').select(['folder_id', 'deleted_at']).where('id', '=', loose.id).executeTakeFirstOrThrow();
    expect(restored).toEqual({ folder_id: null, deleted_at: null });

    await t.send('PUT', `${API}/restoreFile/${top}`, {}, staff);
    expect(names((await list(staff, `parentId=${sub}`)).Rows)).toEqual(['deep.txt']);
    expect(names((await list(staff, 'trash=1')).Rows)).toEqual([]);
  });

  it('hard delete removes a folder subtree: rows and stored objects', async () => {
    const top = await addFolder(staff, 'HardTop');
    const sub = await addFolder(staff, 'HardSub', top);
    const f1 = await addFile(staffId, 'one.txt', '1', top);
    const f2 = await addFile(staffId, 'two.bin', Buffer.from([0, 1, 2]), sub, 'application/octet-stream');
    const keep = await addFile(staffId, 'keep.txt', 'keep');

    expect((await t.send('DELETE', `${API}/Delete/${top}`, undefined, staff)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    for (const id of [top, sub]) expect(await rowCount('file_folders', id)).toBe(0);
    for (const f of [f1, f2]) {
      expect(await rowCount('files', f.id)).toBe(0);
      expect(await t.deps.storage.size(f.key)).toBeNull();
    }
    expect(await t.deps.storage.size(keep.key)).toBe(4);

    // A single file, live or not.
    await t.send('DELETE', `${API}/Delete/${keep.id}`, undefined, staff);
    expect(await rowCount('files', keep.id)).toBe(0);
    expect(await t.deps.storage.size(keep.key)).toBeNull();
    expect((await t.send('DELETE', `${API}/Delete/${keep.id}`, undefined, staff)).statusCode).toBe(404);
  });

  it('emptyTrash removes everything in the trash with subtrees, and nothing else', async () => {
    const gone = await addFolder(staff, 'EmptyMe');
    const inside = await addFile(staffId, 'inside.txt', 'in', gone);
    const trashed = await addFile(staffId, 'trashed.txt', 'tr');
    const live = await addFile(staffId, 'live.txt', 'live');
    const theirs = await addFile(managerId, 'theirs.txt', 'theirs');
    await t.send('DELETE', `${API}/logicDelete/${theirs.id}`, undefined, manager);
    await t.send('DELETE', `${API}/logicDelete/${gone}`, undefined, staff);
    await t.send('DELETE', `${API}/logicDelete/${trashed.id}`, undefined, staff);

    expect((await t.send('DELETE', `${API}/emptyTrash`, undefined, staff)).json()).toMatchObject({ code: 0, msg: '回收站已清空' });
    expect(await rowCount('file_folders', gone)).toBe(0);
    for (const f of [inside, trashed]) {
      expect(await rowCount('files', f.id)).toBe(0);
      expect(await t.deps.storage.size(f.key)).toBeNull();
    }
    expect(await t.deps.storage.size(live.key)).toBe(4);
    // The manager's trash is theirs.
    expect(await t.deps.storage.size(theirs.key)).toBe(6);
    expect((await list(manager, 'trash=1')).Total).toBe(1);
    expect((await list(staff, 'trash=1')).Total).toBe(0);
  });

  it('never shows form attachments of the same user', async () => {
    const attachmentFolder = newId();
    await t.deps.db.insertInto('file_folders').values({ id: attachmentFolder, tenant_id: TENANT, owner_id: staffId, kind: 1 }).execute();
    const annex = await addFile(staffId, 'annex-only.txt', 'a', attachmentFolder);
    expect((await list(staff, 'keyword=annex-only')).Total).toBe(0);
    expect((await t.get(`${API}/reviewFile/${annex.id}`, staff)).statusCode).toBe(404);
    expect((await t.get(`${API}/queryFileAndFileFolder?parentId=${attachmentFolder}`, staff)).statusCode).toBe(404);
    await t.send('DELETE', `${API}/emptyTrash`, undefined, staff);
    expect(await t.deps.storage.size(annex.key)).toBe(1);
  });

  it('previews and edits text: round trip through a new stored object', async () => {
    const file = await addFile(staffId, 'edit.txt', '第一版');
    const review = (await t.get(`${API}/reviewFile/${file.id}`, staff)).json().data;
    expect(review).toMatchObject({ F_Id: file.id, F_Name: 'edit.txt', previewKind: 'text', viewerUrl: null });
    expect(review.url).toMatch(new RegExp(`^/api/files/${file.id}\\?sig=`));

    expect((await t.get(`${API}/EditFile/${file.id}`, staff)).json().data).toEqual({ F_Id: file.id, F_Name: 'edit.txt', content: '第一版' });
    const saved = await t.send('PUT', `${API}/EditFile/${file.id}`, { content: '第二版\nline 2' }, staff);
    expect(saved.json()).toMatchObject({ code: 0, msg: '更新成功' });
    expect((await t.get(`${API}/EditFile/${file.id}`, staff)).json().data.content).toBe('第二版\nline 2');

    const row = await t.deps.db.selectFrom('files').select(['storage_key', 'size']).where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.storage_key).not.toBe(file.key);
    expect(Number(row.size)).toBe(Buffer.byteLength('第二版\nline 2'));
    expect(await t.deps.storage.size(file.key)).toBeNull();
    expect(await t.deps.storage.size(row.storage_key)).toBe(Number(row.size));

    // More than 1 MB once encoded: refused, nothing changes.
    const big = await t.send('PUT', `${API}/EditFile/${file.id}`, { content: '字'.repeat(400_000) }, staff);
    expect(big.statusCode).toBe(400);
    expect((await t.deps.db.selectFrom('files').select('storage_key').where('id', '=', file.id).executeTakeFirstOrThrow()).storage_key).toBe(row.storage_key);
  });

  it('refuses to edit what is not text, folders and trashed files', async () => {
    const bin = await addFile(staffId, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), null, 'image/png');
    const res = await t.get(`${API}/EditFile/${bin.id}`, staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('该文件不能在线编辑');
    expect((await t.send('PUT', `${API}/EditFile/${bin.id}`, { content: 'x' }, staff)).statusCode).toBe(400);
    expect((await t.get(`${API}/reviewFile/${bin.id}`, staff)).json().data.previewKind).toBe('image');

    const folder = await addFolder(staff, 'NotAFile');
    expect((await t.get(`${API}/EditFile/${folder}`, staff)).statusCode).toBe(404);
    expect((await t.get(`${API}/reviewFile/${folder}`, staff)).statusCode).toBe(404);

    const txt = await addFile(staffId, 'trashed-edit.txt', 'x');
    await t.send('DELETE', `${API}/logicDelete/${txt.id}`, undefined, staff);
    expect((await t.get(`${API}/EditFile/${txt.id}`, staff)).statusCode).toBe(404);
  });

  it('lists what the upload route stored with purpose=file-manager, at the root and in a folder', async () => {
    const folder = await addFolder(staff, 'Uploads');
    const upload = async (url: string, filename: string, content: string) => {
      const body = multipartBody([
        { name: 'file', filename, content, contentType: 'text/plain' },
        { name: 'remark', value: '' },
      ]);
      const res = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${staff}` } });
      expect(res.json(), url).toMatchObject({ code: 0 });
      return res.json().data.FileIds[0] as string;
    };
    const atRoot = await upload('/api/upload?purpose=file-manager', '根目录上传.txt', 'root upload');
    const inFolder = await upload(`/api/upload/${folder}?purpose=file-manager`, 'in-folder.txt', 'folder upload');

    expect((await list(staff, `keyword=${encodeURIComponent('根目录上传')}`)).Rows.map((r) => r.F_Id)).toEqual([atRoot]);
    expect((await list(staff, `parentId=${folder}`)).Rows.map((r) => r.F_Id)).toEqual([inFolder]);
    expect((await t.get(`${API}/EditFile/${inFolder}`, staff)).json().data.content).toBe('folder upload');
    // Another user's folder is not an upload target.
    const body = multipartBody([{ name: 'file', filename: 'x.txt', content: 'x', contentType: 'text/plain' }]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/upload/${folder}?purpose=file-manager`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${manager}` },
    });
    expect(refused.statusCode).toBe(404);

    const key = (await t.deps.db.selectFrom('files').select('storage_key').where('id', '=', inFolder).executeTakeFirstOrThrow()).storage_key;
    await t.send('DELETE', `${API}/Delete/${folder}`, undefined, staff);
    expect(await t.deps.storage.size(key)).toBeNull();
  });
});
