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
  'bpmn:SubProcess': 'subProcess',
};

/**
 * Flow nodes the engine does not execute as BPMN says: each is refused with its own message (never passed through
 * silently, which would change what the process does). bpmn:Task, bpmn:ManualTask and a none intermediate throw
 * event complete at once in BPMN too, so they are passed through.
 */
const REFUSED_NODES: Record<string, string> = {
  'bpmn:ServiceTask': 'workflowScheme.refuseServiceTask',
  'bpmn:SendTask': 'workflowScheme.refuseSendTask',
  'bpmn:ReceiveTask': 'workflowScheme.refuseReceiveTask',
  'bpmn:BusinessRuleTask': 'workflowScheme.refuseBusinessRuleTask',
  'bpmn:EventBasedGateway': 'workflowScheme.refuseEventGateway',
  'bpmn:ComplexGateway': 'workflowScheme.refuseComplexGateway',
  'bpmn:Transaction': 'workflowScheme.refuseTransaction',
  'bpmn:AdHocSubProcess': 'workflowScheme.refuseAdHoc',
  'bpmn:ChoreographyTask': 'workflowScheme.refuseChoreography',
  'bpmn:SubChoreography': 'workflowScheme.refuseChoreography',
  'bpmn:CallChoreography': 'workflowScheme.refuseChoreography',
};

/** Boundary events by their event definition: only timers run; each other kind has its own message. */
const BOUNDARY_KEYS: Record<string, string> = {
  'bpmn:ErrorEventDefinition': 'workflowScheme.boundaryError',
  'bpmn:SignalEventDefinition': 'workflowScheme.boundarySignal',
  'bpmn:MessageEventDefinition': 'workflowScheme.boundaryMessage',
  'bpmn:EscalationEventDefinition': 'workflowScheme.boundaryEscalation',
  'bpmn:ConditionalEventDefinition': 'workflowScheme.boundaryConditional',
  'bpmn:CompensateEventDefinition': 'workflowScheme.boundaryCompensate',
  'bpmn:CancelEventDefinition': 'workflowScheme.boundaryCancel',
};

/** Condition languages the engine evaluates as written: none given, or the JUEL-style `${…}` our language reads. */
const OWN_LANGUAGES = new Set(['', 'juel', 'uel', 'expression', 'wf']);

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

