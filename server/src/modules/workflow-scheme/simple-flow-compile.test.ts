import { describe, expect, it } from 'vitest';
import {
  compileSimple,
  conditionSentence,
  decompileSimple,
  simpleProcess,
  userTaskConfig,
  type ConditionClause,
  type SimpleApprover,
  type SimpleNode,
  type SimpleProcess,
} from '@app/contracts';
import { parseDefinition } from '../workflow/engine/definition.js';
import { evaluateCondition } from '../workflow/engine/expression.js';
import { validateDefinition } from '../workflow/engine/validate.js';
import { FIXTURES, loadFixture } from '../workflow/fixtures/index.js';
import { conditionWords } from './simple-flow.js';

/** The simple designer's chain compiles to BPMN the engine accepts and reads back to the same chain, for every card. */

const someone = { type: 'user' as const, ids: ['u-lisi'], names: ['李四'] };
const approver = (id: string, extra: Partial<SimpleApprover> = {}): SimpleApprover => ({
  type: 'approver',
  id,
  name: `审批 ${id}`,
  mode: 'any',
  config: userTaskConfig.parse({ candidates: [someone] }),
  ...extra,
});
const cc = (id: string): SimpleNode => ({ type: 'cc', id, name: '抄送人', recipients: [{ F_ObjId: 'r1', F_ObjName: '财务', F_ObjType: '2' }] });
const amountOver = (n: number): ConditionClause[][] => [[{ field: 'amount', label: '金额', op: 'gt', values: [String(n)] }]];
const condition = (
  id: string,
  branches: { nodes: SimpleNode[]; conditions?: ConditionClause[][]; expression?: string; otherwise?: boolean }[],
): SimpleNode => ({
  type: 'condition',
  id,
  name: '',
  branches: branches.map((b, i) => ({
    id: `${id}_b${i}`,
    name: `条件${i + 1}`,
    conditions: b.conditions ?? [],
    otherwise: b.otherwise ?? false,
    nodes: b.nodes,
    ...(b.expression ? { expression: b.expression } : {}),
  })),
});
const parallel = (id: string, branches: SimpleNode[][]): SimpleNode => ({
  type: 'parallel',
  id,
  name: '',
  branches: branches.map((nodes, i) => ({ id: `${id}_b${i}`, name: `分支${i + 1}`, nodes })),
});
const processOf = (nodes: SimpleNode[]): SimpleProcess => simpleProcess.parse({ id: 'simple_test', name: '测试', nodes });

const CASES: [string, SimpleNode[]][] = [
  ['no card', []],
  ['one approver, any one', [approver('a1')]],
  ['one after another', [approver('a1', { mode: 'sequential' })]],
  ['all must agree', [approver('a1', { mode: 'all' })]],
  ['a share', [approver('a1', { mode: 'percentage', config: userTaskConfig.parse({ candidates: [someone], completion: 'percentage', percentage: 60 }) })]],
  ['deadline: remind once', [approver('a1', { deadline: { hours: 24, action: 'remind', repeat: 1 } })]],
  ['deadline: remind three times every 30 minutes', [approver('a1', { deadline: { hours: 0.5, action: 'remind', repeat: 3 } })]],
  ['deadline: approve automatically', [approver('a1', { deadline: { hours: 48, action: 'approve', repeat: 1 } })]],
  ['carbon copy', [approver('a1'), cc('c1')]],
  [
    'condition with otherwise',
    [
      condition('g1', [
        { nodes: [approver('a1')], conditions: amountOver(5000) },
        { nodes: [approver('a2')], otherwise: true },
      ]),
    ],
  ],
  [
    'condition with empty branches',
    [
      approver('a0'),
      condition('g1', [
        { nodes: [], conditions: amountOver(1) },
        { nodes: [], otherwise: true },
      ]),
      approver('a1'),
    ],
  ],
  [
    'condition without otherwise',
    [
      condition('g1', [
        { nodes: [approver('a1')], conditions: amountOver(1) },
        { nodes: [cc('c1')], expression: 'days > 3' },
      ]),
    ],
  ],
  [
    'OR of AND groups, text and department values',
    [
      condition('g1', [
        {
          nodes: [approver('a1')],
          conditions: [
            [
              { field: 'type', label: '类型', op: 'eq', values: ["it's"] },
              { field: '@starterDepartment', label: '', op: 'in', values: ['d1', 'd2'], valueLabels: ['财务部', '行政部'] },
            ],
            [{ field: 'remark', label: '备注', op: 'empty', values: [] }],
          ],
        },
        { nodes: [], otherwise: true },
      ]),
    ],
  ],
  ['parallel with an empty branch', [parallel('p1', [[approver('a1')], [], [cc('c1'), approver('a2')]])]],
  [
    'nested groups, back to back',
    [
      condition('g1', [
        {
          nodes: [
            parallel('p1', [
              [approver('a1')],
              [
                condition('g2', [
                  { nodes: [approver('a2')], conditions: amountOver(9) },
                  { nodes: [], otherwise: true },
                ]),
              ],
            ]),
          ],
          conditions: amountOver(1),
        },
        { nodes: [], otherwise: true },
      ]),
      parallel('p2', [[cc('c1')], [approver('a3', { mode: 'sequential' })]]),
      approver('a4'),
    ],
  ],
];

