import { createProcessBody, taskHandleBody, type ActionResult } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../../core/deps.js';
import { AppError } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { authOf, deployScheme, userIds } from '../../../test/workflow-fixtures.js';
import { loadFixture, type FixtureName } from '../fixtures/index.js';
import { engineOf } from './index.js';

/**
 * The engine end to end on a test database: every fixture construct through the engine's actions, the answers
 * that change nothing, and concurrent submissions.
 */

let t: TestApp;
let ids: Record<string, string>;
const auths: Record<string, AuthContext> = {};
const engine = () => engineOf(t.deps);

beforeAll(async () => {
  t = await createTestApp();
  ids = await userIds(t);
  for (const account of ['admin', 'lisi', 'zhangsan', 'wangwu']) auths[account] = await authOf(t, account);
  for (const [code, fixture] of [
    ['linear', 'linear'],
    ['exclusive', 'exclusive'],
    ['parallel', 'parallel'],
    ['inclusive', 'inclusive'],
    ['cs-all', 'countersign-parallel'],
    ['cs-any', 'countersign-any'],
    ['cs-pct', 'countersign-percentage'],
    ['cs-seq', 'countersign-sequential'],
    ['script', 'script'],
    ['call-parent', 'call-parent'],
    ['child-process', 'call-child'],
    ['embedded', 'embedded-subprocess'],
    ['timer-remind', 'timer-remind'],
    ['timer-approve', 'timer-approve'],
    ['reject', 'reject'],
  ] as [string, FixtureName][]) {
    await deployScheme(t, { code, name: code, xml: loadFixture(fixture, ids) });
  }
}, 60_000);
afterAll(() => t?.close());

const schemeId = async (code: string) => (await t.deps.db.selectFrom('wf_schemes').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

/** Values given as a system form (F_Type 1): not stored by the engine, but conditions read them. */
async function launch(code: string, values: Record<string, unknown> = {}, account = 'zhangsan', extra: Record<string, unknown> = {}): Promise<ActionResult> {
  return engine().start(
    auths[account]!,
    createProcessBody.parse({ schemeId: await schemeId(code), formValue: [{ F_FormId: 'sys-form', F_Type: 1, formData: values }], ...extra }),
  );
}

async function openTasks(instanceId: string) {
  const rows = await t.deps.db
    .selectFrom('wf_tasks as k')
    .innerJoin('wf_instances as i', 'i.id', 'k.instance_id')
    .select(['k.id', 'k.node_id', 'k.assignee_id', 'k.owner_id', 'k.instance_id'])
    .where('i.root_id', '=', instanceId)
    .where('k.state', '=', 'open')
    .orderBy('k.created_at')
    .execute();
  const users = await t.deps.db.selectFrom('wf_task_users').select(['task_id', 'user_id']).where('open', '=', true).execute();
  return rows.map((r) => ({ ...r, users: users.filter((u) => u.task_id === r.id).map((u) => u.user_id) }));
}

const nodesOf = async (instanceId: string) => (await openTasks(instanceId)).map((x) => x.node_id).sort();
const stateOf = async (id: string) => (await t.deps.db.selectFrom('wf_instances').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

async function act(account: string, taskId: string, btnValue = 'agree_', extra: Record<string, unknown> = {}): Promise<ActionResult> {
  return engine().handle(auths[account]!, taskHandleBody.parse({ taskId, btnValue, ...extra }));
}

/** Acts on the one open task at `node` for `account`. */
async function actAt(instanceId: string, node: string, account: string, btnValue = 'agree_', extra: Record<string, unknown> = {}) {
  const task = (await openTasks(instanceId)).find((x) => x.node_id === node && (x.users.includes(ids[account]!) || x.assignee_id === ids[account]));
  if (!task) throw new Error(`no open task at ${node} for ${account}: ${JSON.stringify(await openTasks(instanceId))}`);
  return act(account, task.id, btnValue, extra);
}

const errorKey = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof AppError ? e.key : String(e)),
  );

