/**
 * Workflow engine (docs/workflow-design.md "Measured"), on PostgreSQL (BENCH_DATABASE_URL, TEST_PG_ADMIN_URL,
 * else a throw-away local server), with real server processes (`node --import tsx server/src/main.ts`, the test helper
 * server/src/test/workflow-processes.ts) sharing one database:
 * (i) approvals per second through POST /api/workflow-task/task-handle over real HTTP (keep-alive, closed loop,
 *     BENCH_WF_CONCURRENCY clients, default "8,12,24": the first is the headline, each one runs on its own instances), spread round-robin over the processes: BENCH_WF_INSTANCES linear
 *     instances (default 1000) are created first through create-process, then every open task is approved, wave by
 *     wave (first the manager tasks, then the finance tasks); throughput and p50/p95/p99 (target >= 300/s, p95 < 50 ms);
 *     with 2 processes, then 1 (BENCH_WF_PROCESSES, default "2,1");
 * (ii) GET /api/workflow-task/upcoming-task for a user with 10,000 open tasks: the rows are written by direct SQL
 *     (generate_series into wf_instances / wf_executions / wf_tasks / wf_task_users / wf_history, shaped as the
 *     engine writes them), median and p95 of 20 first pages (target < 50 ms), and page 200;
 * (iii) the same linear and parallel BPMN files executed in memory by the npm package bpmn-engine (user tasks
 *     signalled), against our engine's cost per approval when approvals run one after another in-process
 *     (app.inject on the same PostgreSQL database), with the number of SQL statements per approval.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { EventEmitter } from 'node:events';
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/src/core/db/schema.js';
import { Engine } from 'bpmn-engine';
import { BpmnModdle } from 'bpmn-moddle';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/core/config.js';
import { loadFixture, readFixture } from '../server/src/modules/workflow/fixtures/index.js';
import { accountIds, insertScheme } from '../server/src/test/workflow-state.js';
import { startCluster, type ProcessCluster } from '../server/src/test/workflow-processes.js';
import { startLocalPostgres } from './postgres.js';

const PASSWORD = 'Admin@123456';
const INSTANCES = Number(process.env.BENCH_WF_INSTANCES ?? 1000);
/**
 * Client counts, the first one the headline: p95 < 50 ms at >= 300/s means at most ~15 requests in flight (Little's
 * law), so 8 (12 shows the knee); 24 is kept for reference (latency there is queueing: 24 / throughput).
 */
const CONCURRENCIES = (process.env.BENCH_WF_CONCURRENCY ?? '8,12,24').split(',').map(Number);
const CONCURRENCY = CONCURRENCIES[0]!;
const PROCESS_COUNTS = (process.env.BENCH_WF_PROCESSES ?? '2,1').split(',').map(Number);
const OPEN_TASKS = 10_000;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], q: number) => {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

interface Answer {
  status: number;
  body: { code: number; msg: string; data: unknown };
  ms: number;
}

/** Keep-alive JSON calls to one process. */
function client(port: number, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const call = (method: string, path: string, token: string, body?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const started = performance.now();
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          method,
          path,
          headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            try {
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), ms: performance.now() - started });
            } catch {
              resolve({ status: res.statusCode ?? 0, body: { code: -1, msg: text.slice(0, 300), data: null }, ms: performance.now() - started });
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { call, close: () => agent.destroy() };
}

/** CPU seconds (user + system) a process has used, from /proc (Linux); 0 when it is gone. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU used by the server processes, the PostgreSQL backends of the database and this process, between two reads. */
async function cpuMeter(cluster: ProcessCluster) {
  const backends = async () =>
    (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(cluster.app.deps.db)).rows.map((r) => r.pid);
  const read = async (pids: number[]) => ({
    servers: cluster.servers.reduce((sum, s) => sum + cpuSeconds(s.pid), 0),
    pg: new Map(pids.map((pid) => [pid, cpuSeconds(pid)])),
    self: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  });
  const start = await read(await backends());
  return async () => {
    const pids = [...new Set([...start.pg.keys(), ...(await backends())])];
    const end = await read(pids);
    const pg = pids.reduce((sum, pid) => sum + Math.max(0, (end.pg.get(pid) ?? 0) - (start.pg.get(pid) ?? 0)), 0);
    return { servers: end.servers - start.servers, pg, self: end.self - start.self };
  };
}

