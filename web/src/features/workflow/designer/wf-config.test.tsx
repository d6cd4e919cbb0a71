import { describe, expect, it } from 'vitest';
import { userTaskConfig, type UserTaskConfig } from '@app/contracts';
import {
  authorityOf,
  candidateOfType,
  candidateWith,
  checkGroups,
  completionPatch,
  conditionText,
  authorityFieldsOf,
  designFieldsOf,
  diagramMarks,
  extensionWithConfig,
  insertReference,
  isIsoDuration,
  missingDiagram,
  multiInstanceOf,
  newModelXml,
  panelKind,
  poolProcesses,
  processIdOf,
  readProcess,
  readRawConfig,
  readUserTask,
  rejectTargetOptions,
  sampleData,
  timerDuration,
  timerTextLooksValid,
  timerValue,
  withAuthority,
  type CreateModdle,
  type ModdleLike,
} from './wf-config';

const create: CreateModdle = (type, attrs = {}) => ({ $type: type, ...attrs });
const withConfig = (type: string, body: string, others: ModdleLike[] = []): ModdleLike => ({
  $type: type,
  id: 'n1',
  extensionElements: { $type: 'bpmn:ExtensionElements', values: [...others, { $type: 'wf:Config', body }] },
});

describe('wf:config read / write', () => {
  it('reads the JSON through the type schema, defaults filled; bad JSON or shapes fall back to defaults', () => {
    const bo = withConfig('bpmn:UserTask', JSON.stringify({ candidates: [{ type: 'starter' }], needPassword: true }));
    const cfg = readUserTask(bo);
    expect(cfg.candidates).toEqual([{ type: 'starter', ids: [] }]);
    expect(cfg.needPassword).toBe(true);
    expect(cfg.buttons.map((b) => b.value)).toEqual(['agree_', 'reject_']);
    expect(readUserTask(withConfig('bpmn:UserTask', '{nope'))).toEqual(userTaskConfig.parse({}));
    expect(readUserTask(withConfig('bpmn:UserTask', '{"completion":"most"}'))).toEqual(userTaskConfig.parse({}));
    expect(readRawConfig({ $type: 'bpmn:UserTask' })).toEqual({});
    expect(readRawConfig(withConfig('bpmn:UserTask', '[1]'))).toEqual({});
    expect(readProcess({ $type: 'bpmn:Process' }).titleTemplate).toBe('{schemeName}-{starter}-{date}');
  });

  it('writes a new extensionElements keeping other extensions (Camunda…) and dropping an empty config', () => {
    const camunda = { $type: 'camunda:Properties' };
    const bo = withConfig('bpmn:UserTask', '{"print":false}', [camunda]);
    const ext = extensionWithConfig(bo, { print: true }, create)!;
    const values = ext.values as ModdleLike[];
    expect(values[0]).toBe(camunda);
    expect(values[1]).toMatchObject({ $type: 'wf:Config', body: '{"print":true}' });
    expect(values[1]!.$parent).toBe(ext);
    expect((extensionWithConfig(bo, {}, create)!.values as ModdleLike[]).map((v) => v.$type)).toEqual(['camunda:Properties']);
    expect(extensionWithConfig({ $type: 'bpmn:UserTask' }, {}, create)).toBeUndefined();
  });

  it('reads conditions (without ${…}), timer durations and the countersign mode', () => {
    expect(conditionText({ $type: 'bpmn:SequenceFlow', conditionExpression: { $type: 'bpmn:FormalExpression', body: '${ days > 3 }' } })).toBe('days > 3');
    expect(conditionText({ $type: 'bpmn:SequenceFlow' })).toBe('');
    expect(
      timerDuration({
        $type: 'bpmn:BoundaryEvent',
        eventDefinitions: [{ $type: 'bpmn:TimerEventDefinition', timeDuration: { $type: 'bpmn:FormalExpression', body: 'PT2H' } }],
      }),
    ).toBe('PT2H');
    expect(multiInstanceOf({ $type: 'bpmn:UserTask' })).toBe('none');
    expect(multiInstanceOf({ $type: 'bpmn:UserTask', loopCharacteristics: { $type: 'bpmn:MultiInstanceLoopCharacteristics', isSequential: true } })).toBe(
      'sequential',
    );
    expect(multiInstanceOf({ $type: 'bpmn:UserTask', loopCharacteristics: { $type: 'bpmn:MultiInstanceLoopCharacteristics' } })).toBe('parallel');
    expect(isIsoDuration('PT2H')).toBe(true);
    expect(isIsoDuration('P1DT30M')).toBe(true);
    expect(isIsoDuration('2 hours')).toBe(false);
    expect(isIsoDuration('P')).toBe(false);
  });

  it('chooses the panel by element type', () => {
    expect(panelKind(undefined)).toBe('process');
    expect(panelKind({ $type: 'bpmn:UserTask' })).toBe('userTask');
    expect(panelKind({ $type: 'bpmn:InclusiveGateway' })).toBe('gateway');
    expect(panelKind({ $type: 'bpmn:BoundaryEvent', eventDefinitions: [{ $type: 'bpmn:TimerEventDefinition' }] })).toBe('timer');
    expect(panelKind({ $type: 'bpmn:BoundaryEvent', eventDefinitions: [{ $type: 'bpmn:MessageEventDefinition' }] })).toBe('other');
    expect(panelKind({ $type: 'bpmn:ServiceTask' })).toBe('other');
    expect(panelKind({ $type: 'bpmn:SubProcess' })).toBe('subProcess');
    expect(panelKind({ $type: 'bpmn:SubProcess', triggeredByEvent: true })).toBe('other');
    expect(panelKind({ $type: 'bpmn:IntermediateCatchEvent', eventDefinitions: [{ $type: 'bpmn:TimerEventDefinition' }] })).toBe('timer');
  });

  it('reads a timer as duration, date or cycle, and checks its text by kind', () => {
    const timer = (def: Record<string, unknown>) => ({ $type: 'bpmn:BoundaryEvent', eventDefinitions: [{ $type: 'bpmn:TimerEventDefinition', ...def }] });
    expect(timerValue(timer({ timeCycle: { $type: 'bpmn:FormalExpression', body: 'R3/PT1H' } }))).toEqual({ kind: 'timeCycle', text: 'R3/PT1H' });
    expect(timerValue(timer({ timeDate: { $type: 'bpmn:FormalExpression', body: '2026-12-31T18:00:00Z' } }))).toEqual({
      kind: 'timeDate',
      text: '2026-12-31T18:00:00Z',
    });
    expect(timerValue(timer({}))).toEqual({ kind: 'timeDuration', text: '' });
    expect(timerTextLooksValid('timeCycle', 'R3/PT1H')).toBe(true);
    expect(timerTextLooksValid('timeCycle', 'R/P1D')).toBe(true);
    expect(timerTextLooksValid('timeCycle', 'PT1H')).toBe(false);
    expect(timerTextLooksValid('timeDuration', 'PT2H')).toBe(true);
    expect(timerTextLooksValid('timeDate', 'soon')).toBe(false);
  });

  it('finds the process a collaboration runs as the server does', () => {
    const proc = (id: string, isExecutable?: boolean) => ({ $type: 'bpmn:Process', id, isExecutable, flowElements: [{ $type: 'bpmn:StartEvent' }] });
    const collaboration = (...processes: ReturnType<typeof proc>[]) => ({
      $type: 'bpmn:Collaboration',
      participants: processes.map((p) => ({ $type: 'bpmn:Participant', processRef: p })),
    });
    expect(poolProcesses(collaboration(proc('a', false), proc('b', true))).running).toBe('b');
    expect(poolProcesses(collaboration(proc('a', true), proc('b', true))).running).toBeUndefined();
    expect(poolProcesses(collaboration(proc('a'), proc('b', false))).running).toBe('a');
    expect(poolProcesses({ $type: 'bpmn:Process' })).toEqual({ processes: [], running: undefined });
  });
});

