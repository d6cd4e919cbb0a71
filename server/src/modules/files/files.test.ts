import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { multipartBody, type MultipartPart } from '../../test/multipart.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { md5Hex } from '../../core/auth/password.js';
import { LOG_EXCEPTION } from '../system-log/system-log.writer.js';
import { field } from '../form-scheme/test-fields.js';
import { createOrderForm } from '../../test/published-pages.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.alloc(200, 7)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer\n%%EOF\n');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), Buffer.from('[Content_Types].xml'), Buffer.alloc(100)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const MB = 1024 * 1024;
const text = (bytes: number, fill = 'a') => Buffer.alloc(bytes, fill);

let t: TestApp;
let admin: string;
let staff: string; // zhangsan
let manager: string; // lisi
let other: string; // wangwu

/** Every object file under the local storage root. */
function objectsUnder(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

async function upload(token: string, url: string, parts: MultipartPart[]) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
}
const file = (filename: string, content: Buffer | string): MultipartPart => ({ name: 'file', filename, content });

async function counts() {
  const root = (t.deps.config.storage as { root: string }).root;
  const rows = await t.deps.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const folders = await t.deps.db
    .selectFrom('file_folders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: Number(rows.n), folders: Number(folders.n), objects: objectsUnder(root).length };
}

/** A refusal changes nothing: no row, no folder, no object (not even a partial one). */
async function expectRefused(res: Awaited<ReturnType<typeof upload>>, before: Awaited<ReturnType<typeof counts>>, status: number, msg?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, data: null });
  if (msg) expect(res.json().msg).toMatch(msg);
  expect(await counts()).toEqual(before);
}

const signedPath = (url: string) => url; // the answer's url is already the /api path

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, manager, other] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi'), t.login('wangwu')]);
});
afterAll(() => t.close());