/** Runs `jobs` with `concurrency` closed-loop workers; each job picks its process round-robin. */
async function runAll<T>(jobs: T[], concurrency: number, run: (job: T, index: number) => Promise<Answer>) {
  const latencies: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= jobs.length) return;
        const answer = await run(jobs[i], i);
        latencies.push(answer.ms);
        if (answer.body.code !== 0) failures.push(`${answer.status} ${answer.body.msg}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { latencies, failures, seconds, rps: jobs.length / seconds };
}

async function openTasks(cluster: ProcessCluster, schemeId: string) {
  return cluster.app.deps.db
    .selectFrom('wf_tasks as t')
    .innerJoin('wf_instances as i', 'i.id', 't.instance_id')
    .innerJoin('wf_task_users as tu', 'tu.task_id', 't.id')
    .where('i.scheme_id', '=', schemeId)
    .where('t.state', '=', 'open')
    .select(['t.id', 'tu.user_id', 't.node_id'])
    .execute();
}

async function approvals(processes: number, adminUrl: string, say: (line: string) => void) {
  // BENCH_WF_CPU_PROF=<dir>: the server processes write V8 CPU profiles there (on their graceful stop).
  const profileDir = process.env.BENCH_WF_CPU_PROF;
  const cluster = await startCluster({ processes, adminUrl, nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] });
  const clients = cluster.servers.map((s) => client(s.port, Math.max(...CONCURRENCIES)));
  try {
    const users = await accountIds(cluster.app.deps.db);
    const linear = { schemeId: await insertScheme(cluster.app.deps.db, { code: 'bench_linear', name: '压测顺序', xml: loadFixture('linear', users) }) };
    const tokens = new Map<string, string>();
    for (const [account, id] of Object.entries(users)) {
      if (['admin', 'lisi', 'wangwu'].includes(account)) tokens.set(id, await cluster.login(account));
    }
    const admin = await cluster.login('admin');
    const pick = (i: number) => clients[i % clients.length];

    const runs: { concurrency: number; rps: number; p95: number }[] = [];
    for (const concurrency of CONCURRENCIES) {
      // create the instances (also measured)
      const created = await runAll(
        Array.from({ length: INSTANCES }, (_, i) => i),
        concurrency,
        (i) => pick(i).call('POST', '/api/workflow-task/create-process', admin, { schemeId: linear.schemeId, formValue: [] }),
      );
      if (created.failures.length) throw new Error(`create-process failed: ${created.failures.slice(0, 3).join('; ')}`);
      say(
        `${processes} process(es), ${concurrency} clients: create-process ${created.rps.toFixed(0)}/s (p50 ${ms(pct(created.latencies, 0.5))}, p95 ${ms(pct(created.latencies, 0.95))})`,
      );

      // approve wave by wave: every open task once
      const all: number[] = [];
      const cpu = await cpuMeter(cluster);
      const load = loadavg()[0];
      let seconds = 0;
      let count = 0;
      for (let wave = 0; wave < 5; wave++) {
        const tasks = await openTasks(cluster, linear.schemeId);
        if (tasks.length === 0) break;
        const result = await runAll(tasks, concurrency, (task, i) =>
          pick(i).call('POST', '/api/workflow-task/task-handle', tokens.get(task.user_id)!, { taskId: task.id, btnValue: 'agree_', message: 'bench' }),
        );
        if (result.failures.length) throw new Error(`task-handle failed: ${result.failures.slice(0, 3).join('; ')}`);
        all.push(...result.latencies);
        seconds += result.seconds;
        count += tasks.length;
      }
      const used = await cpu();
      const left = await openTasks(cluster, linear.schemeId);
      const rps = count / seconds;
      const per = (x: number) => (x * 1000) / count;
      const cpuPerApproval = per(used.servers) + per(used.pg) + per(used.self);
      say(
        `${processes} process(es), ${concurrency} clients: CPU per approval ${per(used.servers).toFixed(1)} ms in the server processes, ${per(used.pg).toFixed(1)} ms in PostgreSQL, ` +
          `${per(used.self).toFixed(1)} ms in the load generator = ${cpuPerApproval.toFixed(1)} ms: ${availableParallelism()} cores bound ${((availableParallelism() * 1000) / cpuPerApproval).toFixed(0)} approvals/s ` +
          `(machine load average ${load.toFixed(1)} at the start: other work shares the cores)`,
      );
      say(
        `${processes} process(es), ${concurrency} clients: task-handle ${rps.toFixed(0)} approvals/s over ${count} approvals, ` +
          `p50 ${ms(pct(all, 0.5))}, p95 ${ms(pct(all, 0.95))}, p99 ${ms(pct(all, 0.99))} ` +
          `(target >= 300/s${rps >= 300 ? ' OK' : ' UNDER'}, p95 < 50 ms${pct(all, 0.95) < 50 ? ' OK' : ' OVER'}); open tasks left ${left.length}`,
      );
      runs.push({ concurrency, rps, p95: pct(all, 0.95) });
    }
    const headline = runs[0]!;

    // One client alone: the latency of an approval when nothing else runs.
    const few = Math.min(100, INSTANCES);
    await runAll(
      Array.from({ length: few }, (_, i) => i),
      CONCURRENCY,
      (i) => pick(i).call('POST', '/api/workflow-task/create-process', admin, { schemeId: linear.schemeId, formValue: [] }),
    );
    // Every earlier instance is complete: the open tasks are the new instances' first tasks.
    const alone = await openTasks(cluster, linear.schemeId);
    const single = await runAll(alone, 1, (task, i) =>
      pick(i).call('POST', '/api/workflow-task/task-handle', tokens.get(task.user_id)!, { taskId: task.id, btnValue: 'agree_', message: 'bench' }),
    );
    say(
      `${processes} process(es), 1 client: task-handle p50 ${ms(pct(single.latencies, 0.5))}, p95 ${ms(pct(single.latencies, 0.95))} over ${alone.length} approvals`,
    );
    return { cluster, clients, rps: headline.rps, p95: headline.p95, runs, single: pct(single.latencies, 0.5) };
  } catch (error) {
    clients.forEach((c) => c.close());
    await cluster.close();
    throw error;
  }
}

/**
 * OPEN_TASKS open tasks of one user written by SQL (generate_series), shaped as the engine writes them: one instance per
 * task with its waiting token, the task, its wf_task_users row, and the start and node history rows.
 */
export async function writeOpenTasks(db: Kysely<Database>, o: { tenantId: string; schemeId: string; versionId: string; starterId: string; userId: string }) {
  // One instance per task, with its token, its open task, the task's user row and the start / node history rows.
  const g = sql`select n, 'bi' || lpad(n::text, 6, '0') as iid, 'bt' || lpad(n::text, 6, '0') as tid, 'be' || lpad(n::text, 6, '0') as eid,
                       now() - (n || ' seconds')::interval as at from generate_series(1, ${OPEN_TASKS}) n`;
  await sql`insert into wf_instances (id, tenant_id, root_id, scheme_id, version_id, name, state, starter_id, created_at, updated_at)
    select iid, ${o.tenantId}, iid, ${o.schemeId}, ${o.versionId}, '压测待办-' || n, 'running', ${o.starterId}, at, at from (${g}) g`.execute(db);
  await sql`insert into wf_executions (id, tenant_id, instance_id, node_id, state, created_at)
    select eid, ${o.tenantId}, iid, 'manager', 'waiting', at from (${g}) g`.execute(db);
  await sql`insert into wf_tasks (id, tenant_id, instance_id, execution_id, node_id, node_name, assignee_id, state, created_at)
    select tid, ${o.tenantId}, iid, eid, 'manager', 'Manager approval', ${o.userId}, 'open', at from (${g}) g`.execute(db);
  await sql`insert into wf_task_users (task_id, user_id, tenant_id, instance_id, open, created_at)
    select tid, ${o.userId}, ${o.tenantId}, iid, true, at from (${g}) g`.execute(db);
  await sql`insert into wf_history (id, tenant_id, instance_id, task_id, node_id, node_name, node_type, action, user_id, started_at, ended_at)
    select 'bh' || lpad(n::text, 6, '0') || k, ${o.tenantId}, iid, case when k = 'n' then tid end,
           case when k = 's' then 'start' else 'manager' end, case when k = 's' then 'Start' else 'Manager approval' end,
           case when k = 's' then 'startEvent' else 'userTask' end, case when k = 's' then 'start' else 'node' end,
           case when k = 's' then ${o.starterId}::text end, at, case when k = 's' then at end
    from (${g}) g cross join (values ('s'), ('n')) as kinds(k)`.execute(db);
}

async function upcoming(cluster: ProcessCluster, port: number, say: (line: string) => void) {
  const db = cluster.app.deps.db;
  const users = await accountIds(cluster.app.deps.db);
  const scheme = { schemeId: await insertScheme(cluster.app.deps.db, { code: 'bench_upcoming', name: '压测待办', xml: loadFixture('linear', users) }) };
  const zhangsan = users.zhangsan;
  const tenant = await db.selectFrom('users').select('tenant_id').where('id', '=', zhangsan).executeTakeFirstOrThrow();
  const version = await db.selectFrom('wf_schemes').select('current_version_id').where('id', '=', scheme.schemeId).executeTakeFirstOrThrow();
  const t0 = performance.now();
  await writeOpenTasks(db, {
    tenantId: tenant.tenant_id,
    schemeId: scheme.schemeId,
    versionId: version.current_version_id!,
    starterId: users.admin,
    userId: zhangsan,
  });
  await sql`analyze wf_instances, wf_tasks, wf_task_users, wf_history, wf_executions`.execute(db);
  say(`upcoming: ${OPEN_TASKS.toLocaleString('en')} open tasks of zhangsan written by SQL in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const token = await cluster.login('zhangsan');
  const c = client(port, 1);
  try {
    const measure = async (label: string, path: string) => {
      for (let i = 0; i < 3; i++) await c.call('GET', path, token);
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < 20; i++) {
        const answer = await c.call('GET', path, token);
        if (answer.body.code !== 0) throw new Error(`${path}: ${answer.body.msg}`);
        times.push(answer.ms);
        total = (answer.body.data as { Total: number }).Total;
      }
      const median = pct(times, 0.5);
      say(
        `upcoming-task ${label} (Total ${total.toLocaleString('en')}): median ${ms(median)}, p95 ${ms(pct(times, 0.95))} (target < 50 ms${median < 50 ? ' OK' : ' OVER'})`,
      );
    };
    await measure('first page', '/api/workflow-task/upcoming-task?limit=1&size=20');
    await measure('page 200', '/api/workflow-task/upcoming-task?limit=200&size=20');
    await measure('keyword', `/api/workflow-task/upcoming-task?limit=1&size=20&keyword=${encodeURIComponent('压测待办-99')}`);
  } finally {
    c.close();
  }
}

