/**
 * Reports (docs/reports-design.md "Measured"), `npm run bench -- reports`, on PostgreSQL, in-process:
 * - a report over BENCH_REPORT_ROWS (100,000) source rows: department → region groups, the rows listed under them,
 *   a subtotal per region and per department, the total. First page in the viewer (cold: the data set read and
 *   the expansion, target < 1 s), a later page (the cached expansion), the whole report as .xlsx over HTTP
 *   (target < 15 s, RSS growth < 200 MB);
 * - the expansion alone against a hand-written `GROUP BY ROLLUP (dept, region)` giving the same sums, in the same
 *   run (the ratio is printed; the engine does more: it lays out every row and cell);
 * - the designer (BENCH_REPORT_PARTS=designer, in Chromium over the built web app): a 500 × 30 template opens
 *   (target < 1.5 s) and keystrokes in a cell (target p95 < 16 ms); see reportDesignerBench.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { expandReport, reportDesign, type ReportDesignInput } from '@app/contracts';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/core/config.js';
import { startLocalPostgres } from './postgres.js';

const PASSWORD = 'Bench@123456';
const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 100_000);
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** RSS sampled every 20 ms until stopped; answers the peak. */
function rssSampler() {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  return { before, stop: () => (clearInterval(timer), peak) };
}

const thin = { style: 'thin' as const, color: '#999999' };
const grid = { top: thin, right: thin, bottom: thin, left: thin };

/** Department and region groups, the rows listed under them (code, name, amount), subtotals and the total. */
export function benchDesign(sql: string): ReportDesignInput {
  const money = { border: grid, numFmt: '#,##0.00', hAlign: 'right' as const };
  const sum = { ...money, bold: true };
  return {
    sheet: {
      rows: 5,
      cols: 5,
      colWidths: [100, 80, 110, 160, 110],
      cells: [
        ...['部门', '区域', '编码', '名称', '金额'].map((text, c) => ({ r: 0, c, kind: 'text' as const, text, style: { bold: true, border: grid } })),
        { r: 1, c: 0, kind: 'field', binding: { dataSet: 'd', field: 'dept', expand: 'down' }, style: { border: grid } },
        { r: 1, c: 1, kind: 'field', binding: { dataSet: 'd', field: 'region', expand: 'down' }, style: { border: grid } },
        { r: 1, c: 2, kind: 'field', binding: { dataSet: 'd', field: 'code', expand: 'down', mode: 'list', order: 'none' }, style: { border: grid } },
        { r: 1, c: 3, kind: 'field', binding: { dataSet: 'd', field: 'name' }, style: { border: grid } },
        { r: 1, c: 4, kind: 'field', binding: { dataSet: 'd', field: 'amount' }, style: money },
        { r: 2, c: 2, kind: 'text', text: '区域小计', rowParent: { r: 1, c: 1 }, style: { bold: true, border: grid } },
        { r: 2, c: 4, kind: 'formula', text: 'SUM(E2)', rowParent: { r: 1, c: 1 }, style: sum },
        { r: 3, c: 1, kind: 'text', text: '部门小计', rowParent: { r: 1, c: 0 }, style: { bold: true, border: grid } },
        { r: 3, c: 4, kind: 'formula', text: 'SUM(E2)', rowParent: { r: 1, c: 0 }, style: sum },
        { r: 4, c: 0, kind: 'text', text: '合计', style: { bold: true, border: grid } },
        { r: 4, c: 4, kind: 'formula', text: 'SUM(E2)', style: sum },
      ],
      merges: [
        { r: 1, c: 0, rs: 3, cs: 1 },
        { r: 1, c: 1, rs: 2, cs: 1 },
      ],
      rowFlags: [{ r: 0, header: true }],
    },
    dataSets: [{ name: 'd', kind: 'sql', linkId: 'local', sql }],
    print: { paper: 'A4', orientation: 'portrait' },
  };
}

