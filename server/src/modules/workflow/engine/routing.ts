import { AppError } from '../../../core/errors.js';
import type { WfFlow, WfGraph, WfNode } from './types.js';

/**
 * Pure routing over a WfGraph (docs/workflow-design.md "Definitions"): which flows a token takes, when a join fires,
 * when a countersign is decided, where a reject may go and which user tasks lie ahead. No database here: the
 * executor feeds in the graph, the variables and the tokens it holds.
 */

/** Evaluates a condition expression in a scope (engine/expression.ts `evaluate`, injected to keep this pure). */
export type Evaluate = (expression: string, scope: Record<string, unknown>) => unknown;

export function nodeOf(graph: WfGraph, nodeId: string): WfNode {
  const node = graph.nodes[nodeId];
  if (!node) throw new AppError('workflow.nodeNotFound', { node: nodeId }, 400);
  return node;
}

const flowsOf = (graph: WfGraph, ids: string[]): WfFlow[] => ids.map((id) => graph.flows[id]).filter((f): f is WfFlow => f !== undefined);

/** A flow's condition holds (an unconditional flow always does). */
function holds(flow: WfFlow, scope: Record<string, unknown>, evaluate: Evaluate): boolean {
  return flow.condition === undefined || flow.condition.trim() === '' || Boolean(evaluate(flow.condition, scope));
}

/**
 * The flows a token leaving `node` takes.
 * - exclusive gateway: the first true non-default flow in document order, else the default, else `workflow.noRoute`;
 * - parallel gateway: every outgoing flow, conditions ignored (BPMN);
 * - inclusive gateway and any other node with several outgoing flows: every true non-default flow, else the default,
 *   else `workflow.noRoute` (an activity whose outgoing flows are all conditional behaves like an inclusive split).
 */
export function outgoingFlows(graph: WfGraph, node: WfNode, scope: Record<string, unknown>, evaluate: Evaluate): WfFlow[] {
  const flows = flowsOf(graph, node.outgoing);
  if (flows.length === 0) return [];
  if (node.type === 'parallelGateway') return flows;
  const candidates = flows.filter((f) => f.id !== node.defaultFlow);
  const fallback = flows.find((f) => f.id === node.defaultFlow);
  const taken =
    node.type === 'exclusiveGateway' ? candidates.filter((f) => holds(f, scope, evaluate)).slice(0, 1) : candidates.filter((f) => holds(f, scope, evaluate));
  if (taken.length) return taken;
  if (fallback) return [fallback];
  throw new AppError('workflow.noRoute', { node: node.name || node.id }, 400);
}

/** A gateway with more than one incoming flow is a join. */
export const isJoin = (node: WfNode): boolean => (node.type === 'parallelGateway' || node.type === 'inclusiveGateway') && node.incoming.length > 1;

/** A parallel join fires when a token has arrived by every incoming flow; answers the flows still missing. */
export function parallelJoinMissing(node: WfNode, arrivedBy: string[]): string[] {
  const arrived = new Set(arrivedBy);
  return node.incoming.filter((f) => !arrived.has(f));
}

/** Every node reachable from `from` (itself included) following sequence flows; boundary events of activities too. */
export function reachableFrom(graph: WfGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const node = graph.nodes[id];
    if (!node) continue;
    for (const f of flowsOf(graph, node.outgoing)) stack.push(f.target);
    for (const b of node.boundaries) stack.push(b);
  }
  return seen;
}

/**
 * An inclusive join fires when no token elsewhere can still reach it. `elsewhere` are the nodes of every other live
 * token of the instance (tasks, waiting joins, call activities), the join's own waiting tokens excluded.
 */
export function inclusiveJoinReady(graph: WfGraph, join: WfNode, elsewhere: string[]): boolean {
  return elsewhere.every((nodeId) => nodeId === join.id || !reachableFrom(graph, nodeId).has(join.id));
}

export type MiCompletion = 'all' | 'any' | 'percentage';
export interface MiCounts {
  completion: MiCompletion;
  /** 1–100, for 'percentage'. */
  percentage: number;
  /** Assignees of the node. */
  total: number;
  agreed: number;
  rejected: number;
  /** Tasks done (agreed + rejected + other buttons). */
  finished: number;
}