/** Side by side with bpmn-engine: our own fixtures, and an external-style file (nested parallel forks, 6 user tasks). */
const BENCH_FIXTURES = ['linear', 'parallel', 'nested-parallel'] as const;
type BenchFixture = (typeof BENCH_FIXTURES)[number];

/** Our engine, one approval after another in-process (app.inject, same PostgreSQL database): ms and SQL statements per approval. */
async function oursInProcess(cluster: ProcessCluster, fixture: BenchFixture, instances: number) {
  let statements = 0;
  const built = await buildApp(testConfig({ databaseUrl: cluster.databaseUrl, adminPassword: PASSWORD, onQuery: () => void statements++ }));
  await built.app.ready();
  try {
    const inject = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
      const res = await built.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
      const body = res.json();
      if (body.code !== 0) throw new Error(`${url}: ${body.msg}`);
      return body.data;
    };
    const login = async (account: string) =>
      (await built.app.inject({ method: 'POST', url: '/api/login', payload: { account, password: md5(PASSWORD), code: '' } })).json().data.Token as string;
    const users = await accountIds(cluster.app.deps.db);
    const scheme = {
      schemeId: await insertScheme(cluster.app.deps.db, { code: `bench_ip_${fixture}`, name: `压测-${fixture}`, xml: loadFixture(fixture, users) }),
    };
    const tokens = new Map<string, string>();
    for (const account of ['admin', 'lisi', 'wangwu']) tokens.set(users[account], await login(account));
    for (let i = 0; i < instances; i++)
      await inject('POST', '/api/workflow-task/create-process', tokens.get(users.admin)!, { schemeId: scheme.schemeId, formValue: [] });
    let total = 0;
    let count = 0;
    const before = statements;
    for (;;) {
      const tasks = await openTasks(cluster, scheme.schemeId);
      if (tasks.length === 0) break;
      const counted = statements;
      const t0 = performance.now();
      for (const task of tasks)
        await inject('POST', '/api/workflow-task/task-handle', tokens.get(task.user_id)!, { taskId: task.id, btnValue: 'agree_', message: '' });
      total += performance.now() - t0;
      count += tasks.length;
      void counted;
    }
    return { msPerApproval: total / count, statementsPerApproval: (statements - before) / count, approvals: count };
  } finally {
    await built.app.close();
  }
}

