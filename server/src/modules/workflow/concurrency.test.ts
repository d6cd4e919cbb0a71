import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { NO_POSTGRES, PG_ADMIN_URL, startCluster, type HttpAnswer, type ProcessCluster, type ServerProcess } from '../../test/workflow-processes.js';
import { TASK_CLOSED, accountIds, insertScheme, instanceStates, shapeOf, violations } from '../../test/workflow-state.js';
import { engineOf } from './engine/index.js';
import { loadFixture } from './fixtures/index.js';

/**
 * Correctness under concurrency (docs/workflow-design.md "Every action is one transaction"): every action
 * locks the root instance row, so concurrent approvals behave as some serial order of them.
 * In-process (createTestApp: PGlite, or PostgreSQL when TEST_DATABASE_URL is set) and with real server processes on
 * one PostgreSQL database (TEST_PG_ADMIN_URL; skipped without it).
 */

type Db = TestApp['deps']['db'];
/** How long the crash-test process sleeps inside task-handle before its commit (WF_TEST_PAUSE_BEFORE_COMMIT_MS). */
const PAUSE_MS = 4000;
type Answer = { code: number; msg: string; data: unknown };

/** countersign-parallel with a user task (admin) after the countersign, so "the next task is created once" shows. */
function countersignThenTask(users: Record<string, string>): string {
  const xml = loadFixture('countersign-parallel', users)
    .replace(
      /<bpmn:sequenceFlow id="f2" sourceRef="sign" targetRef="end" \/>/,
      '<bpmn:sequenceFlow id="f2" sourceRef="sign" targetRef="after" /><bpmn:sequenceFlow id="f9" sourceRef="after" targetRef="end" />',
    )
    .replace(
      /(<bpmn:endEvent id="end"[^>]*>\s*)<bpmn:incoming>f2<\/bpmn:incoming>/,
      `<bpmn:userTask id="after" name="After countersign"><bpmn:extensionElements><wf:config>{"candidates":[{"type":"user","ids":["${users.admin}"]}]}</wf:config></bpmn:extensionElements><bpmn:incoming>f2</bpmn:incoming><bpmn:outgoing>f9</bpmn:outgoing></bpmn:userTask>$1<bpmn:incoming>f9</bpmn:incoming>`,
    );
  if (!xml.includes('id="after"') || !xml.includes('targetRef="after"')) throw new Error('countersign variant: the fixture changed shape');
  return xml;
}

async function deploy(t: TestApp, code: string, xml: string): Promise<string> {
  return insertScheme(t.deps.db, { code, name: code, xml });
}

async function openTasksOf(db: Db, instanceIds: string[]) {
  if (instanceIds.length === 0) return [];
  return db
    .selectFrom('wf_tasks as t')
    .innerJoin('wf_task_users as tu', 'tu.task_id', 't.id')
    .select(['t.id', 't.instance_id', 't.node_id', 'tu.user_id'])
    .where('t.instance_id', 'in', instanceIds)
    .where('t.state', '=', 'open')
    .where('tu.open', '=', true)
    .execute();
}

const handleBody = (taskId: string) => ({ taskId, btnValue: 'agree_', message: 'concurrency' });

function shuffle<T>(xs: T[], seed = 7): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function expectNoViolations(found: string[]) {
  expect(found, found.slice(0, 20).join('\n')).toEqual([]);
}

/** Every answer is a success or the clear "already handled" refusal; answers the successes per task. */
function tally(calls: { taskId: string; answer: Answer }[]): Map<string, number> {
  const odd = calls.filter((c) => c.answer.code !== 0 && c.answer.msg !== TASK_CLOSED).map((c) => `${c.answer.code} ${c.answer.msg}`);
  expect(odd, `unexpected answers: ${[...new Set(odd)].slice(0, 5).join('; ')}`).toEqual([]);
  const successes = new Map<string, number>();
  for (const c of calls) if (c.answer.code === 0) successes.set(c.taskId, (successes.get(c.taskId) ?? 0) + 1);
  return successes;
}