describe('constructs', () => {
  it('linear: two approvals then completed; messages to each approver and the starter', async () => {
    const { processInstanceId: id, retCode } = await launch('linear');
    expect(retCode).toBe(0);
    expect(await openTasks(id)).toMatchObject([{ node_id: 'manager', assignee_id: ids.lisi }]);
    await actAt(id, 'manager', 'lisi');
    expect(await nodesOf(id)).toEqual(['finance']);
    await actAt(id, 'finance', 'wangwu');
    expect(await stateOf(id)).toBe('completed');
    const messages = await t.deps.db.selectFrom('messages').select(['user_id', 'type', 'payload']).where('type', '=', 13).execute();
    const mine = messages.filter((m) => (m.payload as { processInstanceId?: string })?.processInstanceId === id);
    const sent = mine.map((m) => `${m.user_id}:${(m.payload as { taskStatus: string }).taskStatus}`).sort();
    expect(sent).toEqual([`${ids.lisi}:0`, `${ids.wangwu}:0`, `${ids.zhangsan}:1`].sort());
    const history = await t.deps.db.selectFrom('wf_history').select(['node_id', 'action']).where('instance_id', '=', id).orderBy('seq').execute();
    expect(history.map((h) => `${h.node_id}:${h.action}`)).toEqual(['start:start', 'manager:agree_', 'finance:agree_', 'end:node']);
  });

  it('exclusive: both ways, by a form value', async () => {
    expect(await nodesOf((await launch('exclusive', { days: 5 })).processInstanceId)).toEqual(['long']);
    expect(await nodesOf((await launch('exclusive', { days: '2' })).processInstanceId)).toEqual(['short']);
  });

  it('parallel: the join waits for both branches', async () => {
    const { processInstanceId: id } = await launch('parallel');
    expect(await nodesOf(id)).toEqual(['a', 'b']);
    await actAt(id, 'a', 'lisi');
    expect(await stateOf(id)).toBe('running');
    await actAt(id, 'b', 'wangwu');
    expect(await stateOf(id)).toBe('completed');
  });

  it('inclusive: the true branches, the join waits for them; default otherwise', async () => {
    const { processInstanceId: id } = await launch('inclusive', { amount: 500, urgent: true });
    expect(await nodesOf(id)).toEqual(['a', 'b']);
    await actAt(id, 'b', 'wangwu');
    expect(await stateOf(id)).toBe('running');
    await actAt(id, 'a', 'lisi');
    expect(await stateOf(id)).toBe('completed');
    const other = await launch('inclusive', { amount: 1 });
    expect(await nodesOf(other.processInstanceId)).toEqual(['c']);
    await actAt(other.processInstanceId, 'c', 'admin');
    expect(await stateOf(other.processInstanceId)).toBe('completed');
  });

  it('countersign all: every signer; any: the first agreement cancels the others', async () => {
    const all = (await launch('cs-all')).processInstanceId;
    const signers = await openTasks(all);
    expect(signers.length).toBeGreaterThan(1);
    for (const task of signers.slice(0, -1)) {
      await act(
        Object.keys(ids).find((a) => ids[a] === task.assignee_id)!,
        task.id,
      );
      expect(await stateOf(all)).toBe('running');
    }
    const last = signers.at(-1)!;
    await act(
      Object.keys(ids).find((a) => ids[a] === last.assignee_id)!,
      last.id,
    );
    expect(await stateOf(all)).toBe('completed');

    const any = (await launch('cs-any')).processInstanceId;
    expect((await openTasks(any)).length).toBe(2);
    await actAt(any, 'sign', 'wangwu');
    expect(await stateOf(any)).toBe('completed');
    expect(await openTasks(any)).toEqual([]);
  });

  it('countersign percentage and sequential', async () => {
    const pct = (await launch('cs-pct')).processInstanceId;
    const tasks = await openTasks(pct);
    const account = (id: string | null) => Object.keys(ids).find((a) => ids[a] === id)!;
    let done = 0;
    while ((await stateOf(pct)) === 'running') {
      const open = await openTasks(pct);
      await act(account(open[0]!.assignee_id), open[0]!.id);
      done += 1;
    }
    expect(done).toBeLessThanOrEqual(tasks.length);

    const seq = (await launch('cs-seq')).processInstanceId;
    const first = await openTasks(seq);
    expect(first.length).toBe(1);
    await act(account(first[0]!.assignee_id), first[0]!.id);
    const second = await openTasks(seq);
    expect(second.length).toBe(1);
    expect(second[0]!.assignee_id).not.toBe(first[0]!.assignee_id);
  });

  it('script: sets a variable the gateway branches on', async () => {
    const high = (await launch('script', { days: 10 })).processInstanceId;
    expect(await nodesOf(high)).toEqual(['high']);
    const vars = (await t.deps.db.selectFrom('wf_instances').select('variables').where('id', '=', high).executeTakeFirstOrThrow()).variables;
    expect(vars.level).toBe('high');
    expect(await nodesOf((await launch('script', { days: 1 })).processInstanceId)).toEqual(['low']);
  });

  it('call activity: the child runs under the same root, its end resumes the parent', async () => {
    const id = (await launch('call-parent')).processInstanceId;
    const [childTask] = await openTasks(id);
    expect(childTask).toMatchObject({ node_id: 'child' });
    expect(childTask!.instance_id).not.toBe(id);
    await act('wangwu', childTask!.id);
    expect(await stateOf(childTask!.instance_id)).toBe('completed');
    expect(await nodesOf(id)).toEqual(['after']);
    await actAt(id, 'after', 'lisi');
    expect(await stateOf(id)).toBe('completed');
  });

  it('embedded sub-process: flattened, passes through', async () => {
    const id = (await launch('embedded')).processInstanceId;
    expect(await nodesOf(id)).toEqual(['inner']);
    await actAt(id, 'inner', 'lisi');
    expect(await nodesOf(id)).toEqual(['after']);
  });
});

