import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { InterfaceService } from './interface.service.js';
import { MAX_ANSWER_BYTES, sendOutbound } from './outbound.js';
import { atPath, renderBody, renderUrl } from './template.js';

/** A local service on 127.0.0.1 (allowed by the test configuration): echoes, redirects, big and slow answers. */
let bigBytesSent = 0;
function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    switch (url.pathname) {
      case '/echo':
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ method: req.method, path: req.url, headers: req.headers, body, data: { items: [{ name: 'first' }, { name: 'second' }] } }));
        return;
      case '/text':
        res.setHeader('content-type', 'text/plain');
        res.end('plain words');
        return;
      case '/status':
        res.statusCode = 418;
        res.setHeader('content-type', 'application/json');
        res.end('{"error":"teapot"}');
        return;
      case '/redirect':
        res.statusCode = Number(url.searchParams.get('code') ?? 302);
        res.setHeader('location', url.searchParams.get('to') ?? '/echo');
        res.end();
        return;
      case '/loop':
        res.statusCode = 302;
        res.setHeader('location', '/loop');
        res.end();
        return;
      case '/big': {
        // 8 MB offered in 64 KB chunks; the client must stop reading at 1 MB.
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let left = 128;
        const write = () => {
          while (left > 0) {
            left--;
            bigBytesSent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', write);
          }
          res.end();
        };
        res.on('error', () => {});
        write();
        return;
      }
      case '/slow':
        setTimeout(() => res.end('late'), 3000).unref();
        return;
      default:
        res.statusCode = 404;
        res.end();
    }
  });
}

const servers: http.Server[] = [];
async function listen(): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let t: TestApp;
let strict: TestApp;
let admin: string;
let strictAdmin: string;
let staff: string;
let base: string;
let other: string;

