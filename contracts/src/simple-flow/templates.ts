import { userTaskConfig, type CandidateRule } from '../workflow.js';
import type { FormSchemeBody } from '../forms.js';
import type { ConditionClause, SimpleApprover, SimpleNode, SimpleProcess } from './model.js';

/**
 * Processes to start from in the simple designer, each with its form (docs/workflow-simple.md "Templates"). People
 * differ per company, so a card that needs them (a role, a post, carbon-copy readers) comes empty and the
 * designer's check asks for them before publishing; the initiator's leaders need nobody named.
 */

export interface SimpleTemplate {
  key: 'leave' | 'expense' | 'purchase' | 'seal' | 'trip';
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  /** FlowSort dictionary value. */
  category: string;
  /** The body of POST /form-scheme/customtable; `suffix` makes its table names unique. */
  form(suffix: string): FormSchemeBody;
  /** The chain, its process id `code`, bound to nothing (the scheme's relation binds the form). */
  build(code: string, name: string): SimpleProcess;
}

type Values = Record<string, unknown>;
let fieldNo = 0;
const field = (vModel: string, tag: string, label: string, table: string, extra: Values = {}, config: Values = {}) => ({
  __vModel__: vModel,
  placeholder: '',
  ...extra,
  __config__: { formId: ++fieldNo, avueType: tag, label, bindTable: table, span: 24, ...config },
});
const required = { required: true };
const half = { span: 12 };
const select = (vModel: string, label: string, table: string, options: string[]) =>
  field(vModel, 'select', label, table, { clearable: true, __slot__: { options: options.map((o) => ({ label: o, value: o })) } }, { ...required, ...half });
const date = (vModel: string, label: string, table: string) =>
  field(vModel, 'date', label, table, { type: 'date', 'value-format': 'yyyy-MM-dd', format: 'yyyy-MM-dd' }, { ...required, ...half });
const money = (vModel: string, label: string, table: string) => field(vModel, 'number', label, table, { min: 0, precision: 2 }, { ...required, ...half });
const subTable = (vModel: string, label: string, table: string, children: Values[]) => ({
  __vModel__: vModel,
  __config__: { formId: ++fieldNo, avueType: 'table', componentName: 'table', label, layout: 'rowFormItem', bindTable: table, showSummary: true, children },
});

function formBody(
  name: string,
  category: string,
  description: string,
  main: string,
  sub: string | null,
  data: (main: string, sub: string) => Values[],
): FormSchemeBody {
  fieldNo = 0;
  return {
    F_Name: name,
    F_Type: 0,
    F_Category: category,
    F_Url: '',
    F_Description: description,
    F_SortCode: 0,
    F_Scheme: { data: data(main, sub ?? ''), formConf: { labelWidth: 110, labelPosition: 'right', gutter: 15, size: 'medium' } },
    tableInfo: [
      { dbId: 'local', name: main, comment: name, type: 'main', primaryKey: 'F_Id' },
      ...(sub ? [{ dbId: 'local', name: sub, comment: `${name}明细`, type: 'sub' as const, primaryKey: 'F_Id', relationField: 'F_ParentId' }] : []),
    ],
  };
}

// ---------- cards ----------

