/**
 * Messages and push:
 * - a user with 10,000 messages (and 100,000 of other users in the table): p50 / p95 of GET /api/oa/xjr-oa-message
 *   (target p95 < 30 ms) and its query plan;
 * - push: 500 server-sent-event clients on real HTTP (loopback, app.listen on port 0), one news item published:
 *   the time until the last client received `event: message` (target < 1 s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/core/config.js';

const PASSWORD = 'Bench@123456';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const OWN_MESSAGES = 10_000;
const OTHER_USERS = 20;
const OTHER_MESSAGES_EACH = 5_000;
const CLIENTS = 500;

export async function oaBench(label: string, databaseUrl: string | null): Promise<string[]> {
  const lines: string[] = [];
  const dataDir = databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'bench-oa-'));
  let captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const built = await buildApp(
    testConfig({ dataDir, databaseUrl, adminPassword: PASSWORD, onQuery: (text, parameters) => captured.push({ sql: text, parameters }) }),
  );
  const { app, deps } = built;
  await app.ready();
  const db = deps.db;
  try {
    const login = async (account: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { account, password: md5(PASSWORD), code: '' } });
      const body = res.json();
      if (body.code !== 0) throw new Error(`login ${account}: ${body.msg}`);
      return body.data.Token as string;
    };
    const admin = await login('admin');
    const staff = await login('zhangsan');
    const zhangsan = (await db.selectFrom('users').select('id').where('account', '=', 'zhangsan').executeTakeFirstOrThrow()).id;

    // ---------- message centre with 10,000 messages ----------
    let started = performance.now();
    await sql`
      insert into users (id, tenant_id, account, real_name, password_hash)
      select 'bench-u' || g, 'default', 'bench' || g, '压测' || g, 'x' from generate_series(1, ${CLIENTS}) g`.execute(db);
    await sql`
      insert into messages (id, tenant_id, user_id, type, title, content, object_id, is_read, created_at)
      select gen_random_uuid()::text, 'default', ${zhangsan}, 10 + g % 5, '消息' || g, '内容' || g, 'obj' || g, g % 3 = 0,
             now() - (g || ' seconds')::interval
      from generate_series(1, ${OWN_MESSAGES}) g`.execute(db);
    await sql`
      insert into messages (id, tenant_id, user_id, type, title, content, object_id, is_read, created_at)
      select gen_random_uuid()::text, 'default', 'bench-u' || (g % ${OTHER_USERS} + 1), 10 + g % 5, '消息' || g, '', null, g % 2 = 0,
             now() - (g || ' seconds')::interval
      from generate_series(1, ${OTHER_USERS * OTHER_MESSAGES_EACH}) g`.execute(db);
    await sql`analyze messages`.execute(db);
    lines.push(
      `[${label}] generated ${OWN_MESSAGES} messages for one user and ${OTHER_USERS * OTHER_MESSAGES_EACH} for others in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const samples: number[] = [];
    let last: { code: number; data?: Record<string, { unread: number; messageList: unknown[] }> } = { code: -1 };
    let queries: typeof captured = [];
    for (let i = 0; i < 103; i++) {
      captured = [];
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/oa/xjr-oa-message', headers: { authorization: `Bearer ${staff}` } });
      const ms = performance.now() - t0;
      last = res.json();
      if (i >= 3) samples.push(ms);
      queries = captured;
    }
    if (last.code !== 0 || !last.data) throw new Error(`message centre: ${JSON.stringify(last).slice(0, 200)}`);
    samples.sort((a, b) => a - b);
    const unread = Object.values(last.data).reduce((n, g) => n + g.unread, 0);
    const listed = Object.values(last.data).reduce((n, g) => n + g.messageList.length, 0);
    lines.push(
      `[${label}] GET /api/oa/xjr-oa-message, ${OWN_MESSAGES} messages: p50 ${samples[50].toFixed(1)} ms, p95 ${samples[95].toFixed(1)} ms (target < 30); ${unread} unread, ${listed} listed; ${queries.filter((q) => /messages/.test(q.sql)).length} query`,
    );
    for (const q of queries.filter((q) => /messages/.test(q.sql))) {
      const plan = await sql.raw<{ 'QUERY PLAN': string }>('explain analyze ' + inline(q.sql, q.parameters)).execute(db);
      lines.push(
        `  plan:\n${plan.rows
          .map((r) => r['QUERY PLAN'])
          .join('\n')
          .replace(/^/gm, '    ')}`,
      );
    }

    // ---------- push to 500 connected clients ----------
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    started = performance.now();
    const expires = new Date(Date.now() + 3600_000);
    const tokens: string[] = [];
    for (let i = 1; i <= CLIENTS; i++) {
      const sessionId = randomBytes(16).toString('hex');
      await db
        .insertInto('sessions')
        .values({ id: sessionId, tenant_id: 'default', user_id: `bench-u${i}`, refresh_hash: randomBytes(16).toString('hex'), expires_at: expires })
        .execute();
      tokens.push(await deps.tokens.signAccess({ userId: `bench-u${i}`, tenantId: 'default', sessionId }));
    }
    const controllers: AbortController[] = [];
    /** Per client, the times `event: message` frames arrived. */
    const events: number[][] = tokens.map(() => []);
    let open = 0;
    const failures: string[] = [];
    tokens.forEach((token, index) => {
      const controller = new AbortController();
      controllers.push(controller);
      void (async () => {
        const res = await fetch(`${address}/api/oa/message-stream`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
        if (res.status !== 200) throw new Error(`stream: ${res.status}`);
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        let text = '';
        let first = true;
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          if (first) {
            first = false;
            open++;
          }
          text += decoder.decode(value, { stream: true });
          let at: number;
          while ((at = text.indexOf('event: message')) >= 0) {
            events[index].push(performance.now());
            text = text.slice(at + 14);
          }
        }
      })().catch((err: Error) => {
        if (err.name !== 'AbortError') failures.push(err.message);
      });
    });
    const until = async (done: () => boolean, limitMs: number, what: string) => {
      const t0 = performance.now();
      while (!done()) {
        if (failures.length) throw new Error(failures[0]);
        if (performance.now() - t0 > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
        await new Promise((r) => setTimeout(r, 2));
      }
    };
    await until(() => open === CLIENTS, 30_000, 'clients connected');
    lines.push(`[${label}] ${deps.messages.hub.connected} SSE clients connected in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const news = await app.inject({ method: 'POST', url: '/api/news', headers: { authorization: `Bearer ${admin}` }, payload: { F_FullHead: '推送压测' } });
    const newsId = news.json().data.F_NewsId as string;
    // Let the hub's first poll (which only reads the clock) pass, as it has on a running server.
    await new Promise((r) => setTimeout(r, 1100));
    const spread = (k: number, since: number) => {
      const delays = events.map((e) => e[k] - since).sort((a, b) => a - b);
      return `first client ${delays[0].toFixed(0)} ms, median ${delays[Math.floor(delays.length / 2)].toFixed(0)} ms, last client ${delays[delays.length - 1].toFixed(0)} ms`;
    };
    const published = performance.now();
    await app.inject({ method: 'PUT', url: `/api/news/changeStatus?id=${newsId}&status=1`, headers: { authorization: `Bearer ${admin}` } });
    const answered = performance.now() - published;
    await until(() => events.every((e) => e.length >= 1), 10_000, 'push after a publish');
    lines.push(
      `[${label}] push to ${CLIENTS} SSE clients after a news publish (answered in ${answered.toFixed(0)} ms): ${spread(0, published)} after the publish (target < 1000)`,
    );

    // Rows written by another process (straight into the table, no kick): found by the once-a-second poll.
    await new Promise((r) => setTimeout(r, 300));
    const written = performance.now();
    await sql`
      insert into messages (id, tenant_id, user_id, type, title)
      select gen_random_uuid()::text, 'default', id, 13, '其他进程' from users where id like 'bench-u%'`.execute(db);
    await until(() => events.every((e) => e.length >= 2), 10_000, 'push of rows from another process');
    lines.push(`[${label}] push to ${CLIENTS} SSE clients of messages written by another process: ${spread(1, written)} (polled once a second; target < 2000)`);

    for (const c of controllers) c.abort();
  } finally {
    await app.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

/** Parameters written into the statement, for EXPLAIN (the values are the benchmark's own). */
function inline(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = parameters[Number(n) - 1];
    if (Array.isArray(v)) return `'{${v.join(',')}}'`;
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}