/** A vendor attribute (camunda:collection, flowable:elementVariable…) whatever its prefix. */
function vendorAttr(el: ModdleElement | undefined, local: string): string | undefined {
  const attrs = (el?.$attrs ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(attrs)) {
    if (name.endsWith(`:${local}`) && typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

const labelOf = (el: ModdleElement) => prop<string>(el, 'name') || el.id || el.$type;

interface Reader {
  nodes: WfNode[];
  flows: WfFlow[];
  issues: DefinitionIssue[];
  /** Elements refused with a message of their own: flows to and from them need no second one. */
  refused: Set<string>;
}

function readMultiInstance(el: ModdleElement, node: WfNode, r: Reader): void {
  const loop = prop<ModdleElement>(el, 'loopCharacteristics');
  if (!loop) return;
  if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics') {
    r.issues.push({ elementId: node.id, key: 'workflowScheme.refuseStandardLoop', params: { node: labelOf(el) } });
    return;
  }
  if (node.type !== 'userTask' && node.type !== 'subProcess') {
    r.issues.push({ elementId: node.id, key: 'workflowScheme.refuseMultiInstance', params: { node: labelOf(el) } });
    return;
  }
  node.multiInstance = { sequential: prop<boolean>(loop, 'isSequential') === true };
  if (node.type !== 'subProcess') return; // a countersign's instances are its assignees
  const cardinality = stripExpression(formalBody(prop(loop, 'loopCardinality')));
  // Our config (the designer writes it) first, then the Camunda / Flowable attributes, then BPMN's data input.
  const own = node.config as { collection?: unknown; elementVariable?: unknown };
  const collection = stripExpression(
    (typeof own.collection === 'string' ? own.collection : undefined) ?? vendorAttr(loop, 'collection') ?? idOf(prop(loop, 'loopDataInputRef')),
  );
  const elementVariable =
    (typeof own.elementVariable === 'string' && own.elementVariable) || vendorAttr(loop, 'elementVariable') || prop<ModdleElement>(loop, 'inputDataItem')?.name;
  const completion = stripExpression(formalBody(prop(loop, 'completionCondition')));
  if (cardinality) node.multiInstance.cardinality = cardinality;
  if (collection) node.multiInstance.collection = collection;
  if (typeof elementVariable === 'string' && elementVariable) node.multiInstance.elementVariable = elementVariable;
  if (completion) node.multiInstance.completionCondition = completion;
  if (!cardinality && !collection) r.issues.push({ elementId: node.id, key: 'workflowScheme.multiInstanceCount', params: { node: labelOf(el) } });
}

function readEvent(el: ModdleElement, node: WfNode, r: Reader): void {
  const defs = list(el, 'eventDefinitions');
  const label = labelOf(el);
  if (node.type === 'boundaryEvent') {
    const host = idOf(prop(el, 'attachedToRef'));
    if (host) node.attachedTo = host;
    // BPMN's default is an interrupting boundary event.
    node.cancelActivity = prop<boolean>(el, 'cancelActivity') !== false;
    const other = defs.find((d) => d.$type !== 'bpmn:TimerEventDefinition');
    if (other || defs.length === 0) {
      r.issues.push({
        elementId: node.id,
        key: other ? (BOUNDARY_KEYS[other.$type] ?? 'workflowScheme.boundaryOther') : 'workflowScheme.boundaryNone',
        params: { node: label, type: other?.$type ?? '' },
      });
      return;
    }
  } else if (node.bpmnType === 'bpmn:IntermediateCatchEvent') {
    if (defs.length === 1 && defs[0]!.$type === 'bpmn:TimerEventDefinition') node.type = 'timerEvent';
    else {
      r.issues.push({
        elementId: node.id,
        key: 'workflowScheme.refuseCatchEvent',
        params: { node: label, type: defs.map((d) => d.$type).join(', ') || 'bpmn:IntermediateCatchEvent' },
      });
      return;
    }
  } else if (node.type === 'startEvent') {
    // The process is started from the launch screen, whatever its start event waits for.
    if (defs.length)
      r.issues.push({
        elementId: node.id,
        key: 'workflowScheme.startEventTrigger',
        params: { node: label, type: defs.map((d) => d.$type).join(', ') },
        severity: 'warning',
      });
    return;
  } else if (node.type === 'endEvent') {
    const other = defs.filter((d) => d.$type !== 'bpmn:TerminateEventDefinition');
    if (defs.some((d) => d.$type === 'bpmn:TerminateEventDefinition')) node.terminate = true;
    if (other.length)
      r.issues.push({ elementId: node.id, key: 'workflowScheme.refuseThrowEvent', params: { node: label, type: other.map((d) => d.$type).join(', ') } });
    return;
  } else if (defs.length) {
    // Intermediate throw events: only the none event (a milestone) runs.
    r.issues.push({ elementId: node.id, key: 'workflowScheme.refuseThrowEvent', params: { node: label, type: defs.map((d) => d.$type).join(', ') } });
    return;
  }
  const timer = defs.find((d) => d.$type === 'bpmn:TimerEventDefinition');
  if (timer) {
    node.timer = {};
    const duration = formalBody(prop(timer, 'timeDuration'));
    const date = formalBody(prop(timer, 'timeDate'));
    const cycle = formalBody(prop(timer, 'timeCycle'));
    if (duration) node.timer.duration = duration;
    if (date) node.timer.date = date;
    if (cycle) node.timer.cycle = cycle;
  }
}

function readNode(el: ModdleElement, scope: string | undefined, r: Reader): WfNode | null {
  const refused = REFUSED_NODES[el.$type];
  if (refused) {
    r.issues.push({ elementId: el.id ?? null, key: refused, params: { node: labelOf(el) } });
    if (el.id) r.refused.add(el.id);
    return null;
  }
  const type = NODE_TYPES[el.$type] ?? 'passThrough';
  const node: WfNode = {
    id: el.id ?? '',
    type,
    bpmnType: el.$type,
    name: prop<string>(el, 'name') ?? '',
    incoming: [],
    outgoing: [],
    config: readConfig(el, r.issues),
    boundaries: [],
  };
  if (scope) node.scope = scope;
  const def = idOf(prop(el, 'default'));
  if (def) node.defaultFlow = def;
  if (prop<boolean>(el, 'isForCompensation') === true)
    r.issues.push({ elementId: node.id, key: 'workflowScheme.refuseCompensation', params: { node: labelOf(el) } });
  readMultiInstance(el, node, r);
  if (el.$instanceOf('bpmn:Event')) readEvent(el, node, r);
  if (type === 'callActivity') {
    const called = prop<string>(el, 'calledElement');
    if (called && called.trim() !== '') node.calledElement = called.trim();
  }
  if (type === 'scriptTask') {
    // The engine runs the script task's configured actions, never a script body in another language.
    const body = prop<string>(el, 'script')?.trim();
    const format = prop<string>(el, 'scriptFormat') || '?';
    const hasActions = Array.isArray(node.config.actions) && node.config.actions.length > 0;
    const external = vendorAttr(el, 'resource');
    if ((body || external) && !hasActions) r.issues.push({ elementId: node.id, key: 'workflowScheme.scriptNotRun', params: { node: labelOf(el), format } });
    else if (body || external)
      r.issues.push({ elementId: node.id, key: 'workflowScheme.scriptBodyIgnored', params: { node: labelOf(el), format }, severity: 'warning' });
  }
  return node;
}

function readFlow(el: ModdleElement, r: Reader): void {
  const flow: WfFlow = {
    id: el.id ?? '',
    name: prop<string>(el, 'name') ?? '',
    source: idOf(prop(el, 'sourceRef')) ?? '',
    target: idOf(prop(el, 'targetRef')) ?? '',
  };
  const expression = prop<ModdleElement>(el, 'conditionExpression');
  const language = (prop<string>(expression, 'language') ?? '').trim();
  const condition = stripExpression(formalBody(expression));
  if (condition !== undefined && !OWN_LANGUAGES.has(language.toLowerCase())) {
    // Evaluated as our expression language it could give another answer than the author's JavaScript / Groovy.
    r.issues.push({
      elementId: flow.id || null,
      key: 'workflowScheme.conditionLanguage',
      params: { flow: flow.name || flow.id || `${flow.source} → ${flow.target}`, language },
    });
  }
  if (condition !== undefined) flow.condition = condition;
  const config = readConfig(el, r.issues);
  if (Object.keys(config).length > 0) flow.config = config;
  if (expression && condition === undefined && prop(expression, 'resource')) {
    r.issues.push({
      elementId: flow.id || null,
      key: 'workflowScheme.conditionLanguage',
      params: { flow: flow.name || flow.id, language: language || 'resource' },
    });
  }
  r.flows.push(flow);
}

/** Reads a process or sub-process's elements into flat lists; the nodes of a sub-process carry its id as `scope`. */
function readContainer(container: ModdleElement, scope: string | undefined, r: Reader): void {
  for (const el of list(container, 'flowElements')) {
    if (el.$instanceOf('bpmn:SequenceFlow')) readFlow(el, r);
    else if (el.$type === 'bpmn:SubProcess' && prop<boolean>(el, 'triggeredByEvent') === true) {
      r.issues.push({ elementId: el.id ?? null, key: 'workflowScheme.refuseEventSubProcess', params: { node: labelOf(el) } });
      if (el.id) r.refused.add(el.id);
    } else if (el.$instanceOf('bpmn:FlowNode')) {
      const node = readNode(el, scope, r);
      if (!node) continue;
      r.nodes.push(node);
      if (node.type === 'subProcess') readContainer(el, node.id, r);
    }
    // Data objects, annotations, associations, groups… carry no behaviour.
  }
}

/** A flow without an id (optional in BPMN) gets one from its ends, stable for the same document. */
function nameFlows(r: Reader): void {
  const taken = new Set<string>([...r.nodes.map((n) => n.id), ...r.flows.map((f) => f.id)].filter(Boolean));
  for (const f of r.flows) {
    if (f.id) continue;
    // The same name the layout gives such a flow when it draws the file (workflow-scheme/layout.ts).
    const base = `Flow_${f.source}_${f.target}`;
    let id = base;
    for (let i = 2; taken.has(id); i++) id = `${base}_${i}`;
    taken.add(id);
    f.id = id;
  }
}

/** Fills incoming/outgoing (document order), the hosts' boundary lists and the sub-processes' start nodes. */
function link({ nodes, flows, issues, refused }: Reader): void {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const f of flows) {
    const source = byId.get(f.source);
    const target = byId.get(f.target);
    if (!source || !target) {
      // An end that was refused has its message already.
      if (!refused.has(f.source) && !refused.has(f.target)) issues.push({ elementId: f.id, key: 'workflowScheme.invalidFlow', params: { element: f.id } });
      continue;
    }
    if ((source.scope ?? '') !== (target.scope ?? '')) {
      issues.push({ elementId: f.id, key: 'workflowScheme.flowCrossesScope', params: { element: f.name || f.id } });
      continue;
    }
    source.outgoing.push(f.id);
    target.incoming.push(f.id);
  }
  for (const n of nodes) {
    if (n.type !== 'boundaryEvent' || !n.timer) continue;
    const host = n.attachedTo ? byId.get(n.attachedTo) : undefined;
    if (!host) issues.push({ elementId: n.id, key: 'workflowScheme.invalidBoundary', params: { element: n.name || n.id } });
    else if (host.type !== 'userTask' && host.type !== 'subProcess')
      issues.push({ elementId: n.id, key: 'workflowScheme.timerHost', params: { node: n.name || n.id, host: host.name || host.id } });
    // A reminder or auto-approval needs tasks; on a sub-process the timer must lead somewhere.
    else if (host.type === 'subProcess' && n.outgoing.length === 0)
      issues.push({ elementId: n.id, key: 'workflowScheme.timerNeedsFlow', params: { node: n.name || n.id } });
    else host.boundaries.push(n.id);
  }
  for (const n of nodes) {
    if (n.defaultFlow && !n.outgoing.includes(n.defaultFlow)) delete n.defaultFlow;
  }
  for (const sub of nodes.filter((n) => n.type === 'subProcess')) {
    const inner = nodes.filter((n) => n.scope === sub.id);
    const starts = inner.filter((n) => n.type === 'startEvent');
    if (starts.length > 1) issues.push({ elementId: sub.id, key: 'workflowScheme.subProcessStart', params: { element: sub.name || sub.id } });
    // BPMN: without a start event every activity and gateway without incoming flow starts.
    sub.startNodes = (starts.length ? starts : inner.filter((n) => n.incoming.length === 0 && n.type !== 'boundaryEvent')).map((n) => n.id);
    if (sub.startNodes.length === 0) issues.push({ elementId: sub.id, key: 'workflowScheme.subProcessEmpty', params: { element: sub.name || sub.id } });
  }
}

/**
 * The process that runs: the one marked executable, else the only one with flow elements. Every other process of a
 * collaboration is named in a warning (it is not run); several executable candidates are an error.
 */
function chooseProcess(root: ModdleElement, issues: DefinitionIssue[]): ModdleElement | undefined {
  const processes = list(root, 'rootElements').filter((e) => e.$type === 'bpmn:Process');
  const withContent = processes.filter((p) => list(p, 'flowElements').some((e) => e.$instanceOf('bpmn:FlowNode')));
  const marked = withContent.filter((p) => prop<boolean>(p, 'isExecutable') === true);
  const candidates = marked.length ? marked : withContent.filter((p) => prop<boolean>(p, 'isExecutable') !== false);
  if (candidates.length > 1) {
    issues.push({ elementId: null, key: 'workflowScheme.severalProcesses', params: { processes: candidates.map((p) => labelOf(p)).join('、') } });
    return undefined;
  }
  const chosen = candidates[0] ?? (withContent.length ? undefined : processes[0]);
  for (const p of withContent) {
    if (p === chosen) continue;
    issues.push({ elementId: p.id ?? null, key: 'workflowScheme.processIgnored', params: { process: labelOf(p) }, severity: 'warning' });
  }
  if (!chosen && withContent.length) issues.push({ elementId: null, key: 'workflowScheme.noExecutableProcess' });
  const collaboration = list(root, 'rootElements').find((e) => e.$type === 'bpmn:Collaboration');
  if (list(collaboration, 'messageFlows').length)
    issues.push({
      elementId: null,
      key: 'workflowScheme.messageFlowsIgnored',
      params: { count: list(collaboration, 'messageFlows').length },
      severity: 'warning',
    });
  return chosen;
}

/**
 * bpmn-moddle's warnings. Most are harmless (another encoding declared, an unresolved diagram reference: what they
 * break, such as a flow without an end, is an error of its own); unknown attributes (colours and the like on every
 * shape) are one warning together. Content moddle could not parse is dropped from the document, so it is an error.
 */
function readerWarnings(warnings: { message: string; element?: { id?: string } }[]): DefinitionIssue[] {
  const out: DefinitionIssue[] = [];
  const unknownAttributes = new Set<string>();
  for (const w of warnings) {
    const message = String(w.message);
    const attribute = /^unknown attribute <([^>]+)>/.exec(message);
    if (attribute) unknownAttributes.add(attribute[1]!);
    else if (message.startsWith('unparsable content'))
      out.push({ elementId: w.element?.id ?? null, key: 'workflowScheme.xmlUnparsable', params: { detail: message.replace(/\s+/g, ' ').slice(0, 300) } });
    else out.push({ elementId: w.element?.id ?? null, key: 'workflowScheme.xmlWarning', params: { detail: message.slice(0, 300) }, severity: 'warning' });
  }
  if (unknownAttributes.size) {
    const names = [...unknownAttributes];
    out.push({
      elementId: null,
      key: 'workflowScheme.xmlUnknownAttributes',
      params: { count: names.length, names: names.slice(0, 5).join(', ') + (names.length > 5 ? '…' : '') },
      severity: 'warning',
    });
  }
  return out;
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
    issues.push(...readerWarnings(result.warnings));
  } catch (err) {
    issues.push({ elementId: null, key: 'workflowScheme.invalidXml', params: { detail: (err instanceof Error ? err.message : String(err)).slice(0, 300) } });
    return { graph: null, issues };
  }
  if (!root || root.$type !== 'bpmn:Definitions') {
    issues.push({ elementId: null, key: 'workflowScheme.invalidXml', params: { detail: 'bpmn:Definitions expected' } });
    return { graph: null, issues };
  }

  const process = chooseProcess(root, issues);
  if (!process) {
    if (!issues.some((i) => i.severity !== 'warning')) issues.push({ elementId: null, key: 'workflowScheme.noProcess' });
    return { graph: null, issues };
  }

  const reader: Reader = { nodes: [], flows: [], issues, refused: new Set() };
  readContainer(process, undefined, reader);
  nameFlows(reader);
  link(reader);

  const graph: WfGraph = {
    processId: process.id ?? '',
    name: prop<string>(process, 'name') ?? prop<string>(root, 'name') ?? '',
    config: readConfig(process, issues),
    startNodeId: reader.nodes.find((n) => n.type === 'startEvent' && !n.scope)?.id ?? '',
    nodes: Object.fromEntries(reader.nodes.map((n) => [n.id, n])),
    flows: Object.fromEntries(reader.flows.filter((f) => f.source && f.target).map((f) => [f.id, f])),
  };
  return { graph, issues };
}

