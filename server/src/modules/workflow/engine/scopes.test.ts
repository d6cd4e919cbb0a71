import { createProcessBody, taskHandleBody } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../../core/deps.js';
import { bpmnProcess, chain, flow, scriptTask, userTask, wfConfig } from '../../../test/bpmn-builder.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { authOf, deployScheme, userIds } from '../../../test/workflow-fixtures.js';
import { engineOf } from './index.js';

/**
 * The engine's token model on real-world shapes: sub-processes as scopes (terminate, completion once, multi-instance
 * with the countersign's completion rules, implicit start), non-interrupting and cycle timers, and the step budget
 * that refuses a loop without a wait state while the server keeps answering.
 */

let t: TestApp;
let ids: Record<string, string>;
let zhangsan: AuthContext;
let lisi: AuthContext;
const engine = () => engineOf(t.deps);
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  ids = await userIds(t);
  zhangsan = await authOf(t, 'zhangsan');
  lisi = await authOf(t, 'lisi');
}, 60_000);
afterAll(() => t?.close());

const START_END = '<bpmn:startEvent id="start" /><bpmn:endEvent id="end" />';

/** Deploys `body` as a new scheme and launches it as zhangsan with `values` as form data; answers the instance id. */
async function run(body: string, values: Record<string, unknown> = {}): Promise<string> {
  const code = `scope-${++seq}`;
  const { schemeId } = await deployScheme(t, { code, xml: bpmnProcess(body) });
  const result = await engine().start(zhangsan, createProcessBody.parse({ schemeId, formValue: [{ F_FormId: 'sys', F_Type: 1, formData: values }] }));
  return result.processInstanceId;
}

