import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINK_ID } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { uniqueName } from '../../test/link-databases.js';
import { engineOf } from './engine/index.js';
import { loadFixture, type FixtureName } from './fixtures/index.js';

/**
 * Every BPMN construct the engine supports, end to end through the HTTP API only: the fixture is saved with
 * POST /workflow-scheme-info (parse + validation), launched by zhangsan with create-process, and every task is
 * found in the approver's upcoming-task list and handled with task-handle. Timers are fired by the engine's
 * timer job with a clock two hours ahead (the poller does the same every few seconds).
 */
describe('workflow constructs through the API', () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const schemes: Partial<Record<FixtureName, string>> = {};
  let formId = '';

  type Body = { code: number; data: unknown; msg: string };
  const data = <T>(res: { json(): Body }): T => {
    const body = res.json();
    if (body.code !== 0) throw new Error(`code ${body.code}: ${body.msg}`);
    return body.data as T;
  };

  async function save(name: FixtureName, code: string = name) {
    const xml = loadFixture(name, { lisi: ids.lisi!, wangwu: ids.wangwu!, admin: ids.admin! });
    const saved = data<{ F_Id: string }>(
      await t.send(
        'POST',
        '/api/workflow-scheme-info',
        { F_Code: code, F_Name: `${name} 流程`, xml, forms: [{ F_FormId: formId, F_Type: 0, F_Name: '申请单' }] },
        tok.admin,
      ),
    );
    schemes[name] = saved.F_Id;
    return saved.F_Id;
  }

  const launch = async (name: FixtureName, values: Record<string, unknown> = {}) => {
    const result = data<{ retCode: number; processInstanceId: string }>(
      await t.send(
        'POST',
        '/api/workflow-task/create-process',
        { schemeId: schemes[name], formValue: [{ F_FormId: formId, F_Type: 0, formData: { reason: '测试', days: '1', amount: '0', ...values } }] },
        tok.zhangsan,
      ),
    );
    expect(result.retCode).toBe(0);
    return result.processInstanceId;
  };

  /** The open tasks of one instance, as each account's to-do list shows them: "account:node". */
  async function open(instanceId: string): Promise<string[]> {
    const seen: string[] = [];
    for (const account of ['admin', 'lisi', 'wangwu', 'zhangsan']) {
      const list = data<{ Rows: { taskId: string; processInstanceId: string; taskName: string; nodeId?: string }[] }>(
        await t.get('/api/workflow-task/upcoming-task?size=200', tok[account]),
      );
      for (const row of list.Rows.filter((r) => r.processInstanceId === instanceId)) seen.push(`${account}:${row.taskName}`);
    }
    return seen.sort();
  }

  async function taskOf(account: string, instanceId: string): Promise<string> {
    const list = data<{ Rows: { taskId: string; processInstanceId: string }[] }>(await t.get('/api/workflow-task/upcoming-task?size=200', tok[account]));
    const row = list.Rows.find((r) => r.processInstanceId === instanceId);
    if (!row) throw new Error(`${account} has no task of ${instanceId}`);
    return row.taskId;
  }

  async function act(account: string, instanceId: string, btnValue = 'agree_', extra: Record<string, unknown> = {}) {
    const result = data<{ retCode: number }>(
      await t.send(
        'POST',
        '/api/workflow-task/task-handle',
        { taskId: await taskOf(account, instanceId), btnValue, message: `${account} ${btnValue}`, ...extra },
        tok[account],
      ),
    );
    expect(result.retCode).toBe(0);
  }

  async function state(instanceId: string): Promise<string> {
    const row = await t.deps.db.selectFrom('wf_instances').select('state').where('id', '=', instanceId).executeTakeFirstOrThrow();
    return row.state;
  }

  beforeAll(async () => {
    t = await createTestApp();
    for (const a of ['admin', 'lisi', 'zhangsan', 'wangwu']) tok[a] = await t.login(a);
    for (const u of await t.deps.db.selectFrom('users').select(['id', 'account']).where('tenant_id', '=', 'default').execute()) ids[u.account] = u.id;
    const table = uniqueName('wf_construct');
    const field = (n: number, vModel: string) => ({ __vModel__: vModel, __config__: { formId: n, avueType: 'input', label: vModel, bindTable: table } });
    formId = data<{ F_Id: string }>(
      await t.send(
        'POST',
        '/api/form-scheme/customtable',
        {
          F_Name: '申请单',
          F_Type: 0,
          F_Scheme: { data: [field(1, 'reason'), field(2, 'days'), field(3, 'amount')] },
          tableInfo: [{ dbId: DEFAULT_LINK_ID, name: table, type: 'main' }],
        },
        tok.admin,
      ),
    ).F_Id;
  });
  afterAll(() => t?.close());

  it('linear: two approvals in order, then completed', async () => {
    await save('linear');
    const id = await launch('linear');
    expect(await open(id)).toEqual(['lisi:Manager approval']);
    await act('lisi', id);
    expect(await open(id)).toEqual(['wangwu:Finance approval']);
    await act('wangwu', id);
    expect(await open(id)).toEqual([]);
    expect(await state(id)).toBe('completed');
  });

  it('exclusive gateway: the condition over form data picks the branch, else the default flow', async () => {
    await save('exclusive');
    const long = await launch('exclusive', { days: '5' });
    const short = await launch('exclusive', { days: '2' });
    expect((await open(long)).map((s) => s.split(':')[0])).toEqual(['lisi']);
    expect((await open(short)).map((s) => s.split(':')[0])).toEqual(['wangwu']);
  });

  it('parallel gateway: both branches open, the join waits for both', async () => {
    await save('parallel');
    const id = await launch('parallel');
    expect((await open(id)).length).toBe(2);
    await act('lisi', id);
    expect(await state(id)).toBe('running');
    expect((await open(id)).map((s) => s.split(':')[0])).toEqual(['wangwu']);
    await act('wangwu', id);
    expect(await state(id)).toBe('completed');
  });

  it('inclusive gateway: every true flow, or the default; the join waits only for the tokens sent', async () => {
    await save('inclusive');
    const big = await launch('inclusive', { amount: '200' });
    expect((await open(big)).map((s) => s.split(':')[0])).toEqual(['lisi']);
    await act('lisi', big);
    expect(await state(big)).toBe('completed');
    const small = await launch('inclusive', { amount: '50' });
    expect((await open(small)).map((s) => s.split(':')[0])).toEqual(['admin']);
    await act('admin', small);
    expect(await state(small)).toBe('completed');
  });

  it('countersign, parallel, completion all: both must agree', async () => {
    await save('countersign-parallel');
    const id = await launch('countersign-parallel');
    expect((await open(id)).map((s) => s.split(':')[0])).toEqual(['lisi', 'wangwu']);
    await act('lisi', id);
    expect(await state(id)).toBe('running');
    await act('wangwu', id);
    expect(await state(id)).toBe('completed');
  });

  it('countersign, completion any: the first agreement completes the node and closes the others', async () => {
    await save('countersign-any');
    const id = await launch('countersign-any');
    await act('wangwu', id);
    expect(await open(id)).toEqual([]);
    expect(await state(id)).toBe('completed');
  });

  it('countersign, completion 60 %: two of three agreements complete the node', async () => {
    await save('countersign-percentage');
    const id = await launch('countersign-percentage');
    expect((await open(id)).length).toBe(3);
    await act('lisi', id);
    expect(await state(id)).toBe('running');
    await act('admin', id);
    expect(await open(id)).toEqual([]);
    expect(await state(id)).toBe('completed');
  });

  it('countersign, sequential: one approver after another', async () => {
    await save('countersign-sequential');
    const id = await launch('countersign-sequential');
    expect((await open(id)).map((s) => s.split(':')[0])).toEqual(['lisi']);
    await act('lisi', id);
    expect((await open(id)).map((s) => s.split(':')[0])).toEqual(['wangwu']);
    await act('wangwu', id);
    expect(await state(id)).toBe('completed');
  });

  it('script task: sets a variable that the following gateway branches on', async () => {
    await save('script');
    expect((await open(await launch('script', { days: '7' }))).map((s) => s.split(':')[0])).toEqual(['lisi']);
    expect((await open(await launch('script', { days: '1' }))).map((s) => s.split(':')[0])).toEqual(['wangwu']);
  });

  it('call activity: the child process runs, then the parent goes on', async () => {
    await save('call-child', 'child-process');
    await save('call-parent');
    const id = await launch('call-parent');
    const child = await t.deps.db.selectFrom('wf_instances').select(['id', 'state']).where('parent_id', '=', id).executeTakeFirstOrThrow();
    expect(await open(child.id)).toEqual(['wangwu:' + (await open(child.id))[0]!.split(':')[1]]);
    await act('wangwu', child.id);
    expect(await state(child.id)).toBe('completed');
    expect((await open(id)).map((s) => s.split(':')[0])).toEqual(['lisi']);
    await act('lisi', id);
    expect(await state(id)).toBe('completed');
  });

  it('embedded sub-process: its inner task, then the task after it', async () => {
    await save('embedded-subprocess');
    const id = await launch('embedded-subprocess');
    expect((await open(id)).map((s) => s.split(':')[0])).toEqual(['lisi']);
    await act('lisi', id);
    expect((await open(id)).map((s) => s.split(':')[0])).toEqual(['wangwu']);
    await act('wangwu', id);
    expect(await state(id)).toBe('completed');
  });

  it('timer boundary, remind: after the deadline the approver gets a reminder and the task stays', async () => {
    await save('timer-remind');
    const id = await launch('timer-remind');
    const before = await t.deps.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', ids.lisi!)
      .executeTakeFirstOrThrow();
    expect(await engineOf(t.deps).fireDueTimers(new Date(Date.now() + 2 * 3600_000))).toBeGreaterThanOrEqual(1);
    const after = await t.deps.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', ids.lisi!)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBeGreaterThan(Number(before.n));
    expect((await open(id)).map((s) => s.split(':')[0])).toEqual(['lisi']);
    // A timer fires once.
    expect(await engineOf(t.deps).fireDueTimers(new Date(Date.now() + 2 * 3600_000))).toBe(0);
  });

  it('timer boundary, approve: after the deadline the task is agreed by the system', async () => {
    await save('timer-approve');
    const id = await launch('timer-approve');
    await engineOf(t.deps).fireDueTimers(new Date(Date.now() + 2 * 3600_000));
    expect((await open(id)).map((s) => s.split(':')[0])).toEqual(['wangwu']);
  });

  it('reject: back to an earlier node, then to the initiator who resubmits', async () => {
    await save('reject');
    const id = await launch('reject');
    await act('lisi', id);
    await act('wangwu', id);
    const reject = await t.send(
      'POST',
      '/api/workflow-task/task-handle',
      { taskId: await taskOf('admin', id), btnValue: 'reject_', message: '退回' },
      tok.admin,
    );
    expect(reject.json().msg).toBe('未选择驳回节点');
    await act('admin', id, 'reject_', { rejectNodeId: 'step1' });
    expect((await open(id)).map((s) => s.split(':')[0])).toEqual(['lisi']);
    const start = (
      await t.deps.db.selectFrom('wf_history').select('node_id').where('instance_id', '=', id).where('node_type', '=', 'startEvent').executeTakeFirstOrThrow()
    ).node_id;
    await act('lisi', id, 'reject_', { rejectNodeId: start });
    expect((await open(id)).map((s) => s.split(':')[0])).toEqual(['zhangsan']);
    await act('zhangsan', id);
    expect((await open(id)).map((s) => s.split(':')[0])).toEqual(['lisi']);
  });

  it('leave request: more than 3 days goes the long way through a countersign and circulates to HR', async () => {
    await save('leave-request');
    const id = await launch('leave-request', { days: '5' });
    expect((await open(id)).map((s) => s.split(':')[0])).toEqual(['admin', 'lisi']);
    await act('lisi', id);
    await act('admin', id);
    expect(await state(id)).toBe('completed');
    const circulated = data<{ Rows: { processInstanceId: string }[] }>(await t.get('/api/workflow-task/manual-task?size=100', tok.wangwu));
    expect(circulated.Rows.some((r) => r.processInstanceId === id)).toBe(true);
  });
});