// ---------- the stored copy ----------

const nodeSchema = z.object({
  id: z.string(),
  type: z.enum([
    'startEvent',
    'endEvent',
    'userTask',
    'scriptTask',
    'exclusiveGateway',
    'parallelGateway',
    'inclusiveGateway',
    'callActivity',
    'boundaryEvent',
    'subProcess',
    'timerEvent',
    'passThrough',
  ]),
  bpmnType: z.string(),
  name: z.string(),
  incoming: z.array(z.string()),
  outgoing: z.array(z.string()),
  config: z.record(z.string(), z.unknown()),
  defaultFlow: z.string().optional(),
  multiInstance: z
    .object({
      sequential: z.boolean(),
      cardinality: z.string().optional(),
      collection: z.string().optional(),
      elementVariable: z.string().optional(),
      completionCondition: z.string().optional(),
    })
    .optional(),
  scope: z.string().optional(),
  startNodes: z.array(z.string()).optional(),
  attachedTo: z.string().optional(),
  timer: z.object({ duration: z.string().optional(), date: z.string().optional(), cycle: z.string().optional() }).optional(),
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
  flows: z.record(
    z.string(),
    z.object({
      id: z.string(),
      name: z.string(),
      source: z.string(),
      target: z.string(),
      condition: z.string().optional(),
      config: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});

/**
 * The graph stored with a version (JSON column, or its text) back as a WfGraph. The column is written by
 * parseDefinition only, so a mismatch is a programming error and throws.
 */
export function graphFromJson(json: unknown): WfGraph {
  const value: unknown = typeof json === 'string' ? JSON.parse(json) : json;
  return graphSchema.parse(value) as WfGraph;
}