/** bpmn-engine: the same file, XML parsed once, one engine per instance, every user task signalled when it waits. */
async function theirs(fixture: BenchFixture, instances: number) {
  const xml = readFixture(fixture);
  const moddleContext = await new BpmnModdle().fromXML(xml);
  const stepTimes: number[] = [];
  let signals = 0;
  const started = performance.now();
  for (let i = 0; i < instances; i++) {
    const listener = new EventEmitter();
    listener.on('wait', (api: { signal: (m?: unknown) => void }) => {
      setImmediate(() => {
        signals++;
        // The signal runs the engine synchronously up to the next wait (or the end): its duration is the step's cost.
        const t0 = performance.now();
        api.signal({ btnValue: 'agree_' });
        stepTimes.push(performance.now() - t0);
      });
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const engine = new Engine({ name: `${fixture}-${i}`, moddleContext: moddleContext as any });
    const ended = engine.waitFor('end');
    await engine.execute({ listener });
    await ended;
  }
  const elapsed = performance.now() - started;
  return { msPerSignal: elapsed / signals, msPerInstance: elapsed / instances, stepMedian: pct(stepTimes, 0.5), signals };
}

export async function workflowBench(): Promise<string[]> {
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(`[workflow] ${line}`);
    console.log(lines.at(-1));
  };
  const local = process.env.BENCH_DATABASE_URL || process.env.TEST_PG_ADMIN_URL ? null : startLocalPostgres(55497);
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_PG_ADMIN_URL || local?.url;
  if (!adminUrl) {
    say('PostgreSQL: not installed here, skipped (set BENCH_DATABASE_URL)');
    return lines;
  }
  try {
    const table: string[][] = [];
    for (const [n, processes] of PROCESS_COUNTS.entries()) {
      const run = await approvals(processes, adminUrl, say);
      try {
        for (const r of run.runs) table.push([`task-handle, ${processes} process(es), ${r.concurrency} clients`, `${r.rps.toFixed(0)}/s`, `p95 ${ms(r.p95)}`]);
        table.push([`task-handle, ${processes} process(es), 1 client`, ms(run.single), 'p50']);
        if (n === 0) {
          await upcoming(run.cluster, run.cluster.servers[0].port, say);
          for (const fixture of BENCH_FIXTURES) {
            const ours = await oursInProcess(run.cluster, fixture, 100);
            const them = await theirs(fixture, 300);
            say(
              `${fixture}: ours ${ms(ours.msPerApproval)} per approval (one after another, in-process, PostgreSQL, ${ours.statementsPerApproval.toFixed(1)} SQL statements each, ${ours.approvals} approvals); ` +
                `bpmn-engine in memory ${ms(them.msPerSignal)} per user-task signal with engine set-up (${ms(them.msPerInstance)} per instance), ${ms(them.stepMedian)} median per signal call (the step alone)`,
            );
            table.push([`${fixture}: ours per approval (in-process)`, ms(ours.msPerApproval), `${ours.statementsPerApproval.toFixed(1)} statements`]);
            table.push([`${fixture}: bpmn-engine per signal (in memory)`, ms(them.msPerSignal), `step ${ms(them.stepMedian)}`]);
          }
        }
      } finally {
        run.clients.forEach((c) => c.close());
        if (process.env.BENCH_WF_CPU_PROF) await Promise.all(run.cluster.servers.map((s) => s.stop()));
        await run.cluster.close();
      }
    }
    const width = Math.max(...table.map((r) => r[0].length));
    say('summary:');
    for (const row of table) say(`  ${row[0].padEnd(width)}  ${row[1].padStart(9)}  ${row[2]}`);
  } finally {
    local?.stop();
  }
  return lines;
}