describe('reject', () => {
  it('to an earlier node, and to the start then resubmitted', async () => {
    const id = (await launch('reject')).processInstanceId;
    await actAt(id, 'step1', 'lisi');
    await actAt(id, 'step2', 'wangwu');
    expect(await errorKey(actAt(id, 'step3', 'admin', 'reject_'))).toBe('workflow.noRejectNode');
    expect(await errorKey(actAt(id, 'step3', 'admin', 'reject_', { rejectNodeId: 'end' }))).toBe('workflow.badRejectNode');
    await actAt(id, 'step3', 'admin', 'reject_', { rejectNodeId: 'step1' });
    expect(await nodesOf(id)).toEqual(['step1']);
    await actAt(id, 'step1', 'lisi', 'reject_', { rejectNodeId: 'start' });
    const [back] = await openTasks(id);
    expect(back).toMatchObject({ node_id: 'start', assignee_id: ids.zhangsan });
    await act('zhangsan', back!.id);
    expect(await nodesOf(id)).toEqual(['step1']);
  });
});

describe('answers that change nothing', () => {
  it('retCode 2 asks for the next approvers and leaves no trace; the chosen ones get the task', async () => {
    const xml = loadFixture('linear', ids).replace(
      `{&quot;candidates&quot;:[{&quot;type&quot;:&quot;user&quot;,&quot;ids&quot;:[&quot;${ids.lisi}&quot;]}]}`,
      `{&quot;candidates&quot;:[{&quot;type&quot;:&quot;user&quot;,&quot;ids&quot;:[&quot;${ids.lisi}&quot;,&quot;${ids.wangwu}&quot;]}],&quot;approverChoice&quot;:true}`,
    );
    await deployScheme(t, { code: 'choice', xml });
    const before = await t.deps.db
      .selectFrom('wf_instances')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const answer = await launch('choice');
    expect(answer.retCode).toBe(2);
    expect(answer.nodes).toEqual([
      { name: 'Manager approval', taskId: 'manager', userList: expect.arrayContaining([expect.objectContaining({ F_UserId: ids.lisi })]) },
    ]);
    const after = await t.deps.db
      .selectFrom('wf_instances')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
    const chosen = await launch('choice', {}, 'zhangsan', { userJson: [{ taskId: 'manager', userList: [ids.wangwu] }] });
    expect(chosen.retCode).toBe(0);
    expect(await openTasks(chosen.processInstanceId)).toMatchObject([{ node_id: 'manager', users: [ids.wangwu] }]);
  });

  it('retCode 1: wrong stamp password on a node that asks it', async () => {
    const xml = loadFixture('linear', ids).replace('{&quot;candidates&quot;', '{&quot;needPassword&quot;:true,&quot;candidates&quot;');
    await deployScheme(t, { code: 'password', xml });
    const { hashPassword } = await import('../../../core/auth/password.js');
    const stampId = newId();
    await t.deps.db
      .insertInto('wf_stamps')
      .values({ id: stampId, tenant_id: auths.lisi!.tenantId, name: 's', password_hash: await hashPassword('right'), created_by: null })
      .execute();
    await t.deps.db.insertInto('wf_stamp_users').values({ stamp_id: stampId, user_id: ids.lisi!, kind: 'member', tenant_id: auths.lisi!.tenantId }).execute();
    const id = (await launch('password')).processInstanceId;
    const wrong = await actAt(id, 'manager', 'lisi', 'agree_', { esignature: stampId, esignature_pwd: 'wrong' });
    expect(wrong.retCode).toBe(1);
    expect(await nodesOf(id)).toEqual(['manager']);
    expect((await actAt(id, 'manager', 'lisi', 'agree_', { esignature: stampId, esignature_pwd: 'right' })).retCode).toBe(0);
    expect(await nodesOf(id)).toEqual(['finance']);
  });

  it('a bad button and a stranger are refused', async () => {
    const id = (await launch('linear')).processInstanceId;
    expect(await errorKey(actAt(id, 'manager', 'lisi', 'nope'))).toBe('workflow.badButton');
    const [task] = await openTasks(id);
    expect(await errorKey(act('wangwu', task!.id))).toBe('workflow.notYourTask');
  });
});

