import { z } from 'zod';
import { forwarder, processConfig, userTaskConfig } from '../workflow.js';

/**
 * The simple (DingTalk-style) approval designer's model: a process as a vertical chain of cards. It compiles to the
 * same BPMN with `<wf:config>` the engine runs (compile.ts) and is read back from any BPMN made of these shapes
 * (decompile.ts); nothing of it is stored apart from the BPMN.
 */

/** Element ids: XML NCNames (they become BPMN ids). */
const elementId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z_][\w.-]*$/);

/**
 * A comparison over a form field (its `__vModel__`) or the initiator (`@starter`, `@starterDepartment`), in plain
 * words "金额 大于 5000". `values` holds one value for the comparisons and several for in / notIn.
 */
export const SIMPLE_CONDITION_OPS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'contains', 'notContains', 'in', 'notIn', 'empty', 'notEmpty'] as const;
export type SimpleConditionOp = (typeof SIMPLE_CONDITION_OPS)[number];
/**
 * The initiator's own facts a condition may name (the engine's `starter` scope): the initiator, and the departments
 * they belong to (a person may be in several: "属于 财务部" holds when any of them is).
 */
export const STARTER_FIELDS = { '@starter': 'starter.userId', '@starterDepartment': 'starter.departmentIds' } as const;

export const conditionClause = z.object({
  field: z
    .string()
    .min(1)
    .max(100)
    .regex(/^(@starter|@starterDepartment|[A-Za-z_$][\w$]*)$/),
  /** The field's label when the condition was written (the sentence, and a deleted field's name). */
  label: z.string().max(200).default(''),
  op: z.enum(SIMPLE_CONDITION_OPS),
  values: z.array(z.string().max(500)).max(200).default([]),
  /** Labels of the values (dictionary items, departments, users) for the sentence. */
  valueLabels: z.array(z.string().max(200)).max(200).optional(),
});
export type ConditionClause = z.infer<typeof conditionClause>;

/** Time limit of an approver card: a boundary timer on its task. */
export const simpleDeadline = z.object({
  /** Hours after the task opens (fractions allowed: 0.5 = 30 minutes). */
  hours: z
    .number()
    .min(0.1)
    .max(24 * 365),
  action: z.enum(['remind', 'approve']).default('remind'),
  /** remind: how many reminders in all, one every `hours` (1 = once). */
  repeat: z.number().int().min(1).max(100).default(1),
});
export type SimpleDeadline = z.infer<typeof simpleDeadline>;

/** How several approvers of one card decide: one after another, all, any one, a share. */
export const APPROVER_MODES = ['sequential', 'all', 'any', 'percentage'] as const;
export type ApproverMode = (typeof APPROVER_MODES)[number];

export interface SimpleApprover {
  type: 'approver';
  id: string;
  name: string;
  mode: ApproverMode;
  /** The user task's whole configuration (approvers, buttons, field authority, signature…). */
  config: z.infer<typeof userTaskConfig>;
  deadline?: SimpleDeadline | undefined;
}
export interface SimpleCc {
  type: 'cc';
  id: string;
  name: string;
  recipients: z.infer<typeof forwarder>[];
}
export interface SimpleConditionBranch {
  id: string;
  name: string;
  /** OR of AND-groups: [[a, b], [c]] is "(a 且 b) 或 c". */
  conditions: ConditionClause[][];
  /** A condition written as an expression (drawn in the BPMN designer); used when `conditions` is empty. */
  expression?: string | undefined;
  /** The branch taken when no other holds (the gateway's default flow); always last. */
  otherwise: boolean;
  nodes: SimpleNode[];
}
export interface SimpleConditionGroup {
  type: 'condition';
  id: string;
  name: string;
  /** In priority order: the first whose condition holds is taken. */
  branches: SimpleConditionBranch[];
}
export interface SimpleParallelBranch {
  id: string;
  name: string;
  nodes: SimpleNode[];
}
export interface SimpleParallelGroup {
  type: 'parallel';
  id: string;
  name: string;
  branches: SimpleParallelBranch[];
}
export type SimpleNode = SimpleApprover | SimpleCc | SimpleConditionGroup | SimpleParallelGroup;
export type SimpleNodeType = SimpleNode['type'];

const approverNode = z.object({
  type: z.literal('approver'),
  id: elementId,
  name: z.string().max(200),
  mode: z.enum(APPROVER_MODES).default('any'),
  config: userTaskConfig,
  deadline: simpleDeadline.optional(),
});
const ccNode = z.object({ type: z.literal('cc'), id: elementId, name: z.string().max(200), recipients: z.array(forwarder).max(200).default([]) });

export const simpleNode: z.ZodType<SimpleNode> = z.lazy(() =>
  z.discriminatedUnion('type', [
    approverNode,
    ccNode,
    z.object({
      type: z.literal('condition'),
      id: elementId,
      name: z.string().max(200).default(''),
      branches: z
        .array(
          z.object({
            id: elementId,
            name: z.string().max(200),
            conditions: z.array(z.array(conditionClause).max(20)).max(20).default([]),
            expression: z.string().max(2000).optional(),
            otherwise: z.boolean().default(false),
            nodes: z.array(simpleNode).max(500).default([]),
          }),
        )
        .min(2)
        .max(20),
    }),
    z.object({
      type: z.literal('parallel'),
      id: elementId,
      name: z.string().max(200).default(''),
      branches: z
        .array(z.object({ id: elementId, name: z.string().max(200), nodes: z.array(simpleNode).max(500).default([]) }))
        .min(2)
        .max(20),
    }),
  ]),
) as z.ZodType<SimpleNode>;

/** The whole process: the initiator card (the start), the chain, the end. */
export const simpleProcess = z.object({
  /** The BPMN process id. */
  id: elementId,
  name: z.string().max(200),
  /** The initiator card's name (the start event). */
  startName: z.string().max(200).default('发起人'),
  endName: z.string().max(200).default('结束'),
  config: processConfig.default({ titleTemplate: '{schemeName}-{starter}-{date}' }),
  nodes: z.array(simpleNode).max(1000).default([]),
});
export type SimpleProcess = z.infer<typeof simpleProcess>;

/** Why a BPMN process cannot open in the simple designer: a message key (workflowScheme.*) and the element. */
export interface NotSimpleReason {
  key: string;
  elementId: string | null;
  params?: Record<string, string | number>;
}