describe('upload', () => {
  it('the first upload creates the attachment folder, the next one reuses it; remark and detected type are stored', async () => {
    const first = await upload(staff, '/api/upload/', [file('截图.png', PNG), { name: 'remark', value: '第一张' }]);
    expect(first.json()).toMatchObject({ code: 0, success: true, msg: '上传成功' });
    const data = first.json().data;
    expect(data.FolderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.FileIds).toHaveLength(1);
    expect(data.FileUrl).toBe(data.Files[0].url);
    expect(data.Files[0]).toMatchObject({
      F_Id: data.FileIds[0],
      F_FolderId: data.FolderId,
      F_FileName: '截图.png',
      F_FileExtensions: '.png',
      F_FileType: 'image/png',
      F_FileSize: PNG.length,
      F_Remark: '第一张',
      F_CreateUserName: '张三',
      previewKind: 'image',
      viewerUrl: null,
    });
    expect(data.Files[0].url).toMatch(new RegExp(`^/api/files/${data.FileIds[0]}\\?sig=[A-Za-z0-9_-]+$`));

    const second = await upload(staff, `/api/upload/${data.FolderId}`, [{ name: 'remark', value: '第二份' }, file('合同.pdf', PDF)]);
    expect(second.json().data).toMatchObject({
      FolderId: data.FolderId,
      Files: [{ F_FileName: '合同.pdf', F_FileType: 'application/pdf', F_Remark: '第二份', previewKind: 'pdf' }],
    });
    // without the trailing slash as well
    expect((await upload(staff, '/api/upload', [file('a.txt', 'x')])).json().code).toBe(0);

    const list = await t.get(`/api/annexes-files/url/${data.FolderId}`, manager);
    expect(list.json()).toMatchObject({ code: 0, msg: '获取成功' });
    expect(list.json().data.map((f: { F_FileName: string }) => f.F_FileName)).toEqual(['截图.png', '合同.pdf']);
    const one = await t.get(`/api/annexes-files/${data.FileIds[0]}`, admin);
    expect(one.json().data).toMatchObject({ F_Id: data.FileIds[0], F_FileName: '截图.png' });

    const stored = await t.deps.db.selectFrom('files').selectAll().where('id', '=', data.FileIds[0]).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ tenant_id: 'default', folder_id: data.FolderId, mime_type: 'image/png', remark: '第一张', extension: '.png' });
    expect(stored.storage_key).toMatch(new RegExp(`^default/\\d{4}/\\d{2}/${data.FileIds[0]}$`));
    expect(await t.deps.storage.size(stored.storage_key)).toBe(PNG.length);
    expect(await t.deps.db.selectFrom('file_folders').select(['kind', 'owner_id']).where('id', '=', data.FolderId).executeTakeFirst()).toMatchObject({
      kind: 1,
    });
  });

  it('multiple-file upload stores every file in one folder; the single call refuses a second file', async () => {
    const res = await upload(staff, '/api/upload/multiple-file-upload/', [
      file('a.txt', 'one'),
      file('b.csv', 'x,y\n1,2\n'),
      file('c.docx', ZIP),
      { name: 'remark', value: '批量' },
    ]);
    const data = res.json().data;
    expect(data.FileIds).toHaveLength(3);
    expect(data.Files.map((f: { F_FileType: string }) => f.F_FileType)).toEqual([
      'text/plain',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ]);
    expect(data.Files.every((f: { F_Remark: string; F_FolderId: string }) => f.F_Remark === '批量' && f.F_FolderId === data.FolderId)).toBe(true);
    expect(data.Files[2].previewKind).toBe('none'); // no office viewer configured
    const more = await upload(staff, `/api/upload/multiple-file-upload/${data.FolderId}`, [file('d.json', '{"a":1}')]);
    expect(more.json().data.FolderId).toBe(data.FolderId);
    expect((await t.get(`/api/annexes-files/url/${data.FolderId}`, staff)).json().data).toHaveLength(4);

    const before = await counts();
    await expectRefused(await upload(staff, '/api/upload/', [file('a.txt', 'one'), file('b.txt', 'two')]), before, 400, '只能上传一个文件');
    await expectRefused(await upload(staff, '/api/upload/', [{ name: 'remark', value: 'no file' }]), before, 400, '请选择要上传的文件');
  });

  it('a failure on a later file removes the objects of the earlier ones (all or nothing)', async () => {
    const before = await counts();
    const res = await upload(staff, '/api/upload/multiple-file-upload/', [file('a.txt', 'ok'), file('b.png', PNG), file('c.png', PDF)]);
    await expectRefused(res, before, 400, '文件内容与类型不符：c.png');
  });

  it('refuses files over the purpose limit, leaving no row and no object', async () => {
    const before = await counts();
    await expectRefused(await upload(staff, '/api/upload/', [file('big.txt', text(2 * MB + 1))]), before, 400, '只能上传不超过 2MB 的文件');
    expect((await upload(staff, '/api/upload/', [file('edge.txt', text(2 * MB))])).json().code).toBe(0);

    const now = await counts();
    await expectRefused(await upload(staff, '/api/upload/?limit=10&unit=KB', [file('k.txt', text(10 * 1024 + 1))]), now, 400, '只能上传不超过 10KB 的文件');
    expect((await upload(staff, '/api/upload/?limit=10&unit=KB', [file('k.txt', text(10 * 1024))])).json().code).toBe(0);
    // a cap below the sniffed head: refused as soon as the head is let through
    await expectRefused(await upload(staff, '/api/upload/?limit=1&unit=KB', [file('s.txt', text(2048))]), await counts(), 400, '只能上传不超过 1KB 的文件');
    await expectRefused(await upload(staff, '/api/upload/?limit=1&unit=KB', [file('s.txt', text(20_000))]), await counts(), 400, '只能上传不超过 1KB 的文件');
    // the client cannot raise the purpose's cap: its limit only narrows
    await expectRefused(
      await upload(staff, '/api/upload/?purpose=news&limit=3', [file('n.txt', text(2.5 * MB))]),
      await counts(),
      400,
      '只能上传不超过 2MB 的文件',
    );
    await expectRefused(
      await upload(staff, '/api/upload/?limit=100&unit=MB', [file('n.txt', text(2.5 * MB))]),
      await counts(),
      400,
      '只能上传不超过 2MB 的文件',
    );

    const later = await counts();
    const bigPng = Buffer.concat([PNG, Buffer.alloc(5 * MB + 1 - PNG.length)]);
    await expectRefused(await upload(staff, '/api/upload/?purpose=stamp', [file('stamp.png', bigPng)]), later, 400, '只能上传不超过 5MB 的文件');
    await expectRefused(await upload(staff, '/api/upload/?purpose=stamp', [file('stamp.pdf', PDF)]), later, 400, /只能上传 image\/\* 类型的文件/);
    expect((await upload(staff, '/api/upload/?purpose=stamp', [file('stamp.png', bigPng.subarray(0, 5 * MB))])).json().code).toBe(0);
    await expectRefused(await upload(staff, '/api/upload/?limit=0', [file('a.txt', 'x')]), await counts(), 400);
  });

  it("a form's upload field gets the size and types stored with the field, whatever the client asks", async () => {
    const fields = [
      field(1, 'F_Title', 'input', {}, { label: '标题' }),
      field(2, 'F_Files', 'upload', { accept: '.txt' }, { label: '附件', fileSize: 3, sizeUnit: 'MB' }),
      field(3, 'F_Small', 'upload', {}, { label: '小附件', fileSize: 1, sizeUnit: 'KB' }),
    ];
    const { formId } = await createOrderForm(t, admin, fields);
    const schemeId = (await t.deps.db.selectFrom('form_schemes').select('current_version_id').where('id', '=', formId).executeTakeFirstOrThrow())
      .current_version_id!;
    // Above the 2 MB default, within the field's 3 MB: accepted, by form alone or by form and version.
    expect((await upload(staff, `/api/upload/?formId=${formId}&fieldId=2`, [file('a.txt', text(2.5 * MB))])).json().code).toBe(0);
    expect((await upload(staff, `/api/upload/?formId=${formId}&schemeId=${schemeId}&fieldId=2`, [file('a.txt', text(2.5 * MB))])).json().code).toBe(0);
    // The client asking for more changes nothing; asking for less narrows.
    await expectRefused(
      await upload(staff, `/api/upload/?formId=${formId}&fieldId=2&limit=100&unit=MB`, [file('a.txt', text(3 * MB + 1))]),
      await counts(),
      400,
      '只能上传不超过 3MB 的文件',
    );
    await expectRefused(
      await upload(staff, `/api/upload/?formId=${formId}&fieldId=3&limit=100&unit=MB`, [file('a.txt', text(2000))]),
      await counts(),
      400,
      '只能上传不超过 1KB 的文件',
    );
    // The field's stored types apply too.
    await expectRefused(await upload(staff, `/api/upload/?formId=${formId}&fieldId=2`, [file('a.pdf', PDF)]), await counts(), 400, /\.txt/);
    // A field that is not an upload field, or not in the form, or another tenant's form: refused before a byte is stored.
    await expectRefused(
      await upload(staff, `/api/upload/?formId=${formId}&fieldId=1`, [file('a.txt', 'x')]),
      await counts(),
      400,
      '表单中找不到这个上传字段，请刷新页面后重试',
    );
    await expectRefused(
      await upload(staff, `/api/upload/?formId=${formId}&fieldId=99`, [file('a.txt', 'x')]),
      await counts(),
      400,
      '表单中找不到这个上传字段，请刷新页面后重试',
    );
    await expectRefused(
      await upload(staff, `/api/upload/?formId=nope&fieldId=2`, [file('a.txt', 'x')]),
      await counts(),
      400,
      '表单中找不到这个上传字段，请刷新页面后重试',
    );
  });

  it('refuses content that does not match its name, executables and HTML', async () => {
    const before = await counts();
    await expectRefused(await upload(staff, '/api/upload/', [file('photo.png', PDF)]), before, 400, '文件内容与类型不符：photo.png');
    await expectRefused(
      await upload(staff, '/api/upload/', [file('readme.txt', Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(9000, 1)]))]),
      before,
      400,
      '文件内容与类型不符',
    );
    await expectRefused(await upload(staff, '/api/upload/', [file('notes.txt', '#!/bin/sh\nrm -rf /\n')]), before, 400, '文件内容与类型不符');
    await expectRefused(
      await upload(staff, '/api/upload/', [file('elf.log', Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'))]),
      before,
      400,
      '文件内容与类型不符',
    );
    await expectRefused(await upload(staff, '/api/upload/', [file('page.html', '<!doctype html><script>alert(1)</script>')]), before, 400, '只能上传');
    await expectRefused(await upload(staff, '/api/upload/', [file('page.htm', '<p>x</p>')]), before, 400, '只能上传');
    await expectRefused(await upload(staff, '/api/upload/', [file('tool.exe', 'MZ')]), before, 400, '只能上传');
    await expectRefused(await upload(staff, '/api/upload/', [file('noext', 'x')]), before, 400, '只能上传');
    await expectRefused(await upload(staff, '/api/upload/?accept=.png,.jpg', [file('a.pdf', PDF)]), before, 400, '只能上传 .png,.jpg 类型的文件');
    await expectRefused(await upload(staff, '/api/upload/?accept=image/*', [file('a.pdf', PDF)]), before, 400, '只能上传 image/* 类型的文件');
    expect((await upload(staff, '/api/upload/?accept=image/*', [file('a.png', PNG)])).json().code).toBe(0);
  });

  it('refuses unknown folders, other kinds of folders and path tricks before reading a byte', async () => {
    const before = await counts();
    for (const folder of ['missing-folder', '..%2F..%2Fetc', '%2e%2e', '%2Fetc%2Fpasswd', '..', 'a%00b']) {
      const res = await upload(staff, `/api/upload/${folder}`, [file('a.txt', 'x')]);
      expect([400, 404], `${folder}: ${res.body}`).toContain(res.statusCode);
    }
    expect(await counts()).toEqual(before);
    for (const url of [
      '/api/annexes-files/url/..%2F..%2Fetc',
      '/api/annexes-files/url/%2e%2e',
      '/api/annexes-files/%2Fetc%2Fpasswd',
      '/api/annexes-files/..%5C..%5Cwin.ini',
      '/api/annexes-files/url/missing',
    ]) {
      const res = await t.get(url, staff);
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body).not.toMatch(/root:|\[fonts\]/);
    }
    for (const id of ['..%2F..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '%2Fetc%2Fpasswd']) {
      const res = await t.get(`/api/files/${id}?sig=AAAAAAAAAAAAAAAAAAAAAA`);
      expect([400, 404], id).toContain(res.statusCode);
      expect(res.body).not.toMatch(/root:/);
    }
  });
});