let cardNo = 0;
const approver = (name: string, rule: CandidateRule, extra: Partial<SimpleApprover> = {}): SimpleApprover => ({
  type: 'approver',
  id: `Approver_${++cardNo}`,
  name,
  mode: 'any',
  config: userTaskConfig.parse({ candidates: [rule] }),
  ...extra,
});
const leaders = (level: number): CandidateRule => ({ type: 'starterLeader', ids: [], level }) as CandidateRule;
const role = (): CandidateRule => ({ type: 'role', ids: [], names: [] });
const post = (): CandidateRule => ({ type: 'post', ids: [], names: [] });
const cc = (name: string): SimpleNode => ({ type: 'cc', id: `Cc_${++cardNo}`, name, recipients: [] });
const over = (field: string, label: string, value: number): ConditionClause => ({ field, label, op: 'gt', values: [String(value)] });
const condition = (
  branches: { name: string; conditions?: ConditionClause[][]; nodes: SimpleNode[] }[],
  otherwise: SimpleNode[],
  otherwiseName = '其他情况',
): SimpleNode => {
  const id = `Condition_${++cardNo}`;
  return {
    type: 'condition',
    id,
    name: '',
    branches: [
      ...branches.map((b, i) => ({ id: `${id}_${i + 1}`, name: b.name, conditions: b.conditions ?? [], otherwise: false, nodes: b.nodes })),
      { id: `${id}_else`, name: otherwiseName, conditions: [], otherwise: true, nodes: otherwise },
    ],
  };
};
const parallel = (branches: { name: string; nodes: SimpleNode[] }[]): SimpleNode => {
  const id = `Parallel_${++cardNo}`;
  return { type: 'parallel', id, name: '', branches: branches.map((b, i) => ({ id: `${id}_${i + 1}`, name: b.name, nodes: b.nodes })) };
};
const processOf = (code: string, name: string, nodes: () => SimpleNode[]): SimpleProcess => {
  cardNo = 0;
  return { id: code, name, startName: '发起人', endName: '结束', config: { titleTemplate: '{schemeName}-{starter}-{date}' }, nodes: nodes() };
};

