import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSimple, SIMPLE_TEMPLATES, userTaskConfig, type SimpleFromBpmnAnswer, type SimpleProcess, type SimpleSimulateAnswer } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { userIds } from '../../test/workflow-fixtures.js';
import { loadFixture } from '../workflow/fixtures/index.js';

/** POST /workflow-scheme-info/simple/from-bpmn and /simple/simulate through the API. */

let t: TestApp;
let admin: string;
let zhangsan: string;
let ids: Record<string, string> = {};
const post = <T>(path: string, body: unknown, token = admin, lang = 'zh-CN') =>
  t
    .send('POST', `/api/workflow-scheme-info/simple/${path}`, body, token, { 'accept-language': lang })
    .then((r) => r.json() as { code: number; msg: string; data: T });

const user = (account: string) => ({ type: 'user' as const, ids: [ids[account]!], names: [account] });
const expense = (): SimpleProcess => ({
  id: 'expense_sim',
  name: '报销',
  startName: '发起人',
  endName: '结束',
  config: { titleTemplate: '{schemeName}-{starter}-{date}' },
  nodes: [
    { type: 'approver', id: 'a1', name: '经理审批', mode: 'any', config: userTaskConfig.parse({ candidates: [user('lisi')] }) },
    {
      type: 'condition',
      id: 'g1',
      name: '',
      branches: [
        {
          id: 'big',
          name: '大额',
          conditions: [[{ field: 'amount', label: '金额', op: 'gt', values: ['5000'] }]],
          otherwise: false,
          nodes: [
            { type: 'approver', id: 'a2', name: '总经理会签', mode: 'all', config: userTaskConfig.parse({ candidates: [user('wangwu'), user('admin')] }) },
          ],
        },
        { id: 'small', name: '其他', conditions: [], otherwise: true, nodes: [] },
      ],
    },
    { type: 'cc', id: 'c1', name: '抄送', recipients: [{ F_ObjType: '3', F_ObjId: 'will-be-set', F_ObjName: '' }] },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhangsan] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
  ids = await userIds(t);
}, 60_000);
afterAll(() => t.close());

describe('simple/from-bpmn', () => {
  it('reads a process made of cards', async () => {
    const model = expense();
    const res = await post<SimpleFromBpmnAnswer>('from-bpmn', { xml: compileSimple(model) });
    expect(res.code).toBe(0);
    expect(res.data).toEqual({ model, reason: null, elementId: null });
  });

  it('reads a template', async () => {
    const model = SIMPLE_TEMPLATES[0]!.build('leave_x', '请假');
    expect((await post<SimpleFromBpmnAnswer>('from-bpmn', { xml: compileSimple(model) })).data.model).toEqual(model);
  });

  it('says in a sentence why a process is not a chain of cards, in zh and en', async () => {
    const xml = loadFixture('inclusive', ids);
    const zh = await post<SimpleFromBpmnAnswer>('from-bpmn', { xml });
    expect(zh.data.model).toBeNull();
    expect(zh.data.reason).toMatch(/简易设计器没有的元素.*BPMN 设计器/);
    expect(zh.data.elementId).toBeTruthy();
    const en = await post<SimpleFromBpmnAnswer>('from-bpmn', { xml: loadFixture('embedded-subprocess', ids) }, admin, 'en');
    expect(en.data.reason).toMatch(/simple designer.*BPMN designer/);
  });

  it('answers unreadable XML with a reason, not an error', async () => {
    const res = await post<SimpleFromBpmnAnswer>('from-bpmn', { xml: '<not-bpmn' });
    expect(res.code).toBe(0);
    expect(res.data.model).toBeNull();
    expect(res.data.reason).toMatch(/无法在简易设计器中打开/);
  });

  it('needs the scheme list permission', async () => {
    expect((await post('from-bpmn', { xml: compileSimple(expense()) }, zhangsan)).code).not.toBe(0);
    expect((await t.send('POST', '/api/workflow-scheme-info/simple/from-bpmn', { xml: 'x' })).statusCode).toBe(401);
  });
});

