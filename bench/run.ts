/**
 * npm run bench: the foundation's performance figures, measured on this machine.
 * - cold start to first answered request (PGlite, after build), first start and restart;
 * - GET /api/modules/vue throughput against a bare Fastify route returning the same JSON;
 * - initial JavaScript (gzip) loaded by /login, and that later screens are separate chunks.
 * Then the organisation, OA, files, data, forms and first-screen benchmarks (`npm run bench -- files` runs one of them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { load, type LoadResult } from './loadgen.js';
import { launchBrowser } from '../e2e/harness.js';
import { organisationBench } from './organisation.js';
import { oaBench } from './oa.js';
import { filesBench } from './files.js';
import { startLocalPostgres } from './postgres.js';
import { dataBench } from './data.js';
import { formsBench } from './forms.js';
import { formPublishBench } from './form-publish.js';
import { workflowBench } from './workflow.js';
import { workflowUiBench } from './workflow-ui.js';
import { soakBench } from './soak.js';
import { firstScreenBench } from './first-screen.js';
import { jobsBench } from './jobs.js';
import { reportsBench } from './reports.js';

const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'Bench@123456';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const figures: string[] = [];
const report = (line: string) => {
  figures.push(line);
  console.log(line);
};

function startServer(dataDir: string, port: number): { child: ChildProcess; started: number } {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      SEED_SHOWCASE: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, started };
}

async function untilAnswered(url: string, started: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return performance.now() - started;
    } catch {
      /* not listening yet */
    }
    await sleep(10);
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function coldStart() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  const port = 18181;
  const first = startServer(dataDir, port);
  const firstMs = await untilAnswered(`http://127.0.0.1:${port}/api/login/default`, first.started);
  await stop(first.child);
  const again = startServer(dataDir, port);
  const againMs = await untilAnswered(`http://127.0.0.1:${port}/api/login/default`, again.started);
  report(`cold start, empty database (migrate + seed): ${firstMs.toFixed(0)} ms to first answer (target < 3000 ms)`);
  report(`cold start, existing database: ${againMs.toFixed(0)} ms to first answer (target < 3000 ms)`);
  return { child: again.child, port, dataDir };
}

async function throughput(port: number) {
  const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: md5(PASSWORD), code: '' }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${login.data.Token}`, moduleid: 'home' };
  const url = `http://127.0.0.1:${port}/api/modules/vue?systemId=0`;
  const body = await fetch(url, { headers }).then((r) => r.text());

  const barePort = port + 1;
  const bare = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/bare-server.ts')], {
    env: { ...process.env, PORT: String(barePort) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  bare.stdin!.end(body);
  await new Promise<void>((resolve) => bare.stdout!.once('data', () => resolve()));
  const bareBody = await fetch(`http://127.0.0.1:${barePort}/api/modules/vue`).then((r) => r.text());
  if (bareBody !== body) throw new Error('the baseline does not answer the same JSON');

  // Alternate one-second rounds so background load on the machine affects both sides alike.
  const bareUrl = `http://127.0.0.1:${barePort}/api/modules/vue`;
  const options = { seconds: 1, concurrency: 32 };
  await load(url, { ...options, headers }); // warm-up
  await load(bareUrl, options);
  const rounds = { ours: [] as LoadResult[], bare: [] as LoadResult[] };
  for (let i = 0; i < 5; i++) {
    rounds.ours.push(await load(url, { ...options, headers }));
    rounds.bare.push(await load(bareUrl, options));
  }
  const combine = (results: LoadResult[]) => ({
    rps: results.reduce((a, r) => a + r.requests, 0) / results.reduce((a, r) => a + r.seconds, 0),
    p50: median(results.map((r) => r.p50)),
    p95: median(results.map((r) => r.p95)),
    errors: results.reduce((a, r) => a + r.errors, 0),
  });
  const ours = combine(rounds.ours);
  const baseline = combine(rounds.bare);
  await stop(bare);
  const ratio = ours.rps / baseline.rps;
  report(
    `GET /api/modules/vue: ${ours.rps.toFixed(0)} req/s (p50 ${ours.p50.toFixed(1)} ms, p95 ${ours.p95.toFixed(1)} ms, ${ours.errors} errors), ${body.length} bytes`,
  );
  report(`bare Fastify, same JSON: ${baseline.rps.toFixed(0)} req/s (p50 ${baseline.p50.toFixed(1)} ms, p95 ${baseline.p95.toFixed(1)} ms)`);
  report(`ratio: ${(ratio * 100).toFixed(0)}% of bare Fastify (target >= 50%)`);
}

