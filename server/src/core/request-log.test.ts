import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRequestLog } from './request-log.js';

/** A bare app with the request log and one API route, its log lines collected. */
async function loggedApp() {
  const lines: { msg: string; url: string; status: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new LogController({ disableRequestLogging: true }) });
  const answered: string[] = [];
  registerRequestLog(app, (request) => answered.push(request.url));
  await app.register(
    async (api) => {
      api.get('/areas/province', async () => ({ ok: true }));
      api.get('/health/ready', { config: { quiet: true } }, async () => ({ ok: true }));
    },
    { prefix: '/api' },
  );
  app.get('/index.html', async () => 'page');
  return { app, answered, requestLines: () => lines.filter((line) => line.msg === 'request') };
}

describe('request log', () => {
  it('writes a line for every spelling that reaches an API route, decided on the matched route', async () => {
    const { app, answered, requestLines } = await loggedApp();
    for (const url of ['/api/areas/province', '/%61pi/areas/province', '/ap%69/areas/province', '/api/%61reas/province']) {
      expect((await app.inject(url)).statusCode).toBe(200);
    }
    expect(requestLines().map((line) => [line.url, line.status])).toEqual([
      ['/api/areas/province', 200],
      ['/%61pi/areas/province', 200],
      ['/ap%69/areas/province', 200],
      ['/api/%61reas/province', 200],
    ]);
    expect(answered).toHaveLength(4);
    await app.close();
  });

  it('logs unmatched API addresses in any spelling, but not the web app', async () => {
    const { app, requestLines } = await loggedApp();
    await app.inject('/%61pi/nothing-here');
    await app.inject('/index.html');
    await app.inject('/wel/index');
    expect(requestLines().map((line) => [line.url, line.status])).toEqual([['/%61pi/nothing-here', 404]]);
    await app.close();
  });

  it('quiet routes (health probes, metrics scrapes) leave no line and no operation log', async () => {
    const { app, answered, requestLines } = await loggedApp();
    for (const url of ['/api/health/ready', '/%61pi/health/ready']) expect((await app.inject(url)).statusCode).toBe(200);
    // A method the route does not have is an unmatched request like any other.
    expect((await app.inject({ method: 'POST', url: '/api/health/ready' })).statusCode).toBe(404);
    expect(requestLines().map((line) => [line.url, line.status])).toEqual([['/api/health/ready', 404]]);
    expect(answered).toEqual(['/api/health/ready']);
    await app.close();
  });
});
