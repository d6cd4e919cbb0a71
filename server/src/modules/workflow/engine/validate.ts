import { callActivityConfig, processConfig, scriptTaskConfig, subProcessConfig, timerConfig, userTaskConfig, type CandidateRule } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../core/errors.js';
import { parseDefinition } from './definition.js';
import { compileExpression } from './expression.js';
import { FORM_VARIABLE, STARTER_CHOICE_VARIABLE, STARTER_VARIABLE } from './node-types/runtime.js';
import { parseIsoDuration, parseTimerCycle, parseTimerDate } from './timers.js';
import type { DefinitionIssue, WfGraph, WfNode } from './types.js';

/**
 * Validation on save (docs/workflow-design.md "Validation on save"). Every problem is listed, each with the
 * element it concerns, so the designer can mark them all at once; a scheme version saves only without issues.
 */

const label = (n: WfNode) => n.name || n.id;
const zodDetail = (e: z.ZodError) =>
  e.issues
    .map((i) => `${i.path.join('.') || '-'}: ${i.message}`)
    .join('; ')
    .slice(0, 300);
const expressionDetail = (e: unknown) => (e instanceof AppError ? String(e.params.detail ?? e.key) : String(e));

/**
 * Whether a candidate rule names anybody: user / post / role / department rules need ids, a form-field rule its
 * field (the designer's "add approver" starts with an empty user rule). The starter, leader and starter's-choice
 * rules always do (the starter chooses at launch).
 */
export function ruleNamesSomeone(rule: CandidateRule): boolean {
  if (['user', 'post', 'role', 'department', 'departmentHead'].includes(rule.type)) return rule.ids.length > 0;
  if (rule.type === 'formField') return !!rule.field;
  return true;
}

/**
 * The issues of user tasks without an approver: no candidate rule, or only rules that name nobody. There is no
 * default (the starter approving their own request was one); save, enable and version change refuse them.
 */
export function approverIssues(graph: WfGraph): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  for (const n of Object.values(graph.nodes)) {
    if (n.type !== 'userTask') continue;
    const parsed = userTaskConfig.safeParse(n.config);
    if (parsed.success && !parsed.data.candidates.some(ruleNamesSomeone))
      issues.push({ elementId: n.id, key: 'workflowScheme.invalidNoCandidate', params: { node: label(n) } });
  }
  return issues;
}

/** Variables the engine keeps in an instance for itself (node-types/runtime.ts). */
const RESERVED_VARIABLES = new Set([FORM_VARIABLE, STARTER_CHOICE_VARIABLE, STARTER_VARIABLE]);

/** Whether a script's raw config has a circulate action without objects (the schema refuses it). */
function circulatesToNobody(config: Record<string, unknown>): boolean {
  const actions = Array.isArray(config.actions) ? (config.actions as { type?: unknown; objects?: unknown }[]) : [];
  return actions.some((a) => a?.type === 'circulate' && (!Array.isArray(a.objects) || a.objects.length === 0));
}

export interface ValidateOptions {
  /** Codes of the schemes a call activity may call; when given, an unknown code is an issue. */
  knownSchemeCodes?: string[];
}

/** Nodes where a token waits for a person, a child process or a time: a loop through one of them cannot spin. */
function waits(graph: WfGraph, node: WfNode): boolean {
  if (node.type === 'userTask' || node.type === 'callActivity' || node.type === 'timerEvent') return true;
  if (node.type !== 'subProcess') return false;
  return Object.values(graph.nodes).some((n) => n.scope === node.id && waits(graph, n));
}

/**
 * Cycles made only of nodes that never wait (gateways, script tasks, pass-through nodes): a condition that does not
 * change makes such a loop spin until the step budget stops the action. Tarjan's strongly connected components.
 */