describe('simple designer: compile to BPMN and back', () => {
  it.each(CASES)('%s', async (_name, nodes) => {
    const model = processOf(nodes);
    const xml = compileSimple(model);
    const { issues } = await validateDefinition(xml, { knownSchemeCodes: [] });
    expect(issues.filter((i) => i.severity !== 'warning')).toEqual([]);
    const { graph } = await parseDefinition(xml);
    expect(decompileSimple(graph!)).toEqual({ model });
    // And once more: compiling what was read gives the same document.
    expect(compileSimple(decompileSimple(graph!).model!)).toBe(xml);
  });

  it('writes branches in priority order with the otherwise branch as the default flow', async () => {
    const model = processOf([
      condition('g1', [
        { nodes: [], otherwise: true },
        { nodes: [], conditions: amountOver(1) },
        { nodes: [], conditions: amountOver(2) },
      ]),
    ]);
    const { graph } = await parseDefinition(compileSimple(model));
    expect(graph!.nodes.g1!.outgoing).toEqual(['g1_b0', 'g1_b1', 'g1_b2']);
    expect(graph!.nodes.g1!.defaultFlow).toBe('g1_b0');
    // Read back, the otherwise branch is last; the others keep their order.
    const read = decompileSimple(graph!).model!.nodes[0];
    expect(read?.type === 'condition' && read.branches.map((b) => b.id)).toEqual(['g1_b1', 'g1_b2', 'g1_b0']);
  });

  it('keeps a condition edited in the BPMN designer as its expression', async () => {
    const xml = compileSimple(
      processOf([
        condition('g1', [
          { nodes: [], conditions: amountOver(5000) },
          { nodes: [], otherwise: true },
        ]),
      ]),
    ).replace('amount &gt; 5000', 'amount &gt; 7000');
    const read = decompileSimple((await parseDefinition(xml)).graph!).model!.nodes[0];
    expect(read?.type === 'condition' && read.branches[0]).toMatchObject({ conditions: [], expression: 'amount > 7000' });
  });
});

