import { createServer, type Server } from 'node:http';
import { DEFAULT_LINK_ID } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_POSTGRES, PG_ADMIN_URL, startCluster, type ProcessCluster } from '../../test/workflow-processes.js';

/**
 * Exactly once across processes (docs/jobs-design.md): two server processes on one PostgreSQL run 100 schedules
 * firing every five seconds while one process is killed (SIGKILL, mid-run) and started again. Every occurrence has
 * one log row and ends once; runs the killed process held are taken over when their lease expires, and say so.
 *
 * The processes run on PostgreSQL whatever TEST_DATABASE_URL says, so the second CI pass would only repeat this file.
 */
const RUN = Boolean(PG_ADMIN_URL) && !process.env.TEST_DATABASE_URL;
const TASKS = 100;
const SLOW = 10;
const SLOW_MS = 1500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!RUN)(`scheduled tasks on two server processes${PG_ADMIN_URL ? '' : ` (${NO_POSTGRES})`}`, () => {
  let cluster: ProcessCluster;
  let slowServer: Server;
  let slowCalls = 0;

  beforeAll(async () => {
    // The slow tasks call this (an interface): a run is in flight for 1.5 s, so the kill finds some mid-run.
    slowServer = createServer((_req, res) => {
      slowCalls += 1;
      setTimeout(() => res.end('{"ok":true}'), SLOW_MS);
    });
    await new Promise<void>((r) => slowServer.listen(0, '127.0.0.1', r));
    cluster = await startCluster({
      processes: 2,
      envOf: () => ({ JOB_MAINTENANCE_SECONDS: '1', INTERFACE_ALLOWED_HOSTS: '127.0.0.1', JOB_WORKERS: '8' }),
    });
  }, 180_000);
  afterAll(async () => {
    await cluster?.close();
    slowServer?.close();
  });

  it('runs each occurrence once while a process is killed and restarted', async () => {
    const [one, two] = cluster.servers as [ProcessCluster['servers'][number], ProcessCluster['servers'][number]];
    // Calls go to whichever process is up.
    let up = one;
    const token = await cluster.login('admin');
    const port = (slowServer.address() as { port: number }).port;
    const api = async <T>(method: string, url: string, body?: unknown) => {
      const answer = await up.request<T>(method, url, body, token);
      expect(answer.body.code, `${method} ${url}: ${answer.body.msg}`).toBe(0);
      return answer.body.data;
    };
    const iface = await api<{ id: string }>('POST', '/api/interface', {
      F_Code: 'slowEcho',
      F_Name: '慢接口',
      F_Method: 'GET',
      F_Url: `http://127.0.0.1:${port}/slow`,
      F_TimeoutMs: 10_000,
    });
    const interfaceId = iface.id;
    const ids: string[] = [];
    for (let i = 0; i < TASKS; i++) {
      const slow = i < SLOW;
      const saved = await api<{ F_Id: string }>('POST', '/api/task-scheduling', {
        F_Name: `每五秒 ${i}`,
        F_Type: slow ? 'interface' : 'sql',
        F_Config: slow ? { interfaceId, params: {} } : { dbLinkId: DEFAULT_LINK_ID, sql: `select ${i} as n` },
        F_ScheduleType: 'cron',
        F_Cron: '*/5 * * * * *',
        // A short time-out keeps the lease short: time-out + 15 s.
        F_TimeoutSeconds: 5,
        F_Overlap: 'queue',
        F_EnabledMark: 1,
      });
      ids.push(saved.F_Id);
    }
    await sleep(8000);
    // Just after a five-second mark, while the slow runs of that mark are in flight: kill a process that holds one.
    let victim: typeof one | undefined;
    for (let round = 0; round < 5 && !victim; round++) {
      await sleep(5000 - (Date.now() % 5000) + 600);
      const running = await cluster.app.deps.db.selectFrom('task_schedule_logs').select('process').where('state', '=', 'running').execute();
      victim = [one, two].find((s) => running.some((r) => r.process?.endsWith(`:${s.pid}`)));
    }
    expect(victim, 'a process holding a run').toBeDefined();
    up = victim === one ? two : one;
    await victim!.kill();
    await sleep(6000);
    await victim!.restart();
    await sleep(8000);
    for (const id of ids) await api('PATCH', `/api/task-scheduling/${id}/stop`);

    // Until every run has ended: the killed process's runs wait for their lease (time-out + 15 s) to expire.
    const db = cluster.app.deps.db;
    const deadline = Date.now() + 60_000;
    let open = 1;
    while (open > 0 && Date.now() < deadline) {
      await sleep(1000);
      const row = await db
        .selectFrom('task_schedule_logs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('task_id', 'in', ids)
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      open = Number(row.n);
    }
    expect(open, 'runs still queued or running a minute after the tasks were stopped').toBe(0);

    const rows = await db
      .selectFrom('task_schedule_logs')
      .select(['task_id', 'scheduled_at', 'attempt', 'trigger', 'state', 'process', 'note_key'])
      .where('task_id', 'in', ids)
      .execute();
    const byOccurrence = new Map<string, typeof rows>();
    for (const r of rows) {
      if (r.trigger !== 'schedule') continue;
      const key = `${r.task_id}@${r.scheduled_at.getTime()}`;
      byOccurrence.set(key, [...(byOccurrence.get(key) ?? []), r]);
    }
    // One row per occurrence, each ended once (success, or skipped when the task was stopped before it started).
    for (const [key, occurrence] of byOccurrence) {
      expect(occurrence, key).toHaveLength(1);
      expect(['success', 'skipped'], key).toContain(occurrence[0]!.state);
    }
    // No gaps: every task has its occurrences five seconds apart from its first to its last.
    for (const id of ids) {
      const times = [...byOccurrence.keys()]
        .filter((k) => k.startsWith(`${id}@`))
        .map((k) => Number(k.split('@')[1]))
        .sort((a, b) => a - b);
      expect(times.length, id).toBeGreaterThanOrEqual(4);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!, id).toBe(5000);
    }
    const successes = rows.filter((r) => r.state === 'success');
    expect(new Set(successes.map((r) => r.process)).size).toBeGreaterThanOrEqual(2);
    // The kill found runs in flight: another process took them over after their lease, and the log says so.
    const takenOver = rows.filter((r) => r.note_key === 'task.noteTakenOver');
    expect(takenOver.length, 'runs taken over after the kill').toBeGreaterThan(0);
    for (const r of takenOver) expect(r.state).toBe('success');
    expect(slowCalls).toBeGreaterThan(0);
  }, 240_000);
});
