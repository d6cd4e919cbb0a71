import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { AuthContext } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { stampImageUrls, verifyStampForUse } from './stamp-use.js';
import { pngSize } from './png.js';

/** A PNG's signature and IHDR chunk (enough for the size check). */
function png(width: number, height: number): Buffer {
  const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const ihdr = Buffer.alloc(17);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([head, ihdr]);
}
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
const SIGNATURE = dataUrl(png(80, 50));
const EN = { 'accept-language': 'en' };

let t: TestApp;
let admin: string;
let zhangsan: string;
let lisi: string;
let ids: Record<string, string>;
let tenantId: string;

async function authOf(account: string): Promise<AuthContext> {
  return { userId: ids[account]!, tenantId, sessionId: 's', account };
}

async function addFile(size: number, mime = 'image/png'): Promise<string> {
  const id = newId();
  await t.deps.db
    .insertInto('files')
    .values({ id, tenant_id: tenantId, owner_id: ids.zhangsan!, file_name: 'a.png', extension: '.png', mime_type: mime, size, storage_key: `k/${id}` })
    .execute();
  return id;
}

const body = (extra: Record<string, unknown> = {}) => ({
  F_StampName: '张三签名',
  F_StampType: '1',
  F_Password: 'pw-123',
  F_File_Type: 2,
  F_File: SIGNATURE,
  F_Description: 'd',
  ...extra,
});

async function add(token: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.send('POST', '/api/stamps', body(extra), token);
  expect(res.json(), res.body).toMatchObject({ code: 0 });
  return res.json().data.F_StampId as string;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhangsan, lisi] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi')]);
  const users = await t.deps.db
    .selectFrom('users')
    .select(['id', 'account', 'tenant_id'])
    .where('account', 'in', ['admin', 'zhangsan', 'lisi', 'wangwu'])
    .execute();
  ids = Object.fromEntries(users.map((u) => [u.account, u.id]));
  tenantId = users.find((u) => u.account === 'zhangsan')!.tenant_id;
});
afterAll(() => t.close());

describe('stamp validation', () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ F_StampName: '' }, '请填写印章名称', 'Please enter the stamp name'],
    [{ F_StampType: '' }, '请选择印章分类', 'Please choose the stamp category'],
    [{ F_Password: '' }, '请填写密码', 'Please enter the password'],
    [{ F_File: '' }, '请上传图片', 'Please upload an image'],
    [{ F_File: dataUrl(png(100, 50)) }, '手写签名必须是 80 × 50 的 PNG 图片', 'A handwritten signature must be a PNG image of 80 × 50'],
    [{ F_File: 'data:image/jpeg;base64,AAAA' }, '手写签名必须是 80 × 50 的 PNG 图片', 'A handwritten signature must be a PNG image of 80 × 50'],
  ];
  it.each(cases)('add %j → %s', async (extra, zh, en) => {
    const a = await t.send('POST', '/api/stamps', body(extra), zhangsan);
    expect(a.json()).toMatchObject({ success: false, msg: zh });
    const b = await t.send('POST', '/api/stamps', body(extra), zhangsan, EN);
    expect(b.json()).toMatchObject({ success: false, msg: en });
  });

  it('an image over 5 MB is refused (upload and handwritten)', async () => {
    const big = await addFile(5 * 1024 * 1024 + 1);
    const a = await t.send('POST', '/api/stamps', body({ F_File_Type: 1, F_File: big }), zhangsan);
    expect(a.json()).toMatchObject({ success: false, msg: '上传图片大小不能超过 5MB!' });
    const b = await t.send('POST', '/api/stamps', body({ F_File_Type: 1, F_File: big }), zhangsan, EN);
    expect(b.json().msg).toBe('The uploaded image may not be larger than 5 MB!');
    const huge = dataUrl(Buffer.concat([png(80, 50), Buffer.alloc(5 * 1024 * 1024)]));
    const c = await t.send('POST', '/api/stamps', body({ F_File: huge }), zhangsan);
    expect(c.json()).toMatchObject({ success: false, msg: '上传图片大小不能超过 5MB!' });
  });

  it('an uploaded file must be an image of the tenant', async () => {
    const pdf = await addFile(100, 'application/pdf');
    expect((await t.send('POST', '/api/stamps', body({ F_File_Type: 1, F_File: pdf }), zhangsan)).json().msg).toBe('只能上传图片文件');
    expect((await t.send('POST', '/api/stamps', body({ F_File_Type: 1, F_File: 'nope' }), zhangsan)).json().msg).toBe('图片文件不存在或已被删除');
  });

  it('reads the PNG size from IHDR', () => {
    expect(pngSize(png(80, 50))).toEqual({ width: 80, height: 50 });
    expect(pngSize(Buffer.from('not a png at all, not at all'))).toBeNull();
  });
});

