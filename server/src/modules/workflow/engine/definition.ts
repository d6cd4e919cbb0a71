import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import { z } from 'zod';
import type { DefinitionIssue, WfFlow, WfGraph, WfNode, WfNodeType } from './types.js';
import { wfModdleDescriptor } from './wf-moddle.js';

/**
 * BPMN 2.0 XML → WfGraph (docs/workflow-design.md "Definitions"). Parsing never throws: whatever is wrong
 * with the document becomes a DefinitionIssue so the designer can show every problem at once. Structural
 * rules (reachability, candidates, conditions…) are validate.ts's business, not this file's.
 */

const NODE_TYPES: Record<string, WfNodeType> = {
  'bpmn:StartEvent': 'startEvent',
  'bpmn:EndEvent': 'endEvent',
  'bpmn:UserTask': 'userTask',
  'bpmn:ScriptTask': 'scriptTask',
  'bpmn:ExclusiveGateway': 'exclusiveGateway',
  'bpmn:ParallelGateway': 'parallelGateway',
  'bpmn:InclusiveGateway': 'inclusiveGateway',
  'bpmn:CallActivity': 'callActivity',
  'bpmn:BoundaryEvent': 'boundaryEvent',
};

/** One moddle instance is enough: it holds the meta-model only, no document state. */
let moddle: BpmnModdle | undefined;
/** The shared BpmnModdle with our `wf` package registered (svg.ts reads the DI with it too). */
export function getModdle(): BpmnModdle {
  moddle ??= new BpmnModdle({ wf: wfModdleDescriptor });
  return moddle;
}

/** Reads a property of a moddle element without trusting its shape (the XML is user input). */
function prop<T = unknown>(el: ModdleElement | undefined, name: string): T | undefined {
  return el ? (el[name] as T | undefined) : undefined;
}
function list(el: ModdleElement | undefined, name: string): ModdleElement[] {
  const v = prop<unknown>(el, name);
  return Array.isArray(v) ? (v as ModdleElement[]) : [];
}
function idOf(v: unknown): string | undefined {
  return v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : undefined;
}