describe('file-manager uploads', () => {
  it('go to the caller’s root or own folder only', async () => {
    const res = await upload(staff, '/api/upload/?purpose=file-manager', [file('big.txt', text(3 * MB))]);
    expect(res.json().data).toMatchObject({ FolderId: '', Files: [{ F_FolderId: '', F_FileSize: 3 * MB }] });
    const id = res.json().data.FileIds[0];
    expect(await t.deps.db.selectFrom('files').select('folder_id').where('id', '=', id).executeTakeFirst()).toEqual({ folder_id: null });
    // file-manager files are private: not reachable through the attachment calls
    expect((await t.get(`/api/annexes-files/${id}`, staff)).statusCode).toBe(404);

    const zhangsan = (await t.deps.db.selectFrom('users').select('id').where('account', '=', 'zhangsan').executeTakeFirstOrThrow()).id;
    await t.deps.db
      .insertInto('file_folders')
      .values({ id: 'fm-zhangsan', tenant_id: 'default', owner_id: zhangsan, kind: 2, parent_id: null, name: '我的文档', deleted_at: null })
      .execute();
    await t.deps.db
      .insertInto('file_folders')
      .values({ id: 'fm-trashed', tenant_id: 'default', owner_id: zhangsan, kind: 2, parent_id: null, name: '旧', deleted_at: new Date() })
      .execute();
    const inFolder = await upload(staff, '/api/upload/fm-zhangsan?purpose=file-manager', [file('x.md', '# 标题')]);
    expect(inFolder.json().data).toMatchObject({ FolderId: 'fm-zhangsan', Files: [{ F_FolderId: 'fm-zhangsan', F_FileType: 'text/markdown' }] });

    const before = await counts();
    await expectRefused(await upload(manager, '/api/upload/fm-zhangsan?purpose=file-manager', [file('x.md', '#')]), before, 404, '文件夹不存在');
    await expectRefused(await upload(staff, '/api/upload/fm-trashed?purpose=file-manager', [file('x.md', '#')]), before, 404, '文件夹不存在');
    // a file-manager folder is not an attachment folder, and the other way round
    await expectRefused(await upload(staff, '/api/upload/fm-zhangsan', [file('x.md', '#')]), before, 404, '文件夹不存在');
    expect((await t.get('/api/annexes-files/url/fm-zhangsan', staff)).statusCode).toBe(404);
    const attachmentFolder = (await upload(staff, '/api/upload/', [file('a.txt', 'x')])).json().data.FolderId;
    const after = await counts();
    await expectRefused(await upload(staff, `/api/upload/${attachmentFolder}?purpose=file-manager`, [file('x.md', '#')]), after, 404, '文件夹不存在');
  });
});