describe('panel fields → config', () => {
  const base: UserTaskConfig = userTaskConfig.parse({});

  it('maps picked objects and rule types onto candidate rules', () => {
    expect(candidateWith({ type: 'user', ids: [] }, [{ id: 'u1', name: '李四' }])).toEqual({ type: 'user', ids: ['u1'], names: ['李四'] });
    expect(candidateOfType('formField')).toEqual({ type: 'formField', ids: [], field: '' });
    expect(candidateOfType('starter')).toEqual({ type: 'starter', ids: [] });
    expect(userTaskConfig.safeParse({ ...base, candidates: [candidateWith({ type: 'role', ids: [] }, [{ id: 'r', name: 'R' }])] }).success).toBe(true);
  });

  it('keeps the percentage only for percentage completion, within 1–100', () => {
    expect(completionPatch('all', 70)).toEqual({ completion: 'all', percentage: 100 });
    expect(completionPatch('percentage', 70)).toEqual({ completion: 'percentage', percentage: 70 });
    expect(completionPatch('percentage', 0)).toEqual({ completion: 'percentage', percentage: 1 });
  });

  it('field authority: defaults, and view / edit / required stay consistent', () => {
    // An approval node shows a field it does not name read-only.
    expect(authorityOf(base, 'f1', 101)).toEqual({ formId: 101, view: true, edit: false, required: false });
    expect(authorityOf(withAuthority(base, 'f1', 101, { edit: true }), 'f1', 101)).toEqual({ formId: 101, view: true, edit: true, required: false });
    const required = withAuthority(base, 'f1', 101, { required: true });
    expect(authorityOf(required, 'f1', 101)).toMatchObject({ view: true, edit: true, required: true });
    const hidden = withAuthority(required, 'f1', 101, { view: false });
    expect(authorityOf(hidden, 'f1', 101)).toMatchObject({ view: false, edit: false, required: false });
    expect(hidden.formAuthority.f1).toHaveLength(1);
    const readOnly = withAuthority(base, 'f1', 102, { edit: false });
    expect(authorityOf(readOnly, 'f1', 102)).toMatchObject({ view: true, edit: false, required: false });
    expect(userTaskConfig.safeParse(readOnly).success).toBe(true);
  });

  it('lists value fields of a form (no containers — sub-tables are containers — no sub-table columns)', () => {
    const fld = (formId: number, vModel: string, avueType: string, label: string, children?: unknown[]) => ({
      __vModel__: vModel,
      __config__: { formId, avueType, label, span: 24, children },
    });
    const fields = designFieldsOf([fld(1, 'days', 'number', '天数'), fld(2, 'items', 'table', '明细', [fld(3, 'x', 'input', 'X')])] as never);
    expect(fields.map((f) => f.vModel)).toEqual(['days']);
    expect(fields[0]).toEqual({ formId: 1, vModel: 'days', label: '天数' });
    // Field authority names sub-table columns too, labelled with their table.
    expect(authorityFieldsOf([fld(1, 'days', 'number', '天数'), fld(2, 'items', 'table', '明细', [fld(3, 'x', 'input', 'X')])] as never)).toEqual([
      { formId: 1, vModel: 'days', label: '天数' },
      { formId: 3, vModel: 'x', label: '明细 / X' },
    ]);
  });

  it('inserts field references and parses the test sample', () => {
    expect(insertReference('', 'days')).toBe('days');
    expect(insertReference('days >', 'limit')).toBe('days > limit');
    expect(insertReference('a  b', 'x', 2)).toBe('a x b');
    expect(sampleData('{"days": 5}')).toEqual({ data: { days: 5 } });
    expect(sampleData('')).toEqual({ data: {} });
    expect('error' in sampleData('[1]')).toBe(true);
    expect('error' in sampleData('{')).toBe(true);
  });

  it('offers the start and the other user tasks as reject targets', () => {
    const nodes: ModdleLike[] = [
      { $type: 'bpmn:StartEvent', id: 'start' },
      { $type: 'bpmn:UserTask', id: 't1', name: '部门' },
      { $type: 'bpmn:UserTask', id: 't2' },
      { $type: 'bpmn:ExclusiveGateway', id: 'g' },
    ];
    expect(rejectTargetOptions(nodes, 't2')).toEqual([
      { value: 'start', label: 'start' },
      { value: 't1', label: '部门 (t1)' },
    ]);
  });
});

