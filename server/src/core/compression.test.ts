import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

// A built asset with the .br / .gz copies the web build writes beside it.
const JS = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};\n`;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  const asset = path.join(webDist, 'assets', 'index-abc123.js');
  writeFileSync(asset, JS);
  writeFileSync(`${asset}.br`, brotliCompressSync(JS));
  writeFileSync(`${asset}.gz`, gzipSync(JS));
  t = await createTestApp({ webDist });
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('compression', () => {
  it('sends the pre-compressed copy of an asset the client accepts, and the plain file otherwise', async () => {
    const url = '/assets/index-abc123.js';
    const br = await t.get(url, undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(JS.length / 4);
    const gz = await t.get(url, undefined, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    const plain = await t.get(url, undefined, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
    for (const res of [br, gz, plain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toBeTruthy();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    }
  });

  it('gzips a large API answer, keeping the envelope, and leaves a small one alone', async () => {
    const plain = await t.get('/api/areas/province', admin);
    expect(plain.body.length).toBeGreaterThan(1024);
    const res = await t.get('/api/areas/province', admin, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString());
    expect(body).toEqual(plain.json());
    expect(body.code).toBe(0);
    const small = await t.get('/api/does-not-exist', admin, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).not.toBe(0);
  });

  it('does not compress the push stream, which must flush each event as it comes', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/oa/message-stream`, {
      headers: { authorization: `Bearer ${admin}`, 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
    // The first bytes arrive while the stream stays open: nothing buffers them for a compressor.
    const first = await res.body!.getReader().read();
    expect(first.done).toBe(false);
    controller.abort();
  });
});
