/**
 * Published lists (docs/form-publishing-design.md "Published list"), in-process through app.inject:
 * - a form whose main table holds 1,000,000 rows (generate_series, not one insert per row), published through
 *   POST /api/form-relation with an eq select, a date range and a text like as query fields and a sortable column
 *   (the publish makes the implied indexes; its time is reported);
 * - GET /form-relation/{id}/list: median of 20 first pages (target < 100 ms on PostgreSQL), filtered pages (eq + range,
 *   like, target < 200 ms) and a page sorted by the sortable column;
 * - GET …/export of 100,000 matching rows: time, peak RSS and heap growth during the export (target < 200 MB).
 * Runs on PGlite, then on PostgreSQL (BENCH_DATABASE_URL, TEST_PG_ADMIN_URL or DATABASE_URL; else a throw-away local
 * server when PostgreSQL is installed).
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/core/config.js';
import { startLocalPostgres } from './postgres.js';

const PASSWORD = 'Bench@123456';
const ROWS = Number(process.env.BENCH_PUBLISH_ROWS ?? 1_000_000);
const EXPORT_ROWS = 100_000;
/** F_Day cycles through this many days: each day holds ROWS / DAYS rows. */
const DAYS = 2000;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const day = (offset: number) => new Date(Date.UTC(2020, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

const options = [1, 2, 3, 4, 5].map((v) => ({ label: `状态${v}`, value: String(v) }));
const field = (formId: number, vModel: string, avueType: string, label: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __vModel__: vModel,
  ...extra,
  __config__: { formId, avueType, label, ...config },
});

async function benchOn(label: string, databaseUrl: string | null): Promise<string[]> {
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(`[form-publish ${label}] ${line}`);
    console.log(lines.at(-1));
  };
  const built = await buildApp(testConfig({ adminPassword: PASSWORD, databaseUrl }));
  const { app, deps } = built;
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: md5(PASSWORD), code: '' } });
    const headers = { authorization: `Bearer ${login.json().data.Token as string}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const t0 = performance.now();
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      const elapsed = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { elapsed, res };
    };

    // ---------- the form and its rows ----------
    const table = `bench_publish_${randomBytes(3).toString('hex')}`;
    const data = [
      field(1, 'F_Title', 'input', '标题', { maxlength: 100 }),
      field(2, 'F_Status', 'select', '状态', { __slot__: { options } }, { dataType: 'static' }),
      field(3, 'F_Day', 'date', '日期', { type: 'date', format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd' }),
      field(4, 'F_Amount', 'number', '金额', { precision: 2 }),
    ];
    const form = await call('POST', '/api/form-scheme/customtable', {
      F_Name: '发布压测',
      F_Type: 0,
      F_Scheme: { data },
      tableInfo: [{ dbId: 'local', name: table, type: 'main' }],
    });
    const formId = form.res.json().data.F_Id as string;
    const driver = await deps.links.forLink('default', 'local');
    const t0 = performance.now();
    await driver.executeDdl([
      `insert into "${table}" ("F_Id", "F_Title", "F_Status", "F_Day", "F_Amount", "F_CreateDate", "F_CreateUserId")
       select lpad(g::text, 10, '0'), '标题 ' || g, (g % 5 + 1)::text, date '2020-01-01' + (g % ${DAYS}), (g % 100000) / 100.0,
              timestamp '2026-01-01' + g * interval '1 second', 'admin'
       from generate_series(1, ${ROWS}) g`,
      `analyze "${table}"`,
    ]);
    say(`generated ${ROWS.toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // ---------- publish (makes the indexes) ----------
    const published = await call('POST', '/api/form-relation', {
      F_Name: '发布压测',
      F_FormId: formId,
      F_Setting: {
        queryFields: [
          { field: 'F_Status', match: 'eq' },
          { field: 'F_Day', match: 'range' },
          { field: 'F_Title', match: 'like' },
        ],
        columns: [{ field: 'F_Title' }, { field: 'F_Status' }, { field: 'F_Day' }, { field: 'F_Amount', sortable: true }],
        buttons: ['view', 'export'],
        pageSize: 20,
      },
    });
    const saved = published.res.json().data as { F_Id: string; indexes: string[] };
    say(`publish with ${saved.indexes.length} indexes made (${saved.indexes.join(', ')}): ${(published.elapsed / 1000).toFixed(1)} s`);
    await driver.executeDdl([`analyze "${table}"`]);

    // ---------- pages ----------
    const list = (extra: string) => `/api/form-relation/${saved.F_Id}/list?limit=1&size=20${extra}`;
    const q = (query: Record<string, unknown>) => `&query=${encodeURIComponent(JSON.stringify(query))}`;
    const measure = async (name: string, url: string, target: number) => {
      for (let i = 0; i < 3; i++) await call('GET', url);
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < 20; i++) {
        const { elapsed, res } = await call('GET', url);
        times.push(elapsed);
        total = res.json().data.Total;
      }
      const m = median(times);
      say(
        `${name} (Total ${total.toLocaleString('en')}): median ${ms(m)}, max ${ms(Math.max(...times))} (target < ${target} ms${m < target ? ' OK' : ' OVER'})`,
      );
    };
    await measure('first page', list(''), 100);
    await measure('page 500', `/api/form-relation/${saved.F_Id}/list?limit=500&size=20`, 200);
    await measure('filtered eq + date range', list(q({ F_Status: '3', F_Day: [day(100), day(130)] })), 200);
    await measure('filtered eq only', list(q({ F_Status: '3' })), 200);
    await measure('filtered like', list(q({ F_Title: '标题 12345' })), 200);
    await measure('sorted by amount desc', list('&sidx=F_Amount&sord=desc'), 200);

    // ---------- export of 100,000 rows ----------
    const exportDays = Math.ceil(EXPORT_ROWS / (ROWS / DAYS));
    const exportUrl = `/api/form-relation/${saved.F_Id}/export?query=${encodeURIComponent(JSON.stringify({ F_Day: [day(0), day(exportDays - 1)] }))}`;
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    const exported = await call('GET', exportUrl);
    clearInterval(sampler);
    const matching = (await call('GET', list(q({ F_Day: [day(0), day(exportDays - 1)] })))).res.json().data.Total as number;
    const bytes = exported.res.rawPayload.length;
    say(
      `export of ${matching.toLocaleString('en')} rows: ${(exported.elapsed / 1000).toFixed(1)} s, ${mb(bytes)} file; ` +
        `RSS ${mb(before.rss)} → peak ${mb(peakRss)} (+${mb(peakRss - before.rss)}), heap +${mb(peakHeap - before.heapUsed)} (target < 200 MB; the answer itself is buffered by inject)`,
    );
  } finally {
    await app.close();
    await built.database.close().catch(() => undefined);
  }
  return lines;
}

export async function formPublishBench(): Promise<string[]> {
  const lines = await benchOn('PGlite', null);
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_PG_ADMIN_URL ?? process.env.DATABASE_URL;
  const local = given ? null : startLocalPostgres(55497);
  const serverUrl = given ?? local?.url;
  if (!serverUrl) return [...lines, '[form-publish PostgreSQL] not installed here, skipped (set BENCH_DATABASE_URL or TEST_PG_ADMIN_URL)'];
  const name = `bench_publish_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    lines.push(...(await benchOn('PostgreSQL', url.toString())));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
    local?.stop();
  }
  return lines;
}