// ---------------------------------------------------------------------------------------------------------------
describe('workflow concurrency, in-process', () => {
  let t: TestApp;
  let users: Record<string, string>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    users = await accountIds(t.deps.db);
    for (const account of ['admin', 'lisi', 'wangwu']) tokens[account] = await t.login(account);
  });
  afterAll(async () => {
    await t?.close();
  });

  const start = async (schemeId: string): Promise<string> => {
    const res = await t.send('POST', '/api/workflow-task/create-process', { schemeId, formValue: [] }, tokens.admin);
    const body = res.json();
    expect(body.code, body.msg).toBe(0);
    return body.data.processInstanceId as string;
  };
  const handle = async (taskId: string, account: string): Promise<Answer> =>
    (await t.send('POST', '/api/workflow-task/task-handle', handleBody(taskId), tokens[account])).json();

  it('two countersign approvers at the same instant: two agreements, the node completes once, the next task is created once', async () => {
    const plain = await deploy(t, 'cc_countersign', loadFixture('countersign-parallel', users));
    const withNext = await deploy(t, 'cc_countersign_next', countersignThenTask(users));
    const ids = [...(await Promise.all([0, 1, 2].map(() => start(plain)))), ...(await Promise.all([0, 1, 2].map(() => start(withNext))))];
    const open = await openTasksOf(t.deps.db, ids);
    expect(open).toHaveLength(ids.length * 2);
    const account = (userId: string) => (userId === users.lisi ? 'lisi' : 'wangwu');
    // Both approvers of every instance at once.
    const answers = await Promise.all(open.map(async (task) => ({ taskId: task.id, answer: await handle(task.id, account(task.user_id)) })));
    expect(answers.filter((a) => a.answer.code !== 0).map((a) => a.answer.msg)).toEqual([]);

    const states = await instanceStates(t.deps.db, ids);
    for (const id of ids) {
      const state = states.get(id)!;
      expectNoViolations(violations(state, 'countersign'));
      expect(state.history.filter((h) => h.node_id === 'sign' && h.action === 'agree_')).toHaveLength(2);
      if (ids.indexOf(id) < 3) {
        expect(state.state).toBe('completed');
        expect(state.history.filter((h) => h.node_type === 'endEvent')).toHaveLength(1);
      } else {
        expect(state.state).toBe('running');
        expect(state.tasks.filter((x) => x.node_id === 'after').map((x) => x.state)).toEqual(['open']);
        expect(state.taskUsers.filter((u) => u.open).map((u) => u.user_id)).toEqual([users.admin]);
      }
    }
  });

  it('the same task submitted 100 times at once: one success, 99 clear refusals, one history row', async () => {
    const linear = await deploy(t, 'cc_linear_100', loadFixture('linear', users));
    const id = await start(linear);
    const [task] = await openTasksOf(t.deps.db, [id]);
    const answers = await Promise.all(Array.from({ length: 100 }, async () => ({ taskId: task.id, answer: await handle(task.id, 'lisi') })));
    expect(answers.filter((a) => a.answer.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.answer.msg === TASK_CLOSED)).toHaveLength(99);
    const state = (await instanceStates(t.deps.db, [id])).get(id)!;
    expectNoViolations(violations(state, 'linear'));
    expect(state.history.filter((h) => h.task_id === task.id)).toHaveLength(1);
    expect(state.tasks.map((x) => `${x.node_id}:${x.state}`)).toEqual(['manager:done', 'finance:open']);
  });
});