export const SIMPLE_TEMPLATES: SimpleTemplate[] = [
  {
    key: 'leave',
    name: '请假申请',
    nameEn: 'Leave request',
    description: '直属上级审批；超过 3 天由连续两级上级依次审批',
    descriptionEn: 'The direct leader approves; over 3 days, two levels of leaders one after another',
    category: 'hr',
    form: (suffix) =>
      formBody('请假申请', 'hr', '请假类型、起止日期、天数与事由', `tpl_leave_${suffix}`, null, (t) => [
        select('leave_type', '请假类型', t, ['年假', '事假', '病假', '调休', '婚假', '产假']),
        field('days', 'number', '请假天数', t, { min: 0.5, max: 365, precision: 1, step: 0.5 }, { ...required, ...half }),
        date('start_date', '开始日期', t),
        date('end_date', '结束日期', t),
        field('reason', 'textarea', '请假事由', t, { maxlength: 500 }, required),
      ]),
    build: (code, name) =>
      processOf(code, name, () => [
        condition(
          [{ name: '超过 3 天', conditions: [[over('days', '请假天数', 3)]], nodes: [approver('连续两级上级审批', leaders(2), { mode: 'sequential' })] }],
          [approver('直属上级审批', leaders(1))],
          '3 天及以内',
        ),
      ]),
  },
  {
    key: 'expense',
    name: '费用报销',
    nameEn: 'Expense reimbursement',
    description: '直属上级、财务审核；5000 元以上再由总经理审批，最后抄送出纳',
    descriptionEn: 'The direct leader and finance review; over 5,000 the general manager too; a copy to the cashier',
    category: 'finance',
    form: (suffix) =>
      formBody('费用报销', 'finance', '报销事由、明细与合计金额', `tpl_expense_${suffix}`, `tpl_expense_item_${suffix}`, (t, s) => [
        field('title', 'input', '报销事由', t, { maxlength: 100 }, required),
        select('expense_type', '费用类型', t, ['差旅费', '交通费', '招待费', '办公费', '其他']),
        date('expense_date', '发生日期', t),
        subTable('items', '报销明细', s, [
          field('item_desc', 'input', '费用说明', s, {}, required),
          field('item_amount', 'number', '金额（元）', s, { min: 0, precision: 2 }, required),
        ]),
        field('amount', 'number', '报销总额（元）', t, { min: 0, precision: 2 }, { ...required, ...half, showCapitalizedValue: true }),
        field('remark', 'textarea', '备注', t, { maxlength: 500 }),
      ]),
    build: (code, name) =>
      processOf(code, name, () => [
        approver('直属上级审批', leaders(1)),
        approver('财务审核', role()),
        condition([{ name: '5000 元以上', conditions: [[over('amount', '报销总额（元）', 5000)]], nodes: [approver('总经理审批', post())] }], []),
        cc('抄送出纳'),
      ]),
  },
  {
    key: 'purchase',
    name: '采购申请',
    nameEn: 'Purchase request',
    description: '直属上级审批后，财务与行政同时审核；20000 元以上总经理审批',
    descriptionEn: 'After the direct leader, finance and administration review at the same time; over 20,000 the general manager',
    category: 'admin',
    form: (suffix) =>
      formBody('采购申请', 'admin', '采购事项、明细、供应商与金额', `tpl_purchase_${suffix}`, `tpl_purchase_item_${suffix}`, (t, s) => [
        field('title', 'input', '采购事项', t, { maxlength: 100 }, required),
        select('category', '采购类别', t, ['办公用品', 'IT 设备', '生产物料', '服务']),
        field('supplier', 'input', '供应商', t, { maxlength: 100 }, half),
        subTable('items', '采购明细', s, [
          field('goods_name', 'input', '物品名称', s, {}, required),
          field('quantity', 'number', '数量', s, { min: 1, precision: 0 }, required),
          field('unit_price', 'number', '单价（元）', s, { min: 0, precision: 2 }, required),
        ]),
        money('amount', '采购总额（元）', t),
        field('reason', 'textarea', '采购理由', t, { maxlength: 500 }),
      ]),
    build: (code, name) =>
      processOf(code, name, () => [
        approver('直属上级审批', leaders(1)),
        parallel([
          { name: '财务审核', nodes: [approver('财务审核', role())] },
          { name: '行政审核', nodes: [approver('行政审核', role())] },
        ]),
        condition([{ name: '20000 元以上', conditions: [[over('amount', '采购总额（元）', 20000)]], nodes: [approver('总经理审批', post())] }], []),
      ]),
  },
  {
    key: 'seal',
    name: '用印申请',
    nameEn: 'Seal use',
    description: '直属上级审批后由印章管理员审批（24 小时未处理提醒），抄送行政',
    descriptionEn: 'The direct leader, then the seal keeper (reminded after 24 hours); a copy to administration',
    category: 'admin',
    form: (suffix) =>
      formBody('用印申请', 'admin', '印章类型、文件、份数与用途', `tpl_seal_${suffix}`, null, (t) => [
        select('seal_type', '印章类型', t, ['公章', '合同专用章', '财务专用章', '法人章']),
        field('copies', 'number', '用印份数', t, { min: 1, precision: 0 }, { ...required, ...half }),
        field('file_name', 'input', '文件名称', t, { maxlength: 200 }, required),
        date('use_date', '用印日期', t),
        field('reason', 'textarea', '用印事由', t, { maxlength: 500 }, required),
      ]),
    build: (code, name) =>
      processOf(code, name, () => [
        approver('直属上级审批', leaders(1)),
        approver('印章管理员审批', role(), { deadline: { hours: 24, action: 'remind', repeat: 1 } }),
        cc('抄送行政'),
      ]),
  },
  {
    key: 'trip',
    name: '出差申请',
    nameEn: 'Business trip',
    description: '直属上级审批；超过 5 天或预算超过 10000 元再由总经理审批',
    descriptionEn: 'The direct leader approves; over 5 days or a budget over 10,000 the general manager too',
    category: 'hr',
    form: (suffix) =>
      formBody('出差申请', 'hr', '目的地、日期、天数、交通与预算', `tpl_trip_${suffix}`, null, (t) => [
        field('destination', 'input', '出差地点', t, { maxlength: 100 }, required),
        select('transport', '交通工具', t, ['飞机', '火车', '汽车', '其他']),
        date('start_date', '出发日期', t),
        date('end_date', '返回日期', t),
        field('days', 'number', '出差天数', t, { min: 0.5, max: 365, precision: 1, step: 0.5 }, { ...required, ...half }),
        money('budget', '预算（元）', t),
        field('reason', 'textarea', '出差事由', t, { maxlength: 500 }, required),
      ]),
    build: (code, name) =>
      processOf(code, name, () => [
        approver('直属上级审批', leaders(1)),
        condition(
          [
            {
              name: '超过 5 天或预算超过 10000 元',
              conditions: [[over('days', '出差天数', 5)], [over('budget', '预算（元）', 10000)]],
              nodes: [approver('总经理审批', post())],
            },
          ],
          [],
        ),
      ]),
  },
];