describe('stamps', () => {
  it('a user adds a personal stamp, is its member and manager; the password is never answered', async () => {
    const id = await add(zhangsan);
    const mine = await t.get('/api/stamps?EnabledMark=1', zhangsan);
    const row = mine.json().data.Rows.find((r: { F_StampId: string }) => r.F_StampId === id);
    expect(row).toMatchObject({
      F_StampName: '张三签名',
      F_StampType: '1',
      F_StampAttributes: '0',
      F_File_Type: 2,
      F_File: SIGNATURE,
      EnabledMark: 1,
      hasPassword: true,
      canUse: true,
      canManage: true,
    });
    expect(row).not.toHaveProperty('F_Password');
    expect(mine.body).not.toContain('pw-123');
    expect(mine.body).not.toContain('scrypt');
    // lisi neither sees nor may use it; the management list (admin) has it.
    const other = await t.get('/api/stamps', lisi);
    expect(other.json().data.Rows.some((r: { F_StampId: string }) => r.F_StampId === id)).toBe(false);
    const all = await t.get('/api/stamps', admin);
    expect(all.json().data.Rows.some((r: { F_StampId: string }) => r.F_StampId === id)).toBe(true);
    expect(all.body).not.toContain('scrypt');
    const members = await t.get(`/api/stamps/${id}/member`, zhangsan);
    expect(members.json().data.userIds).toEqual([ids.zhangsan]);
  });

  it('verifyStampForUse: member with the right password, wrong password, non-member, disabled', async () => {
    const id = await add(zhangsan);
    const db = t.deps.db;
    expect(await verifyStampForUse(db, await authOf('zhangsan'), id, 'pw-123')).toBe('ok');
    expect(await verifyStampForUse(db, await authOf('zhangsan'), id, 'wrong')).toBe('wrongPassword');
    await expect(verifyStampForUse(db, await authOf('lisi'), id, 'pw-123')).rejects.toMatchObject({ key: 'workflow.stampNotAllowed', status: 403 });
    await expect(verifyStampForUse(db, await authOf('zhangsan'), 'nope', '')).rejects.toBeInstanceOf(AppError);
    // lisi made a member may use it.
    expect((await t.send('PUT', `/api/stamps/${id}/member`, { userIds: [ids.zhangsan, ids.lisi] }, zhangsan)).json()).toMatchObject({
      code: 0,
      msg: '印章成员已保存',
    });
    expect(await verifyStampForUse(db, await authOf('lisi'), id, 'pw-123')).toBe('ok');
    expect((await t.get(`/api/stamps/${id}/member`, zhangsan)).json().data.userIds.sort()).toEqual([ids.zhangsan, ids.lisi].sort());
    // a member (not manager) may not change it.
    expect((await t.send('PUT', `/api/stamps/${id}`, body({ F_StampName: 'x' }), lisi)).json()).toMatchObject({ success: false, msg: '您不能维护该印章' });
    expect((await t.send('PATCH', `/api/stamps/${id}/not-enabled`, undefined, zhangsan)).json()).toMatchObject({ code: 0, msg: '印章已停用' });
    await expect(verifyStampForUse(db, await authOf('zhangsan'), id, 'pw-123')).rejects.toMatchObject({ key: 'workflow.stampNotAllowed' });
    expect((await t.get('/api/stamps?EnabledMark=1', zhangsan)).json().data.Rows.some((r: { F_StampId: string }) => r.F_StampId === id)).toBe(false);
    expect((await t.get('/api/stamps?EnabledMark=0', zhangsan)).json().data.Rows.some((r: { F_StampId: string }) => r.F_StampId === id)).toBe(true);
    expect((await t.send('PATCH', `/api/stamps/${id}/enable`, undefined, zhangsan)).json()).toMatchObject({ code: 0, msg: '印章已启用' });
    expect(await verifyStampForUse(db, await authOf('zhangsan'), id, 'pw-123')).toBe('ok');
  });

  it('edit: an empty password keeps the old one; a new one replaces it; an uploaded image answers a signed address', async () => {
    const id = await add(zhangsan);
    const file = await addFile(1000);
    const res = await t.send('PUT', `/api/stamps/${id}`, body({ F_Password: '', F_StampName: '改名', F_File_Type: 1, F_File: file }), zhangsan);
    expect(res.json()).toMatchObject({ code: 0 });
    expect(await verifyStampForUse(t.deps.db, await authOf('zhangsan'), id, 'pw-123')).toBe('ok');
    const row = (await t.get('/api/stamps?keyword=改名', zhangsan)).json().data.Rows[0];
    expect(row).toMatchObject({ F_StampId: id, F_File_Type: 1, F_FileId: file });
    expect(row.F_File).toMatch(new RegExp(`^/api/files/${file}\\?sig=`));
    // the edit form sends the address back: accepted as the same file.
    expect(
      (await t.send('PUT', `/api/stamps/${id}`, body({ F_Password: 'new-pw', F_StampName: '改名', F_File_Type: 1, F_File: row.F_File }), zhangsan)).json(),
    ).toMatchObject({ code: 0 });
    expect(await verifyStampForUse(t.deps.db, await authOf('zhangsan'), id, 'new-pw')).toBe('ok');
    expect(await verifyStampForUse(t.deps.db, await authOf('zhangsan'), id, 'pw-123')).toBe('wrongPassword');
    const img = await t.get(`/api/stamps/stamp-img?id=${id}`, zhangsan);
    expect(img.json().data).toBe(row.F_File);
    expect((await t.get(`/api/stamps/stamp-img?id=${id}`, lisi)).statusCode).toBe(404);
    expect((await t.get('/api/stamps/stamp-img?id=nope', zhangsan)).json()).toMatchObject({ success: false, code: expect.any(Number) });
    const signature = await add(zhangsan);
    const images = await stampImageUrls(t.deps.db, t.deps.fileLinks, tenantId, [id, signature, 'nope', '']);
    expect(Object.fromEntries(images)).toEqual({ [id]: row.F_File, [signature]: SIGNATURE });
  });

  it('managers and maintainers: set-manager, maintain; maintainers edit but do not delete', async () => {
    const id = await add(zhangsan);
    expect((await t.send('PUT', `/api/stamps/${id}/maintain`, { userIds: [ids.lisi] }, zhangsan)).json()).toMatchObject({ code: 0, msg: '印章维护人已保存' });
    expect((await t.get(`/api/stamps/${id}/maintain`, zhangsan)).json().data).toMatchObject({ userIds: [ids.lisi], users: [{ F_UserId: ids.lisi }] });
    expect((await t.send('PUT', `/api/stamps/${id}`, body({ F_StampName: '维护', F_Password: '' }), lisi)).json()).toMatchObject({ code: 0 });
    const visible = (await t.get('/api/stamps', lisi)).json().data.Rows.find((r: { F_StampId: string }) => r.F_StampId === id);
    expect(visible).toMatchObject({ canUse: false, canManage: false });
    expect((await t.get('/api/stamps?EnabledMark=1', lisi)).json().data.Rows.some((r: { F_StampId: string }) => r.F_StampId === id)).toBe(false);
    expect((await t.send('DELETE', `/api/stamps/${id}`, undefined, lisi)).statusCode).toBe(403);
    expect((await t.get(`/api/stamps/${id}/member`, lisi)).statusCode).toBe(403);
    expect((await t.send('PATCH', '/api/stamps/set-manager', { stampId: id, userIds: [ids.zhangsan, ids.lisi] }, zhangsan)).json()).toMatchObject({
      code: 0,
      msg: '印章管理者已保存',
    });
    expect((await t.get(`/api/stamps/${id}/manager`, zhangsan)).json().data.userIds.sort()).toEqual([ids.zhangsan, ids.lisi].sort());
    expect((await t.send('PATCH', '/api/stamps/set-manager', { stampId: id, userIds: ['nobody'] }, lisi)).json().msg).toBe('用户【nobody】不存在');
    expect((await t.send('DELETE', `/api/stamps/${id}`, undefined, lisi)).json()).toMatchObject({ code: 0 });
    expect((await t.send('DELETE', `/api/stamps/${id}`, undefined, lisi)).statusCode).toBe(404);
  });

  it('set-default keeps one default per tenant and needs the enable button', async () => {
    const a = await add(admin, { F_StampName: 'A', F_StampAttributes: '1' });
    const b = await add(admin, { F_StampName: 'B' });
    const defaults = async () =>
      (await t.get('/api/stamps?size=500', admin))
        .json()
        .data.Rows.filter((r: { F_StampAttributes: string }) => r.F_StampAttributes === '1')
        .map((r: { F_StampId: string }) => r.F_StampId);
    expect(await defaults()).toEqual([a]);
    expect((await t.send('PATCH', `/api/stamps/${b}/set-default`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '已设为默认印章' });
    expect(await defaults()).toEqual([b]);
    const mine = await add(zhangsan, { F_StampAttributes: '1' });
    expect(await defaults()).toEqual([b]);
    expect((await t.send('PATCH', `/api/stamps/${mine}/set-default`, undefined, zhangsan)).statusCode).toBe(403);
    expect((await t.send('PATCH', `/api/stamps/${a}/set-default`, undefined, admin)).json().code).toBe(0);
    expect(await defaults()).toEqual([a]);
    // F_StampType filter
    const typed = await add(admin, { F_StampName: 'T', F_StampType: 'public' });
    expect((await t.get('/api/stamps?F_StampType=public', admin)).json().data.Rows.map((r: { F_StampId: string }) => r.F_StampId)).toEqual([typed]);
  });
});