describe('concurrency', () => {
  it('the same task handled 20 times at once: one success, the rest taskClosed, one history row', async () => {
    const id = (await launch('linear')).processInstanceId;
    const [task] = await openTasks(id);
    const results = await Promise.all(Array.from({ length: 20 }, () => errorKey(act('lisi', task!.id))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'workflow.taskClosed')).toHaveLength(19);
    const rows = await t.deps.db.selectFrom('wf_history').select('id').where('task_id', '=', task!.id).execute();
    expect(rows).toHaveLength(1);
    expect(await nodesOf(id)).toEqual(['finance']);
  });

  it('two countersign approvers at once: the node completes once, the next task once', async () => {
    const xml = loadFixture('countersign-parallel', ids);
    const id = (await launch('cs-all')).processInstanceId;
    const tasks = await openTasks(id);
    const account = (uid: string | null) => Object.keys(ids).find((a) => ids[a] === uid)!;
    expect(xml).toContain('multiInstance');
    const results = await Promise.all(tasks.map((x) => errorKey(act(account(x.assignee_id), x.id))));
    expect(results.every((r) => r === 'ok')).toBe(true);
    const ends = await t.deps.db.selectFrom('wf_history').select('id').where('instance_id', '=', id).where('node_type', '=', 'endEvent').execute();
    expect(ends).toHaveLength(1);
    expect(await stateOf(id)).toBe('completed');
  });
});