describe('signed file route', () => {
  let png: { id: string; url: string };
  beforeAll(async () => {
    const data = (await upload(staff, '/api/upload/', [file('图片 (1).png', PNG)])).json().data;
    png = { id: data.FileIds[0], url: data.FileUrl };
  });

  it('serves the bytes without a token, with safe headers', async () => {
    const res = await t.get(signedPath(png.url));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect(res.headers['content-disposition']).toBe(`inline; filename="__ (1).png"; filename*=UTF-8''%E5%9B%BE%E7%89%87%20%281%29.png`);
    // Only the app-wide policy (no framing by other sites); SVGs get a stricter one.
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    const download = await t.get(`${png.url}&download=1`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: png.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(PNG.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers 404 for a wrong signature, another file’s signature, a deleted file', async () => {
    const wrong = png.url.replace(/sig=.*/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await t.get(wrong)).statusCode).toBe(404);
    expect((await t.get(wrong)).json()).toMatchObject({ success: false, code: 10404 });
    expect((await t.get(wrong)).headers['x-content-type-options']).toBe('nosniff');
    const other = (await upload(staff, '/api/upload/', [file('b.png', PNG)])).json().data;
    expect((await t.get(`/api/files/${png.id}?sig=${other.FileUrl.split('sig=')[1]}`)).statusCode).toBe(404);
    expect((await t.get(`/api/files/${png.id}?sig=short`)).statusCode).toBe(400);
    expect((await t.get(`/api/files/${png.id}`)).statusCode).toBe(400);
    await t.deps.db.updateTable('files').set({ deleted_at: new Date() }).where('id', '=', other.FileIds[0]).execute();
    expect((await t.get(other.FileUrl)).statusCode).toBe(404);
  });

  it('answers one range with 206 and an unsatisfiable one with 416', async () => {
    // A browser asks for compression too; the range must still be the stored bytes (the route opts out).
    const first = await t.get(png.url, undefined, { range: 'bytes=0-7', 'accept-encoding': 'br, gzip' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers['content-range']).toBe(`bytes 0-7/${PNG.length}`);
    expect(first.headers['content-length']).toBe('8');
    expect(first.rawPayload.equals(PNG.subarray(0, 8))).toBe(true);
    const suffix = await t.get(png.url, undefined, { range: 'bytes=-4' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(PNG.subarray(PNG.length - 4))).toBe(true);
    const open = await t.get(png.url, undefined, { range: 'bytes=10-' });
    expect(open.headers['content-range']).toBe(`bytes 10-${PNG.length - 1}/${PNG.length}`);
    expect(open.rawPayload.equals(PNG.subarray(10))).toBe(true);
    for (const range of [`bytes=${PNG.length}-`, 'bytes=9-3', 'bytes=-0']) {
      const res = await t.get(png.url, undefined, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${PNG.length}`);
    }
    // several ranges or nonsense: the whole file
    expect((await t.get(png.url, undefined, { range: 'bytes=0-1,4-5' })).statusCode).toBe(200);
    expect((await t.get(png.url, undefined, { range: 'pages=1' })).statusCode).toBe(200);
  });

  it('keeps Chinese names in the disposition and serves each kind safely', async () => {
    const data = (
      await upload(staff, '/api/upload/multiple-file-upload/', [
        file('年度报告 2026.pdf', PDF),
        file('logo.svg', SVG),
        file('说明.txt', '中文内容'),
        file('合同.docx', ZIP),
        file('data.json', '{"a":"<script>"}'),
      ])
    ).json().data;
    const [pdf, svg, txt, docx, json] = data.Files as { url: string; F_FileName: string }[];
    expect(pdf.F_FileName).toBe('年度报告 2026.pdf');

    const pdfRes = await t.get(pdf.url);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.headers['content-disposition']).toBe(`inline; filename="____ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('年度报告 2026.pdf')}`);

    const svgRes = await t.get(svg.url);
    expect(svgRes.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'x-content-type-options': 'nosniff',
    });
    expect(svgRes.headers['content-disposition']).toMatch(/^inline; /);

    const txtRes = await t.get(txt.url);
    expect(txtRes.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(txtRes.body).toBe('中文内容');
    expect(txtRes.headers['content-disposition']).toMatch(/^inline; /);
    expect((await t.get(json.url)).headers['content-type']).toBe('text/plain; charset=utf-8');

    const docxRes = await t.get(docx.url);
    expect(docxRes.headers['content-disposition']).toMatch(/^attachment; filename="__.docx"; filename\*=UTF-8''%E5%90%88%E5%90%8C\.docx$/);
    expect(docxRes.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives office files a viewer address when a viewer is configured', async () => {
    const viewer = await createTestApp({ officePreviewUrl: 'https://viewer.example.com/view?src={url}', publicUrl: 'https://oa.example.com' });
    try {
      const token = await viewer.login('zhangsan');
      const { payload, headers } = multipartBody([file('a.docx', ZIP)]);
      const res = await viewer.app.inject({ method: 'POST', url: '/api/upload/', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
      const f = res.json().data.Files[0];
      expect(f.previewKind).toBe('office');
      expect(f.viewerUrl).toBe(`https://viewer.example.com/view?src=${encodeURIComponent(`https://oa.example.com${f.url}`)}`);
    } finally {
      await viewer.close();
    }
  }, 120_000); // a second app of its own: migrating and seeding a fresh database takes long on a loaded machine
});

describe('attachments: delete and tenants', () => {
  it('the uploader or a tenant administrator deletes; others get 403', async () => {
    const data = (await upload(staff, '/api/upload/', [file('a.png', PNG)])).json().data;
    const id = data.FileIds[0];
    const key = (await t.deps.db.selectFrom('files').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()).storage_key;
    for (const token of [manager, other]) {
      const res = await t.send('DELETE', `/api/annexes-files/${id}`, undefined, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('您没有权限删除');
    }
    expect((await t.send('DELETE', `/api/annexes-files/${id}`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    expect(await t.deps.storage.size(key)).toBeNull();
    expect((await t.get(data.FileUrl)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/annexes-files/${id}`, undefined, admin)).statusCode).toBe(404);
    // the folder stays, so the form can upload into it again
    expect((await t.get(`/api/annexes-files/url/${data.FolderId}`, staff)).json().data).toEqual([]);
    expect((await upload(staff, `/api/upload/${data.FolderId}`, [file('b.png', PNG)])).json().code).toBe(0);

    const own = (await upload(other, '/api/upload/', [file('mine.txt', 'x')])).json().data;
    expect((await t.send('DELETE', `/api/annexes-files/${own.FileIds[0]}`, undefined, other)).json().code).toBe(0);
  });

  it("another tenant's folders and files are 404; deleting a tenant removes its rows and objects", async () => {
    const created = await t.send(
      'POST',
      '/api/tenant',
      { F_EnCode: 'files-co', F_FullName: '文件公司', moduleIds: ['personal-info'], adminPassword: md5Hex('Files@123') },
      admin,
    );
    expect(created.json().code).toBe(0);
    const tenantId = created.json().data.F_TenantId as string;
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: md5Hex('Files@123'), code: 'files-co' } });
    const foreign = login.json().data.Token as string;

    const mine = (await upload(staff, '/api/upload/', [file('a.png', PNG)])).json().data;
    const theirs = (await upload(foreign, '/api/upload/', [file('b.png', PNG)])).json().data;
    expect(theirs.Files[0].F_FileName).toBe('b.png');

    const before = await counts();
    await expectRefused(await upload(foreign, `/api/upload/${mine.FolderId}`, [file('x.txt', 'x')]), before, 404, '文件夹不存在');
    expect((await t.get(`/api/annexes-files/url/${mine.FolderId}`, foreign)).statusCode).toBe(404);
    expect((await t.get(`/api/annexes-files/${mine.FileIds[0]}`, foreign)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/annexes-files/${mine.FileIds[0]}`, undefined, foreign)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/annexes-files/${theirs.FileIds[0]}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.get(`/api/annexes-files/url/${theirs.FolderId}`, admin)).statusCode).toBe(404);

    const root = (t.deps.config.storage as { root: string }).root;
    expect(objectsUnder(path.join(root, tenantId))).toHaveLength(1);
    expect((await t.send('DELETE', `/api/tenant/${tenantId}`, undefined, admin)).json().code).toBe(0);
    expect(objectsUnder(path.join(root, tenantId))).toEqual([]);
    expect(await t.deps.db.selectFrom('files').select('id').where('tenant_id', '=', tenantId).execute()).toEqual([]);
    expect(await t.deps.db.selectFrom('file_folders').select('id').where('tenant_id', '=', tenantId).execute()).toEqual([]);
    expect((await t.get(theirs.FileUrl)).statusCode).toBe(404);
    expect((await t.get(mine.FileUrl)).statusCode).toBe(200);
  });

  it('refuses a body that is not multipart, and documents every files route', async () => {
    const res = await t.send('POST', '/api/upload/', { file: 'x' }, staff);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ success: false });
    const doc = (await t.get('/api/docs/json')).json();
    for (const route of [
      '/api/upload/',
      '/api/upload/{folderId}',
      '/api/upload/multiple-file-upload/{folderId}',
      '/api/annexes-files/url/{folderId}',
      '/api/annexes-files/{id}',
      '/api/files/{id}',
    ]) {
      expect(Object.keys(doc.paths), route).toContain(route);
    }
  });

  it('needs a token for everything but the signed route', async () => {
    expect((await t.get('/api/annexes-files/url/x')).statusCode).toBe(401);
    const { payload, headers } = multipartBody([file('a.txt', 'x')]);
    expect((await t.app.inject({ method: 'POST', url: '/api/upload/', payload, headers })).statusCode).toBe(401);
  });
});

describe('a cut-off upload on a real socket', () => {
  it('leaves no object and no row', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = await counts();
    const content = text(1 * MB, 'z');
    const { payload, headers } = multipartBody([file('cut.txt', content)]);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/upload/?purpose=file-manager HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${staff}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, payload.length / 2));
    // Let the server start streaming the part into storage, then vanish.
    const root = (t.deps.config.storage as { root: string }).root;
    for (let i = 0; i < 100 && !objectsUnder(root).some((f) => f.includes('.part-')); i++) await new Promise((r) => setTimeout(r, 10));
    expect(objectsUnder(root).some((f) => f.includes('.part-'))).toBe(true);
    socket.destroy();
    for (let i = 0; i < 100 && objectsUnder(root).some((f) => f.includes('.part-')); i++) await new Promise((r) => setTimeout(r, 10));
    expect(await counts()).toEqual(before);
    expect(objectsUnder(root).filter((f) => f.includes('.part-'))).toEqual([]);
    // a hang-up is the client's doing, not a server error for the exception log
    await new Promise((r) => setTimeout(r, 200)); // log inserts start after the answer
    const logged = await t.deps.db
      .selectFrom('system_logs')
      .select('detail')
      .where('url', 'like', '/api/upload%')
      .where('category', '=', LOG_EXCEPTION)
      .execute();
    expect(logged).toEqual([]);
  });
});

describe('a refused upload on a keep-alive connection', () => {
  it('does not leave the connection stuck: the client gets the refusal and the connection closes, or its next request is answered', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`);
    const { port } = new URL(address);
    const { payload, headers } = multipartBody([file('tool.exe', text(2 * MB, 'x')), file('after.txt', text(MB, 'y'))]);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const ended = new Promise<boolean>((resolve) => {
      socket.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 5000);
    });
    socket.write(
      `POST /api/upload/?purpose=file-manager HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${staff}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload);
    socket.write(`GET /api/areas/province HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${staff}\r\n\r\n`);
    const closed = await ended;
    socket.destroy();
    const answers = received.match(/^HTTP\/1\.1 \d+/gm) ?? [];
    expect(answers[0]).toBe('HTTP/1.1 400');
    // Either the unread body was drained and the next request answered, or the server said it closes and did.
    if (answers.length < 2) {
      expect(received.toLowerCase()).toContain('connection: close');
      expect(closed).toBe(true);
    } else {
      expect(answers[1]).toBe('HTTP/1.1 200');
    }
  });
});

describe('S3 storage end to end', () => {
  let s3: TestS3Server;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    app = await createTestApp({ storage: s3.config });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
  });

  it('uploads, serves (with ranges), refuses and deletes through the bucket', async () => {
    const token = await app.login('zhangsan');
    const big = Buffer.concat([PNG, Buffer.alloc(3 * MB, 9)]);
    const post = (url: string, parts: MultipartPart[]) => {
      const { payload, headers } = multipartBody(parts);
      return app.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    };
    const res = await post('/api/upload/multiple-file-upload/?purpose=file-manager', [file('大图.png', big), file('b.txt', '你好')]);
    expect(res.json().code, res.body).toBe(0);
    const [img, txt] = res.json().data.Files as { url: string; F_FileSize: number }[];
    expect(img.F_FileSize).toBe(big.length);
    const whole = await app.get(img.url);
    expect(createHash('sha256').update(whole.rawPayload).digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));
    const part = await app.get(img.url, undefined, { range: 'bytes=0-0' });
    expect(part.statusCode).toBe(206);
    expect([...part.rawPayload]).toEqual([0x89]);
    expect((await app.get(txt.url)).body).toBe('你好');

    const refused = await post('/api/upload/', [file('x.png', PDF)]);
    expect(refused.statusCode).toBe(400);
    const objects = () => readdirSync(s3.directory, { recursive: true }).filter((f) => String(f).endsWith('._S3rver_object'));
    expect(objects()).toHaveLength(2);
    // over the cap after the first 8 MB part went out: the multipart upload is aborted, no object appears
    const twelve = Buffer.concat([PNG, Buffer.alloc(12 * MB, 1)]);
    const tooLarge = await post('/api/upload/?purpose=file-manager&limit=10&unit=MB', [file('huge.png', twelve)]);
    expect(tooLarge.json().msg).toBe('只能上传不超过 10MB 的文件');
    expect(objects()).toHaveLength(2);
    expect(await app.deps.db.selectFrom('files').select('id').where('file_name', '=', 'huge.png').execute()).toEqual([]);

    const attachment = (await post('/api/upload/', [file('c.png', PNG)])).json().data;
    expect(objects()).toHaveLength(3);
    expect((await app.send('DELETE', `/api/annexes-files/${attachment.FileIds[0]}`, undefined, token)).json().code).toBe(0);
    expect(objects()).toHaveLength(2);
  });
});
