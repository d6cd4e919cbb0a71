import { createProcessBody, taskHandleBody, type ActionResult } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../../core/deps.js';
import { AppError } from '../../../core/errors.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { authOf, deployScheme, userIds } from '../../../test/workflow-fixtures.js';
import { STARTER_CHOICE_VARIABLE } from './node-types/runtime.js';
import { engineOf } from './index.js';

/**
 * The approver settings the simple designer compiles to, end to end on a test database: the starter's choice asked
 * at launch and stored with the instance, the administrator fallback when nobody matches, and the carbon-copy script.
 */

let t: TestApp;
let ids: Record<string, string>;
const auths: Record<string, AuthContext> = {};
const engine = () => engineOf(t.deps);

interface Step {
  id: string;
  type: 'userTask' | 'scriptTask';
  config: Record<string, unknown>;
  sequential?: boolean;
}

/** A straight process start → steps → end, each step with its `<wf:config>`. */
function lineXml(processId: string, steps: Step[]): string {
  const ids = ['start', ...steps.map((s) => s.id), 'end'];
  const flows = ids.slice(1).map((target, i) => ({ id: `f${i}`, source: ids[i]!, target }));
  const esc = (o: unknown) => JSON.stringify(o).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  const io = (id: string) =>
    flows
      .filter((f) => f.target === id)
      .map((f) => `<bpmn:incoming>${f.id}</bpmn:incoming>`)
      .concat(flows.filter((f) => f.source === id).map((f) => `<bpmn:outgoing>${f.id}</bpmn:outgoing>`))
      .join('');
  const nodes = steps.map((s) => {
    const mi = s.sequential ? '<bpmn:multiInstanceLoopCharacteristics isSequential="true" />' : '';
    return `<bpmn:${s.type} id="${s.id}" name="${s.id}"><bpmn:extensionElements><wf:config>${esc(s.config)}</wf:config></bpmn:extensionElements>${io(s.id)}${mi}</bpmn:${s.type}>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:wf="http://approval-platform.dev/schema/wf" id="d_${processId}" targetNamespace="x">
  <bpmn:process id="${processId}" isExecutable="true">
    <bpmn:startEvent id="start">${io('start')}</bpmn:startEvent>
    ${nodes.join('\n    ')}
    <bpmn:endEvent id="end">${io('end')}</bpmn:endEvent>
    ${flows.map((f) => `<bpmn:sequenceFlow id="${f.id}" sourceRef="${f.source}" targetRef="${f.target}" />`).join('\n    ')}
  </bpmn:process>
</bpmn:definitions>`;
}

const schemes = new Map<string, string>();
async function deploy(code: string, steps: Step[]): Promise<string> {
  const { schemeId } = await deployScheme(t, { code, name: code, xml: lineXml(code.replaceAll('-', '_'), steps) });
  schemes.set(code, schemeId);
  return schemeId;
}

async function launch(code: string, userJson: { taskId: string; userList: string[] }[] = [], account = 'zhangsan'): Promise<ActionResult> {
  return engine().start(auths[account]!, createProcessBody.parse({ schemeId: schemes.get(code)!, userJson }));
}

const errorKey = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'no error';
  } catch (e) {
    return e instanceof AppError ? e.key : String(e);
  }
};

/** Open tasks of the instance with the users who may act, oldest first. */
async function openTasks(instanceId: string) {
  const tasks = await t.deps.db
    .selectFrom('wf_tasks')
    .select(['id', 'node_id', 'assignee_id'])
    .where('instance_id', '=', instanceId)
    .where('state', '=', 'open')
    .orderBy('created_at')
    .execute();
  const users = await t.deps.db
    .selectFrom('wf_task_users')
    .select(['task_id', 'user_id'])
    .where('task_id', 'in', tasks.map((k) => k.id).concat(['-']))
    .execute();
  return tasks.map((k) => ({ ...k, users: users.filter((u) => u.task_id === k.id).map((u) => u.user_id) }));
}

async function agree(taskId: string, account: string): Promise<ActionResult> {
  return engine().handle(auths[account]!, taskHandleBody.parse({ taskId, btnValue: 'agree_' }));
}

