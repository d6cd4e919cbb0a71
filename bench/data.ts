/**
 * Database links, against a PostgreSQL server (TEST_LINK_POSTGRES_URL or BENCH_DATABASE_URL, else a
 * throw-away one like the other benches):
 * - a 1,000,000-row table browsed through GET /api/database-links/{id}/tables/{table}/datas: p50 / p95 of the first
 *   page (target < 100 ms) and of pages deep into the table, by offset and by keyset cursor (target < 300 ms);
 * - pool overhead: throughput of a link readQuery through the registry (read-only transaction, role, time-out, row
 *   cap, named parameters) against a raw `pg` Pool.query of the same SELECT with the same pool size (target >= 70%).
 * The app runs in-process on PGlite (the platform database does not matter here) and is called with app.inject.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/core/config.js';
import { runReadQuery } from '../server/src/modules/database-link/read-query.js';
import { startLocalPostgres } from './postgres.js';

const PASSWORD = 'Bench@123456';
const ROWS = 1_000_000;
const PAGE = 20;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const ms = (n: number) => n.toFixed(1);

export async function dataBench(): Promise<string[]> {
  const lines: string[] = [];
  const local = process.env.TEST_LINK_POSTGRES_URL || process.env.BENCH_DATABASE_URL ? null : startLocalPostgres(55498);
  const serverUrl = process.env.TEST_LINK_POSTGRES_URL ?? process.env.BENCH_DATABASE_URL ?? local?.url;
  if (!serverUrl) return ['[links] PostgreSQL: not installed here, skipped (set TEST_LINK_POSTGRES_URL or BENCH_DATABASE_URL)'];
  const name = `bench_link_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const target = new pg.Client({ connectionString: dbUrl.toString() });
  await target.connect();
  const built = await buildApp(testConfig({ adminPassword: PASSWORD }));
  const { app, deps } = built;
  await app.ready();
  const raw = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
  try {
    const started = performance.now();
    await target.query(
      `create table big (id bigint primary key, code text not null, amount numeric(12,2) not null, created_at timestamptz not null default now())`,
    );
    await target.query(
      `insert into big (id, code, amount, created_at) select g, 'C' || lpad(g::text, 8, '0'), (g % 10000) / 100.0, now() - g * interval '1 second' from generate_series(1, ${ROWS}) g`,
    );
    await target.query('vacuum analyze big');
    lines.push(`[links] generated ${ROWS.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: md5(PASSWORD), code: '' } });
    const token = login.json().data.Token as string;
    const headers = { authorization: `Bearer ${token}` };
    const url = new URL(serverUrl);
    const added = await app.inject({
      method: 'POST',
      url: '/api/database-links',
      headers,
      payload: {
        F_DBAlias: 'bench',
        F_DbType: 'postgresql',
        F_ServerAddress: url.hostname,
        F_Port: Number(url.port || 5432),
        F_DBName: name,
        F_UserName: decodeURIComponent(url.username) || 'postgres',
        F_Password: decodeURIComponent(url.password),
      },
    });
    const linkId = added.json().data.F_Id as string;
    const get = async (path: string) => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: path, headers });
      const elapsed = performance.now() - t0;
      const body = res.json();
      if (body.code !== 0) throw new Error(`${path}: ${body.msg}`);
      return { elapsed, data: body.data as { Rows: { id: number }[]; Total: number; Next: string | null } };
    };
    const base = `/api/database-links/${linkId}/tables/big/datas`;

    // ---------- paging ----------
    for (let i = 0; i < 5; i++) await get(`${base}?limit=1&size=${PAGE}`); // warm-up: pool, catalog cache
    const first: number[] = [];
    let firstPage = await get(`${base}?limit=1&size=${PAGE}`);
    for (let i = 0; i < 100; i++) {
      firstPage = await get(`${base}?limit=1&size=${PAGE}`);
      first.push(firstPage.elapsed);
    }
    if (firstPage.data.Rows[0].id !== 1 || firstPage.data.Rows.length !== PAGE) throw new Error('first page is wrong');
    lines.push(
      `[links] GET .../tables/big/datas first page (${PAGE} rows of ${firstPage.data.Total.toLocaleString('en')}): p50 ${ms(pct(first, 50))} ms, p95 ${ms(pct(first, 95))} ms (target < 100)`,
    );

    const pages = ROWS / PAGE;
    const offset: number[] = [];
    for (let i = 0; i < 100; i++) {
      const page = 1 + Math.floor((((i * 7919) % 1000) / 1000) * pages);
      const r = await get(`${base}?limit=${page}&size=${PAGE}`);
      offset.push(r.elapsed);
    }
    const deepest = await get(`${base}?limit=${pages}&size=${PAGE}`);
    if (deepest.data.Rows.at(-1)?.id !== ROWS) throw new Error('last page is wrong');
    lines.push(
      `[links] pages spread over the table by offset (up to page ${pages.toLocaleString('en')}): p50 ${ms(pct(offset, 50))} ms, p95 ${ms(pct(offset, 95))} ms, max ${ms(Math.max(...offset))} ms; last page ${ms(deepest.elapsed)} ms (target < 300)`,
    );

    const keyset: number[] = [];
    for (let i = 0; i < 100; i++) {
      const after = Math.floor((((i * 7919) % 1000) / 1000) * (ROWS - PAGE));
      const r = await get(`${base}?size=${PAGE}&after=${after}`);
      if (r.data.Rows[0].id !== after + 1) throw new Error('keyset page is wrong');
      keyset.push(r.elapsed);
    }
    lines.push(`[links] pages anywhere by keyset cursor (after=): p50 ${ms(pct(keyset, 50))} ms, p95 ${ms(pct(keyset, 95))} ms (target < 300)`);

    // ---------- pool overhead ----------
    const text = 'select id, code, amount from big where id between @a and @a + 19';
    const rawText = 'select id, code, amount from big where id between $1 and $1 + 19';
    const ours = async () => {
      const driver = await deps.links.forLink('default', linkId);
      const a = 1 + Math.floor(Math.random() * (ROWS - 20));
      const r = await runReadQuery(driver, deps.config, text, { a });
      if (r.rows.length !== 20) throw new Error('link query is wrong');
    };
    const baseline = async () => {
      const a = 1 + Math.floor(Math.random() * (ROWS - 20));
      const r = await raw.query(rawText, [a]);
      if (r.rows.length !== 20) throw new Error('raw query is wrong');
    };
    const round = async (fn: () => Promise<void>, seconds: number, concurrency: number) => {
      let count = 0;
      const deadline = performance.now() + seconds * 1000;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < deadline) {
            await fn();
            count++;
          }
        }),
      );
      return count / ((performance.now() - t0) / 1000);
    };
    const concurrency = 8;
    await round(ours, 0.5, concurrency);
    await round(baseline, 0.5, concurrency);
    const mine: number[] = [];
    const theirs: number[] = [];
    // Alternating rounds, so background load on the machine affects both sides alike.
    for (let i = 0; i < 5; i++) {
      mine.push(await round(ours, 1, concurrency));
      theirs.push(await round(baseline, 1, concurrency));
    }
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const ratio = sum(mine) / sum(theirs);
    lines.push(
      `[links] readQuery through the registry: ${(sum(mine) / mine.length).toFixed(0)} queries/s; raw pg Pool.query (max 4): ${(sum(theirs) / theirs.length).toFixed(0)} queries/s; ratio ${(ratio * 100).toFixed(0)}% (target >= 70%), ${concurrency} concurrent callers, pools of 4`,
    );
  } finally {
    await raw.end();
    await app.close();
    await target.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    local?.stop();
  }
  return lines;
}