describe('validation answers on the diagram', () => {
  it('groups errors (red wins), vendor parts that change the run and warnings by known element ids', () => {
    const marks = diagramMarks(
      [
        { elementId: 'a', message: 'no approvers', severity: 'error' },
        { elementId: null, message: 'whole process', severity: 'error' },
        { elementId: 'gone', message: 'x', severity: 'error' },
        { elementId: 'c', message: 'loop without a wait', severity: 'warning' },
        { elementId: 'b', message: 'harmless', severity: 'warning' },
      ],
      [
        { elementId: 'a', type: 'camunda:assignee', reason: 'no effect', effect: 'behaviour' },
        { elementId: 'b', type: 'bpmn:ServiceTask', reason: 'passes', effect: 'behaviour' },
      ],
      (id) => id === 'a' || id === 'b' || id === 'c',
    );
    expect(marks).toEqual([
      { elementId: 'a', kind: 'issue', messages: ['no approvers', 'no effect'] },
      { elementId: 'c', kind: 'warning', messages: ['loop without a wait'] },
      { elementId: 'b', kind: 'unsupported', messages: ['harmless', 'passes'] },
    ]);
  });

  it('puts no mark for tool metadata, and lists it in a group of its own', () => {
    const unsupported = [
      { elementId: 't1', type: 'signavio:signavioMetaData', reason: 'metadata', effect: 'none' as const },
      { elementId: 't1', type: 'camunda:class', reason: 'ignored', effect: 'behaviour' as const },
      { elementId: 't2', type: 'bioc:stroke', reason: 'metadata', effect: 'none' as const },
    ];
    expect(diagramMarks([], unsupported, () => true)).toEqual([{ elementId: 't1', kind: 'unsupported', messages: ['ignored'] }]);
    const groups = checkGroups({ issues: [{ elementId: null, message: 'encoding', severity: 'warning' }], unsupported });
    expect(groups.errors).toEqual([]);
    expect(groups.warnings.map((w) => w.message)).toEqual(['encoding']);
    expect(groups.behaviour.map((u) => u.type)).toEqual(['camunda:class']);
    expect(groups.metadata.map((u) => u.type)).toEqual(['signavio:signavioMetaData', 'bioc:stroke']);
    expect(checkGroups(null)).toEqual({ errors: [], warnings: [], behaviour: [], metadata: [] });
  });
});