export function loopsWithoutWait(graph: WfGraph): WfNode[][] {
  const nodes = Object.values(graph.nodes).filter((n) => !waits(graph, n));
  const inSet = new Set(nodes.map((n) => n.id));
  const next = (n: WfNode) => n.outgoing.map((f) => graph.flows[f]?.target).filter((t): t is string => t !== undefined && inSet.has(t));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: WfNode[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root.id)) continue;
    // Iterative depth-first search: a designer's graph may be deep, and recursion would be bounded by the stack.
    const work: { id: string; children: string[]; i: number }[] = [];
    const open = (id: string) => {
      index.set(id, counter);
      low.set(id, counter);
      counter += 1;
      stack.push(id);
      onStack.add(id);
      work.push({ id, children: next(graph.nodes[id]!), i: 0 });
    };
    open(root.id);
    while (work.length) {
      const frame = work[work.length - 1]!;
      if (frame.i < frame.children.length) {
        const child = frame.children[frame.i++]!;
        if (!index.has(child)) open(child);
        else if (onStack.has(child)) low.set(frame.id, Math.min(low.get(frame.id)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
      if (low.get(frame.id) !== index.get(frame.id)) continue;
      const component: string[] = [];
      let id: string;
      do {
        id = stack.pop()!;
        onStack.delete(id);
        component.push(id);
      } while (id !== frame.id);
      const selfLoop = component.length === 1 && next(graph.nodes[component[0]!]!).includes(component[0]!);
      if (component.length > 1 || selfLoop) found.push(component.reverse().map((c) => graph.nodes[c]!));
    }
  }
  return found;
}

/** A timer definition the engine can schedule: a duration, a date, or a cycle of a duration. */
function timerReadable(timer: WfNode['timer']): boolean {
  if (!timer) return false;
  if (timer.duration !== undefined) return parseIsoDuration(timer.duration) !== null;
  if (timer.date !== undefined) return parseTimerDate(timer.date) !== null;
  if (timer.cycle !== undefined) return parseTimerCycle(timer.cycle) !== null;
  return false;
}

export function validateGraph(graph: WfGraph, options: ValidateOptions = {}, parseIssues: DefinitionIssue[] = []): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const nodes = Object.values(graph.nodes);
  const issue = (elementId: string | null, key: string, params?: Record<string, string | number>) => {
    issues.push(params ? { elementId, key, params } : { elementId, key });
  };
  const compiles = (elementId: string, node: WfNode, text: string) => {
    try {
      compileExpression(text);
    } catch (e) {
      issue(elementId, 'workflowScheme.invalidNodeConfig', { node: label(node), detail: expressionDetail(e) });
    }
  };

  // Exactly one start event in the process itself (a sub-process's own start events are its business).
  const starts = nodes.filter((n) => n.type === 'startEvent' && !n.scope);
  if (starts.length !== 1) issue(starts[1]?.id ?? null, 'workflowScheme.invalidStartCount', { count: starts.length });

  // Reachability from the start: along flows, from an activity to its boundary events, into a sub-process's starts.
  const follow = (n: WfNode) => [...n.outgoing.map((f) => graph.flows[f]?.target), ...n.boundaries, ...(n.startNodes ?? [])];
  const reachFrom = (roots: string[]): Set<string> => {
    const seen = new Set<string>(roots.filter((id) => graph.nodes[id]));
    const queue = [...seen];
    while (queue.length) {
      const n = graph.nodes[queue.shift()!]!;
      for (const id of follow(n)) {
        if (id && graph.nodes[id] && !seen.has(id)) {
          seen.add(id);
          queue.push(id);
        }
      }
    }
    return seen;
  };
  const start = graph.nodes[graph.startNodeId];
  if (start) {
    const reached = reachFrom([start.id]);
    const ends = nodes.some((n) => !n.scope && reached.has(n.id) && (n.type === 'endEvent' || (n.outgoing.length === 0 && n.type !== 'boundaryEvent')));
    if (!ends) issue(null, 'workflowScheme.invalidNoEnd');
    // One root cause, one message: what lies behind an element refused already (or behind a flow from one) is not
    // reported again as unreachable, nor is the content of an unreachable sub-process.
    const refusedRoots = parseIssues.filter((i) => i.severity !== 'warning' && i.elementId).map((i) => i.elementId!);
    const danglingTargets = Object.values(graph.flows)
      .filter((f) => !graph.nodes[f.source])
      .map((f) => f.target);
    const explained = reachFrom([...refusedRoots, ...danglingTargets]);
    for (const n of nodes) {
      if (reached.has(n.id) || explained.has(n.id)) continue;
      if (n.scope && !reached.has(n.scope)) continue;
      issue(n.id, 'workflowScheme.invalidUnreachable', { node: label(n) });
    }
  }

  const processParsed = processConfig.safeParse(graph.config);
  if (!processParsed.success)
    issue(graph.processId || null, 'workflowScheme.invalidNodeConfig', { node: graph.name || graph.processId, detail: zodDetail(processParsed.error) });

  for (const n of nodes) {
    switch (n.type) {
      case 'userTask': {
        const parsed = userTaskConfig.safeParse(n.config);
        if (!parsed.success) issue(n.id, 'workflowScheme.invalidNodeConfig', { node: label(n), detail: zodDetail(parsed.error) });
        else {
          if (!parsed.data.candidates.some(ruleNamesSomeone)) issue(n.id, 'workflowScheme.invalidNoCandidate', { node: label(n) });
          if (parsed.data.candidates.some((r) => r.type === 'departmentHead' && r.ids.length === 0))
            issue(n.id, 'workflowScheme.invalidDepartmentHead', { node: label(n) });
          if (parsed.data.whenNoCandidate === 'admin' && parsed.data.fallbackUsers.length === 0)
            issue(n.id, 'workflowScheme.invalidFallbackUsers', { node: label(n) });
        }
        break;
      }
      case 'scriptTask': {
        const parsed = scriptTaskConfig.safeParse(n.config);
        if (!parsed.success) {
          // A carbon copy without readers gets a message of its own rather than the schema's detail.
          if (circulatesToNobody(n.config)) issue(n.id, 'workflowScheme.invalidCirculateObjects', { node: label(n) });
          else issue(n.id, 'workflowScheme.invalidNodeConfig', { node: label(n), detail: zodDetail(parsed.error) });
          break;
        }
        // The engine's own variables (form snapshot, the starter's choice) are not a script's to overwrite.
        for (const action of parsed.data.actions) {
          const target = action.type === 'set' ? action.variable : action.type === 'interface' ? action.resultVariable : undefined;
          if (target && RESERVED_VARIABLES.has(target)) issue(n.id, 'workflowScheme.invalidReservedVariable', { node: label(n), variable: target });
        }
        // Script expressions must parse too, or the instance would fail when it gets there.
        for (const action of parsed.data.actions) {
          if (action.type !== 'circulate')
            for (const text of action.type === 'set' ? [action.expression] : Object.values(action.params)) compiles(n.id, n, text);
        }
        break;
      }
      case 'callActivity': {
        if (!n.calledElement) issue(n.id, 'workflowScheme.invalidCallActivity', { node: label(n) });
        else if (options.knownSchemeCodes && !options.knownSchemeCodes.includes(n.calledElement)) {
          issue(n.id, 'workflowScheme.invalidCalledScheme', { node: label(n), code: n.calledElement });
        }
        const parsed = callActivityConfig.safeParse(n.config);
        if (!parsed.success) issue(n.id, 'workflowScheme.invalidNodeConfig', { node: label(n), detail: zodDetail(parsed.error) });
        break;
      }
      case 'subProcess': {
        const parsed = subProcessConfig.safeParse(n.config);
        if (!parsed.success) issue(n.id, 'workflowScheme.invalidNodeConfig', { node: label(n), detail: zodDetail(parsed.error) });
        const mi = n.multiInstance;
        for (const text of [mi?.cardinality, mi?.collection, mi?.completionCondition]) if (text !== undefined) compiles(n.id, n, text);
        break;
      }
      case 'boundaryEvent':
      case 'timerEvent': {
        // Boundary events of other kinds were refused on reading (they have no timer and no host).
        if (n.type === 'boundaryEvent' && !n.timer) break;
        if (!timerReadable(n.timer)) issue(n.id, 'workflowScheme.invalidTimer', { node: label(n) });
        const parsed = timerConfig.safeParse(n.config);
        if (!parsed.success) issue(n.id, 'workflowScheme.invalidNodeConfig', { node: label(n), detail: zodDetail(parsed.error) });
        break;
      }
      case 'exclusiveGateway':
      case 'inclusiveGateway': {
        // Several ways out: each must be chosen by a condition, or be the default.
        if (n.outgoing.length > 1 && n.outgoing.some((f) => f !== n.defaultFlow && graph.flows[f]?.condition === undefined)) {
          issue(n.id, 'workflowScheme.invalidGatewayRoute', { node: label(n) });
        }
        break;
      }
      default:
        break;
    }
  }

  for (const f of Object.values(graph.flows)) {
    if (f.condition === undefined) continue;
    try {
      compileExpression(f.condition);
    } catch (e) {
      issue(f.id, 'workflowScheme.invalidCondition', { flow: f.name || f.id, detail: expressionDetail(e) });
    }
  }

  for (const loop of loopsWithoutWait(graph)) {
    issues.push({ elementId: loop[0]!.id, key: 'workflowScheme.loopWithoutWait', params: { nodes: loop.map(label).join(' → ') }, severity: 'warning' });
  }
  return issues;
}

/** Parse and validate in one go (what saving a scheme version needs): the graph is null when unusable. */
export async function validateDefinition(xml: string, options: ValidateOptions = {}): Promise<{ graph: WfGraph | null; issues: DefinitionIssue[] }> {
  const { graph, issues } = await parseDefinition(xml);
  if (!graph) return { graph, issues };
  return { graph, issues: [...issues, ...validateGraph(graph, options, issues)] };
}
