/**
 * Excel import and export templates (docs/excel-templates.md "Measured"), on PostgreSQL, in-process:
 * - import of 100,000 rows × 10 columns through an import template on a released table: a dictionary column
 *   translated (label → value), a unique column checked in the file and against the table, dates in a Chinese
 *   spelling; time until stored (target < 30 s), peak RSS growth during the run (target < 250 MB), and how often
 *   the progress moved (the screen polls the run once a second; the run row's heartbeat is what another process sees);
 * - export of 1,000,000 rows × 10 columns through an export template over real HTTP: time to first byte (target
 *   < 1 s), RSS growth (target < 150 MB), and throughput against a bare exceljs streaming writer of the same rows
 *   written in the same run (target ≥ 0.7×).
 * `excelBench(adminUrl, say)` takes a PostgreSQL server's admin address (it makes and drops its own database);
 * `jobsExcelBench()` starts a throw-away local server when none is given (BENCH_DATABASE_URL / TEST_PG_ADMIN_URL).
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/core/config.js';
import { newId } from '../server/src/core/ids.js';
import { startLocalPostgres } from './postgres.js';

const PASSWORD = 'Bench@123456';
const IMPORT_ROWS = Number(process.env.BENCH_EXCEL_IMPORT_ROWS ?? 100_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXCEL_EXPORT_ROWS ?? 1_000_000);
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const gc = () => (globalThis as { gc?: () => void }).gc?.();

const CATEGORIES = ['办公用品', '电子设备', '家具', '耗材', '服务'];
const REGIONS = ['华东', '华南', '华北', '西南', '西北', '东北'];

const field = (formId: number, vModel: string, avueType: string, label: string, extra: Record<string, unknown> = {}) => ({
  __vModel__: vModel,
  ...extra,
  __config__: { formId, avueType, label },
});

/** Samples RSS every 20 ms until stopped; answers the peak. */
function rssSampler() {
  const start = process.memoryUsage();
  const before = start.rss;
  let peak = before;
  let heap = start.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 20);
  return { before, heapGrowth: () => heap - start.heapUsed, stop: () => (clearInterval(timer), peak) };
}

async function importFile(rows: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: true });
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(['编码', '名称', '类别', '日期', '金额', '数量', '地区', '负责人', '电话', '备注']).commit();
  for (let i = 1; i <= rows; i++) {
    const day = 1 + (i % 28);
    sheet
      .addRow([
        `C${String(i).padStart(8, '0')}`,
        `物品 ${i}`,
        CATEGORIES[i % CATEGORIES.length],
        `2026年${1 + (i % 12)}月${day}日`,
        (i % 100_000) / 100,
        i % 1000,
        REGIONS[i % REGIONS.length],
        `员工${i % 300}`,
        `138${String(i).padStart(8, '0')}`,
        i % 10 === 0 ? '加急' : '',
      ])
      .commit();
  }
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