describe('timers, delegation, transfer, signers, recall, suspend', () => {
  it('remind sends a message; approve agrees by the system; each fires once', async () => {
    const remind = (await launch('timer-remind')).processInstanceId;
    const approve = (await launch('timer-approve')).processInstanceId;
    const later = new Date(Date.now() + 2 * 3600_000);
    const fired = await Promise.all([engine().fireDueTimers(later), engine().fireDueTimers(later)]);
    expect(fired[0] + fired[1]).toBeGreaterThanOrEqual(2);
    expect(await engine().fireDueTimers(later)).toBe(0);
    expect(await nodesOf(remind)).toEqual(['task']);
    expect(await nodesOf(approve)).toEqual(['finance']);
    const auto = await t.deps.db.selectFrom('wf_history').select('action').where('instance_id', '=', approve).where('action', '=', 'auto').execute();
    expect(auto).toHaveLength(1);
  });

  it('an interrupting timer with an outgoing flow cancels the task and follows its flow', async () => {
    const xml = loadFixture('timer-remind', ids)
      .replace('cancelActivity="false"', 'cancelActivity="true"')
      .replace('<bpmn:timerEventDefinition id="remind_timer">', '<bpmn:outgoing>f_timeout</bpmn:outgoing><bpmn:timerEventDefinition id="remind_timer">')
      .replace('<bpmn:sequenceFlow id="f1"', '<bpmn:sequenceFlow id="f_timeout" sourceRef="remind" targetRef="finance" /><bpmn:sequenceFlow id="f1"');
    await deployScheme(t, { code: 'timer-flow', xml });
    const id = (await launch('timer-flow')).processInstanceId;
    const [task] = await openTasks(id);
    await engine().fireDueTimers(new Date(Date.now() + 2 * 3600_000));
    expect(await t.deps.db.selectFrom('wf_tasks').select('state').where('id', '=', task!.id).executeTakeFirstOrThrow()).toEqual({ state: 'cancelled' });
    expect(await nodesOf(id)).toEqual(['finance']);
  });

  it('delegation puts the delegate in the candidate’s place (owner kept)', async () => {
    await t.deps.db
      .insertInto('wf_delegates')
      .values({
        id: newId(),
        tenant_id: auths.lisi!.tenantId,
        user_id: ids.lisi!,
        delegate_user_id: ids.admin!,
        scheme_ids: '[]',
        start_at: new Date(Date.now() - 60_000),
        end_at: new Date(Date.now() + 60_000),
        created_by: null,
      })
      .execute();
    try {
      const id = (await launch('linear')).processInstanceId;
      expect(await openTasks(id)).toMatchObject([{ node_id: 'manager', assignee_id: ids.admin, owner_id: ids.lisi, users: [ids.admin] }]);
      await actAt(id, 'manager', 'admin');
      expect(await nodesOf(id)).toEqual(['finance']);
    } finally {
      await t.deps.db.deleteFrom('wf_delegates').execute();
    }
  });

  it('transfer hands the task over (not to oneself)', async () => {
    const id = (await launch('linear')).processInstanceId;
    const [task] = await openTasks(id);
    expect(await errorKey(engine().transfer(auths.lisi!, { taskId: task!.id, userId: ids.lisi! }))).toBe('workflow.noTransferUser');
    await engine().transfer(auths.lisi!, { taskId: task!.id, userId: ids.admin! });
    expect(await errorKey(act('lisi', task!.id))).toBe('workflow.notYourTask');
    await act('admin', task!.id);
    expect(await nodesOf(id)).toEqual(['finance']);
  });

  it('add and remove signers on a countersign node', async () => {
    const xml = loadFixture('countersign-any', ids).replace(
      '&quot;completion&quot;:&quot;any&quot;',
      '&quot;completion&quot;:&quot;all&quot;,&quot;signation&quot;:true',
    );
    await deployScheme(t, { code: 'signation', xml });
    const id = (await launch('signation')).processInstanceId;
    const [first] = await openTasks(id);
    await engine().addSigners(auths.lisi!, { taskId: first!.id, userIds: [ids.admin!] });
    expect((await openTasks(id)).map((x) => x.assignee_id).sort()).toEqual([ids.admin, ids.lisi, ids.wangwu].sort());
    await engine().removeSigners(auths.lisi!, { taskId: first!.id, userIds: [ids.admin!, ids.wangwu!] });
    expect((await openTasks(id)).map((x) => x.assignee_id)).toEqual([ids.lisi]);
    expect(await errorKey(engine().removeSigners(auths.lisi!, { taskId: first!.id, userIds: [ids.lisi!] }))).toBe('workflow.lastSigner');
    await actAt(id, 'sign', 'lisi');
    expect(await stateOf(id)).toBe('completed');
  });

  it('recall then reinitiate', async () => {
    const id = (await launch('linear', { days: 2 })).processInstanceId;
    expect(await errorKey(engine().recall(auths.lisi!, id))).toBe('workflow.notStarter');
    await engine().recall(auths.zhangsan!, id);
    expect(await stateOf(id)).toBe('recalled');
    expect(await openTasks(id)).toEqual([]);
    const again = await engine().reinitiate(auths.zhangsan!, id);
    expect(again.retCode).toBe(0);
    expect(again.processInstanceId).not.toBe(id);
    expect(await nodesOf(again.processInstanceId)).toEqual(['manager']);
  });

  it('suspend blocks handling until resumed', async () => {
    const id = (await launch('linear')).processInstanceId;
    await engine().suspend(auths.admin!, id, true);
    expect(await errorKey(actAt(id, 'manager', 'lisi'))).toBe('workflow.instanceSuspended');
    await engine().suspend(auths.admin!, id, false);
    await actAt(id, 'manager', 'lisi');
    expect(await nodesOf(id)).toEqual(['finance']);
  });

  it('launch rights and a stopped scheme', async () => {
    await deployScheme(t, { code: 'restricted', xml: loadFixture('linear', ids), authType: 1, authObjects: [{ F_ObjType: '3', F_ObjId: ids.lisi! }] });
    expect(await errorKey(launch('restricted'))).toBe('workflow.noLaunchRight');
    expect((await launch('restricted', {}, 'lisi')).retCode).toBe(0);
    await deployScheme(t, { code: 'stopped', xml: loadFixture('linear', ids), enabled: false });
    expect(await errorKey(launch('stopped'))).toBe('workflow.schemeDisabled');
  });
});