const timelineTexts = async (instanceId: string, lang: 'zh-CN' | 'en') => {
  const token = await t.login('zhangsan');
  const res = await t.get(`/api/workflow-task/history-taskList?processInstanceId=${instanceId}`, token, { 'accept-language': lang });
  return (res.json().data as { text: string }[]).map((r) => r.text);
};

const instanceCount = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('wf_instances')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  ids = await userIds(t);
  for (const account of ['admin', 'lisi', 'zhangsan', 'wangwu']) auths[account] = await authOf(t, account);
  const choice = { candidates: [{ type: 'starterChoice' }] };
  await deploy('choice', [
    { id: 'first', type: 'userTask', config: { candidates: [{ type: 'user', ids: [ids.lisi] }] } },
    { id: 'picked', type: 'userTask', config: choice, sequential: true },
  ]);
  await deploy('choice-first', [{ id: 'picked', type: 'userTask', config: choice }]);
  await deploy('fallback', [
    { id: 'nobody', type: 'userTask', config: { candidates: [{ type: 'user', ids: ['no-such-user'] }], whenNoCandidate: 'admin', fallbackUsers: [ids.admin] } },
  ]);
  await deploy('fallback-disabled', [
    {
      id: 'nobody',
      type: 'userTask',
      config: { candidates: [{ type: 'user', ids: ['no-such-user'] }], whenNoCandidate: 'admin', fallbackUsers: [ids.wangwu] },
    },
  ]);
  const copy = { F_ObjId: ids.wangwu!, F_ObjName: 'wangwu', F_ObjType: '3' };
  await deploy('copy', [
    {
      id: 'cc',
      type: 'scriptTask',
      config: { actions: [{ type: 'circulate', objects: [copy, { F_ObjId: ids.admin!, F_ObjName: 'admin', F_ObjType: '3' }] }] },
    },
    { id: 'approve', type: 'userTask', config: { candidates: [{ type: 'user', ids: [ids.lisi] }] } },
  ]);
}, 60_000);
afterAll(() => t?.close());

describe('starterChoice', () => {
  it('a launch without the choice answers retCode 2 with the node (anyUser, no users) and changes nothing', async () => {
    const before = await instanceCount();
    const answer = await launch('choice');
    expect(answer).toEqual({ retCode: 2, processInstanceId: '', nodes: [{ name: 'picked', taskId: 'picked', userList: [], anyUser: true }] });
    expect(await instanceCount()).toBe(before);
  });

  it('a chosen user who is not an enabled user of the tenant is refused, and nothing is stored', async () => {
    const before = await instanceCount();
    expect(await errorKey(launch('choice', [{ taskId: 'picked', userList: [ids.wangwu!, 'no-such-user'] }]))).toBe('workflow.starterChoiceInvalid');
    expect(await errorKey(launch('choice', [{ taskId: 'picked', userList: [] }]))).toBe('workflow.nodeNeedsApprover');
    expect(await instanceCount()).toBe(before);
    const token = await t.login('zhangsan');
    const res = await t.send(
      'POST',
      '/api/workflow-task/create-process',
      { schemeId: schemes.get('choice'), userJson: [{ taskId: 'picked', userList: ['no-such-user'] }] },
      token,
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('An approver chosen for node [picked] does not exist or is disabled; please choose again');
  });

  it('the choice is stored with the instance; a later node resolves to the chosen users in the order chosen', async () => {
    const answer = await launch('choice', [{ taskId: 'picked', userList: [ids.wangwu!, ids.admin!] }]);
    expect(answer.retCode).toBe(0);
    const id = answer.processInstanceId;
    const row = await t.deps.db.selectFrom('wf_instances').select('variables').where('id', '=', id).executeTakeFirstOrThrow();
    expect((row.variables as Record<string, unknown>)[STARTER_CHOICE_VARIABLE]).toEqual({ picked: [ids.wangwu, ids.admin] });
    // The first node is lisi's; the chosen users wait for the token.
    const [first] = await openTasks(id);
    expect(first).toMatchObject({ node_id: 'first', users: [ids.lisi] });
    await agree(first!.id, 'lisi');
    // A sequential countersign over the choice: wangwu first, as chosen, then admin.
    const [second] = await openTasks(id);
    expect(second).toMatchObject({ node_id: 'picked', users: [ids.wangwu] });
    await agree(second!.id, 'wangwu');
    const [third] = await openTasks(id);
    expect(third).toMatchObject({ node_id: 'picked', users: [ids.admin] });
  });

  it('a node right after the start gets the chosen users at launch', async () => {
    expect((await launch('choice-first')).retCode).toBe(2);
    const answer = await launch('choice-first', [{ taskId: 'picked', userList: [ids.lisi!, ids.wangwu!] }]);
    expect(answer.retCode).toBe(0);
    const tasks = await openTasks(answer.processInstanceId);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.users.sort()).toEqual([ids.lisi, ids.wangwu].sort());
  });
});

