import { z } from 'zod';
import {
  forwarder,
  scriptAction,
  flattenFields,
  isContainer,
  callActivityConfig,
  processConfig,
  scriptTaskConfig,
  subProcessConfig,
  timerConfig,
  userTaskConfig,
  WF_NAMESPACE,
  type CallActivityConfig,
  type CandidateRule,
  type FieldAuthority,
  type FormField,
  type ProcessConfig,
  type ScriptTaskConfig,
  type SubProcessConfig,
  type TimerConfig,
  type UserTaskConfig,
  type WfDesignIssue,
  type WfUnsupportedPart,
} from '@app/contracts';

/**
 * Pure helpers of the designer (docs/workflow-screens.md "Designer"): the `<wf:config>` JSON of a BPMN element
 * (read / write on bpmn-js business objects), the kind of panel an element gets, the new-model XML and the
 * mapping of validation answers onto diagram elements. No bpmn-js import here, so Testing Library can run them.
 */

/** bpmn-moddle descriptor of `<wf:config>` (mirrors server/src/modules/workflow/engine/wf-moddle.ts). */
export const wfModdleDescriptor = {
  name: 'Workflow platform extension',
  prefix: 'wf',
  uri: WF_NAMESPACE,
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [{ name: 'Config', superClass: ['Element'], properties: [{ name: 'body', isBody: true, type: 'String' }] }],
};

/** The parts of a moddle element the helpers read (bpmn-js business objects). */
export interface ModdleLike {
  $type: string;
  id?: string;
  name?: string;
  [key: string]: unknown;
}

/** Creates moddle elements (bpmn-js `moddle` / `bpmnFactory`). */
export type CreateModdle = (type: string, attrs?: Record<string, unknown>) => ModdleLike;

export type PanelKind = 'process' | 'userTask' | 'sequenceFlow' | 'scriptTask' | 'callActivity' | 'subProcess' | 'timer' | 'gateway' | 'other';

/** Which properties the panel shows for a business object. */
export function panelKind(bo: ModdleLike | undefined): PanelKind {
  if (!bo) return 'process';
  switch (bo.$type) {
    case 'bpmn:Process':
    case 'bpmn:Collaboration':
      return 'process';
    case 'bpmn:UserTask':
      return 'userTask';
    case 'bpmn:SequenceFlow':
      return 'sequenceFlow';
    case 'bpmn:ScriptTask':
      return 'scriptTask';
    case 'bpmn:CallActivity':
      return 'callActivity';
    case 'bpmn:ExclusiveGateway':
    case 'bpmn:InclusiveGateway':
    case 'bpmn:ParallelGateway':
      return 'gateway';
    case 'bpmn:SubProcess':
      return bo.triggeredByEvent === true ? 'other' : 'subProcess';
    case 'bpmn:BoundaryEvent':
    case 'bpmn:IntermediateCatchEvent':
      return eventDefinitions(bo).some((d) => d.$type === 'bpmn:TimerEventDefinition') ? 'timer' : 'other';
    default:
      return 'other';
  }
}

function eventDefinitions(bo: ModdleLike): ModdleLike[] {
  return Array.isArray(bo.eventDefinitions) ? (bo.eventDefinitions as ModdleLike[]) : [];
}

function extensionValues(bo: ModdleLike): ModdleLike[] {
  const ext = bo.extensionElements as ModdleLike | undefined;
  return Array.isArray(ext?.values) ? (ext.values as ModdleLike[]) : [];
}

