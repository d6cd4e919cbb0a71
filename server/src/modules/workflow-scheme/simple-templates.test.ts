import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSimple, everySimpleNode, SIMPLE_TEMPLATES, userTaskConfig, type SimpleNode, type SimpleProcess, type SimpleTemplate } from '@app/contracts';
import { newId } from '../../core/ids.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { userIds } from '../../test/workflow-fixtures.js';

/**
 * Every template of the simple designer, saved through the scheme API with its form, launched by zhangsan and
 * approved to the end along each of its paths: the approvers met are the ones the template promises.
 * Organisation: zhangsan's department is led by lisi, its parent department by wangwu; people a company must
 * name (roles, posts, carbon-copy readers) are filled with admin.
 */

let t: TestApp;
const tok: Record<string, string> = {};
let ids: Record<string, string> = {};
type Body = { code: number; data: unknown; msg: string };
const data = <T>(res: { json(): Body; body: string }): T => {
  const body = res.json();
  if (body.code !== 0) throw new Error(`code ${body.code}: ${body.msg}`);
  return body.data as T;
};

/** The template's cards with the company-specific people filled in. */
function filled(model: SimpleProcess): SimpleProcess {
  const copy = structuredClone(model);
  for (const node of everySimpleNode(copy.nodes)) {
    if (node.type === 'cc') node.recipients = [{ F_ObjType: '3', F_ObjId: ids.admin!, F_ObjName: '管理员' }];
    if (node.type === 'approver')
      node.config.candidates = node.config.candidates.map((r) =>
        r.ids.length || r.type === 'starterLeader' ? r : { type: 'user', ids: [ids.admin!], names: ['管理员'] },
      );
  }
  return copy;
}

async function deploy(template: SimpleTemplate): Promise<{ schemeId: string; formId: string }> {
  const suffix = newId().slice(-8).toLowerCase();
  const form = data<{ F_Id: string }>(await t.send('POST', '/api/form-scheme/customtable', template.form(suffix), tok.admin));
  const code = `tpl_${template.key}_${suffix}`;
  const xml = compileSimple(filled(template.build(code, template.name)));
  const saved = data<{ F_Id: string }>(
    await t.send(
      'POST',
      '/api/workflow-scheme-info',
      { F_Code: code, F_Name: template.name, F_Category: template.category, forms: [{ F_FormId: form.F_Id }], xml },
      tok.admin,
    ),
  );
  return { schemeId: saved.F_Id, formId: form.F_Id };
}

/** Launches as zhangsan, then has whoever holds the open task agree until the instance ends; answers who acted, in order. */
async function runToEnd(schemeId: string, formId: string, formData: Record<string, unknown>): Promise<string[]> {
  const started = data<{ retCode: number; processInstanceId: string }>(
    await t.send('POST', '/api/workflow-task/create-process', { schemeId, formValue: [{ F_FormId: formId, F_Type: 0, formData }] }, tok.zhangsan),
  );
  expect(started.retCode).toBe(0);
  const acted: string[] = [];
  for (let step = 0; step < 20; step++) {
    const open = await t.deps.db
      .selectFrom('wf_tasks')
      .innerJoin('users', 'users.id', 'wf_tasks.assignee_id')
      .select(['wf_tasks.id', 'users.account', 'wf_tasks.node_name'])
      .where('instance_id', '=', started.processInstanceId)
      .where('state', '=', 'open')
      .orderBy('wf_tasks.node_id')
      .execute();
    if (open.length === 0) break;
    const task = open[0]!;
    tok[task.account] ??= await t.login(task.account);
    data(await t.send('POST', '/api/workflow-task/task-handle', { taskId: task.id, btnValue: 'agree_', message: 'ok' }, tok[task.account]));
    acted.push(`${task.node_name}:${task.account}`);
  }
  const instance = await t.deps.db.selectFrom('wf_instances').select('state').where('id', '=', started.processInstanceId).executeTakeFirstOrThrow();
  expect(instance.state).toBe('completed');
  const copies = await t.deps.db.selectFrom('wf_circulations').select('node_name').where('instance_id', '=', started.processInstanceId).execute();
  return [...acted, ...copies.map((c) => `cc ${c.node_name}`)];
}

let homeDepartment = '';

beforeAll(async () => {
  t = await createTestApp();
  ids = await userIds(t);
  for (const account of ['admin', 'zhangsan']) tok[account] = await t.login(account);
  // zhangsan's department is led by lisi; its parent by wangwu.
  const db = t.deps.db;
  const home = await db
    .selectFrom('user_departments')
    .innerJoin('departments', 'departments.id', 'user_departments.department_id')
    .selectAll('departments')
    .where('user_id', '=', ids.zhangsan!)
    .executeTakeFirstOrThrow();
  const parentId = newId();
  await db
    .insertInto('departments')
    .values({
      id: parentId,
      tenant_id: home.tenant_id,
      company_id: home.company_id,
      parent_id: home.parent_id,
      full_name: '模板测试上级部门',
      manager_id: ids.wangwu!,
    })
    .execute();
  await db.updateTable('departments').set({ parent_id: parentId, manager_id: ids.lisi! }).where('id', '=', home.id).execute();
  await db.deleteFrom('user_departments').where('user_id', '=', ids.zhangsan!).where('department_id', '!=', home.id).execute();
  homeDepartment = home.id;
}, 60_000);
afterAll(() => t.close());

