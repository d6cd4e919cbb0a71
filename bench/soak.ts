/**
 * npm run bench -- soak: one server process (built server/dist/main.js, PGlite on a fresh data directory) under mixed,
 * realistic traffic for SOAK_MINUTES (default 10): menus, lists, messages, news and schedules, launches and two-step
 * approvals, sign-in and sign-out. Checks what only time shows:
 * - memory: resident set size after warm-up (the first fifth, at least a minute when the run is long enough) against
 *   the end, target growth < 10 % (medians of the samples of the first and last tenth after warm-up, so one GC
 *   cycle does not decide);
 * - errors: every answer must be HTTP 200 with code 0 (target 0);
 * - latency: p95 per tenth of the run after warm-up, first against last, stable = last < 1.5 × first. Beside it, the
 *   same figures of a bare Fastify process answering a fixed body, probed ten times a second through the whole run:
 *   the baseline says whether a slow tenth was this server or the machine (other work on the same cores).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/core/config.js';
import { loadFixture } from '../server/src/modules/workflow/fixtures/index.js';
import { accountIds, insertScheme } from '../server/src/test/workflow-state.js';

const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'Soak@123456';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
  what: string;
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? 0;

export async function soakBench(): Promise<string[]> {
  const minutes = Number(process.env.SOAK_MINUTES ?? 10);
  if (!(minutes > 0)) throw new Error('SOAK_MINUTES must be a positive number');
  const durationMs = minutes * 60_000;
  const warmUpMs = Math.min(durationMs / 2, Math.max(durationMs / 5, Math.min(60_000, durationMs / 2)));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soak-'));
  const lines: string[] = [];

  // The database, with a two-step approval scheme, prepared before the server process opens it.
  {
    const built = await buildApp(testConfig({ dataDir, adminPassword: PASSWORD }));
    const users = await accountIds(built.deps.db);
    await insertScheme(built.deps.db, { code: 'soak_linear', name: '压测审批', xml: loadFixture('linear', users) });
    await built.app.close();
  }

  const port = 18300 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      SEED_SHOWCASE: 'false',
      LOG_LEVEL: 'warn',
      // The soak signs in and out all the time from one address: the sign-in limits are not what it measures.
      RATE_SIGNIN_PER_SOURCE: '1000000',
      RATE_SIGNIN_OVERALL: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  let bare: ChildProcess | null = null;
  try {
    for (let i = 0; ; i++) {
      const res = await fetch(`${base}/api/health/ready`).catch(() => null);
      if (res?.status === 200) break;
      if (i > 600) throw new Error('the server did not start');
      await sleep(100);
    }

    const call = (method: string, url: string, token: string | null, body?: unknown) =>
      new Promise<{ status: number; json: { code: number; msg: string; data: unknown } | null; ms: number }>((resolve) => {
        const started = performance.now();
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = http.request(
          `${base}${url}`,
          {
            agent,
            method,
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              let json = null;
              try {
                json = JSON.parse(Buffer.concat(chunks).toString());
              } catch {
                /* not JSON */
              }
              resolve({ status: res.statusCode ?? 0, json, ms: performance.now() - started });
            });
          },
        );
        req.on('error', () => resolve({ status: 0, json: null, ms: performance.now() - started }));
        req.end(payload);
      });

    const login = async (account: string) => {
      const answer = await call('POST', '/api/login', null, { account, password: md5(PASSWORD), code: '' });
      const token = (answer.json?.data as { Token?: string } | undefined)?.Token;
      if (!token) throw new Error(`sign-in of ${account}: ${answer.json?.msg}`);
      return token;
    };
    const tokens: Record<string, string> = {};
    for (const account of ['admin', 'lisi', 'wangwu', 'zhangsan']) tokens[account] = await login(account);
    const schemes = await call('GET', '/api/workflow-task/upcoming-task?limit=1&size=1', tokens.lisi!);
    if (schemes.json?.code !== 0) throw new Error(`task list: ${schemes.json?.msg}`);
    const schemeRow = await call('GET', '/api/workflow-scheme-info?limit=1&size=20&keyword=soak_linear', tokens.admin!);
    const schemeId = ((schemeRow.json?.data as { Rows?: { F_Id: string }[] } | undefined)?.Rows ?? [])[0]?.F_Id;
    if (!schemeId) throw new Error(`the soak scheme is not listed: ${JSON.stringify(schemeRow.json).slice(0, 300)}`);

    // The machine's own latency, for comparison: a bare Fastify process, probed ten times a second.
    const barePort = port + 1;
    bare = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/bare-server.ts')], {
      env: { ...process.env, PORT: String(barePort) },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    bare.stdin!.end('{"ok":true}');
    await new Promise<void>((resolve) => bare!.stdout!.once('data', () => resolve()));
    const baseline: { at: number; ms: number }[] = [];

    const samples: Sample[] = [];
    const failures = new Map<string, number>();
    const started = performance.now();
    const end = started + durationMs;
    const record = (what: string, answer: { status: number; json: { code: number; msg: string } | null; ms: number }) => {
      const ok = answer.status === 200 && answer.json?.code === 0;
      samples.push({ at: performance.now() - started, ms: answer.ms, ok, what });
      if (!ok) {
        const key = `${what}: ${answer.status} ${answer.json?.msg ?? ''}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
      return answer;
    };

    // Who reads what: the user list is the administrator's; the rest is everyone's.
    const reads: [account: string, url: string][] = [
      ['admin', '/api/modules/vue?systemId=0'],
      ['admin', '/api/users/page?limit=1&size=20'],
      ['zhangsan', '/api/news?limit=1&size=10'],
      ['wangwu', '/api/oa/xjr-oa-message'],
      ['zhangsan', '/api/oa-schedule'],
      ['admin', '/api/workflow-task/my-task?limit=1&size=20'],
      ['lisi', '/api/modules/vue?systemId=0'],
      ['wangwu', '/api/user/getUserInfo'],
    ];
    let launches = 0;
    let approvals = 0;
    let signIns = 0;

    /** Reading users: a list or a menu after another, as people clicking around. */
    const reader = async (n: number) => {
      for (let i = n; performance.now() < end; i++) {
        const [account, url] = reads[i % reads.length]!;
        record(`GET ${url.split('?')[0]}`, await call('GET', url, tokens[account]!));
      }
    };
    /** The applicant: launches a request, now and then. */
    const applicant = async () => {
      while (performance.now() < end) {
        record('launch', await call('POST', '/api/workflow-task/create-process', tokens.admin!, { schemeId, formValue: [] }));
        launches++;
        await sleep(100);
      }
    };
    /** An approver working through their to-do list (one worker per approver: no two race for a task). */
    const approver = async (account: string) => {
      while (performance.now() < end) {
        const list = record('GET /api/workflow-task/upcoming-task', await call('GET', '/api/workflow-task/upcoming-task?limit=1&size=10', tokens[account]!));
        const rows = (list.json?.data as { Rows?: { taskId: string }[] } | undefined)?.Rows ?? [];
        if (rows.length === 0) {
          await sleep(200);
          continue;
        }
        for (const row of rows) {
          if (performance.now() >= end) break;
          record(
            'task-handle',
            await call('POST', '/api/workflow-task/task-handle', tokens[account]!, { taskId: row.taskId, btnValue: 'agree_', message: '同意' }),
          );
          approvals++;
        }
      }
    };
    /** Someone signing in, reading their messages, marking them read and signing out. */
    const visitor = async () => {
      while (performance.now() < end) {
        const token = await login('zhangsan').catch(() => null);
        signIns++;
        if (!token) {
          record('sign-in', { status: 0, json: null, ms: 0 });
          continue;
        }
        record('GET /api/oa/xjr-oa-message', await call('GET', '/api/oa/xjr-oa-message', token));
        record('read all', await call('PUT', '/api/oa/xjr-oa-message/readAllMessage/10', token));
        record('sign-out', await call('POST', '/api/user/logout', token, {}));
        await sleep(250);
      }
    };

    const probe = async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await fetch(`http://127.0.0.1:${barePort}/api/modules/vue`)
          .then((r) => r.arrayBuffer())
          .catch(() => null);
        baseline.push({ at: t0 - started, ms: performance.now() - t0 });
        await sleep(100);
      }
    };
    const rss: { at: number; kb: number }[] = [];
    const sampler = setInterval(() => rss.push({ at: performance.now() - started, kb: rssKb(child.pid!) }), 2000);
    await Promise.all([reader(0), reader(3), reader(5), applicant(), approver('lisi'), approver('wangwu'), visitor(), probe()]);
    clearInterval(sampler);

    const after = samples.filter((s) => s.at >= warmUpMs);
    const tenth = (durationMs - warmUpMs) / 10;
    const tenths = (xs: { at: number; ms: number }[]) =>
      Array.from({ length: 10 }, (_, k) => xs.filter((s) => s.at >= warmUpMs + k * tenth && s.at < warmUpMs + (k + 1) * tenth).map((s) => s.ms));
    const windows = tenths(after);
    const baseWindows = tenths(baseline);
    const rssAfter = rss.filter((r) => r.at >= warmUpMs);
    const firstRss = median(rssAfter.filter((r) => r.at < warmUpMs + tenth).map((r) => r.kb));
    const lastRss = median(rssAfter.filter((r) => r.at >= durationMs - tenth).map((r) => r.kb));
    const growth = firstRss ? (lastRss - firstRss) / firstRss : 0;
    const errors = samples.filter((s) => !s.ok).length;
    const [firstP95, lastP95] = [p95(windows[0]!), p95(windows[9]!)];
    lines.push(
      `soak, one process on PGlite, ${minutes} min (warm-up ${(warmUpMs / 1000).toFixed(0)} s): ${samples.length} requests ` +
        `(${(samples.length / (durationMs / 1000)).toFixed(0)} req/s), ${launches} launches, ${approvals} approvals, ${signIns} sign-ins`,
    );
    lines.push(
      `soak memory: RSS ${(firstRss / 1024).toFixed(0)} MB after warm-up → ${(lastRss / 1024).toFixed(0)} MB at the end, growth ${(growth * 100).toFixed(1)} % (target < 10 %)`,
    );
    lines.push(
      `soak errors: ${errors} of ${samples.length} (target 0)${
        errors
          ? `: ${[...failures]
              .slice(0, 5)
              .map(([k, n]) => `${k} ×${n}`)
              .join('; ')}`
          : ''
      }`,
    );
    lines.push(
      `soak p95 per tenth after warm-up: ${windows.map((w) => p95(w).toFixed(0)).join(', ')} ms; last / first ${(lastP95 / Math.max(firstP95, 0.001)).toFixed(2)} (stable: < 1.5)`,
    );
    lines.push(`soak baseline (bare Fastify on the same machine) p95 per tenth: ${baseWindows.map((w) => p95(w).toFixed(1)).join(', ')} ms`);
    // Which calls slowed down (or not) between the first and the last tenth: growth of data shows here, load does not pick one.
    const byCall = [...new Set(after.map((s) => s.what))].map((what) => {
      const [first, last] = [0, 9].map((k) =>
        after.filter((s) => s.what === what && s.at >= warmUpMs + k * tenth && s.at < warmUpMs + (k + 1) * tenth).map((s) => s.ms),
      );
      return { what, first: p95(first!), last: p95(last!) };
    });
    lines.push(`soak p95 by call, first → last tenth: ${byCall.map((c) => `${c.what} ${c.first.toFixed(0)} → ${c.last.toFixed(0)}`).join('; ')} ms`);
    return lines;
  } finally {
    agent.destroy();
    bare?.kill('SIGTERM');
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
