import { z } from 'zod';
import { simpleProcess } from './model.js';

/** POST /workflow-scheme-info/simple/from-bpmn: read a BPMN process as the simple designer's chain of cards. */
export const simpleFromBpmnBody = z.object({ xml: z.string().min(1).max(5_000_000) });
export type SimpleFromBpmnBody = z.infer<typeof simpleFromBpmnBody>;
export const simpleFromBpmnAnswer = z.object({
  /** The chain, or null when the process is not made of the simple designer's shapes. */
  model: simpleProcess.nullable(),
  /** Why not, in a plain sentence (the user's language); null when `model` is given. */
  reason: z.string().nullable(),
  /** The element the reason is about. */
  elementId: z.string().nullable(),
});
export type SimpleFromBpmnAnswer = z.infer<typeof simpleFromBpmnAnswer>;

/** POST /workflow-scheme-info/simple/simulate: the path a launch with these values would take, and its approvers. */
export const simpleSimulateBody = z.object({
  model: simpleProcess,
  /** Sample form values by __vModel__. */
  formValues: z.record(z.string(), z.unknown()).default({}),
  /** The initiator to simulate (default: the caller). */
  starterId: z.string().max(64).optional(),
});
export type SimpleSimulateBody = z.infer<typeof simpleSimulateBody>;

export const simulationStep = z.object({
  /** The card (approver, cc), the branch taken (condition / parallel branch id), or 'start' / 'end'. */
  nodeId: z.string(),
  kind: z.enum(['start', 'approver', 'cc', 'branch', 'end']),
  name: z.string(),
  /** Approvers (approver) or readers (cc) it would reach, in order. */
  users: z.array(z.object({ F_UserId: z.string(), F_RealName: z.string() })),
  /** What happens there in words: "无人审批，自动跳过", "由发起人在发起时选择", "条件：金额 大于 5000"… */
  note: z.string(),
  /** Nesting: 0 on the main chain, +1 inside each branch. */
  depth: z.number().int(),
});
export type SimulationStep = z.infer<typeof simulationStep>;
export const simpleSimulateAnswer = z.object({
  steps: z.array(simulationStep),
  /** Every card and branch id on the path (the designer highlights them). */
  visited: z.array(z.string()),
  /** The launch would be refused (a card resolves to nobody with "refuse"): the message; null when it goes through. */
  refusal: z.string().nullable(),
});
export type SimpleSimulateAnswer = z.infer<typeof simpleSimulateAnswer>;
