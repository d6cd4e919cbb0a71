import { z } from 'zod';
import { forwarder, processConfig, userTaskConfig } from '../workflow.js';
import { conditionsExpression } from './compile.js';
import { conditionClause, simpleDeadline } from './model.js';
import type { ApproverMode, NotSimpleReason, SimpleConditionBranch, SimpleDeadline, SimpleNode, SimpleProcess } from './model.js';

/**
 * Reads a parsed BPMN process (the engine's graph) as the simple designer's chain of cards, or says in one reason
 * why it is not one (docs/workflow-simple.md "Reading BPMN back"). Any drawing of these shapes reads, whoever drew
 * it: a start, cards (user tasks, carbon-copy script tasks) one after another, exclusive or parallel splits whose
 * branches all meet again at one join of the same kind, and one end.
 */

/** The part of the engine's graph (server engine/types.ts WfGraph) this reads. */
export interface GraphView {
  processId: string;
  name: string;
  config: Record<string, unknown>;
  startNodeId: string;
  nodes: Record<string, GraphNodeView>;
  flows: Record<string, GraphFlowView>;
}
export interface GraphNodeView {
  id: string;
  type: string;
  bpmnType: string;
  name: string;
  incoming: string[];
  outgoing: string[];
  config: Record<string, unknown>;
  defaultFlow?: string | undefined;
  multiInstance?:
    { sequential: boolean; cardinality?: string | undefined; collection?: string | undefined; completionCondition?: string | undefined } | undefined;
  scope?: string | undefined;
  attachedTo?: string | undefined;
  timer?: { duration?: string | undefined; date?: string | undefined; cycle?: string | undefined } | undefined;
  boundaries: string[];
}
export interface GraphFlowView {
  id: string;
  name: string;
  source: string;
  target: string;
  condition?: string | undefined;
  config?: Record<string, unknown> | undefined;
}

/** Groups nested deeper than this are not read (a hostile file could otherwise exhaust the stack). */
export const MAX_GROUP_DEPTH = 50;

export type DecompileResult = { model: SimpleProcess; reason?: undefined } | { model?: undefined; reason: NotSimpleReason };

class NotSimple extends Error {
  constructor(readonly reason: NotSimpleReason) {
    super(reason.key);
  }
}

const fail = (key: string, node: GraphNodeView | GraphFlowView): never => {
  throw new NotSimple({ key: `workflowScheme.${key}`, elementId: node.id, params: { node: node.name || node.id } });
};

const GATEWAYS: Record<string, 'condition' | 'parallel'> = { exclusiveGateway: 'condition', parallelGateway: 'parallel' };
const circulateOnly = z.object({ actions: z.tuple([z.object({ type: z.literal('circulate'), objects: z.array(forwarder) })]) });
const flowConditions = z.object({ conditions: z.array(z.array(conditionClause)) });

/** "PT8H", "PT30M", with "R3/" before it for repeated reminders, as a deadline; undefined when it is something else. */
function readDeadline(timer: GraphNodeView['timer'], action: unknown): SimpleDeadline | undefined {
  const text = timer?.duration ?? timer?.cycle;
  if (!timer || !text || timer.date || (timer.duration && timer.cycle)) return undefined;
  const m = /^(?:R(\d+)\/)?PT(\d+(?:\.\d+)?)([HM])$/.exec(text);
  if (!m || (m[1] !== undefined) !== (timer.cycle !== undefined)) return undefined;
  const hours = m[3] === 'H' ? Number(m[2]) : Number(m[2]) / 60;
  const parsed = simpleDeadline.safeParse({ hours, action: (action as { action?: unknown } | undefined)?.action ?? 'remind', repeat: m[1] ? Number(m[1]) : 1 });
  return parsed.success && (parsed.data.repeat === 1 || parsed.data.action === 'remind') ? parsed.data : undefined;
}

class Reader {
  readonly seen = new Set<string>();
  private depth = 0;
  constructor(readonly graph: GraphView) {}

  node(id: string): GraphNodeView {
    return this.graph.nodes[id]!;
  }
  flow(id: string): GraphFlowView {
    return this.graph.flows[id]!;
  }

  visit(node: GraphNodeView): void {
    if (this.seen.has(node.id)) fail('simpleMerge', node);
    this.seen.add(node.id);
  }

  /** Cards from the target of `flowId` until a join or the end; answers them and where the chain arrived. */
  chain(flowId: string): { nodes: SimpleNode[]; arrived: GraphNodeView } {
    const nodes: SimpleNode[] = [];
    let node = this.node(this.flow(flowId).target);
    for (;;) {
      if (node.type === 'endEvent') return { nodes, arrived: node };
      const group = GATEWAYS[node.type];
      if (group && node.incoming.length > 1) return { nodes, arrived: node };
      this.visit(node);
      if (node.incoming.length !== 1) fail('simpleMerge', node);
      if (group) {
        const { card, join } = this.group(node, group);
        nodes.push(card);
        node = join.type === 'endEvent' ? join : this.node(this.flow(join.outgoing[0]!).target);
        continue;
      }
      const card = this.card(node);
      if (node.outgoing.length !== 1) fail('simpleSplit', node);
      nodes.push(card);
      node = this.node(this.flow(node.outgoing[0]!).target);
    }
  }