/** `${ days > 3 }` → `days > 3` (Camunda style is accepted); empty text means no condition. */
export function stripExpression(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let t = text.trim();
  const m = /^[$#]\{([\s\S]*)\}$/.exec(t);
  if (m) t = m[1]!.trim();
  return t === '' ? undefined : t;
}

/** The `<wf:config>` JSON of an element; {} when absent, null (plus an issue) when it is not a JSON object. */
function readConfig(el: ModdleElement, issues: DefinitionIssue[]): Record<string, unknown> {
  const ext = prop<ModdleElement>(el, 'extensionElements');
  const cfg = list(ext, 'values').find((v) => v.$type === 'wf:Config');
  const body = prop<string>(cfg, 'body');
  if (body === undefined || body.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  issues.push({ elementId: el.id ?? null, key: 'workflowScheme.invalidConfigJson', params: { element: el.id ?? '' } });
  return {};
}

function formalBody(v: unknown): string | undefined {
  const body = (v as { body?: unknown } | undefined)?.body;
  return typeof body === 'string' ? body.trim() : undefined;
}

/** The raw (not yet flattened) content of one process or sub-process. */
interface Scope {
  nodes: WfNode[];
  flows: WfFlow[];
  subProcesses: ModdleElement[];
}

function readNode(el: ModdleElement, issues: DefinitionIssue[]): WfNode {
  const type = NODE_TYPES[el.$type] ?? 'passThrough';
  const node: WfNode = {
    id: el.id ?? '',
    type,
    bpmnType: el.$type,
    name: prop<string>(el, 'name') ?? '',
    incoming: [],
    outgoing: [],
    config: readConfig(el, issues),
    boundaries: [],
  };
  const def = idOf(prop(el, 'default'));
  if (def) node.defaultFlow = def;
  const loop = prop<ModdleElement>(el, 'loopCharacteristics');
  if (loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics') node.multiInstance = { sequential: prop<boolean>(loop, 'isSequential') === true };
  const defs = list(el, 'eventDefinitions');
  if (type === 'endEvent' && defs.some((d) => d.$type === 'bpmn:TerminateEventDefinition')) node.terminate = true;
  if (type === 'boundaryEvent') {
    const host = idOf(prop(el, 'attachedToRef'));
    if (host) node.attachedTo = host;
    // BPMN's default is an interrupting boundary event.
    node.cancelActivity = prop<boolean>(el, 'cancelActivity') !== false;
    const timer = defs.find((d) => d.$type === 'bpmn:TimerEventDefinition');
    if (timer) {
      const duration = formalBody(prop(timer, 'timeDuration'));
      const date = formalBody(prop(timer, 'timeDate'));
      node.timer = {};
      if (duration) node.timer.duration = duration;
      if (date) node.timer.date = date;
    }
  }
  if (type === 'callActivity') {
    const called = prop<string>(el, 'calledElement');
    if (called && called.trim() !== '') node.calledElement = called.trim();
  }
  return node;
}

function readScope(container: ModdleElement, issues: DefinitionIssue[]): Scope {
  const scope: Scope = { nodes: [], flows: [], subProcesses: [] };
  for (const el of list(container, 'flowElements')) {
    if (el.$instanceOf('bpmn:SequenceFlow')) {
      const flow: WfFlow = {
        id: el.id ?? '',
        name: prop<string>(el, 'name') ?? '',
        source: idOf(prop(el, 'sourceRef')) ?? '',
        target: idOf(prop(el, 'targetRef')) ?? '',
      };
      const condition = stripExpression(formalBody(prop(el, 'conditionExpression')));
      if (condition !== undefined) flow.condition = condition;
      scope.flows.push(flow);
    } else if (el.$type === 'bpmn:SubProcess' || el.$type === 'bpmn:Transaction' || el.$type === 'bpmn:AdHocSubProcess') {
      if (prop<boolean>(el, 'triggeredByEvent') === true || el.$type !== 'bpmn:SubProcess') {
        issues.push({ elementId: el.id ?? null, key: 'workflowScheme.unsupportedElement', params: { element: el.id ?? '', type: el.$type } });
        continue;
      }
      scope.subProcesses.push(el);
    } else if (el.$instanceOf('bpmn:FlowNode')) {
      scope.nodes.push(readNode(el, issues));
    }
    // Data objects, annotations, associations… carry no behaviour.
  }
  return scope;
}

/** A flow id not used yet (flattening creates flows). */
function freshId(base: string, taken: Set<string>): string {
  let id = base;
  for (let i = 2; taken.has(id); i++) id = `${base}_${i}`;
  taken.add(id);
  return id;
}

/**
 * Lifts an embedded sub-process's content into its parent scope. Flows into the sub-process go to its inner
 * start's target (when the start simply leads on; otherwise the start stays as a pass-through node), and its
 * end events become pass-through nodes leading along the sub-process's outgoing flows. Element ids are unique
 * across the whole XML document, so lifted nodes keep theirs.
 */
function flattenInto(scope: Scope, sub: ModdleElement, taken: Set<string>, issues: DefinitionIssue[]): void {
  const subId = sub.id ?? '';
  const inner = readScope(sub, issues);
  for (const nested of inner.subProcesses) flattenInto(inner, nested, taken, issues);

  const starts = inner.nodes.filter((n) => n.type === 'startEvent');
  if (starts.length !== 1) {
    issues.push({ elementId: subId, key: 'workflowScheme.subProcessStart', params: { element: subId } });
    return;
  }
  const start = starts[0]!;
  const ends = inner.nodes.filter((n) => n.type === 'endEvent');
  const incoming = scope.flows.filter((f) => f.target === subId);
  const outgoing = scope.flows.filter((f) => f.source === subId);
  if (scope.nodes.some((n) => n.type === 'boundaryEvent' && n.attachedTo === subId)) {
    issues.push({ elementId: subId, key: 'workflowScheme.unsupportedElement', params: { element: subId, type: 'bpmn:BoundaryEvent' } });
  }

  // Entry: skip the inner start when it has a single unconditional flow, as the brief asks; else keep it.
  const startFlows = inner.flows.filter((f) => f.source === start.id);
  const sole = startFlows.length === 1 && startFlows[0]!.condition === undefined ? startFlows[0]! : undefined;
  if (sole) {
    inner.nodes = inner.nodes.filter((n) => n !== start);
    inner.flows = inner.flows.filter((f) => f !== sole);
    for (const f of incoming) f.target = sole.target;
  } else {
    start.type = 'passThrough';
    for (const f of incoming) f.target = start.id;
  }

  // Exit: the inner ends lead along the sub-process's outgoing flows (one end keeps the original flow ids).
  scope.flows = scope.flows.filter((f) => !outgoing.includes(f));
  for (const [i, end] of ends.entries()) {
    end.type = 'passThrough';
    delete end.terminate;
    for (const f of outgoing) {
      const id = i === 0 ? f.id : freshId(`${end.id}_${f.id}`, taken);
      inner.flows.push({ ...f, id, source: end.id });
      if (prop(sub, 'default') && idOf(prop(sub, 'default')) === f.id) end.defaultFlow = id;
    }
  }
  if (ends.length === 0) {
    issues.push({ elementId: subId, key: 'workflowScheme.subProcessEnd', params: { element: subId } });
  }

  scope.nodes = scope.nodes.filter((n) => n.id !== subId).concat(inner.nodes);
  scope.flows = scope.flows.concat(inner.flows);
}

/** Fills incoming/outgoing (document order) and the hosts' boundary lists from the flows and nodes. */
function link(nodes: WfNode[], flows: WfFlow[], issues: DefinitionIssue[]): void {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const f of flows) {
    const source = byId.get(f.source);
    const target = byId.get(f.target);
    if (!source || !target) {
      issues.push({ elementId: f.id, key: 'workflowScheme.invalidFlow', params: { element: f.id } });
      continue;
    }
    source.outgoing.push(f.id);
    target.incoming.push(f.id);
  }
  for (const n of nodes) {
    if (n.type !== 'boundaryEvent') continue;
    const host = n.attachedTo ? byId.get(n.attachedTo) : undefined;
    if (host) host.boundaries.push(n.id);
    else issues.push({ elementId: n.id, key: 'workflowScheme.invalidBoundary', params: { element: n.id } });
  }
  for (const n of nodes) {
    if (n.defaultFlow && !n.outgoing.includes(n.defaultFlow)) delete n.defaultFlow;
  }
}

export interface ParsedDefinition {
  graph: WfGraph | null;
  issues: DefinitionIssue[];
}

/** Parses a scheme version's XML. `graph` is null only when there is no usable process at all. */
export async function parseDefinition(xml: string): Promise<ParsedDefinition> {
  const issues: DefinitionIssue[] = [];
  let root: ModdleElement;
  try {
    const result = await getModdle().fromXML(xml, 'bpmn:Definitions');
    root = result.rootElement;
    // Unresolved references and unknown elements: reported, the rest of the document is still usable.
    for (const w of result.warnings) {
      issues.push({ elementId: w.element?.id ?? null, key: 'workflowScheme.xmlWarning', params: { detail: String(w.message).slice(0, 300) } });
    }
  } catch (err) {
    issues.push({ elementId: null, key: 'workflowScheme.invalidXml', params: { detail: (err instanceof Error ? err.message : String(err)).slice(0, 300) } });
    return { graph: null, issues };
  }
  if (!root || root.$type !== 'bpmn:Definitions') {
    issues.push({ elementId: null, key: 'workflowScheme.invalidXml', params: { detail: 'bpmn:Definitions expected' } });
    return { graph: null, issues };
  }

  const processes = list(root, 'rootElements').filter((e) => e.$type === 'bpmn:Process');
  const process = processes.find((p) => list(p, 'flowElements').some((e) => e.$type === 'bpmn:StartEvent')) ?? processes[0];
  if (!process) {
    issues.push({ elementId: null, key: 'workflowScheme.noProcess' });
    return { graph: null, issues };
  }

  const scope = readScope(process, issues);
  const taken = new Set<string>([...scope.nodes.map((n) => n.id), ...scope.flows.map((f) => f.id)]);
  const collectIds = (el: ModdleElement): void => {
    for (const child of list(el, 'flowElements')) {
      if (child.id) taken.add(child.id);
      collectIds(child);
    }
  };
  collectIds(process);
  for (const sub of scope.subProcesses) flattenInto(scope, sub, taken, issues);
  link(scope.nodes, scope.flows, issues);

  const graph: WfGraph = {
    processId: process.id ?? '',
    name: prop<string>(process, 'name') ?? prop<string>(root, 'name') ?? '',
    config: readConfig(process, issues),
    startNodeId: scope.nodes.find((n) => n.type === 'startEvent')?.id ?? '',
    nodes: Object.fromEntries(scope.nodes.map((n) => [n.id, n])),
    flows: Object.fromEntries(scope.flows.filter((f) => f.source && f.target).map((f) => [f.id, f])),
  };
  return { graph, issues };
}

// ---------- the stored copy ----------

const nodeSchema = z.object({
  id: z.string(),
  type: z.enum(['startEvent', 'endEvent', 'userTask', 'scriptTask', 'exclusiveGateway', 'parallelGateway', 'inclusiveGateway', 'callActivity', 'boundaryEvent', 'passThrough']),
  bpmnType: z.string(),
  name: z.string(),
  incoming: z.array(z.string()),
  outgoing: z.array(z.string()),
  config: z.record(z.string(), z.unknown()),
  defaultFlow: z.string().optional(),
  multiInstance: z.object({ sequential: z.boolean() }).optional(),
  attachedTo: z.string().optional(),
  timer: z.object({ duration: z.string().optional(), date: z.string().optional() }).optional(),
  cancelActivity: z.boolean().optional(),
  terminate: z.boolean().optional(),
  calledElement: z.string().optional(),
  boundaries: z.array(z.string()),
});
const graphSchema = z.object({
  processId: z.string(),
  name: z.string(),
  config: z.record(z.string(), z.unknown()),
  startNodeId: z.string(),
  nodes: z.record(z.string(), nodeSchema),
  flows: z.record(z.string(), z.object({ id: z.string(), name: z.string(), source: z.string(), target: z.string(), condition: z.string().optional() })),
});

/**
 * The graph stored with a version (JSON column, or its text) back as a WfGraph. The column is written by
 * parseDefinition only, so a mismatch is a programming error and throws.
 */
export function graphFromJson(json: unknown): WfGraph {
  const value: unknown = typeof json === 'string' ? JSON.parse(json) : json;
  return graphSchema.parse(value) as WfGraph;
}
