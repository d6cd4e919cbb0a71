import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { CONNECTION_TIMEOUTS } from './connections.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('connection time-outs', () => {
  it('a quiet client loses its connection: idle, whole-request and keep-alive limits are set on the server', () => {
    const server = t.app.server;
    expect(server.timeout).toBe(CONNECTION_TIMEOUTS.connectionTimeout);
    expect(server.requestTimeout).toBe(CONNECTION_TIMEOUTS.requestTimeout);
    expect(server.keepAliveTimeout).toBe(CONNECTION_TIMEOUTS.keepAliveTimeout);
    // Node's own default for headers (60 s) stays below the whole-request limit.
    expect(server.headersTimeout).toBeLessThanOrEqual(CONNECTION_TIMEOUTS.requestTimeout);
    expect(CONNECTION_TIMEOUTS.connectionTimeout).toBeLessThanOrEqual(120_000);
  });
});