async function openTasks(instanceId: string): Promise<{ id: string; node_id: string }[]> {
  return t.deps.db
    .selectFrom('wf_tasks as k')
    .innerJoin('wf_instances as i', 'i.id', 'k.instance_id')
    .select(['k.id', 'k.node_id'])
    .where('i.root_id', '=', instanceId)
    .where('k.state', '=', 'open')
    .orderBy('k.created_at')
    .orderBy('k.id')
    .execute();
}
const openNodes = async (id: string) => (await openTasks(id)).map((x) => x.node_id).sort();
const stateOf = async (id: string) => (await t.deps.db.selectFrom('wf_instances').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
/** How many tasks a node ever had in the instance. */
const taskCount = async (id: string, node: string) =>
  (await t.deps.db.selectFrom('wf_tasks').select('id').where('instance_id', '=', id).where('node_id', '=', node).execute()).length;

async function approve(instanceId: string, node: string, btnValue = 'agree_'): Promise<void> {
  const task = (await openTasks(instanceId)).find((x) => x.node_id === node);
  if (!task) throw new Error(`no open task at ${node}: ${JSON.stringify(await openNodes(instanceId))}`);
  await engine().handle(lisi, taskHandleBody.parse({ taskId: task.id, btnValue }));
}

const task = (id: string, options: Parameters<typeof userTask>[2] = {}) => userTask(id, [ids.lisi!], options);

describe('sub-processes are scopes', () => {
  it('a terminate end inside a sub-process ends that scope only; the parent goes on', async () => {
    const id = await run(
      `${START_END}${task('after')}<bpmn:subProcess id="sub"><bpmn:startEvent id="ss" /><bpmn:parallelGateway id="fork" />${task('slow')}<bpmn:endEvent id="kill"><bpmn:terminateEventDefinition /></bpmn:endEvent><bpmn:endEvent id="se" />${chain('ss', 'fork')}${flow('f_slow', 'fork', 'slow')}${flow('f_kill', 'fork', 'kill')}${chain('slow', 'se')}</bpmn:subProcess>${chain('start', 'sub', 'after', 'end')}`,
    );
    expect(await openNodes(id)).toEqual(['after']);
    expect(await taskCount(id, 'slow')).toBe(1);
    const slow = await t.deps.db.selectFrom('wf_tasks').select('state').where('instance_id', '=', id).where('node_id', '=', 'slow').executeTakeFirstOrThrow();
    expect(slow.state).toBe('cancelled');
    await approve(id, 'after');
    expect(await stateOf(id)).toBe('completed');
  });

  it('a sub-process whose branches end separately completes once', async () => {
    const id = await run(
      `${START_END}${task('after')}<bpmn:subProcess id="sub"><bpmn:startEvent id="ss" /><bpmn:parallelGateway id="fork" />${task('a')}${task('b')}<bpmn:endEvent id="ea" /><bpmn:endEvent id="eb" />${chain('ss', 'fork')}${flow('fa', 'fork', 'a')}${flow('fb', 'fork', 'b')}${chain('a', 'ea')}${chain('b', 'eb')}</bpmn:subProcess>${chain('start', 'sub', 'after', 'end')}`,
    );
    expect(await openNodes(id)).toEqual(['a', 'b']);
    await approve(id, 'a');
    expect(await openNodes(id)).toEqual(['b']);
    await approve(id, 'b');
    expect(await openNodes(id)).toEqual(['after']);
    expect(await taskCount(id, 'after')).toBe(1);
  });

  it('a sub-process without a start event starts every activity without incoming flow', async () => {
    const id = await run(
      `${START_END}${task('after')}<bpmn:subProcess id="sub">${task('a')}${task('b')}</bpmn:subProcess>${chain('start', 'sub', 'after', 'end')}`,
    );
    expect(await openNodes(id)).toEqual(['a', 'b']);
    await approve(id, 'a');
    await approve(id, 'b');
    expect(await openNodes(id)).toEqual(['after']);
  });

  it('a reject to a node inside a sub-process reopens its scope', async () => {
    const id = await run(
      `${START_END}${task('after', { config: { rejectTargets: ['inner'] } })}<bpmn:subProcess id="sub"><bpmn:startEvent id="ss" />${task('inner')}<bpmn:endEvent id="se" />${chain('ss', 'inner', 'se')}</bpmn:subProcess>${chain('start', 'sub', 'after', 'end')}`,
    );
    await approve(id, 'inner');
    const after = (await openTasks(id)).find((x) => x.node_id === 'after')!;
    await engine().handle(lisi, taskHandleBody.parse({ taskId: after.id, btnValue: 'reject_', rejectNodeId: 'inner' }));
    expect(await openNodes(id)).toEqual(['inner']);
    await approve(id, 'inner');
    expect(await openNodes(id)).toEqual(['after']);
  });
});

describe('multi-instance sub-processes × countersign completion', () => {
  const miSub = (loop: string, completion: Record<string, unknown>, inner: string) =>
    `${START_END}${task('after')}<bpmn:subProcess id="sub">${wfConfig(completion)}${loop}<bpmn:startEvent id="ss" />${inner}<bpmn:endEvent id="se" />${chain('ss', 'review', 'se')}</bpmn:subProcess>${chain('start', 'sub', 'after', 'end')}`;
  const loopOf = (sequential: boolean, count = 3) =>
    `<bpmn:multiInstanceLoopCharacteristics isSequential="${sequential}"><bpmn:loopCardinality>${count}</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics>`;
  /** The inner review: a countersign of lisi and admin (`all` / `any`), or one task. */
  const review = (countersign: 'none' | 'all' | 'any') =>
    countersign === 'none'
      ? task('review')
      : userTask('review', [ids.lisi!, ids.admin!], { inner: '<bpmn:multiInstanceLoopCharacteristics />', config: { completion: countersign } });

  type Case = [string, boolean, Record<string, unknown>, 'none' | 'all' | 'any', number, number];
  // name, sequential, sub-process completion, inner countersign, instances started before `after`, review tasks made
  it.each<Case>([
    ['parallel, all', false, { completion: 'all' }, 'none', 3, 3],
    ['parallel, any', false, { completion: 'any' }, 'none', 3, 3],
    ['parallel, 60 %', false, { completion: 'percentage', percentage: 60 }, 'none', 3, 3],
    ['sequential, all', true, { completion: 'all' }, 'none', 3, 3],
    ['sequential, any', true, { completion: 'any' }, 'none', 1, 1],
    ['sequential, 60 %', true, { completion: 'percentage', percentage: 60 }, 'none', 2, 2],
    ['parallel, all × countersign all', false, { completion: 'all' }, 'all', 3, 6],
    ['parallel, any × countersign any', false, { completion: 'any' }, 'any', 3, 6],
    ['sequential, all × countersign any', true, { completion: 'all' }, 'any', 3, 6],
    ['sequential, 60 % × countersign all', true, { completion: 'percentage', percentage: 60 }, 'all', 2, 4],
  ])('%s', async (_name, sequential, completion, countersign, instances, reviewTasks) => {
    const id = await run(miSub(loopOf(sequential), completion, review(countersign)));
    // Approve reviews (every open one, as lisi or admin) until the sub-process has moved on.
    for (let round = 0; round < 20 && !(await openNodes(id)).includes('after'); round++) {
      const open = await openTasks(id);
      const first = open.find((x) => x.node_id === 'review');
      if (!first) break;
      const users = await t.deps.db.selectFrom('wf_task_users').select('user_id').where('task_id', '=', first.id).where('open', '=', true).execute();
      const account = users.some((u) => u.user_id === ids.lisi) ? lisi : await authOf(t, 'admin');
      await engine().handle(account, taskHandleBody.parse({ taskId: first.id, btnValue: 'agree_' }));
    }
    expect(await openNodes(id)).toEqual(['after']);
    expect(await taskCount(id, 'after')).toBe(1);
    const scopes = await t.deps.db.selectFrom('wf_executions').select('mi').where('instance_id', '=', id).where('node_id', '=', 'sub').execute();
    expect(scopes.filter((s) => (s.mi as { kind?: string } | null)?.kind === 'scope')).toHaveLength(instances);
    expect(await taskCount(id, 'review')).toBe(reviewTasks);
    // No live token is left inside the sub-process.
    const live = await t.deps.db
      .selectFrom('wf_executions')
      .select('node_id')
      .where('instance_id', '=', id)
      .where('state', 'in', ['active', 'waiting'])
      .execute();
    expect(live.map((l) => l.node_id)).toEqual(['after']);
  });

  it('a collection gives each instance its element; a completion condition ends early', async () => {
    const loop =
      '<bpmn:multiInstanceLoopCharacteristics camunda:collection="${regions}" camunda:elementVariable="region"><bpmn:completionCondition xsi:type="bpmn:tFormalExpression">${nrOfCompletedInstances >= 2}</bpmn:completionCondition></bpmn:multiInstanceLoopCharacteristics>';
    const body = `${START_END}${task('after')}<bpmn:subProcess id="sub">${loop}<bpmn:startEvent id="ss" />${scriptTask('note', [['last', 'region']])}${task('review')}<bpmn:endEvent id="se" />${chain('ss', 'note', 'review', 'se')}</bpmn:subProcess>${chain('start', 'sub', 'after', 'end')}`;
    const id = await run(body, { regions: ['north', 'south', 'east'] });
    expect(await openNodes(id)).toEqual(['review', 'review', 'review']);
    await approve(id, 'review');
    await approve(id, 'review');
    expect(await openNodes(id)).toEqual(['after']);
    const instance = await t.deps.db.selectFrom('wf_instances').select('variables').where('id', '=', id).executeTakeFirstOrThrow();
    expect(['north', 'south', 'east']).toContain((instance.variables as Record<string, unknown>).last);
  });

  it('an absurd count or a list that is not a list is refused with a clear message; nothing is stored', async () => {
    const code = `scope-${++seq}`;
    const body = (loop: string) =>
      `${START_END}${task('after')}<bpmn:subProcess id="sub">${loop}${task('review')}</bpmn:subProcess>${chain('start', 'sub', 'after', 'end')}`;
    const [starter] = await Promise.all([t.login('zhangsan')]);
    const before = (await t.deps.db.selectFrom('wf_instances').select('id').execute()).length;
    for (const [loop, values, pattern] of [
      [
        '<bpmn:multiInstanceLoopCharacteristics><bpmn:loopCardinality>count</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics>',
        { count: 1_000_000 },
        /would create 1000000 instances, more than the limit of 1000/,
      ],
      [
        '<bpmn:multiInstanceLoopCharacteristics><bpmn:loopCardinality>count</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics>',
        { count: -3 },
        /is not a whole number of 0 or more/,
      ],
      ['<bpmn:multiInstanceLoopCharacteristics camunda:collection="${regions}" />', { regions: 'north,south' }, /is not a list/],
    ] as [string, Record<string, unknown>, RegExp][]) {
      const { schemeId } = await deployScheme(t, { code: `${code}-${pattern.source.length}`, xml: bpmnProcess(body(loop)) });
      const res = await t.send(
        'POST',
        '/api/workflow-task/create-process',
        { schemeId, formValue: [{ F_FormId: 'sys', F_Type: 1, formData: values }] },
        starter,
        { 'accept-language': 'en' },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(pattern);
    }
    expect(await t.deps.db.selectFrom('wf_instances').select('id').execute()).toHaveLength(before);
  });

  it('an empty collection passes the sub-process by', async () => {
    const loop = '<bpmn:multiInstanceLoopCharacteristics camunda:collection="${regions}" />';
    const id = await run(
      `${START_END}${task('after')}<bpmn:subProcess id="sub">${loop}${task('review')}</bpmn:subProcess>${chain('start', 'sub', 'after', 'end')}`,
      { regions: [] },
    );
    expect(await openNodes(id)).toEqual(['after']);
  });
});

describe('timer boundary events', () => {
  const later = () => new Date(Date.now() + 3 * 3600_000);

  it('a non-interrupting timer takes its flow while the task stays open; the join waits for both', async () => {
    const id = await run(
      `${START_END}${task('work')}${task('escalate')}<bpmn:parallelGateway id="join" /><bpmn:boundaryEvent id="late" attachedToRef="work" cancelActivity="false"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>` +
        `${chain('start', 'work')}${flow('w_join', 'work', 'join')}${chain('late', 'escalate')}${flow('e_join', 'escalate', 'join')}${chain('join', 'end')}`,
    );
    expect(await openNodes(id)).toEqual(['work']);
    expect(await engine().fireDueTimers(later())).toBe(1);
    expect(await openNodes(id)).toEqual(['escalate', 'work']);
    await approve(id, 'work');
    expect(await stateOf(id)).toBe('running');
    await approve(id, 'escalate');
    expect(await stateOf(id)).toBe('completed');
  });

  it('an interrupting timer ends the task and takes its flow', async () => {
    const id = await run(
      `${START_END}${task('work')}${task('escalate')}<bpmn:boundaryEvent id="late" attachedToRef="work"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>${chain('start', 'work', 'end')}${chain('late', 'escalate')}<bpmn:endEvent id="end2" />${chain('escalate', 'end2')}`,
    );
    await engine().fireDueTimers(later());
    expect(await openNodes(id)).toEqual(['escalate']);
  });

  it('a non-interrupting cycle R2 fires twice, then stops', async () => {
    const id = await run(
      `${START_END}${task('work')}${task('nudge')}<bpmn:endEvent id="end2" /><bpmn:boundaryEvent id="late" attachedToRef="work" cancelActivity="false"><bpmn:timerEventDefinition><bpmn:timeCycle>R2/PT1H</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:boundaryEvent>${chain('start', 'work', 'end')}${chain('late', 'nudge', 'end2')}`,
    );
    expect(await engine().fireDueTimers(later())).toBe(1);
    expect(await engine().fireDueTimers(new Date(Date.now() + 6 * 3600_000))).toBe(1);
    expect(await engine().fireDueTimers(new Date(Date.now() + 9 * 3600_000))).toBe(0);
    expect(await taskCount(id, 'nudge')).toBe(2);
  });

  it('an interrupting timer on a sub-process cancels everything inside it', async () => {
    const id = await run(
      `${START_END}${task('late_path')}<bpmn:endEvent id="end2" /><bpmn:subProcess id="sub"><bpmn:startEvent id="ss" />${task('a')}<bpmn:endEvent id="se" />${chain('ss', 'a', 'se')}</bpmn:subProcess><bpmn:boundaryEvent id="late" attachedToRef="sub"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>${chain('start', 'sub', 'end')}${chain('late', 'late_path', 'end2')}`,
    );
    expect(await openNodes(id)).toEqual(['a']);
    await engine().fireDueTimers(later());
    expect(await openNodes(id)).toEqual(['late_path']);
  });

  it('an intermediate timer event waits, then moves on', async () => {
    const id = await run(
      `${START_END}${task('after')}<bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>${chain('start', 'wait', 'after', 'end')}`,
    );
    expect(await openNodes(id)).toEqual([]);
    expect(await stateOf(id)).toBe('running');
    await engine().fireDueTimers(later());
    expect(await openNodes(id)).toEqual(['after']);
  });
});

describe('a loop without a wait state', () => {
  it('is refused within seconds over HTTP, changes nothing, and another client is answered meanwhile', async () => {
    const spin = `${START_END}${scriptTask('inc', [['i', 'i + 1']])}<bpmn:exclusiveGateway id="gw" name="Again?" default="back" />${chain('start', 'inc', 'gw')}${flow('out', 'gw', 'end', 'i < 0')}${flow('back', 'gw', 'inc')}`;
    const { schemeId } = await deployScheme(t, { code: 'spin', xml: bpmnProcess(spin) });
    const [starter, other] = await Promise.all([t.login('zhangsan'), t.login('lisi')]);
    const before = await t.deps.db.selectFrom('wf_instances').select('id').execute();
    // The longest pause of the event loop while the launch runs: other requests are served between its steps.
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const launch = t.send('POST', '/api/workflow-task/create-process', { schemeId, formValue: [{ F_FormId: 'sys', F_Type: 1, formData: { i: 0 } }] }, starter, {
      'accept-language': 'en',
    });
    // Another client, a moment later, while the launch is running.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const answered = t.get('/api/workflow-task/upcoming-task?size=5', other).then((res) => ({ status: res.statusCode, ms: performance.now() - started }));
    const [refused, answer] = await Promise.all([launch, answered]);
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    const body = refused.json();
    expect(body.code).not.toBe(0);
    expect(body.msg).toMatch(/^The process looped \d+ steps through .*(inc|Again\?).* without stopping at an approval node/);
    expect(elapsed).toBeLessThan(5000);
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(5000);
    expect(longestGap).toBeLessThan(500);
    console.log(
      `runaway launch refused in ${Math.round(elapsed)} ms; the other client answered after ${Math.round(answer.ms)} ms; longest event-loop pause ${Math.round(longestGap)} ms`,
    );
    // Nothing was stored.
    expect(await t.deps.db.selectFrom('wf_instances').select('id').execute()).toHaveLength(before.length);
  });
});
