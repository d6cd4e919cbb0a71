import { describe, expect, it } from 'vitest';
import {
  newApprover,
  newCc,
  newConditionGroup,
  newParallelGroup,
  newSimpleProcess,
  type SimpleNode,
  type SimpleProcess,
  type UserTaskConfig,
} from '@app/contracts';
import zh from '../locales/zh-CN/wfSimple.json';
import en from '../locales/en/wfSimple.json';
import { validateSimple, type SimpleIssue } from './validate';

const model = (...nodes: SimpleNode[]): SimpleProcess => ({ ...newSimpleProcess('p', 'P'), nodes });
const approver = (patch: Partial<UserTaskConfig> = {}) => {
  const a = newApprover('审批人');
  return { ...a, id: 'A', config: { ...a.config, ...patch } };
};
function cond(conditions: { field: string; label?: string }[][], otherwise = true): SimpleNode {
  const g = newConditionGroup((n) => `条件${n}`, '其他情况');
  const [first, other] = g.branches;
  return {
    ...g,
    id: 'G',
    branches: [
      {
        ...first!,
        id: 'B1',
        conditions: conditions.map((grp) => grp.map((c) => ({ field: c.field, label: c.label ?? '', op: 'eq' as const, values: ['1'] }))),
      },
      ...(otherwise
        ? [{ ...other!, id: 'B2' }]
        : [{ ...other!, id: 'B2', otherwise: false, conditions: [[{ field: 'amount', label: '', op: 'gt' as const, values: ['1'] }]] }]),
    ],
  };
}
const fields = new Map([['amount', '金额']]);

const cases: { name: string; model: SimpleProcess; fields?: Map<string, string> | null; expected: Pick<SimpleIssue, 'id' | 'key' | 'params'>[] }[] = [
  { name: 'an empty chain is fine', model: model(), expected: [] },
  { name: 'an approver without rules', model: model(approver()), expected: [{ id: 'A', key: 'noApprover' }] },
  {
    name: 'an approver whose user rule lists nobody',
    model: model(approver({ candidates: [{ type: 'user', ids: [] }] })),
    expected: [{ id: 'A', key: 'noApprover' }],
  },
  { name: 'an approver with a user', model: model(approver({ candidates: [{ type: 'user', ids: ['u1'], names: ['张三'] }] })), expected: [] },
  { name: 'the leaders of the initiator name somebody', model: model(approver({ candidates: [{ type: 'starterLeader', ids: [] }] })), expected: [] },
  {
    name: 'a form field rule without its field',
    model: model(approver({ candidates: [{ type: 'formField', ids: [], field: '' }] })),
    expected: [{ id: 'A', key: 'noApprover' }],
  },
  {
    name: 'hand to an administrator without one',
    model: model(approver({ candidates: [{ type: 'starter', ids: [] }], whenNoCandidate: 'admin' })),
    expected: [{ id: 'A', key: 'noFallback' }],
  },
  {
    name: 'hand to a chosen administrator',
    model: model(approver({ candidates: [{ type: 'starter', ids: [] }], whenNoCandidate: 'admin', fallbackUsers: ['u1'] })),
    expected: [],
  },
  {
    name: 'a reject target that is not before the card',
    model: model({ ...approver({ candidates: [{ type: 'starter', ids: [] }], rejectTargets: ['start', 'Gone'] }) }),
    expected: [{ id: 'A', key: 'staleReject' }],
  },
  {
    name: 'reject targets before the card',
    model: model(
      { ...approver({ candidates: [{ type: 'starter', ids: [] }] }), id: 'A0' },
      approver({ candidates: [{ type: 'starter', ids: [] }], rejectTargets: ['start', 'A0'] }),
    ),
    expected: [],
  },
  { name: 'a CC card without recipients', model: model({ ...newCc('抄送人'), id: 'C' }), expected: [{ id: 'C', key: 'noRecipients' }] },
  { name: 'a branch without a condition', model: model(cond([])), expected: [{ id: 'B1', key: 'noCondition' }] },
  { name: 'a branch with a condition', model: model(cond([[{ field: 'amount' }]])), expected: [] },
  { name: 'a group without an otherwise branch', model: model(cond([[{ field: 'amount' }]], false)), expected: [{ id: 'G', key: 'noOtherwise' }] },
  {
    name: 'a condition on a field that is gone',
    model: model(cond([[{ field: 'days', label: '天数' }, { field: '@starter' }]])),
    expected: [{ id: 'B1', key: 'missingField', params: { field: '天数' } }],
  },
  {
    name: 'a comparison without its value',
    model: model({
      ...(cond([[{ field: 'amount' }]]) as Extract<SimpleNode, { type: 'condition' }>),
      branches: [
        {
          id: 'B1',
          name: 'b',
          otherwise: false,
          nodes: [],
          conditions: [
            [
              { field: 'amount', label: '金额', op: 'gt', values: [] },
              { field: 'amount', label: '金额', op: 'empty', values: [] },
            ],
          ],
        },
        { id: 'B2', name: 'o', otherwise: true, nodes: [], conditions: [] },
      ],
    }),
    expected: [{ id: 'B1', key: 'noValue', params: { field: '金额' } }],
  },
  { name: 'fields not known yet: not checked', model: model(cond([[{ field: 'days' }]])), fields: null, expected: [] },
  { name: 'an empty parallel branch is fine', model: model({ ...newParallelGroup((n) => `分支${n}`), id: 'P' }), expected: [] },
  {
    name: 'problems inside branches',
    model: model({
      ...newParallelGroup((n) => `分支${n}`),
      id: 'P',
      branches: [
        { id: 'X', name: 'x', nodes: [approver()] },
        { id: 'Y', name: 'y', nodes: [] },
      ],
    }),
    expected: [{ id: 'A', key: 'noApprover' }],
  },
];

describe('validateSimple', () => {
  it.each(cases)('$name', ({ model, fields: f, expected }) => {
    expect(validateSimple(model, f === undefined ? fields : f)).toEqual(expected);
  });

  it('every problem has a message in zh and en', () => {
    for (const key of ['noApprover', 'noFallback', 'staleReject', 'noCondition', 'noOtherwise', 'missingField', 'noValue', 'noRecipients']) {
      expect((zh.issue as Record<string, string>)[key], key).toBeTruthy();
      expect((en.issue as Record<string, string>)[key], key).toBeTruthy();
    }
    expect(zh.issue.missingField).toContain('{{field}}');
    expect(en.issue.missingField).toContain('{{field}}');
  });
});