/** The raw JSON object of `<wf:config>`; {} when absent or not an object (the server reports bad JSON). */
export function readRawConfig(bo: ModdleLike): Record<string, unknown> {
  const cfg = extensionValues(bo).find((v) => v.$type === 'wf:Config');
  const body = typeof cfg?.body === 'string' ? cfg.body : '';
  if (body.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The element's config through its type's schema (defaults filled); what does not parse falls back to defaults. */
function parsed<T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, raw: Record<string, unknown>, fallback: () => T): T {
  const r = schema.safeParse(raw);
  return r.success ? (r.data as T) : fallback();
}

export const readUserTask = (bo: ModdleLike): UserTaskConfig => parsed(userTaskConfig, readRawConfig(bo), () => userTaskConfig.parse({}));
/**
 * Script config as the designer reads it: a carbon copy just added has nobody to copy to yet, which the contract
 * refuses; it is read as it is so the panel keeps it (the save check names it: workflowScheme.invalidCirculateObjects).
 */
const designScriptTaskConfig = scriptTaskConfig.extend({
  actions: z
    .array(z.union([scriptAction, z.object({ type: z.literal('circulate'), objects: z.array(forwarder).max(200) })]))
    .max(50)
    .default([]),
});
export const readScriptTask = (bo: ModdleLike): ScriptTaskConfig => parsed(designScriptTaskConfig, readRawConfig(bo), () => scriptTaskConfig.parse({}));
export const readCallActivity = (bo: ModdleLike): CallActivityConfig => parsed(callActivityConfig, readRawConfig(bo), () => callActivityConfig.parse({}));
export const readTimer = (bo: ModdleLike): TimerConfig => parsed(timerConfig, readRawConfig(bo), () => timerConfig.parse({}));
export const readProcess = (bo: ModdleLike): ProcessConfig => parsed(processConfig, readRawConfig(bo), () => processConfig.parse({}));
export const readSubProcess = (bo: ModdleLike): SubProcessConfig => parsed(subProcessConfig, readRawConfig(bo), () => subProcessConfig.parse({}));

/**
 * The new `extensionElements` of an element whose wf:config becomes `config`: other extension values (Camunda
 * properties…) are kept in order; an empty config removes wf:config. Give it to modeling.updateProperties so
 * the change is one undoable command.
 */
export function extensionWithConfig(bo: ModdleLike, config: Record<string, unknown>, create: CreateModdle): ModdleLike | undefined {
  const others = extensionValues(bo).filter((v) => v.$type !== 'wf:Config');
  const values = Object.keys(config).length === 0 ? others : [...others, create('wf:Config', { body: JSON.stringify(config) })];
  if (values.length === 0) return undefined;
  const ext = create('bpmn:ExtensionElements', { values });
  for (const v of values) v.$parent = ext;
  return ext;
}

/** A condition as the panel edits it: the body without Camunda's `${…}`. */
export function conditionText(bo: ModdleLike): string {
  const body = (bo.conditionExpression as ModdleLike | undefined)?.body;
  if (typeof body !== 'string') return '';
  const t = body.trim();
  const m = /^[$#]\{([\s\S]*)\}$/.exec(t);
  return m ? m[1]!.trim() : t;
}

/** How a timer is given: after a duration, at a date, or repeatedly (a cycle such as R3/PT1H). */
export type TimerKind = 'timeDuration' | 'timeDate' | 'timeCycle';
export const TIMER_KINDS: TimerKind[] = ['timeDuration', 'timeDate', 'timeCycle'];

/** The timer's kind and text (the first of duration, date, cycle that is set; a duration when none is). */
export function timerValue(bo: ModdleLike): { kind: TimerKind; text: string } {
  const def = eventDefinitions(bo).find((d) => d.$type === 'bpmn:TimerEventDefinition');
  for (const kind of TIMER_KINDS) {
    const body = (def?.[kind] as ModdleLike | undefined)?.body;
    if (typeof body === 'string') return { kind, text: body };
  }
  return { kind: 'timeDuration', text: '' };
}

/** A rough check of a timer text by kind, for the input's red outline (the server's validation decides). */
export function timerTextLooksValid(kind: TimerKind, text: string): boolean {
  const t = text.trim();
  if (t === '') return true;
  if (kind === 'timeDuration') return isIsoDuration(t);
  if (kind === 'timeCycle') return /^R\d*\/P/i.test(t) && isIsoDuration(t.slice(t.indexOf('/') + 1));
  return !Number.isNaN(new Date(t.replace(' ', 'T')).getTime());
}

/** The executable process of a collaboration: the processes of its pools, and the one that runs (as the server picks it). */
export function poolProcesses(root: ModdleLike): { processes: ModdleLike[]; running: string | undefined } {
  if (root.$type !== 'bpmn:Collaboration') return { processes: [], running: undefined };
  const participants = Array.isArray(root.participants) ? (root.participants as ModdleLike[]) : [];
  const processes = participants
    .map((p) => p.processRef as ModdleLike | undefined)
    .filter((p): p is ModdleLike => !!p && Array.isArray(p.flowElements) && p.flowElements.length > 0);
  const marked = processes.filter((p) => p.isExecutable === true);
  const candidates = marked.length ? marked : processes.filter((p) => p.isExecutable !== false);
  return { processes, running: candidates.length === 1 ? candidates[0]!.id : undefined };
}

/** The timer's ISO 8601 duration (timeDuration body). */
export function timerDuration(bo: ModdleLike): string {
  const def = eventDefinitions(bo).find((d) => d.$type === 'bpmn:TimerEventDefinition');
  const body = (def?.timeDuration as ModdleLike | undefined)?.body;
  return typeof body === 'string' ? body : '';
}

/** Countersign mode of a user task: none, parallel or sequential (bpmn multiInstanceLoopCharacteristics). */
export function multiInstanceOf(bo: ModdleLike): 'none' | 'parallel' | 'sequential' {
  const loop = bo.loopCharacteristics as ModdleLike | undefined;
  if (loop?.$type !== 'bpmn:MultiInstanceLoopCharacteristics') return 'none';
  return loop.isSequential === true ? 'sequential' : 'parallel';
}

/** A simple ISO 8601 duration check (P…T…); the server's parser decides. */
export const isIsoDuration = (s: string): boolean => /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/.test(s.trim());

// ---------- the new model ----------

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A process id from a scheme code (an XML NCName), as the server's new-model does. */
export function processIdOf(code: string): string {
  const cleaned = code.replace(/[^A-Za-z0-9_.-]/g, '_') || 'process';
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `p_${cleaned}`;
}

/**
 * The diagram a new scheme opens with (built here, not by the server): start → user task → end. The task has no
 * approver: a default (the starter) would let applicants approve their own requests when nobody sets it, so the
 * validation names the task until approvers are chosen.
 */
export function newModelXml(processId: string, name: string, taskName: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:wf="${WF_NAMESPACE}" id="Definitions_1" targetNamespace="http://approval-platform.dev/bpmn">
  <bpmn:process id="${esc(processId)}" name="${esc(name)}" isExecutable="true">
    <bpmn:startEvent id="start"><bpmn:outgoing>flow_1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="task_1" name="${esc(taskName)}">
      <bpmn:incoming>flow_1</bpmn:incoming><bpmn:outgoing>flow_2</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:endEvent id="end"><bpmn:incoming>flow_2</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="flow_1" sourceRef="start" targetRef="task_1" />
    <bpmn:sequenceFlow id="flow_2" sourceRef="task_1" targetRef="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_1">
    <bpmndi:BPMNPlane id="Plane_1" bpmnElement="${esc(processId)}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="task_1_di" bpmnElement="task_1"><dc:Bounds x="250" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="412" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flow_1_di" bpmnElement="flow_1"><di:waypoint x="188" y="120" /><di:waypoint x="250" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow_2_di" bpmnElement="flow_2"><di:waypoint x="350" y="120" /><di:waypoint x="412" y="120" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

// ---------- validation answers on the diagram ----------

export interface DiagramMark {
  elementId: string;
  /** issue: an error (red, blocks saving); unsupported: a vendor part that changes the run (orange); warning: harmless (calm). */
  kind: 'issue' | 'unsupported' | 'warning';
  messages: string[];
}

const MARK_RANK: Record<DiagramMark['kind'], number> = { issue: 3, unsupported: 2, warning: 1 };

/**
 * Groups errors (red), unsupported parts that change the run (orange) and warnings (calm) by element id; the
 * strongest kind colours the element. Tool metadata (effect 'none') puts no mark on a shape: hundreds of
 * signavio:* attributes would otherwise bury what matters. Ids the diagram does not know (or null) stay in the
 * list only.
 */
export function diagramMarks(issues: WfDesignIssue[], unsupported: WfUnsupportedPart[], known: (id: string) => boolean): DiagramMark[] {
  const byId = new Map<string, DiagramMark>();
  const add = (id: string | null, kind: DiagramMark['kind'], message: string) => {
    if (!id || !known(id)) return;
    const mark = byId.get(id) ?? { elementId: id, kind, messages: [] };
    if (MARK_RANK[kind] > MARK_RANK[mark.kind]) mark.kind = kind;
    mark.messages.push(message);
    byId.set(id, mark);
  };
  for (const i of issues) add(i.elementId, i.severity === 'warning' ? 'warning' : 'issue', i.message);
  for (const u of unsupported) if (u.effect === 'behaviour') add(u.elementId, 'unsupported', u.reason);
  return [...byId.values()];
}

/** A validation answer as the designer lists it: errors, warnings, parts that change the run, tool metadata. */
export interface CheckGroups {
  errors: WfDesignIssue[];
  warnings: WfDesignIssue[];
  behaviour: WfUnsupportedPart[];
  metadata: WfUnsupportedPart[];
}

export function checkGroups(result: { issues: WfDesignIssue[]; unsupported: WfUnsupportedPart[] } | null): CheckGroups {
  return {
    errors: result?.issues.filter((i) => i.severity !== 'warning') ?? [],
    warnings: result?.issues.filter((i) => i.severity === 'warning') ?? [],
    behaviour: result?.unsupported.filter((u) => u.effect === 'behaviour') ?? [],
    metadata: result?.unsupported.filter((u) => u.effect === 'none') ?? [],
  };
}

// ---------- files without diagram data ----------

/** Flow elements a diagram may leave out (the automatic layout does not place them either). */
const OPTIONAL_SHAPES = new Set(['bpmn:DataObject', 'bpmn:DataObjectReference', 'bpmn:DataStoreReference']);

function children(el: ModdleLike | undefined, name: string): ModdleLike[] {
  const v = el?.[name];
  return Array.isArray(v) ? (v as ModdleLike[]) : [];
}

/**
 * Whether the imported diagram leaves something out: a pool, a flow node or a sequence flow (between nodes of one
 * process or sub-process) without a shape or edge, or without an id. The designer then asks the server for the
 * automatic layout (POST …/layout) — the server's workflow-scheme/layout.ts applies the same rule on save.
 * `definitions` is bpmn-js's (Modeler.getDefinitions()), `drawn` asks its element registry.
 */
export function missingDiagram(definitions: ModdleLike | undefined, drawn: (id: string) => boolean): boolean {
  const roots = children(definitions, 'rootElements');
  const collaboration = roots.find((r) => r.$type === 'bpmn:Collaboration' && children(r, 'participants').length > 0);
  const participants = children(collaboration, 'participants');
  if (participants.some((p) => !p.id || !drawn(p.id))) return true;
  const processes = collaboration
    ? participants.map((p) => p.processRef as ModdleLike | undefined).filter((p) => !!p)
    : roots.filter((r) => r.$type === 'bpmn:Process');
  const incomplete = (container: ModdleLike): boolean => {
    const elements = children(container, 'flowElements');
    const nodes = elements.filter((e) => e.$type !== 'bpmn:SequenceFlow' && !OPTIONAL_SHAPES.has(e.$type));
    const inside = new Set<unknown>(nodes);
    const flows = elements.filter((e) => e.$type === 'bpmn:SequenceFlow' && inside.has(e.sourceRef) && inside.has(e.targetRef));
    return [...nodes, ...flows].some((e) => !e.id || !drawn(e.id)) || nodes.some((n) => children(n, 'flowElements').length > 0 && incomplete(n));
  };
  return processes.some(incomplete);
}

/** Reject targets offered for a user task: the start event and every other user task (id → label). */
export function rejectTargetOptions(elements: ModdleLike[], selfId: string): { value: string; label: string }[] {
  return elements
    .filter((bo) => (bo.$type === 'bpmn:StartEvent' || bo.$type === 'bpmn:UserTask') && bo.id && bo.id !== selfId)
    .map((bo) => ({ value: bo.id!, label: bo.name ? `${bo.name} (${bo.id})` : bo.id! }));
}

// ---------- panel field ↔ config mapping ----------

/** A value field of a bound form: what conditions reference (`vModel`) and field authority keys (`formId`). */
export interface DesignField {
  formId: number;
  vModel: string;
  label: string;
}

/** Value fields of a form scheme's content (containers, sub-tables included, and their columns skipped). */
export function designFieldsOf(data: FormField[] | undefined): DesignField[] {
  if (!data) return [];
  return flattenFields(data)
    .filter((p) => !p.table && !isContainer(p.field) && !!p.field.__vModel__)
    .map((p) => ({ formId: p.field.__config__.formId, vModel: p.field.__vModel__!, label: p.field.__config__.label || p.field.__vModel__! }));
}

/**
 * The field authority rows of one form: its value fields and the columns of its sub-tables (labelled "table /
 * column"), keyed by their formId as the engine applies them.
 */
export function authorityFieldsOf(data: FormField[] | undefined): DesignField[] {
  if (!data) return [];
  return flattenFields(data)
    .filter((p) => !isContainer(p.field) && !!p.field.__vModel__)
    .map((p) => ({
      formId: p.field.__config__.formId,
      vModel: p.field.__vModel__!,
      label: p.table ? `${p.table.__config__.label} / ${p.field.__config__.label}` : p.field.__config__.label || p.field.__vModel__!,
    }));
}

/**
 * The authority of one field in a node's config. A field the node does not name is shown read-only: an approver
 * edits only what the designer allowed (the engine applies the same rule).
 */
export function authorityOf(config: UserTaskConfig, schemeFormId: string, fieldFormId: number): FieldAuthority {
  const found = (config.formAuthority[schemeFormId] ?? []).find((a) => String(a.formId) === String(fieldFormId));
  return found ?? { formId: fieldFormId, view: true, edit: false, required: false };
}

/**
 * The config with one field's authority changed. Rules: no view ⇒ no edit and not required; required ⇒ view
 * and edit.
 */
export function withAuthority(
  config: UserTaskConfig,
  schemeFormId: string,
  fieldFormId: number,
  change: Partial<Pick<FieldAuthority, 'view' | 'edit' | 'required'>>,
): UserTaskConfig {
  const next = { ...authorityOf(config, schemeFormId, fieldFormId), ...change };
  if (change.view === false) Object.assign(next, { edit: false, required: false });
  if (change.edit === false) next.required = false;
  if (change.required === true || change.edit === true) next.view = true;
  if (change.required === true) next.edit = true;
  const list = (config.formAuthority[schemeFormId] ?? []).filter((a) => String(a.formId) !== String(fieldFormId));
  return { ...config, formAuthority: { ...config.formAuthority, [schemeFormId]: [...list, next] } };
}

/** A candidate rule with chosen objects (ids and names kept side by side). */
export function candidateWith(rule: CandidateRule, objects: { id: string; name: string }[]): CandidateRule {
  return { ...rule, ids: objects.map((o) => o.id), names: objects.map((o) => o.name) };
}

/** The config with the rule type changed: ids, names and field are cleared. */
export function candidateOfType(type: CandidateRule['type']): CandidateRule {
  return type === 'formField' ? { type, ids: [], field: '' } : { type, ids: [] };
}

/** Countersign completion fields: the percentage only matters with 'percentage'. */
export function completionPatch(completion: UserTaskConfig['completion'], percentage?: number): Pick<UserTaskConfig, 'completion' | 'percentage'> {
  return { completion, percentage: completion === 'percentage' ? Math.min(100, Math.max(1, Math.round(percentage ?? 50))) : 100 };
}

/** Inserts a field reference into an expression at a position (a space is added where needed). */
export function insertReference(text: string, ref: string, at = text.length): string {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const pad = before === '' || /\s$/.test(before) ? '' : ' ';
  const tail = after === '' || /^\s/.test(after) ? '' : ' ';
  return `${before}${pad}${ref}${tail}${after}`;
}

/** Parses the sample data of the condition test box: a JSON object, or an error text. */
export function sampleData(text: string): { data: Record<string, unknown> } | { error: string } {
  if (text.trim() === '') return { data: {} };
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return { data: v as Record<string, unknown> };
    return { error: 'object' };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}