/**
 * Countersign decision after each vote:
 * - all: complete when everybody voted and nobody rejected; reject as soon as one rejects;
 * - any: complete on the first agreement; reject when everybody voted and nobody agreed;
 * - percentage: complete as soon as agreements reach the share; reject as soon as the share can no longer be reached.
 */
export function miDecision(c: MiCounts): 'continue' | 'complete' | 'reject' {
  const remaining = c.total - c.finished;
  switch (c.completion) {
    case 'all':
      if (c.rejected > 0) return 'reject';
      return c.finished >= c.total ? 'complete' : 'continue';
    case 'any':
      if (c.agreed > 0) return 'complete';
      return remaining <= 0 ? 'reject' : 'continue';
    case 'percentage': {
      const needed = Math.ceil((c.total * c.percentage) / 100);
      if (c.agreed >= needed) return 'complete';
      return c.agreed + remaining < needed ? 'reject' : 'continue';
    }
  }
}

/**
 * A multi-instance sub-process after one of its instances completed, by the countersign's rules: all (every
 * instance), any (the first one) or a percentage of them; a BPMN completionCondition that holds completes it early.
 */
export function miScopeDecision(c: {
  completion: MiCompletion;
  percentage: number;
  total: number;
  completed: number;
  conditionHolds: boolean;
}): 'continue' | 'complete' {
  if (c.conditionHolds || c.completed >= c.total) return 'complete';
  switch (c.completion) {
    case 'all':
      return 'continue';
    case 'any':
      return c.completed >= 1 ? 'complete' : 'continue';
    case 'percentage':
      return c.completed >= Math.ceil((c.total * c.percentage) / 100) ? 'complete' : 'continue';
  }
}

/**
 * Where a reject from `node` may return: the configured targets, or (none configured) every user task already
 * passed in this instance plus the start. `passed` are node ids in the order they were completed.
 */
export function rejectTargets(graph: WfGraph, node: WfNode, configured: string[], passed: string[]): WfNode[] {
  const ids = configured.length ? configured : [graph.startNodeId, ...passed.filter((id) => graph.nodes[id]?.type === 'userTask' && id !== node.id)];
  return [...new Set(ids)].map((id) => graph.nodes[id]).filter((n): n is WfNode => n !== undefined);
}

/**
 * The user tasks a token leaving `node` reaches next, through gateways, script tasks and pass-through nodes (not
 * beyond a user task, a call activity or an end). Conditions are evaluated where they can be; a flow whose
 * condition fails to evaluate counts as possibly taken (the screen shows "maybe" rather than nothing).
 */
export function nextUserTasks(graph: WfGraph, node: WfNode, scope: Record<string, unknown>, evaluate: Evaluate): WfNode[] {
  const found = new Map<string, WfNode>();
  const seen = new Set<string>();
  const visit = (from: WfNode) => {
    let flows: WfFlow[];
    try {
      flows = outgoingFlows(graph, from, scope, evaluate);
    } catch {
      flows = flowsOf(graph, from.outgoing);
    }
    for (const f of flows) {
      const target = graph.nodes[f.target];
      if (!target || seen.has(target.id)) continue;
      seen.add(target.id);
      if (target.type === 'userTask') found.set(target.id, target);
      else if (target.type === 'subProcess') for (const id of target.startNodes ?? []) enterNode(id);
      else if (target.type === 'endEvent' && target.scope) {
        // The end of a sub-process leads on along the sub-process's own flows.
        const scope = graph.nodes[target.scope];
        if (scope && !seen.has(`${scope.id}#out`)) {
          seen.add(`${scope.id}#out`);
          visit(scope);
        }
      } else if (target.type !== 'endEvent' && target.type !== 'callActivity' && target.type !== 'timerEvent') visit(target);
    }
  };
  const enterNode = (id: string) => {
    const inner = graph.nodes[id];
    if (!inner || seen.has(id)) return;
    seen.add(id);
    if (inner.type === 'userTask') found.set(id, inner);
    else visit(inner);
  };
  visit(node);
  return [...found.values()];
}
