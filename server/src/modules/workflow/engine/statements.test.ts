import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { deployScheme, userIds } from '../../../test/workflow-fixtures.js';
import { loadFixture } from '../fixtures/index.js';

/**
 * The SQL statements of one approval over HTTP (task-handle of the linear fixture's manager task, then the finance
 * task that completes the instance): the throughput target of docs/workflow-design.md "Measured" depends on their
 * number, so an added round trip shows here.
 */

let t: TestApp;
const log: string[] = [];
let counting = false;

beforeAll(async () => {
  t = await createTestApp({ onQuery: (sql) => void (counting && log.push(sql)) });
}, 60_000);
afterAll(() => t?.close());

describe('statements per approval', () => {
  it('linear: manager and finance approvals stay within their budget', async () => {
    const ids = await userIds(t);
    const { schemeId } = await deployScheme(t, { code: 'stmt_linear', name: '语句计数', xml: loadFixture('linear', ids) });
    const admin = await t.login('admin');
    const tokens: Record<string, string> = { [ids.lisi!]: await t.login('lisi'), [ids.wangwu!]: await t.login('wangwu') };
    const started = await t.send('POST', '/api/workflow-task/create-process', { schemeId, formValue: [] }, admin);
    expect(started.json().code).toBe(0);
    const instanceId = started.json().data.processInstanceId as string;
    const counts: number[] = [];
    for (let step = 0; step < 2; step++) {
      const open = await t.deps.db
        .selectFrom('wf_tasks as t')
        .innerJoin('wf_task_users as tu', 'tu.task_id', 't.id')
        .select(['t.id', 'tu.user_id'])
        .where('t.instance_id', '=', instanceId)
        .where('t.state', '=', 'open')
        .executeTakeFirstOrThrow();
      log.length = 0;
      counting = true;
      const res = await t.send('POST', '/api/workflow-task/task-handle', { taskId: open.id, btnValue: 'agree_', message: '' }, tokens[open.user_id]);
      // the operation log is written after the answer
      await new Promise((resolve) => setTimeout(resolve, 50));
      counting = false;
      expect(res.json().code).toBe(0);
      if (process.env.WF_PRINT_STATEMENTS) console.log(log.map((s, i) => `${i + 1}. ${s.slice(0, 160)}`).join('\n'));
      // The session check runs once per session every SESSION_CHECK_TTL_MS, not per approval: whether it falls in
      // this request depends on how long the steps before took, so it is not counted.
      counts.push(log.filter((statement) => !/from "sessions"/i.test(statement)).length);
    }
    const instance = await t.deps.db.selectFrom('wf_instances').select('state').where('id', '=', instanceId).executeTakeFirstOrThrow();
    expect(instance.state).toBe('completed');
    expect(counts[0]).toBeLessThanOrEqual(13);
    expect(counts[1]).toBeLessThanOrEqual(11);
  }, 60_000);
});