describe('files without diagram data', () => {
  /** A process as bpmn-js's moddle holds it: flows reference their nodes. */
  function definitions(withFlowId = true) {
    const start: ModdleLike = { $type: 'bpmn:StartEvent', id: 'start' };
    const inner: ModdleLike = { $type: 'bpmn:UserTask', id: 'inner' };
    const sub: ModdleLike = { $type: 'bpmn:SubProcess', id: 'sub', flowElements: [inner] };
    const data: ModdleLike = { $type: 'bpmn:DataObjectReference', id: 'doc' };
    const flow: ModdleLike = { $type: 'bpmn:SequenceFlow', ...(withFlowId ? { id: 'f1' } : {}), sourceRef: start, targetRef: sub };
    const process: ModdleLike = { $type: 'bpmn:Process', id: 'p', flowElements: [start, flow, sub, data] };
    return { $type: 'bpmn:Definitions', rootElements: [process] } as ModdleLike;
  }

  it('finds a node, a flow or a sub-process child without a shape (data objects may go without)', () => {
    const all = new Set(['start', 'f1', 'sub', 'inner']);
    expect(missingDiagram(definitions(), (id) => all.has(id))).toBe(false);
    for (const left of ['start', 'f1', 'inner'])
      expect(
        missingDiagram(definitions(), (id) => all.has(id) && id !== left),
        left,
      ).toBe(true);
    // A flow without an id cannot have an edge.
    expect(missingDiagram(definitions(false), (id) => all.has(id))).toBe(true);
    expect(missingDiagram({ $type: 'bpmn:Definitions' }, () => false)).toBe(false);
  });

  it('asks for every pool of a collaboration and only the processes in pools', () => {
    const task: ModdleLike = { $type: 'bpmn:Task', id: 't' };
    const process: ModdleLike = { $type: 'bpmn:Process', id: 'p', flowElements: [task] };
    const stray: ModdleLike = { $type: 'bpmn:Process', id: 'q', flowElements: [{ $type: 'bpmn:Task', id: 'never' }] };
    const collaboration: ModdleLike = {
      $type: 'bpmn:Collaboration',
      id: 'c',
      participants: [
        { $type: 'bpmn:Participant', id: 'pool', processRef: process },
        { $type: 'bpmn:Participant', id: 'black' },
      ],
    };
    const defs: ModdleLike = { $type: 'bpmn:Definitions', rootElements: [collaboration, process, stray] };
    expect(missingDiagram(defs, (id) => ['pool', 'black', 't'].includes(id))).toBe(false);
    expect(missingDiagram(defs, (id) => ['pool', 't'].includes(id))).toBe(true);
  });
});

describe('new model', () => {
  it('is start → user task → end with DI and our namespace', () => {
    const xml = newModelXml(processIdOf('9 leave'), 'A & B', '审批');
    expect(xml).toContain('<bpmn:process id="p_9_leave" name="A &amp; B"');
    expect(xml).toContain('xmlns:wf="http://approval-platform.dev/schema/wf"');
    expect(xml).toContain('<bpmn:userTask id="task_1" name="审批">');
    expect(xml.match(/<bpmndi:BPMNShape /g)).toHaveLength(3);
    expect(xml.match(/<bpmndi:BPMNEdge /g)).toHaveLength(2);
  });

  it('gives its approval node no approver (never the starter: applicants would approve their own requests)', () => {
    const xml = newModelXml('leave', 'Leave', '审批');
    const task = new DOMParser().parseFromString(xml, 'application/xml').getElementsByTagName('bpmn:userTask')[0]!;
    expect(task.getElementsByTagName('wf:config')).toHaveLength(0);
    expect(xml).not.toContain('starter');
    // A user task added from the palette has no wf:config either: the panel reads no candidates.
    expect(readUserTask({ $type: 'bpmn:UserTask', id: 'task_1' }).candidates).toEqual([]);
  });
});