async function benchOn(databaseUrl: string, say: (line: string) => void): Promise<void> {
  const built = await buildApp(testConfig({ adminPassword: PASSWORD, databaseUrl, sql: { timeoutMs: 60_000, maxRows: 1000, maxCost: 10_000 } }));
  const { app, deps } = built;
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: md5(PASSWORD), code: '' } });
    const headers = { authorization: `Bearer ${login.json().data.Token as string}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 200 || res.json().code !== 0) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json().data;
    };
    const driver = await deps.links.forLink('default', 'local');
    const t0 = performance.now();
    await driver.executeDdl([
      `create table bench_report (id int primary key, dept text not null, region text not null, code text not null, name text not null, amount numeric(12, 2) not null)`,
      `insert into bench_report select g, '部门' || lpad((g % 20)::text, 2, '0'), '区域' || (g % 6), 'C' || lpad(g::text, 8, '0'), '物品 ' || g, (g % 10000) / 100.0 from generate_series(1, ${ROWS}) g`,
      `analyze bench_report`,
    ]);
    say(`generated ${ROWS.toLocaleString('en')} source rows in ${s(performance.now() - t0)}`);
    const sql = 'select dept, region, code, name, amount from bench_report order by id';
    // Three reports of the same design: each has its own cached expansion, so each first page is read and expanded.
    const reports: { F_Id: string }[] = [];
    for (const code of ['warm', 'bench', 'export']) {
      const made = (await call('POST', '/api/report-info', { F_Name: '压测报表', F_Code: code })) as { F_Id: string };
      await call('POST', '/api/report-content', { F_ReportId: made.F_Id, F_Design: benchDesign(sql) });
      reports.push(made);
    }
    const [warm, report, exportReport] = reports as [{ F_Id: string }, { F_Id: string }, { F_Id: string }];

    // ---------- the viewer: first page (not cached) in a fresh process, then in one that has served a report before
    const cold = performance.now();
    await call('POST', `/api/report-view/${warm.F_Id}/pages`, { params: {}, from: 0, count: 1 });
    say(`first page in a fresh server process (code not yet compiled by V8): ${s(performance.now() - cold)}`);
    const first = performance.now();
    const page = (await call('POST', `/api/report-view/${report.F_Id}/pages`, { params: {}, from: 0, count: 1 })) as { pageCount: number; rowCount: number };
    const firstMs = performance.now() - first;
    say(
      `first page (not cached) of a report over ${ROWS.toLocaleString('en')} rows (2 group levels, subtotals, total; ${page.rowCount.toLocaleString('en')} output rows, ${page.pageCount.toLocaleString('en')} pages): ` +
        `${s(firstMs)} (target < 1 s${firstMs < 1000 ? ' OK' : ' OVER'})`,
    );
    const later = performance.now();
    await call('POST', `/api/report-view/${report.F_Id}/pages`, { params: {}, from: Math.floor(page.pageCount / 2), count: 1 });
    say(`a page in the middle, from the cached expansion: ${(performance.now() - later).toFixed(0)} ms`);

    // ---------- the expansion alone against GROUP BY ROLLUP
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const rows = (await client.query(`select dept, region, code, name, amount::float8 as amount from biz_default.bench_report order by id`)).rows;
      const design = reportDesign.parse(benchDesign(sql));
      const options = { params: {}, dictionaries: {}, now: new Date(), timeZone: 'Asia/Shanghai' };
      expandReport(design, { d: rows }, options);
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) {
        const at = performance.now();
        expandReport(design, { d: rows }, options);
        runs.push(performance.now() - at);
      }
      const rollupRuns: number[] = [];
      for (let i = 0; i < 4; i++) {
        const at = performance.now();
        await client.query(`select dept, region, sum(amount) from biz_default.bench_report group by rollup (dept, region) order by 1, 2`);
        if (i > 0) rollupRuns.push(performance.now() - at);
      }
      const best = Math.min(...runs);
      const rollup = Math.min(...rollupRuns);
      say(
        `expansion alone (rows in memory, every output cell laid out): best of 3 ${best.toFixed(0)} ms; hand-written GROUP BY ROLLUP (dept, region) with the same sums: ${rollup.toFixed(0)} ms; ` +
          `ratio ${(best / rollup).toFixed(1)}×`,
      );
    } finally {
      await client.end();
    }

    // ---------- the whole report as .xlsx over HTTP
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    (globalThis as { gc?: () => void }).gc?.();
    const sampler = rssSampler();
    const started = performance.now();
    const chunks: Buffer[] = [];
    const exported = await new Promise<{ bytes: number; status: number }>((resolve, reject) => {
      const body = JSON.stringify({ params: {}, format: 'xlsx' });
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/report-view/${exportReport.F_Id}/export`,
          headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let bytes = 0;
          res.on('data', (c: Buffer) => {
            bytes += c.length;
            chunks.push(c);
          });
          res.on('end', () => resolve({ bytes, status: res.statusCode ?? 0 }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    const exportMs = performance.now() - started;
    const peak = sampler.stop();
    if (exported.status !== 200) throw new Error(`export answered ${exported.status}: ${Buffer.concat(chunks).toString().slice(0, 300)}`);
    // The file is whole: every output row is in it.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
    const written = book.worksheets[0]?.rowCount ?? 0;
    if (written !== page.rowCount) throw new Error(`the .xlsx holds ${written} rows, the report ${page.rowCount}`);
    say(
      `whole report to .xlsx (read, expanded and written: nothing cached; ${page.rowCount.toLocaleString('en')} rows, styles and merges): ${s(exportMs)}, ${mb(exported.bytes)} (target < 15 s${exportMs < 15_000 ? ' OK' : ' OVER'}); ` +
        `RSS +${mb(peak - sampler.before)} (target < 200 MB${peak - sampler.before < 200 * 1024 * 1024 ? ' OK' : ' OVER'})`,
    );
  } finally {
    await app.close();
    await built.database.close().catch(() => undefined);
  }
}

/** The server part of `npm run bench -- reports`, on the PostgreSQL server at adminUrl (a database of its own, dropped after). */
async function serverBench(adminUrl: string, say: (line: string) => void): Promise<void> {
  const name = `bench_report_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await benchOn(url.toString(), say);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

export async function reportsBench(): Promise<string[]> {
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(`[reports] ${line}`);
    console.log(lines.at(-1));
  };
  const parts = process.env.BENCH_REPORT_PARTS?.split(',') ?? ['server', 'designer'];
  if (parts.includes('server')) {
    const given = process.env.BENCH_DATABASE_URL || process.env.TEST_PG_ADMIN_URL;
    const local = given ? null : startLocalPostgres(55494);
    const adminUrl = given || local?.url;
    try {
      if (!adminUrl) say('PostgreSQL: not installed here, skipped (set BENCH_DATABASE_URL)');
      else await serverBench(adminUrl, say);
    } finally {
      local?.stop();
    }
  }
  if (parts.includes('designer')) {
    const { reportDesignerBench } = await import('./reports-designer.js');
    await reportDesignerBench(say);
  }
  return lines;
}
