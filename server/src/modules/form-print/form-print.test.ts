import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../core/auth/plugin.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { AppError } from '../../core/errors.js';
import { translate } from '../../core/i18n/index.js';
import { DEFAULT_CHROMIUM_PATH } from './index.js';
import { PdfRenderer } from './pdf-renderer.js';
import { createOrderForm } from '../../test/published-pages.js';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');
const chromium = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
const canRender = existsSync(path.join(webDist, 'index.html')) && existsSync(chromium);

const field = (formId: number, vModel: string, label: string, over: Record<string, unknown> = {}) => ({
  __vModel__: vModel,
  __config__: {
    formId,
    avueType: 'input',
    tag: 'el-input',
    label,
    span: 12,
    showLabel: true,
    labelWidth: 120,
    layout: 'colFormItem',
    required: false,
    view: true,
    edit: true,
    regList: [],
  },
  ...over,
});

/** What GET /form-relation/{id}/print/{keyValue} answers for the fixture record (PrintData). */
function printData(viewable: number[]) {
  return {
    title: '打印测试',
    form: {
      F_Id: 'form-print-test',
      F_Name: '打印测试',
      F_Type: 0,
      F_Category: '',
      F_Url: '',
      F_Description: '',
      F_SortCode: 0,
      F_EnabledMark: 1,
      F_IsDefault: 0,
      F_SchemeId: 'v1',
      F_Version: 1,
      F_CreateUserName: null,
      F_CreateDate: null,
      F_ModifyDate: null,
      F_HasTables: true,
      tableInfo: [],
      F_Scheme: { data: [field(101, 'F_Name', '名称'), field(102, 'F_Code', '编号')], formConf: { labelWidth: 100 } },
    },
    formData: { F_Name: '办公用品', F_Code: 'P-001' },
    viewable,
    setting: { style: 0, titleUnderline: 1, type: 1, borderColor: '#7e7e7e', title: '' },
  };
}

describe('POST /form-print/pdf (API only)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('admin');
  });
  afterAll(() => t.close());

  it('needs a signed-in caller', async () => {
    const res = await t.send('POST', '/api/form-print/pdf', { path: '/form-print/index?relationId=a&keyValue=b' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses any address but the print view', async () => {
    for (const p of [
      '/wel/index',
      'http://example.com/form-print/index?a=1',
      '//example.com/form-print/index?',
      '/form-print/index',
      '/form-print/index?a=1 b',
      '/form-print/indexx?a=1',
    ]) {
      const res = await t.send('POST', '/api/form-print/pdf', { path: p }, token);
      expect(res.statusCode, p).toBe(400);
      expect(res.json().msg).toContain('path');
    }
  });

  it('says so when the server does not serve the web app', async () => {
    const res = await t.send('POST', '/api/form-print/pdf', { path: '/form-print/index?relationId=a&keyValue=b' }, token);
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe('服务器未部署前端页面（web/dist），无法生成 PDF');
  });
});

describe('PdfRenderer', () => {
  it('says clearly when Chromium is not installed', async () => {
    const renderer = new PdfRenderer('/nowhere/chromium');
    const error = await renderer.pdf('http://127.0.0.1:1/form-print/index?a=1', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).key).toBe('formPrint.chromiumMissing');
    expect((error as AppError).status).toBe(503);
    await renderer.close();
  });
});

