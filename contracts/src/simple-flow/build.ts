import { userTaskConfig } from '../workflow.js';
import type {
  ConditionClause,
  SimpleApprover,
  SimpleCc,
  SimpleConditionBranch,
  SimpleConditionGroup,
  SimpleConditionOp,
  SimpleNode,
  SimpleParallelGroup,
  SimpleProcess,
} from './model.js';

/** A fresh element id: the prefix and 7 random base-36 characters (a valid XML NCName). */
export function simpleId(prefix: string): string {
  let tail = '';
  while (tail.length < 7) tail += Math.random().toString(36).slice(2);
  return `${prefix}_${tail.slice(0, 7)}`;
}

export function newApprover(name: string): SimpleApprover {
  return { type: 'approver', id: simpleId('Approver'), name, mode: 'any', config: userTaskConfig.parse({}) };
}

export function newCc(name: string): SimpleCc {
  return { type: 'cc', id: simpleId('Cc'), name, recipients: [] };
}

/** A condition group: one branch to fill in and the "otherwise" branch. */
export function newConditionGroup(branchName: (n: number) => string, otherwiseName: string): SimpleConditionGroup {
  return {
    type: 'condition',
    id: simpleId('Condition'),
    name: '',
    branches: [newConditionBranch(branchName(1)), { ...newConditionBranch(otherwiseName), otherwise: true }],
  };
}

export function newConditionBranch(name: string): SimpleConditionBranch {
  return { id: simpleId('Branch'), name, conditions: [], otherwise: false, nodes: [] };
}

export function newParallelGroup(branchName: (n: number) => string): SimpleParallelGroup {
  return {
    type: 'parallel',
    id: simpleId('Parallel'),
    name: '',
    branches: [1, 2].map((n) => ({ id: simpleId('Branch'), name: branchName(n), nodes: [] })),
  };
}

export function newSimpleProcess(id: string, name: string, startName = '发起人', endName = '结束'): SimpleProcess {
  return { id, name, startName, endName, config: { titleTemplate: '{schemeName}-{starter}-{date}' }, nodes: [] };
}

/** Every card of the chain, depth first (groups before their branches' cards). */
export function everySimpleNode(nodes: SimpleNode[]): SimpleNode[] {
  return nodes.flatMap((node) =>
    node.type === 'condition' || node.type === 'parallel' ? [node, ...node.branches.flatMap((b) => everySimpleNode(b.nodes))] : [node],
  );
}

/** Words a condition sentence is made of, in the reader's language. */
export interface ConditionWords {
  and: string;
  or: string;
  ops: Record<SimpleConditionOp, string>;
  /** Label of a field the sentence names without one (`@starter`…). */
  fieldLabel?: (field: string) => string | undefined;
}

/** "金额 大于 5000 且 部门 属于 财务部" (groups joined by 或, each bracketed when it has several clauses). */
export function conditionSentence(groups: ConditionClause[][], words: ConditionWords): string {
  const clause = (c: ConditionClause) => {
    const field = c.label || words.fieldLabel?.(c.field) || c.field;
    const values = (c.valueLabels && c.valueLabels.length === c.values.length ? c.valueLabels : c.values).join('、');
    return c.op === 'empty' || c.op === 'notEmpty' ? `${field} ${words.ops[c.op]}` : `${field} ${words.ops[c.op]} ${values}`;
  };
  const parts = groups.filter((g) => g.length > 0).map((g) => ({ text: g.map(clause).join(` ${words.and} `), several: g.length > 1 }));
  return parts.length > 1 ? parts.map((p) => (p.several ? `(${p.text})` : p.text)).join(` ${words.or} `) : (parts[0]?.text ?? '');
}