async function loginBundle(port: number) {
  const browser = await launchBrowser();
  const page = await browser.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.set(res.url(), gzipSync(await res.body(), { level: 9 }).length);
    } catch {
      /* redirected or aborted */
    }
  });
  const total = (urls: Iterable<string>) => [...urls].reduce((sum, url) => sum + (scripts.get(url) ?? 0), 0);
  await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
  const loginScripts = new Set(scripts.keys());
  report(`/login initial JavaScript: ${(total(loginScripts) / 1024).toFixed(1)} KB gzip in ${loginScripts.size} files (target < 300 KB)`);

  await page.fill('[data-testid=login-account]', 'admin');
  await page.fill('[data-testid=login-password]', PASSWORD);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=home-overview]');
  await page.waitForLoadState('networkidle');
  const shellScripts = [...scripts.keys()].filter((url) => !loginScripts.has(url));
  report(`after sign-in, the shell and home page load ${shellScripts.length} more chunks, ${(total(shellScripts) / 1024).toFixed(1)} KB gzip`);
  const before = new Set(scripts.keys());
  await page.goto(`http://127.0.0.1:${port}/system/online-user/index`, { waitUntil: 'networkidle' });
  const later = [...scripts.keys()].filter((url) => !before.has(url));
  report(`opening online users loads its own chunks: ${later.map((u) => path.basename(new URL(u).pathname)).join(', ') || 'none (already loaded)'}`);
  await browser.close();
}

const only = process.argv[2];
if (!only || only === 'foundation') {
  const { child, port, dataDir } = await coldStart();
  try {
    await throughput(port);
    await loginBundle(port);
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (!only || only === 'organisation') {
  const seqScans: string[] = [];
  const pglite = await organisationBench('PGlite', null);
  pglite.lines.forEach(report);
  seqScans.push(...pglite.seqScans);
  const postgres = process.env.BENCH_DATABASE_URL ? null : startLocalPostgres();
  const url = process.env.BENCH_DATABASE_URL ?? postgres?.url;
  if (url) {
    try {
      const pg = await organisationBench('PostgreSQL', url);
      pg.lines.forEach(report);
      seqScans.push(...pg.seqScans);
    } finally {
      postgres?.stop();
    }
  } else {
    report('PostgreSQL: not installed here, skipped (set BENCH_DATABASE_URL)');
  }
  report(seqScans.length ? `sequential scans over users: ${seqScans.join('; ')}` : 'no sequential scan over users in any plan');
}
if (only === 'oa' || !only) {
  (await oaBench('PGlite', null)).forEach(report);
  const postgres = process.env.BENCH_DATABASE_URL ? null : startLocalPostgres();
  const url = process.env.BENCH_DATABASE_URL ?? postgres?.url;
  if (url) {
    try {
      (await oaBench('PostgreSQL', url)).forEach(report);
    } finally {
      postgres?.stop();
    }
  } else {
    report('PostgreSQL: not installed here, skipped (set BENCH_DATABASE_URL)');
  }
}
if (only === 'files' || !only) {
  (await filesBench()).forEach(report);
}
if (only === 'data' || !only) {
  (await dataBench()).forEach(report);
}
if (only === 'forms' || !only) {
  (await formsBench()).forEach(report);
}
if (only === 'form-publish' || !only) (await formPublishBench()).forEach(report);
if (only === 'workflow' || !only) (await workflowBench()).forEach(report);
if (only === 'workflow-ui' || !only) (await workflowUiBench()).forEach(report);
if (only === 'first-screen' || !only) (await firstScreenBench()).forEach(report);
if (only === 'jobs' || !only) (await jobsBench()).forEach(report);
if (only === 'reports' || !only) (await reportsBench()).forEach(report);
// Ten minutes by default (SOAK_MINUTES): only when asked for.
if (only === 'soak') (await soakBench()).forEach(report);
writeFileSync(path.join(root, 'bench', 'last-run.txt'), `${new Date().toISOString()}\n${figures.join('\n')}\n`);