function multipart(file: Buffer, name: string) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function benchOn(databaseUrl: string, say: (line: string) => void): Promise<void> {
  const built = await buildApp(testConfig({ adminPassword: PASSWORD, databaseUrl }));
  const { app, deps } = built;
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: md5(PASSWORD), code: '' } });
    const token = login.json().data.Token as string;
    const headers = { authorization: `Bearer ${token}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 200 || res.json().code !== 0) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json().data;
    };

    // ---------- a released table of 10 columns, two dictionaries ----------
    const table = `bench_excel_${randomBytes(3).toString('hex')}`;
    const data = [
      field(1, 'F_Code', 'input', '编码', { maxlength: 20 }),
      field(2, 'F_Name', 'input', '名称', { maxlength: 100 }),
      field(3, 'F_Category', 'input', '类别', { maxlength: 20 }),
      field(4, 'F_Day', 'date', '日期', { type: 'date', format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd' }),
      field(5, 'F_Amount', 'number', '金额', { precision: 2 }),
      field(6, 'F_Qty', 'number', '数量', { precision: 0 }),
      field(7, 'F_Region', 'input', '地区', { maxlength: 20 }),
      field(8, 'F_Owner', 'input', '负责人', { maxlength: 50 }),
      field(9, 'F_Phone', 'input', '电话', { maxlength: 20 }),
      field(10, 'F_Note', 'input', '备注', { maxlength: 200 }),
    ];
    await call('POST', '/api/form-scheme/customtable', {
      F_Name: 'Excel 压测',
      F_Type: 0,
      F_Scheme: { data },
      tableInfo: [{ dbId: 'local', name: table, type: 'main' }],
    });
    const driver = await deps.links.forLink('default', 'local');
    await driver.executeDdl([`create unique index ux_${table}_code on "${table}" ("F_Code")`]);
    for (const [code, names] of [
      ['BenchCategory', CATEGORIES],
      ['BenchRegion', REGIONS],
    ] as const) {
      const typeId = newId();
      await deps.db.insertInto('dictionary_types').values({ id: typeId, tenant_id: 'default', code, name: code }).execute();
      await deps.db
        .insertInto('dictionary_items')
        .values(names.map((name, i) => ({ id: newId(), tenant_id: 'default', type_id: typeId, name, value: `${code[5]}${i + 1}`, sort_code: i })))
        .execute();
    }
    const common = { F_ModuleId: 'system-excel-import', F_TargetKind: 'table', F_DbId: 'local', F_TableName: table };
    const template = (await call('POST', '/api/excel-import', {
      ...common,
      F_Name: '压测导入',
      F_ErrorRule: 'refuse',
      F_Columns: [
        { header: '编码', field: 'F_Code', required: true, unique: true },
        { header: '名称', field: 'F_Name', required: true },
        { header: '类别', field: 'F_Category', dictionary: 'BenchCategory' },
        { header: '日期', field: 'F_Day', type: 'date' },
        { header: '金额', field: 'F_Amount', type: 'number' },
        { header: '数量', field: 'F_Qty', type: 'integer' },
        { header: '地区', field: 'F_Region', dictionary: 'BenchRegion' },
        { header: '负责人', field: 'F_Owner' },
        { header: '电话', field: 'F_Phone' },
        { header: '备注', field: 'F_Note' },
      ],
    })) as { F_Id: string };

    const parts = process.env.BENCH_EXCEL_PARTS ?? 'export,import';
    // ---------- export of EXPORT_ROWS rows (first: its memory is measured from a quiet process) ----------
    if (parts.includes('export')) {
      const t1 = performance.now();
      await driver.executeDdl([
        `insert into "${table}" ("F_Id", "F_Code", "F_Name", "F_Category", "F_Day", "F_Amount", "F_Qty", "F_Region", "F_Owner", "F_Phone", "F_Note", "F_CreateDate", "F_CreateUserId")
       select lpad(g::text, 10, '0'), 'C' || lpad(g::text, 8, '0'), '物品 ' || g, 'C' || (g % 5 + 1), date '2026-01-01' + (g % 365), (g % 100000) / 100.0, g % 1000,
              'R' || (g % 6 + 1), '员工' || (g % 300), '138' || lpad(g::text, 8, '0'), case when g % 10 = 0 then '加急' else '' end,
              timestamp '2026-01-01' + g * interval '1 second', 'admin'
       from generate_series(1, ${EXPORT_ROWS}) g`,
        `analyze "${table}"`,
      ]);
      say(`generated ${EXPORT_ROWS.toLocaleString('en')} rows for the export in ${s(performance.now() - t1)}`);
      const exportTemplate = (await call('POST', '/api/excel-export', {
        ...common,
        F_ModuleId: 'system-excel-export',
        F_Name: '压测导出',
        F_ApplyQuery: 0,
        F_Columns: [
          { header: '编码', field: 'F_Code' },
          { header: '名称', field: 'F_Name' },
          { header: '类别', field: 'F_Category', dictionary: 'BenchCategory' },
          { header: '日期', field: 'F_Day' },
          { header: '金额', field: 'F_Amount' },
          { header: '数量', field: 'F_Qty' },
          { header: '地区', field: 'F_Region', dictionary: 'BenchRegion' },
          { header: '负责人', field: 'F_Owner' },
          { header: '电话', field: 'F_Phone' },
          { header: '备注', field: 'F_Note' },
        ],
      })) as { F_Id: string };
      // Ours first, from a collected heap: measured after the bare writer, its growth hid under the writer's peak.
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      gc();
      const exportSampler = rssSampler();
      const measured = await new Promise<{ firstByte: number; total: number; bytes: number; status: number }>((resolve, reject) => {
        const begin = performance.now();
        let firstByte = 0;
        let bytes = 0;
        const req = http.get({ host: '127.0.0.1', port, path: `/api/excel-export/${exportTemplate.F_Id}/file`, headers }, (response) => {
          response.on('data', (chunk: Buffer) => {
            if (!firstByte) firstByte = performance.now() - begin;
            bytes += chunk.length;
          });
          response.on('end', () => resolve({ firstByte, total: performance.now() - begin, bytes, status: response.statusCode ?? 0 }));
          response.on('error', reject);
        });
        req.on('error', reject);
      });
      const exportPeak = exportSampler.stop();
      // Then the bare writer (the same conditions: after a collection): the same rows (generated, not read), the same number of cells, into a discarding stream.
      gc();
      const bareSampler = rssSampler();
      const bareStart = performance.now();
      const sink = new Writable({ write: (_chunk, _enc, done) => done() });
      const bare = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
      const sheet = bare.addWorksheet('Sheet1');
      sheet.addRow(['编码', '名称', '类别', '日期', '金额', '数量', '地区', '负责人', '电话', '备注']).commit();
      for (let g = 1; g <= EXPORT_ROWS; g++) {
        sheet
          .addRow([
            `C${String(g).padStart(8, '0')}`,
            `物品 ${g}`,
            CATEGORIES[g % 5],
            '2026-03-01',
            (g % 100_000) / 100,
            g % 1000,
            REGIONS[g % 6],
            `员工${g % 300}`,
            `138${String(g).padStart(8, '0')}`,
            g % 10 === 0 ? '加急' : '',
          ])
          .commit();
        if (g % 5000 === 0) await new Promise((r) => setImmediate(r));
      }
      sheet.commit();
      await bare.commit();
      const bareTime = performance.now() - bareStart;
      const barePeak = bareSampler.stop();
      if (measured.status !== 200) throw new Error(`export answered ${measured.status}`);
      // The copy of a big export in the caller's file manager: written by the same stream, finished just after it.
      await sleep(500);
      const copies = await deps.db.selectFrom('files').select(['file_name', 'size']).where('file_name', '=', '压测导出.xlsx').execute();

      const ratio = bareTime / measured.total;
      say(
        `export of ${EXPORT_ROWS.toLocaleString('en')} rows × 10 columns over HTTP: first byte after ${measured.firstByte.toFixed(0)} ms (target < 1 s${measured.firstByte < 1000 ? ' OK' : ' OVER'}), ` +
          `${s(measured.total)} in all, ${mb(measured.bytes)}, ${Math.round(EXPORT_ROWS / (measured.total / 1000)).toLocaleString('en')} rows/s`,
      );
      say(
        `export RSS ${mb(exportSampler.before)} → peak ${mb(exportPeak)} (+${mb(exportPeak - exportSampler.before)}; target < 150 MB${exportPeak - exportSampler.before < 150 * 1024 * 1024 ? ' OK' : ' OVER'}), heap +${mb(exportSampler.heapGrowth())}`,
      );
      say(
        `bare exceljs streaming writer, same rows and cells: ${s(bareTime)}, ${Math.round(EXPORT_ROWS / (bareTime / 1000)).toLocaleString('en')} rows/s, RSS +${mb(barePeak - bareSampler.before)}; ` +
          `the export runs at ${ratio.toFixed(2)}× its throughput (target ≥ 0.7×${ratio >= 0.7 ? ' OK' : ' UNDER'})`,
      );
      say(`big export also saved in the file manager: ${copies.length ? `${copies[0]!.file_name} (${mb(Number(copies[0]!.size))})` : 'no copy found'}`);
    }
    // ---------- import of IMPORT_ROWS rows ----------
    if (parts.includes('import')) {
      await driver.executeDdl([`delete from "${table}"`]);
      const t0 = performance.now();
      const file = await importFile(IMPORT_ROWS);
      say(`import file: ${IMPORT_ROWS.toLocaleString('en')} rows × 10 columns, ${mb(file.length)} (${s(performance.now() - t0)} to write)`);
      gc();
      const sampler = rssSampler();
      const body = multipart(file, 'bench.xlsx');
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/excel-import/${template.F_Id}/import`,
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      if (res.json().code !== 0) throw new Error(res.body);
      const runId = res.json().data.F_Id as string;
      const accepted = performance.now() - started;
      // What the screen sees (GET …/runs/{id}, polled every 100 ms here) and what another process sees (the run row).
      const seen: { at: number; key: string }[] = [];
      const beats: number[] = [];
      let lastBeat = '';
      let final: Record<string, unknown> = {};
      for (;;) {
        const run = await call('GET', `/api/excel-import/${template.F_Id}/runs/${runId}`);
        const at = performance.now();
        const key = `${run.read}/${run.valid}/${run.stored}`;
        if (seen.at(-1)?.key !== key) seen.push({ at, key });
        const row = await deps.db
          .selectFrom('excel_import_runs')
          .select(['heartbeat_at', 'rows_read', 'rows_stored'])
          .where('id', '=', runId)
          .executeTakeFirstOrThrow();
        const beat = `${new Date(row.heartbeat_at).getTime()}`;
        if (beat !== lastBeat) {
          beats.push(at);
          lastBeat = beat;
        }
        if (run.state !== 'running') {
          final = run;
          break;
        }
        await sleep(100);
      }
      const elapsed = performance.now() - started;
      const peak = sampler.stop();
      const gaps = (xs: number[]) => xs.slice(1).map((x, i) => x - xs[i]!);
      const maxGap = (xs: number[]) => Math.max(0, ...gaps(xs));
      const stored = Number((await driver.execute(`select count(*) as n from "${table}"`, [])).rows[0]!.n);
      const okImport = elapsed < 30_000 && final.state === 'done' && stored === IMPORT_ROWS;
      say(
        `import of ${IMPORT_ROWS.toLocaleString('en')} rows (dictionary ×2, unique code in file and table, Chinese dates): ${s(elapsed)} until stored ` +
          `(upload checked and answered in ${s(accepted)}), state ${String(final.state)}, ${stored.toLocaleString('en')} rows in the table (target < 30 s${okImport ? ' OK' : ' OVER'})`,
      );
      say(
        `import RSS ${mb(sampler.before)} → peak ${mb(peak)} (+${mb(peak - sampler.before)}; target < 250 MB${peak - sampler.before < 250 * 1024 * 1024 ? ' OK' : ' OVER'}), heap +${mb(sampler.heapGrowth())}`,
      );
      say(
        `import progress: the screen's answer changed ${seen.length} times, longest gap ${s(maxGap(seen.map((x) => x.at)))}; ` +
          `the stored heartbeat moved ${beats.length} times, longest gap ${s(maxGap(beats))} (target: at least once a second${maxGap(beats) <= 1000 && maxGap(seen.map((x) => x.at)) <= 1000 ? ' OK' : ' OVER'})`,
      );
    }
  } finally {
    await app.close();
    await built.database.close().catch(() => undefined);
  }
}

/** The Excel part of `npm run bench -- jobs`, on the PostgreSQL server at adminUrl (a database of its own, dropped after). */
export async function excelBench(adminUrl: string, say: (line: string) => void): Promise<void> {
  const name = `bench_excel_${randomBytes(4).toString('hex')}`;
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

/** Standalone: starts a throw-away local PostgreSQL unless BENCH_DATABASE_URL / TEST_PG_ADMIN_URL names one. */
export async function jobsExcelBench(): Promise<string[]> {
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(`[jobs excel] ${line}`);
    console.log(lines.at(-1));
  };
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_PG_ADMIN_URL;
  const local = given ? null : startLocalPostgres(55495);
  const adminUrl = given || local?.url;
  try {
    if (!adminUrl) say('PostgreSQL: not installed here, Excel part skipped (set BENCH_DATABASE_URL)');
    else await excelBench(adminUrl, say);
  } finally {
    local?.stop();
  }
  return lines;
}