beforeAll(async () => {
  [base, other] = await Promise.all([listen(), listen()]);
  [t, strict] = await Promise.all([createTestApp(), createTestApp({ interfaceAllowedHosts: [] })]);
  [admin, staff, strictAdmin] = await Promise.all([t.login('admin'), t.login('zhangsan'), strict.login('admin')]);
});
afterAll(async () => {
  await Promise.all([t?.close(), strict?.close()]);
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

let codeSeq = 0;
const item = (extra: Record<string, unknown> = {}) => ({
  F_Code: `if${++codeSeq}`,
  F_Name: '回显',
  F_Method: 'POST',
  F_Url: `${base}/echo`,
  F_Headers: [{ name: 'X-Token', value: 'secret-1' }],
  F_BodyTemplate: '{"name":"{{name}}","count":{{count}}}',
  F_ResponsePath: 'data.items[1].name',
  F_TimeoutMs: 5000,
  F_Description: '',
  ...extra,
});

async function add(app: TestApp, token: string, body: Record<string, unknown>): Promise<string> {
  const res = await app.send('POST', '/api/interface/', body, token);
  expect(res.json()).toMatchObject({ code: 0 });
  return res.json().data.id;
}

const test = (app: TestApp, token: string, id: string, params: Record<string, unknown> = {}) =>
  app.send('POST', `/api/interface/${id}/test`, { params }, token);

describe('interfaces: management', () => {
  it('adds (with and without the trailing slash), lists, pages, shows, edits, deletes', async () => {
    const id = await add(t, admin, item({ F_Code: 'echo.main', F_Method: 'post' }));
    const second = await t.send('POST', '/api/interface', item({ F_Code: 'echo-two', F_Name: '第二个' }), admin);
    expect(second.json()).toMatchObject({ code: 0, msg: '新增成功' });

    const detail = (await t.get(`/api/interface/${id}`, admin)).json().data;
    expect(detail).toMatchObject({
      F_Id: id,
      F_Code: 'echo.main',
      F_Method: 'POST',
      F_Url: `${base}/echo`,
      F_Headers: [{ name: 'X-Token', value: 'secret-1' }],
      F_TimeoutMs: 5000,
      F_ResponsePath: 'data.items[1].name',
    });
    expect(detail.F_CreateDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const all = (await t.get('/api/interface', admin)).json().data;
    expect(all.map((r: { F_Code: string }) => r.F_Code)).toEqual(expect.arrayContaining(['echo.main', 'echo-two']));
    const page = (await t.get('/api/interface/page?limit=1&size=1&keyword=第二', admin)).json().data;
    expect(page).toMatchObject({ Total: 1, Rows: [{ F_Code: 'echo-two' }] });
    expect((await t.get('/api/interface/page?keyword=echo', admin)).json().data.Total).toBeGreaterThanOrEqual(2);

    const edited = await t.send('PUT', `/api/interface/${id}`, item({ F_Code: 'echo.main', F_Method: 'GET', F_TimeoutMs: undefined }), admin);
    expect(edited.json()).toMatchObject({ code: 0, msg: '更新成功' });
    expect((await t.get(`/api/interface/${id}`, admin)).json().data).toMatchObject({ F_Method: 'GET', F_TimeoutMs: 5000 });

    expect((await t.send('DELETE', `/api/interface/${id}`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await t.get(`/api/interface/${id}`, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/interface/${id}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.send('PUT', `/api/interface/${id}`, item(), admin)).statusCode).toBe(404);
    expect((await test(t, admin, id)).statusCode).toBe(404);
  });

  it('refuses a duplicate code with 409 and a clear message', async () => {
    await add(t, admin, item({ F_Code: 'dup' }));
    const res = await t.send('POST', '/api/interface/', item({ F_Code: 'dup' }), admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('接口编号已存在：dup');
    const other = await add(t, admin, item({ F_Code: 'dup2' }));
    expect((await t.send('PUT', `/api/interface/${other}`, item({ F_Code: 'dup' }), admin)).statusCode).toBe(409);
    const en = await t.send('POST', '/api/interface/', item({ F_Code: 'dup' }), admin, { 'accept-language': 'en' });
    expect(en.json().msg).toBe('An interface with this code already exists: dup');
  });

  it('refuses bad definitions with 400', async () => {
    const bad = [
      item({ F_Url: 'file:///etc/passwd' }),
      item({ F_Url: 'gopher://127.0.0.1:70/_x' }),
      item({ F_Url: 'ftp://example.com/' }),
      item({ F_Url: '{{url}}' }),
      item({ F_Method: 'TRACE' }),
      item({ F_Method: 'CONNECT' }),
      item({ F_Headers: [{ name: 'Host', value: 'evil' }] }),
      item({ F_Headers: [{ name: 'transfer-encoding', value: 'chunked' }] }),
      item({ F_Headers: [{ name: 'Connection', value: 'close' }] }),
      item({ F_Headers: [{ name: 'X-A', value: 'a\r\nX-Injected: 1' }] }),
      item({ F_Headers: [{ name: 'X A', value: 'a' }] }),
      item({ F_TimeoutMs: 30_001 }),
      item({ F_TimeoutMs: 0 }),
      item({ F_ResponsePath: 'a..b' }),
      item({ F_Code: '' }),
      item({ F_Name: '' }),
    ];
    for (const body of bad) {
      const res = await t.send('POST', '/api/interface/', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.send('POST', '/api/interface/', item({ F_TimeoutMs: 30_000 }), admin)).statusCode).toBe(200);
  });

  it('needs the interface buttons for every call', async () => {
    const id = await add(t, admin, item());
    expect((await t.get('/api/interface', staff)).statusCode).toBe(403);
    expect((await t.get('/api/interface/page', staff)).statusCode).toBe(403);
    expect((await t.get(`/api/interface/${id}`, staff)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/interface/', item(), staff)).statusCode).toBe(403);
    expect((await t.send('PUT', `/api/interface/${id}`, item(), staff)).statusCode).toBe(403);
    expect((await t.send('DELETE', `/api/interface/${id}`, undefined, staff)).statusCode).toBe(403);
    expect((await test(t, staff, id)).statusCode).toBe(403);
    expect((await t.get('/api/interface')).statusCode).toBe(401);
  });

  it("another tenant's interfaces are never seen, changed or called", async () => {
    const db = t.deps.db;
    await db.insertInto('tenants').values({ id: 'if-t2', code: 'if-t2', name: 'Other' }).execute();
    await db
      .insertInto('interfaces')
      .values({ id: 'other-if', tenant_id: 'if-t2', code: 'other', name: '别家', method: 'GET', url: `${base}/echo`, headers: '[]' })
      .execute();
    expect((await t.get('/api/interface', admin)).json().data.some((r: { F_Id: string }) => r.F_Id === 'other-if')).toBe(false);
    expect((await t.get('/api/interface/other-if', admin)).statusCode).toBe(404);
    expect((await t.send('PUT', '/api/interface/other-if', item(), admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/interface/other-if', undefined, admin)).statusCode).toBe(404);
    expect((await test(t, admin, 'other-if')).statusCode).toBe(404);
    const service = new InterfaceService(t.deps);
    await expect(service.call({ userId: 'admin', tenantId: 'default', sessionId: '', account: 'admin' }, 'other')).rejects.toMatchObject({ status: 404 });
    expect(await db.selectFrom('interfaces').select('name').where('id', '=', 'other-if').executeTakeFirst()).toEqual({ name: '别家' });
  });
});

describe('interfaces: calls', () => {
  it('calls with method, stored headers and the body template; answers status, parsed body and the value at the path', async () => {
    const id = await add(t, admin, item());
    const res = await test(t, admin, id, { name: '张三', count: 3 });
    expect(res.json()).toMatchObject({ code: 0, msg: '调用完成，状态码 200' });
    const data = res.json().data;
    expect(data).toMatchObject({ status: 200, value: 'second', truncated: false });
    expect(data.durationMs).toBeGreaterThanOrEqual(0);
    expect(data.body.method).toBe('POST');
    expect(data.body.headers['x-token']).toBe('secret-1');
    expect(data.body.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(data.body.body)).toEqual({ name: '张三', count: 3 });
  });

  it('JSON-escapes string parameters so they cannot add keys; URL parameters are encoded', async () => {
    const id = await add(t, admin, item({ F_Url: `${base}/echo?q={{q}}` }));
    const evil = 'a","admin":true,"x":"\n\\';
    const data = (await test(t, admin, id, { name: evil, count: null, q: 'x&admin=1#frag' })).json().data;
    const sent = JSON.parse(data.body.body);
    expect(sent).toEqual({ name: evil, count: null });
    expect(data.body.path).toBe('/echo?q=x%26admin%3D1%23frag');
  });

  it('GET sends no body; text and non-2xx answers are results, not errors', async () => {
    const get = await add(t, admin, item({ F_Method: 'GET' }));
    const data = (await test(t, admin, get, { name: 'x', count: 1 })).json().data;
    expect(data.body).toMatchObject({ method: 'GET', body: '' });
    expect(data.body.headers['content-length']).toBeUndefined();

    const text = await add(t, admin, item({ F_Method: 'GET', F_Url: `${base}/text`, F_ResponsePath: '' }));
    expect((await test(t, admin, text)).json().data).toMatchObject({ status: 200, body: 'plain words', value: 'plain words' });

    const teapot = await add(t, admin, item({ F_Method: 'GET', F_Url: `${base}/status`, F_ResponsePath: 'error' }));
    expect((await test(t, admin, teapot)).json().data).toMatchObject({ status: 418, body: { error: 'teapot' }, value: 'teapot' });

    const missing = await add(t, admin, item({ F_Method: 'GET', F_ResponsePath: 'data.nothing.here' }));
    expect((await test(t, admin, missing)).json().data.value).toBeNull();
  });

  it('follows up to 3 redirects itself; 303 turns into GET; more are refused', async () => {
    const hop = `${base}/redirect?to=${encodeURIComponent('/echo')}`;
    const one = await add(t, admin, item({ F_Url: hop, F_ResponsePath: 'method' }));
    // 301/302 after POST become GET, as browsers do; 307/308 keep the method and body.
    expect((await test(t, admin, one, { name: 'a', count: 1 })).json().data).toMatchObject({ status: 200, value: 'GET' });
    const seeOther = await add(t, admin, item({ F_Url: `${hop}&code=303`, F_ResponsePath: 'method' }));
    expect((await test(t, admin, seeOther)).json().data).toMatchObject({ status: 200, value: 'GET', body: { body: '' } });
    const keep = await add(t, admin, item({ F_Url: `${hop}&code=307`, F_ResponsePath: 'body' }));
    expect((await test(t, admin, keep, { name: 'k', count: 2 })).json().data.value).toBe('{"name":"k","count":2}');

    const three = `${base}/redirect?to=${encodeURIComponent(`/redirect?to=${encodeURIComponent(hop)}`)}`;
    const ok3 = await add(t, admin, item({ F_Url: three, F_Method: 'GET', F_ResponsePath: 'method' }));
    expect((await test(t, admin, ok3)).json().data.value).toBe('GET');
    const loop = await add(t, admin, item({ F_Url: `${base}/loop` }));
    const res = await test(t, admin, loop);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('重定向次数过多（最多 3 次）');
  });

  it('does not send the stored headers to another origin after a redirect', async () => {
    const id = await add(t, admin, item({ F_Method: 'GET', F_Url: `${base}/redirect?to=${encodeURIComponent(`${other}/echo`)}`, F_ResponsePath: 'headers' }));
    const headers = (await test(t, admin, id)).json().data.value;
    expect(headers.host).toBe(other.replace('http://', ''));
    expect(headers['x-token']).toBeUndefined();
  });

  it('reads at most 1 MB of an answer and stops downloading', async () => {
    bigBytesSent = 0;
    const id = await add(t, admin, item({ F_Method: 'GET', F_Url: `${base}/big`, F_ResponsePath: '' }));
    const data = (await test(t, admin, id)).json().data;
    expect(data.truncated).toBe(true);
    expect(data.body).toHaveLength(MAX_ANSWER_BYTES);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bigBytesSent).toBeLessThan(8 * 1024 * 1024);
  });

  it('gives up after F_TimeoutMs with a clear message', async () => {
    const id = await add(t, admin, item({ F_Method: 'GET', F_Url: `${base}/slow`, F_TimeoutMs: 300 }));
    const started = Date.now();
    const res = await test(t, admin, id);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('接口调用超时（300 毫秒）');
  });

  it('reports an unreachable address as a failed call', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const id = await add(t, admin, item({ F_Url: `http://127.0.0.1:${port}/` }));
    const res = await test(t, admin, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^接口调用失败：ECONNREFUSED/);
  });

  it('call(auth, idOrCode, params) serves forms and workflows by id or code', async () => {
    const id = await add(t, admin, item({ F_Code: 'by.code', F_ResponsePath: 'body' }));
    const service = new InterfaceService(t.deps);
    const auth = { userId: 'admin', tenantId: 'default', sessionId: '', account: 'admin' };
    expect((await service.call(auth, 'by.code', { name: 'n', count: 5 })).value).toBe('{"name":"n","count":5}');
    expect((await service.call(auth, id, { name: 'm', count: 6 })).value).toBe('{"name":"m","count":6}');
    await expect(service.call(auth, 'no-such')).rejects.toMatchObject({ status: 404 });
  });
});

describe('interfaces: address guard (nothing allowed)', () => {
  const refusedUrls = (port: string) => [
    `http://127.0.0.1:${port}/echo`,
    `http://localhost:${port}/echo`,
    `http://[::1]:${port}/echo`,
    `http://0x7f000001:${port}/echo`,
    `http://2130706433:${port}/echo`,
    `http://0177.0.0.1:${port}/echo`,
    `http://127.1:${port}/echo`,
    `http://[::ffff:127.0.0.1]:${port}/echo`,
    'http://169.254.169.254/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://0.0.0.0/',
  ];

  it('refuses loopback, link-local, metadata and private addresses in every spelling', async () => {
    const port = new URL(base).port;
    for (const url of refusedUrls(port)) {
      const id = await add(strict, strictAdmin, item({ F_Url: url }));
      const res = await test(strict, strictAdmin, id);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg, url).toMatch(/^不允许连接该地址：/);
    }
  });

  it('checks every redirect hop: an allowed host cannot send the call to a forbidden one', async () => {
    for (const target of ['http://169.254.169.254/latest/meta-data/', 'http://10.1.2.3/', 'http://[fe80::1]/', 'http://[fd00:ec2::254]/']) {
      const id = await add(t, admin, item({ F_Method: 'GET', F_Url: `${base}/redirect?to=${encodeURIComponent(target)}` }));
      const res = await test(t, admin, id);
      expect(res.statusCode, target).toBe(400);
      expect(res.json().msg, target).toMatch(/^不允许连接该地址：/);
    }
  });

  it('refuses a redirect to a non-http scheme', async () => {
    for (const target of ['file:///etc/passwd', 'gopher://127.0.0.1:70/_x', 'ftp://127.0.0.1/']) {
      const id = await add(t, admin, item({ F_Method: 'GET', F_Url: `${base}/redirect?to=${encodeURIComponent(target)}` }));
      const res = await test(t, admin, id);
      expect(res.statusCode, target).toBe(400);
      expect(res.json().msg).toMatch(/^接口地址只能是 http:\/\/ 或 https:\/\/ 地址/);
    }
  });
});

describe('outbound unit', () => {
  it('connects to the checked address, not to what DNS would answer later (no rebinding)', async () => {
    const port = new URL(base).port;
    const checked: string[] = [];
    // The name does not exist in DNS: the call can only work if the socket uses the checked address.
    const answer = await sendOutbound({ method: 'GET', url: `http://rebind.invalid:${port}/echo`, headers: [], body: null, timeoutMs: 2000 }, async (host) => {
      checked.push(host);
      return { address: '127.0.0.1', family: 4 };
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString()).headers.host).toBe(`rebind.invalid:${port}`);
    expect(checked).toEqual(['rebind.invalid']);
  });

  it('drops forbidden or broken headers even if they were stored', async () => {
    const answer = await sendOutbound(
      {
        method: 'GET',
        url: `${base}/echo`,
        headers: [
          { name: 'Host', value: 'evil.example' },
          { name: 'Transfer-Encoding', value: 'chunked' },
          { name: 'X-Bad', value: 'a\r\nX-Injected: 1' },
          { name: 'X-Good', value: 'yes' },
        ],
        body: null,
        timeoutMs: 2000,
      },
      async () => ({ address: '127.0.0.1', family: 4 }),
    );
    const headers = JSON.parse(answer.body.toString()).headers;
    expect(headers.host).toBe(new URL(base).host);
    expect(headers['x-good']).toBe('yes');
    expect(headers['x-bad']).toBeUndefined();
    expect(headers['x-injected']).toBeUndefined();
  });

  it('templates and paths', () => {
    expect(renderBody('{"a":"{{a}}","n":{{ n }},"b":{{b}},"z":"{{missing}}"}', { a: 'x"y\\', n: 1.5, b: true })).toBe(
      '{"a":"x\\"y\\\\","n":1.5,"b":true,"z":""}',
    );
    expect(renderUrl('http://h/p?q={{q}}&r={{r}}', { q: 'a b/c?d', r: null })).toBe('http://h/p?q=a%20b%2Fc%3Fd&r=');
    const doc = { data: { items: [{ name: 'a' }, { name: 'b' }] }, __proto__x: 1 };
    expect(atPath(doc, 'data.items[1].name')).toBe('b');
    expect(atPath(doc, 'data.items.0.name')).toBe('a');
    expect(atPath(doc, 'data.items.x')).toBeNull();
    expect(atPath(doc, 'constructor')).toBeNull();
    expect(atPath(doc, '')).toEqual(doc);
  });
});