describe('starterChoice on a relaunch', () => {
  it('a recalled instance started again keeps the starter’s choice', async () => {
    const first = await launch('choice-first', [{ taskId: 'picked', userList: [ids.wangwu!] }]);
    await engine().recall(auths.zhangsan!, first.processInstanceId);
    const again = await engine().reinitiate(auths.zhangsan!, first.processInstanceId);
    expect(again.retCode).toBe(0);
    expect(await openTasks(again.processInstanceId)).toMatchObject([{ node_id: 'picked', users: [ids.wangwu] }]);
  });
});

describe("whenNoCandidate 'admin'", () => {
  it('nobody matched: the task goes to the fallback users and the timeline says why (zh and en)', async () => {
    const answer = await launch('fallback');
    expect(answer.retCode).toBe(0);
    const tasks = await openTasks(answer.processInstanceId);
    expect(tasks).toMatchObject([{ node_id: 'nobody', users: [ids.admin] }]);
    const history = await t.deps.db.selectFrom('wf_history').select(['action', 'candidates']).where('instance_id', '=', answer.processInstanceId).execute();
    expect(history).toContainEqual({ action: 'toAdmin', candidates: [ids.admin] });
    const adminName = (await t.deps.db.selectFrom('users').select('real_name').where('id', '=', ids.admin!).executeTakeFirstOrThrow()).real_name;
    expect(await timelineTexts(answer.processInstanceId, 'zh-CN')).toContain(`无人可审批，转交管理员：${adminName}`);
    expect(await timelineTexts(answer.processInstanceId, 'en')).toContain(`Nobody matched; assigned to the administrator: ${adminName}`);
  });

  it('fallback users all disabled: refused like refuse', async () => {
    await t.deps.db.updateTable('users').set({ enabled: false }).where('id', '=', ids.wangwu!).execute();
    try {
      expect(await errorKey(launch('fallback-disabled'))).toBe('workflow.noCandidate');
    } finally {
      await t.deps.db.updateTable('users').set({ enabled: true }).where('id', '=', ids.wangwu!).execute();
    }
  });
});

describe('circulate script action', () => {
  it('circulates to the objects (no task, from nobody) with type-14 messages and one history row naming them', async () => {
    const answer = await launch('copy');
    expect(answer.retCode).toBe(0);
    const id = answer.processInstanceId;
    const copies = await t.deps.db
      .selectFrom('wf_circulations')
      .select(['user_id', 'task_id', 'from_user_id', 'node_id'])
      .where('instance_id', '=', id)
      .orderBy('user_id')
      .execute();
    expect(copies).toEqual([ids.admin!, ids.wangwu!].sort().map((user_id) => ({ user_id, task_id: null, from_user_id: null, node_id: 'cc' })));
    const messages = await t.deps.db.selectFrom('messages').select(['user_id', 'type']).where('type', '=', 14).execute();
    expect(messages.map((m) => m.user_id).sort()).toEqual(expect.arrayContaining([ids.admin, ids.wangwu]));
    const rows = await t.deps.db
      .selectFrom('wf_history')
      .select(['node_id', 'action', 'candidates'])
      .where('instance_id', '=', id)
      .where('node_id', '=', 'cc')
      .execute();
    expect(rows).toEqual([{ node_id: 'cc', action: 'circulate', candidates: expect.arrayContaining([ids.admin, ids.wangwu]) }]);
    const zh = await timelineTexts(id, 'zh-CN');
    expect(zh.some((text) => text.startsWith('cc 抄送给 '))).toBe(true);
    expect((await timelineTexts(id, 'en')).some((text) => text.startsWith('cc carbon copied to '))).toBe(true);
    // The token moved on to the approval.
    expect(await openTasks(id)).toMatchObject([{ node_id: 'approve', users: [ids.lisi] }]);
  });
});