describe('simple/simulate', () => {
  const model = () => {
    const m = expense();
    const cc = m.nodes[2]!;
    if (cc.type === 'cc') cc.recipients = [{ F_ObjType: '3', F_ObjId: ids.zhangsan!, F_ObjName: 'zhangsan' }];
    return m;
  };

  it('walks the branch the values choose and names the approvers', async () => {
    const big = await post<SimpleSimulateAnswer>('simulate', { model: model(), formValues: { amount: '8000' } });
    expect(big.code).toBe(0);
    expect(big.data.refusal).toBeNull();
    expect(big.data.visited).toEqual(['a1', 'g1', 'big', 'a2', 'c1']);
    expect(big.data.steps.map((s) => [s.kind, s.nodeId, s.users.length, s.depth])).toEqual([
      ['start', 'start', 1, 0],
      ['approver', 'a1', 1, 0],
      ['branch', 'big', 0, 0],
      ['approver', 'a2', 2, 1],
      ['cc', 'c1', 1, 0],
      ['end', 'end', 0, 0],
    ]);
    expect(big.data.steps[2]!.note).toBe('金额 大于 5000');
    expect(big.data.steps[3]!.note).toContain('会签');

    const small = await post<SimpleSimulateAnswer>('simulate', { model: model(), formValues: { amount: 300 } }, admin, 'en');
    expect(small.data.visited).toEqual(['a1', 'g1', 'small', 'c1']);
    expect(small.data.steps.find((s) => s.nodeId === 'small')!.note).toBe('Otherwise');
  });

  it('reports a card nobody can approve as the refusal the launch would meet', async () => {
    const m = model();
    const first = m.nodes[0]!;
    if (first.type === 'approver') first.config.candidates = [{ type: 'role', ids: ['no-such-role'], names: [] }];
    const res = await post<SimpleSimulateAnswer>('simulate', { model: m, formValues: {} });
    expect(res.data.refusal).toBe('节点【经理审批】没有可用的审批人');
    expect(res.data.steps.at(-1)!.kind).toBe('approver');

    if (first.type === 'approver') first.config.whenNoCandidate = 'skip';
    const skipped = await post<SimpleSimulateAnswer>('simulate', { model: m, formValues: {} });
    expect(skipped.data.refusal).toBeNull();
    expect(skipped.data.steps[1]!.note).toContain('自动跳过');
  });

  it('refuses a chain too large to simulate, and answers others meanwhile', async () => {
    const card = (id: string) => ({ type: 'approver', id, name: id, mode: 'any', config: userTaskConfig.parse({ candidates: [user('lisi')] }) });
    const huge = {
      ...model(),
      nodes: [
        {
          type: 'parallel',
          id: 'p',
          name: '',
          branches: Array.from({ length: 20 }, (_, b) => ({ id: `b${b}`, name: `b${b}`, nodes: Array.from({ length: 51 }, (_, i) => card(`c${b}_${i}`)) })),
        },
      ],
    };
    const [refused, other] = await Promise.all([
      post('simulate', { model: huge }),
      post<SimpleSimulateAnswer>('simulate', { model: model(), formValues: { amount: 1 } }),
    ]);
    expect(refused).toMatchObject({ code: 10400, msg: '流程有 1021 张卡片，模拟最多 1000 张' });
    expect(other.code).toBe(0);
  });

  it('refuses an unknown initiator and a malformed model, changing nothing', async () => {
    expect((await post('simulate', { model: model(), starterId: 'nobody' })).code).not.toBe(0);
    expect((await post('simulate', { model: { ...model(), id: 'bad id' } })).code).not.toBe(0);
  });
});

describe('simple designer templates as drafts', () => {
  it('saves a template whose people are not chosen yet as a draft, and refuses to publish it naming the cards', async () => {
    const template = SIMPLE_TEMPLATES.find((x) => x.key === 'expense')!;
    const code = `draft_${Date.now().toString(36)}`;
    const xml = compileSimple(template.build(code, template.name));
    const draft = await t.send('POST', '/api/workflow-scheme-info', { F_Code: code, F_Name: template.name, xml, publish: false }, admin);
    expect(draft.json()).toMatchObject({ code: 0, data: { F_State: 'draft' } });
    const id = (draft.json().data as { F_Id: string }).F_Id;
    const published = (await t.send('POST', `/api/workflow-scheme-info/${id}/publish`, {}, admin)).json() as { code: number; msg: string };
    expect(published.code).not.toBe(0);
    expect(published.msg).toContain('财务审核');
    expect(published.msg).toContain('抄送出纳');
  });
});
