import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from './core/auth/password.js';
import { SESSION_CHECK_TTL_MS } from './core/auth/session-guard.js';
import { loadFixture } from './modules/workflow/fixtures/index.js';
import { DEMO_PASSWORD } from './test/harness.js';
import { runServerCommand } from './test/server-command.js';
import { NO_POSTGRES, PG_ADMIN_URL, freePort, startCluster, type ProcessCluster, type ServerProcess } from './test/workflow-processes.js';
import { TASK_CLOSED, accountIds, insertScheme, instanceStates, violations } from './test/workflow-state.js';

/**
 * The production shape (docs/security-hardening.md, "Several server processes"): three stateless server processes on
 * one PostgreSQL database, called the way a load balancer would spread requests. Everything a process knows that
 * matters to the others lives in the database: sessions (checked again after SESSION_CHECK_TTL_MS), messages (each
 * process's push hub polls them), timers and row locks.
 *
 * The processes run on PostgreSQL whatever TEST_DATABASE_URL says, so the second CI pass (API tests on PostgreSQL)
 * would only repeat this file: it runs in the first pass.
 */
const RUN = Boolean(PG_ADMIN_URL) && !process.env.TEST_DATABASE_URL;
const title = `three server processes on one PostgreSQL${PG_ADMIN_URL ? '' : ` (${NO_POSTGRES})`}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `npm run start:cluster` with this environment (a fresh DATA_DIR unless given). */
function launchCluster(env: Record<string, string>) {
  return runServerCommand('cluster', [], { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cluster-')), ...env });
}

/** Process ids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent id; the command name (field 2) is in parentheses and may hold spaces.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('start:cluster', () => {
  it('refuses to start without DATABASE_URL: the embedded database belongs to one process', async () => {
    const run = launchCluster({ DATABASE_URL: '' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('start:cluster needs DATABASE_URL');
  }, 60_000);
});

describe.skipIf(!RUN)(title, () => {
  let cluster: ProcessCluster;
  let servers: ServerProcess[];
  let users: Record<string, string>;
  let linearScheme: string;
  const db = () => cluster.app.deps.db;

  beforeAll(async () => {
    cluster = await startCluster({ processes: 3 });
    servers = cluster.servers;
    users = await accountIds(db());
    linearScheme = await insertScheme(db(), { code: 'cluster_linear', name: 'cluster linear', xml: loadFixture('linear', users) });
  }, 180_000);
  afterAll(async () => {
    await cluster?.close();
  });

  /** A fresh session of the account, signed in on the given process. */
  async function signIn(server: ServerProcess, account: string): Promise<string> {
    const answer = await server.request<{ Token: string }>('POST', '/api/login', { account, password: md5Hex(DEMO_PASSWORD), code: '' });
    expect(answer.body.code, answer.body.msg).toBe(0);
    return answer.body.data.Token;
  }

  async function launch(server: ServerProcess, token: string): Promise<string> {
    const answer = await server.request<{ processInstanceId: string }>(
      'POST',
      '/api/workflow-task/create-process',
      { schemeId: linearScheme, formValue: [] },
      token,
    );
    expect(answer.body.code, answer.body.msg).toBe(0);
    return answer.body.data.processInstanceId;
  }

  async function openTasks(instanceIds: string[]) {
    return db().selectFrom('wf_tasks').select(['id', 'instance_id', 'node_id']).where('instance_id', 'in', instanceIds).where('state', '=', 'open').execute();
  }

  it('start:cluster serves one port from several processes and replaces one that dies', async () => {
    const port = await freePort();
    const run = launchCluster({
      DATABASE_URL: cluster.databaseUrl,
      WORKERS: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: 'x'.repeat(40),
      SEED_DEMO_DATA: 'false',
    });
    try {
      const ready = async () => {
        for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
          const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
          if (res?.status === 200) return true;
        }
        return false;
      };
      expect(await ready(), run.output()).toBe(true);
      const started = [...run.output().matchAll(/cluster: starting (\d+) server processes/g)].map((m) => m[1]);
      expect(started).toEqual(['2']);
      // Kill every worker once (the primary's children): the primary starts others and the port answers again.
      const children = childrenOf(run.child.pid!);
      expect(children).toHaveLength(2);
      for (const pid of children) process.kill(pid, 'SIGKILL');
      await sleep(500);
      expect(await ready(), run.output()).toBe(true);
      expect(run.output()).toMatch(/ended \(SIGKILL\); starting another/);
    } finally {
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    }
  }, 120_000);

  it('a session signed out on one process is refused by the other two within 2 s', async () => {
    const [s1, s2, s3] = servers;
    const token = await signIn(s1, 'zhangsan');
    // Both other processes have checked (and cached) the session before it is revoked.
    for (const s of [s2, s3]) expect((await s.request('GET', '/api/user/getUserInfo', undefined, token)).body.code).toBe(0);
    expect((await s1.request('POST', '/api/user/logout', {}, token)).body.code).toBe(0);
    const revokedAt = performance.now();
    expect((await s1.request('GET', '/api/user/getUserInfo', undefined, token)).body.code).toBe(10401);

    const refusedAfter = await Promise.all(
      [s2, s3].map(async (s) => {
        for (;;) {
          const answer = await s.request('GET', '/api/user/getUserInfo', undefined, token);
          if (answer.body.code === 10401) return performance.now() - revokedAt;
          expect(answer.body.code).toBe(0);
          if (performance.now() - revokedAt > 5000) return Infinity;
          await sleep(50);
        }
      }),
    );
    // The cache lives SESSION_CHECK_TTL_MS; the slack covers a request on a loaded two-core CI machine.
    for (const ms of refusedAfter) expect(ms).toBeLessThanOrEqual(SESSION_CHECK_TTL_MS + 1000);
  });

  it('a message written on one process reaches a push-stream client of another within 2 s', async () => {
    const [s1, , s3] = servers;
    const lisi = await cluster.login('lisi');
    const admin = await cluster.login('admin');
    const controller = new AbortController();
    const res = await fetch(`${s3.baseUrl}/api/oa/message-stream`, { headers: { authorization: `Bearer ${lisi}` }, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const until = async (text: string, timeoutMs: number): Promise<boolean> => {
      const deadline = Date.now() + timeoutMs;
      while (!received.includes(text)) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        const chunk = await Promise.race([reader.read(), sleep(left).then(() => null)]);
        if (!chunk || chunk.done) return received.includes(text);
        received += decoder.decode(chunk.value, { stream: true });
      }
      return true;
    };
    try {
      expect(await until(': connected', 5000)).toBe(true);
      // The hub of process 3 reads its starting point on the first poll; give it that first poll.
      await sleep(1200);
      // Launching on process 1 writes lisi's to-do message there.
      await launch(s1, admin);
      const written = performance.now();
      const arrived = await until('event: message', 5000);
      const ms = performance.now() - written;
      expect(arrived, received).toBe(true);
      // The hub polls every second; the rest is slack for a loaded two-core CI machine.
      expect(ms).toBeLessThan(3000);
    } finally {
      controller.abort();
    }
  });

  it('timers that fall due are fired once, whichever of the three processes polls first', async () => {
    const [s1, s2, s3] = servers;
    const admin = await cluster.login('admin');
    const timed = await insertScheme(db(), { code: 'cluster_timer', name: 'cluster timer', xml: loadFixture('timer-approve', users) });
    const ids = await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        const answer = await [s1, s2, s3][i % 3]!.request<{ processInstanceId: string }>(
          'POST',
          '/api/workflow-task/create-process',
          { schemeId: timed, formValue: [] },
          admin,
        );
        expect(answer.body.code, answer.body.msg).toBe(0);
        return answer.body.data.processInstanceId;
      }),
    );
    await db()
      .updateTable('wf_timers')
      .set({ due_at: new Date(Date.now() - 1000) })
      .where('instance_id', 'in', ids)
      .execute();
    // Every process polls every 5 s: within a few rounds all are fired.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const pending = await db().selectFrom('wf_timers').select('id').where('instance_id', 'in', ids).where('state', '=', 'pending').execute();
      if (pending.length === 0) break;
      if (Date.now() > deadline) throw new Error(`${pending.length} timers still pending`);
      await sleep(250);
    }
    const states = await instanceStates(db(), ids);
    for (const id of ids) {
      const state = states.get(id)!;
      expect(state.tasks.map((x) => `${x.node_id}:${x.state}`)).toEqual(['task:done', 'finance:open']);
      expect(state.history.filter((h) => h.action === 'auto')).toHaveLength(1);
    }
  }, 60_000);

  it('200 approvals at once over the three, one process killed (SIGKILL) mid-burst: every acknowledged approval is kept', async () => {
    const [s1, s2, s3] = servers;
    const admin = await cluster.login('admin');
    const lisi = await cluster.login('lisi');
    const ids: string[] = [];
    for (let i = 0; i < 100; i += 20) ids.push(...(await Promise.all(Array.from({ length: 20 }, (_, k) => launch(servers[(i + k) % 3]!, admin)))));
    const tasks = await openTasks(ids);
    expect(tasks).toHaveLength(100);

    // Each manager task twice, on two different processes: 200 calls in flight together.
    const calls = tasks.flatMap((task, i) => [
      { task, server: servers[i % 3]! },
      { task, server: servers[(i + 1) % 3]! },
    ]);
    const answers = Promise.all(
      calls.map(async ({ task, server }) => {
        try {
          const answer = await server.request('POST', '/api/workflow-task/task-handle', { taskId: task.id, btnValue: 'agree_', message: 'burst' }, lisi);
          return { taskId: task.id, code: answer.body.code, msg: answer.body.msg };
        } catch (error) {
          return { taskId: task.id, code: -1, msg: `no answer: ${String(error)}` };
        }
      }),
    );
    // Kill process 3 once the first approvals have committed, while the burst is still running.
    const killDeadline = Date.now() + 20_000;
    for (;;) {
      const row = await db()
        .selectFrom('wf_tasks')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('instance_id', 'in', ids)
        .where('node_id', '=', 'manager')
        .where('state', '=', 'done')
        .executeTakeFirstOrThrow();
      if (row.n >= 5 || Date.now() > killDeadline) break;
      await sleep(10);
    }
    await s3.kill();
    const results = await answers;

    const unexpected = results.filter((r) => r.code !== 0 && r.code !== -1 && r.msg !== TASK_CLOSED);
    expect(unexpected.slice(0, 5)).toEqual([]);
    const acknowledged = new Set(results.filter((r) => r.code === 0).map((r) => r.taskId));
    const perTask = new Map<string, number>();
    for (const r of results) if (r.code === 0) perTask.set(r.taskId, (perTask.get(r.taskId) ?? 0) + 1);
    expect([...perTask.values()].filter((n) => n > 1)).toEqual([]);

    const states = await instanceStates(db(), ids);
    for (const id of ids) {
      const state = states.get(id)!;
      expect(violations(state, 'linear'), id).toEqual([]);
    }
    const done = new Set([...states.values()].flatMap((s) => s.tasks.filter((t) => t.node_id === 'manager' && t.state === 'done').map((t) => t.id)));
    // Every approval the client was told about is in the database; nothing is half-done (the invariants above).
    expect([...acknowledged].filter((id) => !done.has(id))).toEqual([]);
    expect(results.some((r) => r.code === -1) || acknowledged.size === 100).toBe(true);

    // The survivors (and process 3 once restarted) finish what the killed process left: each task closes once.
    await s3.restart();
    const left = (await openTasks(ids)).filter((t) => t.node_id === 'manager');
    const retries = await Promise.all(
      left.map((task, i) =>
        [s1, s2, s3][i % 3]!.request('POST', '/api/workflow-task/task-handle', { taskId: task.id, btnValue: 'agree_', message: 'retry' }, lisi),
      ),
    );
    expect(retries.filter((r) => r.body.code !== 0).map((r) => r.body.msg)).toEqual([]);
    const final = await instanceStates(db(), ids);
    for (const id of ids) {
      const state = final.get(id)!;
      expect(violations(state, 'linear'), id).toEqual([]);
      expect(state.tasks.map((t) => `${t.node_id}:${t.state}`)).toEqual(['manager:done', 'finance:open']);
    }
  }, 180_000);
});