describe.skipIf(!existsSync(chromium))('PdfRenderer loads nothing but its own server', () => {
  it('an image, a frame, a fetch or a redirect to another address (loopback, link-local, metadata) is never requested', async () => {
    const hits: string[] = [];
    const listen = async (handler: http.RequestListener) => {
      const server = http.createServer(handler);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    };
    // The internal service a hostile rich-text field points at.
    const internal = await listen((request, response) => {
      hits.push(request.url ?? '');
      response.end('secret');
    });
    const own = await listen((request, response) => {
      if (request.url === '/redirect') return response.writeHead(302, { location: `${internal.origin}/redirected` }).end();
      if (request.url === '/own.png') return response.writeHead(200, { 'content-type': 'image/png' }).end();
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<html><body><img src="${internal.origin}/img"><img src="http://169.254.169.254/latest/meta-data/"><img src="/redirect">` +
            `<img src="/own.png"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><iframe src="${internal.origin}/frame"></iframe>` +
            `<script>fetch('${internal.origin}/fetch').catch(() => 0).finally(() => setTimeout(() => document.body.dataset.printReady = '1', 300));</script></body></html>`,
        );
    });
    const renderer = new PdfRenderer(chromium);
    try {
      const pdf = await renderer.pdf(`${own.origin}/form-print/index`, {});
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(hits).toEqual([]);
    } finally {
      await renderer.close();
      internal.server.close();
      own.server.close();
    }
  });
});

describe.skipIf(!canRender)('POST /form-print/pdf (listening, built web app, Chromium)', () => {
  let t: TestApp;
  let token: string;
  const seen: { auth: boolean }[] = [];
  beforeAll(async () => {
    t = await createTestApp({ webDist }, (app) => {
      // Stands in for the published list's print data, so the PDF path is tested on its own; a page that did not
      // get the caller's session is refused like any unsigned call.
      app.addHook('onRequest', async (request, reply) => {
        const match = /^\/api\/form-relation\/rel-1\/print\/(ok|hidden)$/.exec(request.url);
        if (!match) return;
        // Root hooks run before the API's own sign-in check: check the page's token the same way.
        const auth = await authenticate(t.deps, request);
        seen.push({ auth: !!auth });
        if (!auth) return reply.status(401).send({ code: 10401, success: false, data: null, msg: 'unauthorized' });
        return reply.send({ code: 0, success: true, data: printData(match[1] === 'ok' ? [101, 102] : []), msg: '' });
      });
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = await t.login('admin');
  }, 60_000);
  afterAll(() => t.close());

  it('answers the print view as a PDF, rendered signed in as the caller', async () => {
    const res = await t.send('POST', '/api/form-print/pdf', { path: '/form-print/index?relationId=rel-1&keyValue=ok&style=1&type=2' }, token);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(seen.at(-1)).toEqual({ auth: true });
  }, 60_000);

  it('renders several PDFs asked at once (two pages at a time, the rest wait)', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((style) => t.send('POST', '/api/form-print/pdf', { path: `/form-print/index?relationId=rel-1&keyValue=ok&style=${style}` }, token)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  }, 90_000);

  it('prints a record of a published page; a caller without the page gets its message', async () => {
    const { formId } = await createOrderForm(t, token);
    const published = await t.send(
      'POST',
      '/api/form-relation',
      { F_Name: '订单', F_FormId: formId, F_Setting: { columns: [{ field: 'F_Title' }], buttons: ['add', 'view', 'print'], print: { style: 2, type: 2 } } },
      token,
    );
    expect(published.json(), published.body).toMatchObject({ code: 0 });
    const relationId = published.json().data.F_Id as string;
    const saved = await t.send(
      'POST',
      `/api/form-relation/${relationId}/data`,
      { formData: { F_Title: '办公用品', F_Status: '2', F_Amount: '12.5', F_Tags: 'a,b' } },
      token,
    );
    expect(saved.json(), saved.body).toMatchObject({ code: 0 });
    const path = `/form-print/index?relationId=${relationId}&keyValue=${saved.json().data.primaryKey as string}`;

    const res = await t.send('POST', '/api/form-print/pdf', { path }, token);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Print type 2: A4 landscape, from the relation's print setting through the page's @page rule.
    expect(res.rawPayload.toString('latin1')).toMatch(/MediaBox \[0 0 841\.\d+ 594\.\d+\]/);

    const other = await t.send('POST', '/api/form-print/pdf', { path }, await t.login('zhangsan'));
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toBe(translate('zh-CN', 'formRelation.notFound', { id: relationId }));
  }, 90_000);

  it("answers the view's own error with 400", async () => {
    const res = await t.send('POST', '/api/form-print/pdf', { path: '/form-print/index?relationId=rel-1&keyValue=hidden' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('无表单权限，请检查数据格式');
  }, 60_000);
});