const template = (key: SimpleTemplate['key']) => SIMPLE_TEMPLATES.find((x) => x.key === key)!;

describe('simple designer templates run on the engine', () => {
  it('has the five templates, each compiling to a valid scheme', () => {
    expect(SIMPLE_TEMPLATES.map((x) => x.key)).toEqual(['leave', 'expense', 'purchase', 'seal', 'trip']);
  });

  it.each([
    [
      'leave, 2 days: the direct leader',
      'leave',
      { leave_type: '事假', days: 2, start_date: '2026-12-01', end_date: '2026-12-02', reason: '家事' },
      ['直属上级审批:lisi'],
    ],
    [
      'leave, 5 days: two levels one after another',
      'leave',
      { leave_type: '年假', days: 5, start_date: '2026-12-01', end_date: '2026-12-05', reason: '旅行' },
      ['连续两级上级审批:lisi', '连续两级上级审批:wangwu'],
    ],
    [
      'expense, 800',
      'expense',
      { title: '打车', expense_type: '交通费', expense_date: '2026-11-20', amount: 800, items: [{ item_desc: '打车', item_amount: 800 }] },
      ['直属上级审批:lisi', '财务审核:admin', 'cc 抄送出纳'],
    ],
    [
      'expense, 8000',
      'expense',
      { title: '招待', expense_type: '招待费', expense_date: '2026-11-20', amount: 8000, items: [{ item_desc: '宴请', item_amount: 8000 }] },
      ['直属上级审批:lisi', '财务审核:admin', '总经理审批:admin', 'cc 抄送出纳'],
    ],
    [
      'purchase, 3000',
      'purchase',
      { title: '显示器', category: 'IT 设备', amount: 3000, items: [{ goods_name: '显示器', quantity: 2, unit_price: 1500 }] },
      ['直属上级审批:lisi', '财务审核:admin', '行政审核:admin'],
    ],
    [
      'purchase, 30000',
      'purchase',
      { title: '服务器', category: 'IT 设备', amount: 30000, items: [{ goods_name: '服务器', quantity: 1, unit_price: 30000 }] },
      ['直属上级审批:lisi', '财务审核:admin', '行政审核:admin', '总经理审批:admin'],
    ],
    [
      'seal',
      'seal',
      { seal_type: '公章', copies: 2, file_name: '合同', use_date: '2026-12-01', reason: '签约' },
      ['直属上级审批:lisi', '印章管理员审批:admin', 'cc 抄送行政'],
    ],
    [
      'trip, 3 days',
      'trip',
      { destination: '上海', transport: '火车', start_date: '2026-12-01', end_date: '2026-12-03', days: 3, budget: 3000, reason: '客户拜访' },
      ['直属上级审批:lisi'],
    ],
    [
      'trip, over budget',
      'trip',
      { destination: '纽约', transport: '飞机', start_date: '2026-12-01', end_date: '2026-12-04', days: 4, budget: 30000, reason: '展会' },
      ['直属上级审批:lisi', '总经理审批:admin'],
    ],
  ] as [string, SimpleTemplate['key'], Record<string, unknown>, string[]][])('%s', async (_name, key, formData, expected) => {
    const { schemeId, formId } = await deploy(template(key));
    expect(await runToEnd(schemeId, formId, formData)).toEqual(expected);
  });
});

describe("simple designer conditions on the initiator's department", () => {
  it('route by the departments the initiator belonged to at launch', async () => {
    const approve = (id: string, account: string): SimpleNode => ({
      type: 'approver',
      id,
      name: `${account} 审批`,
      mode: 'any',
      config: userTaskConfig.parse({ candidates: [{ type: 'user', ids: [ids[account]!], names: [account] }] }),
    });
    const run = async (departments: string[]) => {
      const model: SimpleProcess = {
        id: `dept_${newId().slice(-6)}`,
        name: '按部门',
        startName: '发起人',
        endName: '结束',
        config: { titleTemplate: '{schemeName}-{starter}-{date}' },
        nodes: [
          {
            type: 'condition',
            id: 'by_dept',
            name: '',
            branches: [
              {
                id: 'home',
                name: '本部门',
                conditions: [[{ field: '@starterDepartment', label: '', op: 'in', values: departments }]],
                otherwise: false,
                nodes: [approve('a_lisi', 'lisi')],
              },
              { id: 'other', name: '其他', conditions: [], otherwise: true, nodes: [approve('a_wangwu', 'wangwu')] },
            ],
          },
        ],
      };
      const suffix = newId().slice(-8).toLowerCase();
      const form = data<{ F_Id: string }>(await t.send('POST', '/api/form-scheme/customtable', template('seal').form(suffix), tok.admin));
      const saved = data<{ F_Id: string }>(
        await t.send(
          'POST',
          '/api/workflow-scheme-info',
          { F_Code: model.id, F_Name: model.name, forms: [{ F_FormId: form.F_Id }], xml: compileSimple(model) },
          tok.admin,
        ),
      );
      return runToEnd(saved.F_Id, form.F_Id, { seal_type: '公章', copies: 1, file_name: 'x', use_date: '2026-12-01', reason: 'y' });
    };
    expect(await run(['elsewhere', homeDepartment])).toEqual(['lisi 审批:lisi']);
    expect(await run(['elsewhere'])).toEqual(['wangwu 审批:wangwu']);
  });
});
