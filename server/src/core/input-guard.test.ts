import { connect } from 'node:net';
import { DEFAULT_LINK_ID } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createOrderForm } from '../test/published-pages.js';
import { multipartBody } from '../test/multipart.js';
import { findBadInput, MAX_DEPTH } from './input-guard.js';

let t: TestApp;
let admin: string;
let formId: string;
let table: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  ({ formId, table } = await createOrderForm(t, admin));
});
afterAll(() => t.close());

const NUL = '\u0000';
/** An array nested this many levels deep, as JSON text (JSON.stringify would itself overflow the stack). */
const deepJson = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const newsCount = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('news')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Rows in the form's own table (in the platform database's tenant schema, reached through its link). */
async function rowCount(): Promise<number> {
  const driver = await t.deps.links.forLink('default', DEFAULT_LINK_ID);
  return Number((await driver.execute(`select count(*) as n from ${driver.quoteIdent(table)}`, [])).rows[0]!.n);
}

/** A clear 400 envelope naming what is wrong, never a 500. */
function expectBadInput(res: { statusCode: number; json(): unknown }, msg: RegExp) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 10400, success: false, data: null, msg: expect.stringMatching(msg) });
}

describe('NUL characters are a 400 that stores nothing, wherever they come', () => {
  it('in a body string or key', async () => {
    const before = await newsCount();
    expectBadInput(await t.send('POST', '/api/news', { F_FullHead: `标题${NUL}` }, admin), /body\.F_FullHead.*空字符/);
    expectBadInput(await t.send('POST', '/api/news', { F_FullHead: '标题', [`x${NUL}`]: 1 }, admin), /body.*空字符/);
    const en = await t.send('POST', '/api/news', { F_FullHead: 'ok', F_AuthorName: `a${NUL}b` }, admin, { 'accept-language': 'en' });
    expectBadInput(en, /body\.F_AuthorName.*NUL character/);
    expect(await newsCount()).toBe(before);
  });

  it('in form data, at any depth', async () => {
    const before = await rowCount();
    const res = await t.send('POST', `/api/form-scheme/${formId}/instance-form-list`, { formData: { F_Title: `单${NUL}` } }, admin);
    expectBadInput(res, /body\.formData\.F_Title/);
    const nested = await t.send('POST', `/api/form-scheme/${formId}/instance-form-list`, { formData: { F_Title: 'x', F_Tags: [['a', `b${NUL}`]] } }, admin);
    expectBadInput(nested, /body\.formData\.F_Tags\.0\.1/);
    expect(await rowCount()).toBe(before);
  });

  it('in a query keyword', async () => {
    expectBadInput(await t.get('/api/news?keyword=%00', admin), /querystring\.keyword/);
    expectBadInput(await t.get('/api/users/page?keyword=a%00b', admin), /querystring\.keyword/);
  });

  it('in a path parameter', async () => {
    expectBadInput(await t.get('/api/areas/%00/child', admin), /params\.id/);
    expectBadInput(await t.get('/api/news/%00', admin), /params\.id/);
    const before = await newsCount();
    expectBadInput(await t.send('PUT', '/api/news/%00', { F_FullHead: 'x' }, admin), /params\.id/);
    expectBadInput(await t.send('DELETE', '/api/news/a%00', undefined, admin), /params\.id/);
    expect(await newsCount()).toBe(before);
  });

  it('in a multipart field (streamed past the body check), storing no file', async () => {
    const files = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('files')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await files();
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'a.txt', content: 'hello', contentType: 'text/plain' },
      { name: 'remark', value: `r${NUL}` },
    ]);
    expectBadInput(
      await t.app.inject({ method: 'POST', url: '/api/upload/', payload, headers: { ...headers, authorization: `Bearer ${admin}` } }),
      /body\.remark/,
    );
    expect(await files()).toBe(before);
  });

  it('without a token, the answer is still 401 first', async () => {
    expect((await t.get('/api/areas/%00/child')).statusCode).toBe(401);
  });
});

describe('absurd nesting is a 400 that stores nothing', () => {
  it(`100,000 levels in formData`, async () => {
    const before = await rowCount();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/form-scheme/${formId}/instance-form-list`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: `{"formData":{"F_Title":"x","F_Note":${deepJson(100_000)}}}`,
    });
    expectBadInput(res, new RegExp(`body\\.formData\\.F_Note.*${MAX_DEPTH}`));
    expect(await rowCount()).toBe(before);
  });

  it('100,000 levels as the whole body, in English', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/news',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'en' },
      payload: deepJson(100_000),
    });
    expectBadInput(res, new RegExp(`body(\\.0)* is nested more than ${MAX_DEPTH} levels deep`));
  });

  it('the check is iterative and allows the nesting real forms use', () => {
    const nest = (levels: number): unknown => {
      let value: unknown = 'leaf';
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    expect(findBadInput(nest(MAX_DEPTH - 1), 'body')).toBeNull();
    expect(findBadInput(nest(MAX_DEPTH + 1), 'body')?.key).toBe('error.tooDeep');
    expect(findBadInput(nest(1_000_000), 'body')?.key).toBe('error.tooDeep');
    expect(findBadInput({ a: [{ b: 'fine' }], n: 1, z: null, buffer: Buffer.from([0]) }, 'body')).toBeNull();
  });
});

describe('framework errors answer the envelope', () => {
  it('a 20 KB path parameter is a 414', async () => {
    const res = await t.get(`/api/areas/${'x'.repeat(20_000)}/child`, admin);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ code: 10400, success: false, data: null, msg: '请求地址过长' });
  });

  it('bad percent-encoding in the path is a 400', async () => {
    for (const url of ['/api/areas/%E0%A4%A/child', '/%E0%A4%A', '/api/news/%zz']) {
      const res = await t.get(url, admin, { 'accept-language': 'en' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 10400, success: false, data: null, msg: 'The request address is not validly percent-encoded' });
    }
  });

  it('bad percent-encoding in the query never answers 500', async () => {
    const res = await t.get('/api/news?keyword=%E0%A4%A', admin);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('success');
  });

  it('invalid JSON and a wrong content type', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/news',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: '{"F_FullHead":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 10400, success: false, msg: '请求内容不是有效的 JSON' });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/news',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 10400, success: false });
  });

  it('a 20 KB address on a real connection (refused by Node before routing) is a 431 envelope', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(`GET /api/news?keyword=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 10400,
      success: false,
      data: null,
      msg: '请求地址或请求头过长',
      key: 'error.headersTooLarge',
    });
  });
});