  /** A split, its branches and where they meet: their join, or the end event they all end at. */
  group(split: GraphNodeView, type: 'condition' | 'parallel'): { card: SimpleNode; join: GraphNodeView } {
    if (this.depth >= MAX_GROUP_DEPTH) fail('simpleTooDeep', split);
    this.depth++;
    try {
      return this.readGroup(split, type);
    } finally {
      this.depth--;
    }
  }

  private readGroup(split: GraphNodeView, type: 'condition' | 'parallel'): { card: SimpleNode; join: GraphNodeView } {
    if (split.outgoing.length < 2) fail('simpleElement', split);
    let join: GraphNodeView | undefined;
    const branches: (SimpleConditionBranch & { flow: GraphFlowView })[] = [];
    for (const flowId of split.outgoing) {
      const flow = this.flow(flowId);
      const { nodes, arrived } = this.chain(flowId);
      if (arrived.type !== split.type && arrived.type !== 'endEvent') fail('simpleMerge', arrived);
      if (join && join.id !== arrived.id) fail(join.type === 'endEvent' || arrived.type === 'endEvent' ? 'simpleEnd' : 'simpleMerge', arrived);
      join = arrived;
      branches.push({ flow, id: flow.id, name: flow.name, conditions: [], otherwise: flow.id === split.defaultFlow, nodes });
    }
    // Branches that all end at the one end event meet there (drawn so in many files): the group is the chain's last.
    if (join?.type !== 'endEvent') {
      if (!join || join.incoming.length !== split.outgoing.length || join.outgoing.length !== 1) return fail('simpleMerge', join ?? split);
      this.visit(join);
    }
    if (type === 'parallel') {
      return { card: { type, id: split.id, name: split.name, branches: branches.map(({ id, name, nodes }) => ({ id, name, nodes })) }, join };
    }
    const ordered = [...branches.filter((b) => !b.otherwise), ...branches.filter((b) => b.otherwise)];
    return {
      card: { type, id: split.id, name: split.name, branches: ordered.map((b) => this.branchCondition(b)) },
      join,
    };
  }

  /** Structured conditions when the flow carries them and they still say what its expression says; else the expression. */
  branchCondition({ flow, ...branch }: SimpleConditionBranch & { flow: GraphFlowView }): SimpleConditionBranch {
    if (branch.otherwise) return branch;
    const structured = flowConditions.safeParse(flow.config ?? {});
    if (structured.success && conditionsExpression(structured.data.conditions) === (flow.condition ?? '')) {
      return { ...branch, conditions: structured.data.conditions };
    }
    return flow.condition ? { ...branch, expression: flow.condition } : branch;
  }

  card(node: GraphNodeView): SimpleNode {
    if (node.scope) fail('simpleElement', node);
    if (node.type === 'userTask') return this.approver(node);
    if (node.type === 'scriptTask') {
      const cc = circulateOnly.safeParse(node.config);
      if (!cc.success || node.boundaries.length > 0) return fail('simpleScript', node);
      return { type: 'cc', id: node.id, name: node.name, recipients: cc.data.actions[0].objects };
    }
    return fail('simpleElement', node);
  }

  approver(node: GraphNodeView): SimpleNode {
    const config = userTaskConfig.safeParse(node.config);
    if (!config.success) return fail('simpleConfig', node);
    const mi = node.multiInstance;
    if (mi && (mi.cardinality || mi.collection || mi.completionCondition)) fail('simpleLoop', node);
    const completion = config.data.completion;
    const mode: ApproverMode = !mi ? 'any' : mi.sequential ? 'sequential' : completion === 'percentage' ? 'percentage' : completion === 'any' ? 'any' : 'all';
    if (node.boundaries.length > 1) fail('simpleTimer', node);
    let deadline: SimpleDeadline | undefined;
    for (const id of node.boundaries) {
      const boundary = this.node(id);
      deadline = boundary.outgoing.length === 0 ? readDeadline(boundary.timer, boundary.config) : undefined;
      if (!deadline) fail('simpleTimer', boundary);
      this.seen.add(id);
    }
    return {
      type: 'approver',
      id: node.id,
      name: node.name,
      mode,
      config: { ...config.data, completion: mode === 'percentage' ? 'percentage' : 'all' },
      ...(deadline ? { deadline } : {}),
    };
  }
}

/** The chain of cards a BPMN process draws, or why it is not one. */
export function decompileSimple(graph: GraphView): DecompileResult {
  const reader = new Reader(graph);
  try {
    const start = reader.node(graph.startNodeId);
    reader.visit(start);
    if (start.outgoing.length !== 1) fail('simpleSplit', start);
    const { nodes, arrived } = reader.chain(start.outgoing[0]!);
    if (arrived.type !== 'endEvent') fail('simpleMerge', arrived);
    reader.visit(arrived);
    const left = Object.values(graph.nodes).find((n) => !reader.seen.has(n.id));
    if (left) fail(left.type === 'endEvent' ? 'simpleEnd' : 'simpleLeftOver', left);
    const config = processConfig.safeParse(graph.config);
    return {
      model: {
        id: graph.processId,
        name: graph.name,
        startName: start.name,
        endName: arrived.name,
        config: config.success ? config.data : processConfig.parse({}),
        nodes,
      },
    };
  } catch (e) {
    if (e instanceof NotSimple) return { reason: e.reason };
    throw e;
  }
}