// ---------------------------------------------------------------------------------------------------------------
describe.skipIf(!PG_ADMIN_URL)(`workflow concurrency, two server processes on one PostgreSQL${PG_ADMIN_URL ? '' : ` (${NO_POSTGRES})`}`, () => {
  let cluster: ProcessCluster;
  let db: Db;
  let users: Record<string, string>;
  const tokens: Record<string, string> = {};
  const accountOf = (userId: string) => Object.keys(users).find((a) => users[a] === userId)!;

  beforeAll(async () => {
    cluster = await startCluster({ processes: 2 });
    db = cluster.app.deps.db;
    users = await accountIds(db);
    for (const account of ['admin', 'lisi', 'wangwu']) tokens[account] = await cluster.login(account);
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
  });

  const start = async (server: ServerProcess, schemeId: string): Promise<string> => {
    const answer = await server.request<{ processInstanceId: string }>('POST', '/api/workflow-task/create-process', { schemeId, formValue: [] }, tokens.admin);
    expect(answer.body.code, answer.body.msg).toBe(0);
    return answer.body.data.processInstanceId;
  };
  const handle = (server: ServerProcess, taskId: string, userId: string): Promise<HttpAnswer> =>
    server.request('POST', '/api/workflow-task/task-handle', handleBody(taskId), tokens[accountOf(userId)]);

  it('two countersign approvers on two processes at the same instant: the node completes once, the next task once', async () => {
    const [s1, s2] = cluster.servers;
    const plain = await deploy(cluster.app, 'pc_countersign', loadFixture('countersign-parallel', users));
    const withNext = await deploy(cluster.app, 'pc_countersign_next', countersignThenTask(users));
    const ids = [
      ...(await Promise.all(Array.from({ length: 10 }, (_, i) => start(i % 2 ? s1 : s2, plain)))),
      ...(await Promise.all(Array.from({ length: 10 }, (_, i) => start(i % 2 ? s1 : s2, withNext)))),
    ];
    const open = await openTasksOf(db, ids);
    expect(open).toHaveLength(ids.length * 2);
    // lisi's approvals through process 1, wangwu's through process 2, all at once.
    const answers = await Promise.all(
      open.map(async (task) => ({ taskId: task.id, answer: (await handle(task.user_id === users.lisi ? s1 : s2, task.id, task.user_id)).body })),
    );
    expect(answers.filter((a) => a.answer.code !== 0).map((a) => a.answer.msg)).toEqual([]);
    const states = await instanceStates(db, ids);
    ids.forEach((id, n) => {
      const state = states.get(id)!;
      expectNoViolations(violations(state, 'countersign'));
      expect(state.history.filter((h) => h.node_id === 'sign' && h.action === 'agree_')).toHaveLength(2);
      expect(state.state).toBe(n < 10 ? 'completed' : 'running');
      if (n >= 10) expect(state.tasks.filter((x) => x.node_id === 'after').map((x) => x.state)).toEqual(['open']);
    });
  });

  it('the same task 100 times at once over two processes: one success, 99 clear refusals, one history row', async () => {
    const linear = await deploy(cluster.app, 'pc_linear_100', loadFixture('linear', users));
    const id = await start(cluster.servers[0], linear);
    const [task] = await openTasksOf(db, [id]);
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => ({ taskId: task.id, answer: (await handle(cluster.servers[i % 2], task.id, task.user_id)).body })),
    );
    expect(tally(answers).get(task.id)).toBe(1);
    expect(answers.filter((a) => a.answer.msg === TASK_CLOSED)).toHaveLength(99);
    const state = (await instanceStates(db, [id])).get(id)!;
    expectNoViolations(violations(state, 'linear'));
    expect(state.history.filter((h) => h.task_id === task.id)).toHaveLength(1);
  });

  it('200 concurrent approvals over 50 instances on two processes end in states a serial order reaches', async () => {
    const [s1, s2] = cluster.servers;
    const linear = await deploy(cluster.app, 'pc_linear', loadFixture('linear', users));
    const parallel = await deploy(cluster.app, 'pc_parallel', loadFixture('parallel', users));
    const linearIds = await Promise.all(Array.from({ length: 25 }, (_, i) => start(i % 2 ? s1 : s2, linear)));
    const parallelIds = await Promise.all(Array.from({ length: 25 }, (_, i) => start(i % 2 ? s1 : s2, parallel)));
    const ids = [...linearIds, ...parallelIds];
    const kindOf = (id: string) => (linearIds.includes(id) ? 'linear' : 'parallel');
    const check = async () => {
      const states = await instanceStates(db, ids);
      expectNoViolations(ids.flatMap((id) => violations(states.get(id)!, kindOf(id))));
      return states;
    };

    let totalCalls = 0;
    let successes = 0;
    for (let round = 0; round < 4; round++) {
      const open = await openTasksOf(db, ids);
      if (open.length === 0) break;
      // Every open task approved two to four times, copies spread over both processes, all fired at once; the first
      // round alone makes at least 200 calls (75 open tasks: 25 linear + 50 parallel).
      const calls = shuffle(
        open.flatMap((task, i) => Array.from({ length: 2 + ((i + round) % 3) }, (_, k) => ({ task, server: (i + k) % 2 ? s1 : s2 }))),
        round + 1,
      );
      if (round === 0) expect(calls.length).toBeGreaterThanOrEqual(200);
      const answers = await Promise.all(
        calls.map(async ({ task, server }) => ({ taskId: task.id, answer: (await handle(server, task.id, task.user_id)).body })),
      );
      totalCalls += calls.length;
      const perTask = tally(answers);
      // Each task open before the round was approved exactly once.
      expect(open.map((task) => perTask.get(task.id) ?? 0)).toEqual(open.map(() => 1));
      successes += [...perTask.values()].reduce((a, b) => a + b, 0);
      await check();
    }
    const states = await check();
    // History rows of agreement = the actions that succeeded; every instance completed.
    const agreeRows = [...states.values()].reduce((n, s) => n + s.history.filter((h) => h.action === 'agree_').length, 0);
    expect(agreeRows).toBe(successes);
    expect(successes).toBe(25 * 2 + 25 * 2);
    expect([...states.values()].filter((s) => s.state !== 'completed').map((s) => s.id)).toEqual([]);
    expect(totalCalls).toBeGreaterThanOrEqual(200);
    const leftOpen = await db
      .selectFrom('wf_task_users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('instance_id', 'in', ids)
      .where('open', '=', true)
      .executeTakeFirstOrThrow();
    expect(leftOpen.n).toBe(0);
  }, 120_000);

  it('due "approve" timers fired by two processes and a third caller while the approver agrees: each task closes once', async () => {
    const [s1, s2] = cluster.servers;
    const timed = await deploy(cluster.app, 'pc_timer', loadFixture('timer-approve', users));
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => start(i % 2 ? s1 : s2, timed)));
    const open = await openTasksOf(db, ids);
    expect(open).toHaveLength(20);
    // Every timer falls due now: the pollers of both processes (every 5 s), this app's engine and lisi race for the tasks.
    await db
      .updateTable('wf_timers')
      .set({ due_at: new Date(Date.now() - 1000) })
      .where('instance_id', 'in', ids)
      .execute();
    const human = Promise.all(
      open.filter((_, i) => i % 2 === 0).map(async (task, i) => ({ taskId: task.id, answer: (await handle(i % 2 ? s1 : s2, task.id, task.user_id)).body })),
    );
    const fired = await Promise.all([engineOf(cluster.app.deps).fireDueTimers(), engineOf(cluster.app.deps).fireDueTimers()]);
    const humans = await human;
    tally(humans);
    // Whatever the timers left for the pollers of the processes.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const pending = await db.selectFrom('wf_timers').select('id').where('instance_id', 'in', ids).where('state', '=', 'pending').execute();
      if (pending.length === 0) break;
      if (Date.now() > deadline) throw new Error(`${pending.length} timers still pending`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const states = await instanceStates(db, ids);
    for (const id of ids) {
      const state = states.get(id)!;
      expect(state.tasks.map((x) => `${x.node_id}:${x.state}`)).toEqual(['task:done', 'finance:open']);
      const [task] = state.tasks;
      // One closing row for the task: lisi's agreement or the system's.
      expect(state.history.filter((h) => h.task_id === task.id).map((h) => h.action)).toHaveLength(1);
      expect(state.taskUsers.filter((u) => u.open)).toHaveLength(1);
    }
    const humanWins = humans.filter((h) => h.answer.code === 0).length;
    const autoRows = [...states.values()].reduce((n, st) => n + st.history.filter((h) => h.action === 'auto').length, 0);
    expect(humanWins + autoRows).toBe(20);
    expect(fired.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(20);
  }, 60_000);

  it('the starter recalls while the approver agrees, on two processes: the instance ends recalled with nothing left open', async () => {
    const [s1, s2] = cluster.servers;
    const linear = await deploy(cluster.app, 'pc_linear_recall', loadFixture('linear', users));
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => start(i % 2 ? s1 : s2, linear)));
    const open = await openTasksOf(db, ids);
    const results = await Promise.all(
      open.map(async (task, i) => {
        const [approve, recall] = await Promise.all([
          handle(i % 2 ? s1 : s2, task.id, task.user_id),
          (i % 2 ? s2 : s1).request('POST', '/api/workflow-task/recall-process', { processInstanceId: task.instance_id }, tokens.admin),
        ]);
        return { task, approve: approve.body, recall: recall.body };
      }),
    );
    // Every recall succeeds (the instance runs whichever came first); an approval after it is refused clearly.
    expect(results.filter((r) => r.recall.code !== 0).map((r) => r.recall.msg)).toEqual([]);
    const refusals = results.filter((r) => r.approve.code !== 0).map((r) => r.approve.code);
    expect(refusals.every((code) => code === results.find((r) => r.approve.code !== 0)!.approve.code)).toBe(true);
    const states = await instanceStates(db, ids);
    for (const r of results) {
      const state = states.get(r.task.instance_id)!;
      expect(state.state).toBe('recalled');
      expect(state.tasks.filter((x) => x.state === 'open')).toEqual([]);
      expect(state.taskUsers.filter((u) => u.open)).toEqual([]);
      expect(state.executions.filter((e) => e.state !== 'done')).toEqual([]);
      expect(state.history.filter((h) => h.action === 'recall')).toHaveLength(1);
      // The approval counts exactly when it answered success (then the recall came second and cancelled finance).
      const agreed = state.history.filter((h) => h.action === 'agree_').length;
      expect(agreed).toBe(r.approve.code === 0 ? 1 : 0);
      expect(state.tasks.map((x) => `${x.node_id}:${x.state}`)).toEqual(r.approve.code === 0 ? ['manager:done', 'finance:cancelled'] : ['manager:cancelled']);
    }
  }, 60_000);

  it('the task of a child instance agreed while the starter recalls the parent: no deadlock, both end with nothing open', async () => {
    const [s1, s2] = cluster.servers;
    await deploy(cluster.app, 'child-process', loadFixture('call-child', users));
    const parentScheme = await deploy(cluster.app, 'pc_call_parent', loadFixture('call-parent', users));
    const parents = await Promise.all(Array.from({ length: 10 }, (_, i) => start(i % 2 ? s1 : s2, parentScheme)));
    const children = await db.selectFrom('wf_instances').select(['id', 'parent_id']).where('parent_id', 'in', parents).execute();
    expect(children).toHaveLength(10);
    const open = await openTasksOf(
      db,
      children.map((c) => c.id),
    );
    expect(open).toHaveLength(10);
    const results = await Promise.all(
      open.map(async (task, i) => {
        const parent = children.find((c) => c.id === task.instance_id)!.parent_id!;
        const [approve, recall] = await Promise.all([
          handle(i % 2 ? s1 : s2, task.id, task.user_id),
          (i % 2 ? s2 : s1).request('POST', '/api/workflow-task/recall-process', { processInstanceId: parent }, tokens.admin),
        ]);
        return { parent, child: task.instance_id, approve: approve.body, recall: recall.body };
      }),
    );
    expect(results.filter((r) => r.recall.code !== 0).map((r) => r.recall.msg)).toEqual([]);
    const states = await instanceStates(db, [...parents, ...children.map((c) => c.id)]);
    for (const r of results) {
      const [parent, child] = [states.get(r.parent)!, states.get(r.child)!];
      expect(parent.state).toBe('recalled');
      expect(child.state).toBe(r.approve.code === 0 ? 'completed' : 'terminated');
      for (const st of [parent, child]) {
        expect(st.tasks.filter((x) => x.state === 'open')).toEqual([]);
        expect(st.taskUsers.filter((u) => u.open)).toEqual([]);
        expect(st.executions.filter((e) => e.state !== 'done')).toEqual([]);
      }
    }
  }, 60_000);

  it('a process killed (SIGKILL) during task-handle: before the commit nothing happened, after the answer everything did', async () => {
    const [s1, s2] = cluster.servers;
    const linear = await deploy(cluster.app, 'pc_linear_kill', loadFixture('linear', users));
    const [control, beforeCommit, afterAnswer] = [await start(s1, linear), await start(s1, linear), await start(s1, linear)];

    // The control instance: one normal approval, the shape every "entirely" must match.
    const [controlTask] = await openTasksOf(db, [control]);
    expect((await handle(s1, controlTask.id, controlTask.user_id)).body.code).toBe(0);
    const controlShape = shapeOf((await instanceStates(db, [control])).get(control)!);
    expect(controlShape.tasks).toEqual(['manager:done', 'finance:open']);

    // Process 2 now sleeps PAUSE_MS inside every task-handle transaction, just before its commit.
    await s2.restart({ WF_TEST_PAUSE_BEFORE_COMMIT_MS: String(PAUSE_MS) });

    // 1. Killed while the transaction waits to commit: nothing of the action remains.
    const before = (await instanceStates(db, [beforeCommit])).get(beforeCommit)!;
    const [task] = await openTasksOf(db, [beforeCommit]);
    const inFlight = handle(s2, task.id, task.user_id).then(
      (a) => ({ answered: a.body as Answer }),
      (error: unknown) => ({ failed: String(error) }),
    );
    await untilIdleInTransaction(db);
    await s2.kill();
    expect(await inFlight).toHaveProperty('failed');
    await s2.restart();
    const after = (await instanceStates(db, [beforeCommit])).get(beforeCommit)!;
    expect(after).toEqual(before);
    expect(shapeOf(after).tasks).toEqual(['manager:open']);
    // The task is still there to approve (the killed transaction let go of its lock), once.
    const again = await Promise.all([handle(s1, task.id, task.user_id), handle(s2, task.id, task.user_id)]);
    expect(tally(again.map((a) => ({ taskId: task.id, answer: a.body }))).get(task.id)).toBe(1);
    expect(shapeOf((await instanceStates(db, [beforeCommit])).get(beforeCommit)!)).toEqual(controlShape);

    // 2. Killed right after the answer: everything of the action is there.
    await s2.restart({ WF_TEST_PAUSE_BEFORE_COMMIT_MS: String(PAUSE_MS) });
    const [task2] = await openTasksOf(db, [afterAnswer]);
    const answered = await handle(s2, task2.id, task2.user_id);
    expect(answered.body.code).toBe(0);
    expect(answered.ms).toBeGreaterThan(PAUSE_MS - 100);
    await s2.kill();
    await s2.restart();
    const state = (await instanceStates(db, [afterAnswer])).get(afterAnswer)!;
    expectNoViolations(violations(state, 'linear'));
    expect(shapeOf(state)).toEqual(controlShape);
  }, 120_000);
});

/** Waits until a transaction on this database sits idle inside (the paused task-handle), nearly the pause at most. */
async function untilIdleInTransaction(db: Db): Promise<void> {
  const deadline = Date.now() + PAUSE_MS - 500;
  while (Date.now() < deadline) {
    const row = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()`.execute(db);
    if (row.rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no task-handle transaction paused before its commit (is WF_TEST_PAUSE_BEFORE_COMMIT_MS honoured?)');
}