describe('simple designer: conditions', () => {
  const scope = (values: Record<string, unknown>, departmentIds: string[] = []) => ({ ...values, starter: { userId: 'u1', departmentIds } });
  const holds = (conditions: ConditionClause[][], values: Record<string, unknown>, departmentIds?: string[]) => {
    const model = processOf([
      condition('g', [
        { nodes: [], conditions },
        { nodes: [], otherwise: true },
      ]),
    ]);
    const xml = compileSimple(model);
    const expression = /<bpmn:conditionExpression[^>]*>([^<]*)</
      .exec(xml)![1]!
      .replace(/&gt;/g, '>')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"');
    return evaluateCondition(expression, scope(values, departmentIds));
  };
  const c = (field: string, op: ConditionClause['op'], ...values: string[]): ConditionClause => ({ field, label: field, op, values });
  it.each([
    ['gt, numeric text', [[c('amount', 'gt', '5000')]], { amount: '6000' }, true],
    ['gt, equal', [[c('amount', 'gt', '5000')]], { amount: 5000 }, false],
    ['ge', [[c('amount', 'ge', '5000')]], { amount: 5000 }, true],
    ['lt', [[c('days', 'lt', '3')]], { days: 2.5 }, true],
    ['le', [[c('days', 'le', '3')]], { days: 4 }, false],
    ['eq text', [[c('type', 'eq', 'annual')]], { type: 'annual' }, true],
    ['eq quote', [[c('type', 'eq', "it's")]], { type: "it's" }, true],
    ['ne', [[c('type', 'ne', 'annual')]], { type: 'sick' }, true],
    ['contains in text', [[c('title', 'contains', '急')]], { title: '紧急采购' }, true],
    ['contains in a list', [[c('tags', 'contains', 'a')]], { tags: ['a', 'b'] }, true],
    ['notContains', [[c('title', 'notContains', '急')]], { title: '普通' }, true],
    ['in', [[c('city', 'in', 'sh', 'bj')]], { city: 'bj' }, true],
    ['notIn', [[c('city', 'notIn', 'sh', 'bj')]], { city: 'gz' }, true],
    ['empty, missing', [[c('remark', 'empty')]], {}, true],
    ['empty, zero is a value', [[c('count', 'empty')]], { count: 0 }, false],
    ['notEmpty', [[c('remark', 'notEmpty')]], { remark: 'x' }, true],
    ['AND', [[c('amount', 'gt', '1'), c('type', 'eq', 'a')]], { amount: 2, type: 'b' }, false],
    ['OR', [[c('amount', 'gt', '100')], [c('type', 'eq', 'a')]], { amount: 2, type: 'a' }, true],
  ] as [string, ConditionClause[][], Record<string, unknown>, boolean][])('%s', (_n, conditions, values, expected) => {
    expect(holds(conditions, values)).toBe(expected);
  });

  it("the initiator's department: any of theirs", () => {
    const inFinance = [[c('@starterDepartment', 'in', 'fin', 'adm')]];
    expect(holds(inFinance, {}, ['rnd', 'adm'])).toBe(true);
    expect(holds(inFinance, {}, ['rnd'])).toBe(false);
    expect(holds([[c('@starterDepartment', 'notIn', 'fin')]], {}, ['rnd'])).toBe(true);
    expect(holds([[c('@starter', 'eq', 'u1')]], {})).toBe(true);
  });

  it('reads as a sentence in zh and en', () => {
    const groups: ConditionClause[][] = [
      [
        { field: 'amount', label: '金额', op: 'gt', values: ['5000'] },
        { field: 'dept', label: '部门', op: 'in', values: ['d1'], valueLabels: ['财务部'] },
      ],
      [{ field: '@starter', label: '', op: 'eq', values: ['u1'], valueLabels: ['张三'] }],
    ];
    expect(conditionSentence(groups.slice(0, 1), conditionWords('zh-CN'))).toBe('金额 大于 5000 且 部门 属于 财务部');
    expect(conditionSentence(groups, conditionWords('en'))).toBe('(金额 greater than 5000 and 部门 is one of 财务部) or Initiator equals 张三');
  });
});

describe('simple designer: what it cannot open', () => {
  const users = { lisi: 'u1', wangwu: 'u2', admin: 'u3' };
  const SIMPLE = new Set([
    'linear',
    'call-child',
    'exclusive',
    'parallel',
    'countersign-parallel',
    'countersign-any',
    'countersign-percentage',
    'countersign-sequential',
    'timer-remind',
    'timer-approve',
    'reject',
    'leave-request',
    'nested-parallel',
  ]);
  it.each(FIXTURES.map((f) => [f]))('%s', async (name) => {
    const { graph } = await parseDefinition(loadFixture(name, users));
    const result = decompileSimple(graph!);
    if (SIMPLE.has(name)) {
      expect(result.reason).toBeUndefined();
      // Saved from the simple designer, it reads back the same.
      expect(decompileSimple((await parseDefinition(compileSimple(result.model!))).graph!)).toEqual(result);
    } else expect(result.reason?.key).toMatch(/^workflowScheme\.simple/);
  });
});

describe('simple designer: hostile nesting', () => {
  it('does not read groups nested past the limit, and says where', async () => {
    let nodes: SimpleNode[] = [approver('leaf')];
    for (let i = 0; i < 60; i++)
      nodes = [
        condition(`g${i}`, [
          { nodes, conditions: amountOver(i) },
          { nodes: [], otherwise: true },
        ]),
      ];
    const { graph } = await parseDefinition(compileSimple(processOf(nodes)));
    const result = decompileSimple(graph!);
    expect(result.reason).toMatchObject({ key: 'workflowScheme.simpleTooDeep', elementId: 'g9' });
  });
});
