import { describe, expect, it } from 'vitest';
import type { ModdleElement } from 'bpmn-moddle';
import { getModdle } from '../workflow/engine/definition.js';
import { loadFixture } from '../workflow/fixtures/index.js';
import { withDiagram } from './layout.js';

const NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" xmlns:wf="http://approval-platform.dev/schema/wf"';

/** A Flowable engine test resource as they come: no diagram, no incoming / outgoing, a flow without an id. */
const flowableStyle = `<?xml version="1.0" encoding="UTF-8"?>
<definitions ${NS} id="d" targetNamespace="http://flowable.org/test">
  <process id="leave" name="请假" isExecutable="true">
    <startEvent id="start" name="开始"/>
    <sequenceFlow sourceRef="start" targetRef="approve"/>
    <userTask id="approve" name="经理审批" flowable:assignee="kermit">
      <extensionElements><wf:config>{"candidates":[{"type":"starter","ids":[]}]}</wf:config></extensionElements>
    </userTask>
    <boundaryEvent id="late" attachedToRef="approve"><timerEventDefinition><timeDuration>PT2H</timeDuration></timerEventDefinition></boundaryEvent>
    <sequenceFlow id="f_late" sourceRef="late" targetRef="end_late"/>
    <endEvent id="end_late"/>
    <sequenceFlow id="f2" sourceRef="approve" targetRef="gw"/>
    <exclusiveGateway id="gw" default="f_no"/>
    <sequenceFlow id="f_yes" sourceRef="gw" targetRef="sub"><conditionExpression>\${days &gt; 3}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f_no" sourceRef="gw" targetRef="end"/>
    <subProcess id="sub" name="复核">
      <startEvent id="sub_start"/>
      <sequenceFlow id="sf1" sourceRef="sub_start" targetRef="sub_task"/>
      <userTask id="sub_task" name="复核人"/>
      <sequenceFlow id="sf2" sourceRef="sub_task" targetRef="sub_end"/>
      <endEvent id="sub_end"/>
    </subProcess>
    <sequenceFlow id="f3" sourceRef="sub" targetRef="end"/>
    <endEvent id="end" name="结束"/>
  </process>
</definitions>`;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Drawn {
  /** bpmnElement id of each plane, in document order. */
  planes: string[];
  /** element id → the plane it is drawn on, its bounds (shapes) or number of waypoints (edges). */
  items: Map<string, { plane: string; bounds?: Box; points?: number }>;
  definitions: ModdleElement;
}

async function drawn(xml: string): Promise<Drawn> {
  const { rootElement: definitions, warnings } = await getModdle().fromXML(xml, 'bpmn:Definitions');
  expect(warnings.map((w) => w.message)).toEqual([]);
  const planes: string[] = [];
  const items: Drawn['items'] = new Map();
  for (const diagram of definitions.diagrams as ModdleElement[]) {
    const plane = diagram.plane as ModdleElement;
    const planeId = (plane.bpmnElement as ModdleElement).id!;
    planes.push(planeId);
    for (const item of plane.planeElement as ModdleElement[]) {
      const id = (item.bpmnElement as ModdleElement).id!;
      expect(items.has(id), `${id} drawn twice`).toBe(false);
      items.set(id, { plane: planeId, bounds: item.bounds as Box | undefined, points: (item.waypoint as unknown[] | undefined)?.length });
    }
  }
  return { planes, items, definitions };
}

/** Every flow node and sequence flow of a container (sub-processes included), with their ids. */
function flowElementsOf(container: ModdleElement): ModdleElement[] {
  return (container.flowElements as ModdleElement[]).flatMap((el) => [el, ...(el.$instanceOf('bpmn:SubProcess') ? flowElementsOf(el) : [])]);
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('automatic layout of files without diagram data', () => {
  it('gives every flow node a shape and every flow an edge; sub-process content on its own plane', async () => {
    const { xml, laidOut } = await withDiagram(flowableStyle);
    expect(laidOut).toBe(true);
    const { planes, items, definitions } = await drawn(xml);
    expect(planes).toEqual(['leave', 'sub']);
    const process = (definitions.rootElements as ModdleElement[])[0]!;
    const elements = flowElementsOf(process);
    const flows = elements.filter((e) => e.$type === 'bpmn:SequenceFlow');
    const nodes = elements.filter((e) => e.$type !== 'bpmn:SequenceFlow');
    expect(nodes).toHaveLength(10);
    expect(flows).toHaveLength(8);
    // The flow without an id got one, so its edge can name it.
    expect(flows.every((f) => typeof f.id === 'string' && f.id !== '')).toBe(true);
    expect(flows[0]!.id).toBe('Flow_start_approve');
    for (const node of nodes) expect(items.get(node.id!)?.bounds, node.id).toBeDefined();
    for (const flow of flows) expect(items.get(flow.id!)?.points, flow.id).toBeGreaterThanOrEqual(2);
    // The sub-process is a collapsed shape on the process plane; its content is drawn on the sub-process's plane.
    expect(items.get('sub')?.plane).toBe('leave');
    expect(items.get('sub')?.bounds).toMatchObject({ width: 100, height: 80 });
    for (const id of ['sub_start', 'sub_task', 'sub_end', 'sf1', 'sf2']) expect(items.get(id)?.plane, id).toBe('sub');
    // No two shapes of one plane on top of each other (a boundary event sits on its host's edge by design).
    const shapes = [...items.entries()].filter(([id, i]) => i.bounds && id !== 'late');
    for (const [i, [a, ai]] of shapes.entries()) {
      for (const [b, bi] of shapes.slice(i + 1)) if (ai.plane === bi.plane) expect(overlap(ai.bounds!, bi.bounds!), `${a} / ${b}`).toBe(false);
    }
  });

  it('keeps what the engine reads: config, vendor attributes, conditions, the default flow', async () => {
    const { xml } = await withDiagram(flowableStyle);
    expect(xml).toContain('<wf:config>{"candidates":[{"type":"starter","ids":[]}]}</wf:config>');
    expect(xml).toContain('flowable:assignee="kermit"');
    expect(xml).toContain('<conditionExpression>${days &gt; 3}</conditionExpression>');
    expect(xml).toContain('<exclusiveGateway id="gw" default="f_no"');
    expect(xml).toContain('<timeDuration>PT2H</timeDuration>');
  });

  it('returns a file with a complete diagram exactly as it came, and a laid-out file stays as it is', async () => {
    const linear = loadFixture('linear', { lisi: 'u1', wangwu: 'u2' });
    expect(await withDiagram(linear)).toEqual({ xml: linear, laidOut: false });
    const { xml } = await withDiagram(flowableStyle);
    expect(await withDiagram(xml)).toEqual({ xml, laidOut: false });
  });

  it('lays out again a diagram that misses some elements', async () => {
    const linear = loadFixture('linear', { lisi: 'u1', wangwu: 'u2' });
    const partial = linear.replace(/<bpmndi:BPMNShape id="finance_di"[\s\S]*?<\/bpmndi:BPMNShape>/, '');
    const { xml, laidOut } = await withDiagram(partial);
    expect(laidOut).toBe(true);
    const { items } = await drawn(xml);
    expect([...items.keys()].sort()).toEqual(['end', 'f1', 'f2', 'f3', 'finance', 'manager', 'start']);
  });

  it('draws pools without diagram data around their processes, empty pools as bands, message flows between them', async () => {
    const collaboration = `<?xml version="1.0" encoding="UTF-8"?>
<definitions ${NS} id="d" targetNamespace="x">
  <collaboration id="collab">
    <participant id="customer" name="客户"/>
    <participant id="company" name="公司" processRef="orders"/>
    <messageFlow id="m1" sourceRef="customer" targetRef="receive"/>
  </collaboration>
  <process id="orders" isExecutable="true">
    <laneSet id="ls"><lane id="lane1" name="销售"><flowNodeRef>receive</flowNodeRef><flowNodeRef>check</flowNodeRef><flowNodeRef>done</flowNodeRef></lane></laneSet>
    <startEvent id="receive"/><sequenceFlow id="f1" sourceRef="receive" targetRef="check"/><userTask id="check" name="审核订单"/><sequenceFlow id="f2" sourceRef="check" targetRef="done"/><endEvent id="done"/>
  </process>
</definitions>`;
    const { xml, laidOut } = await withDiagram(collaboration);
    expect(laidOut).toBe(true);
    const { planes, items } = await drawn(xml);
    expect(planes).toEqual(['collab']);
    const customer = items.get('customer')!.bounds!;
    const company = items.get('company')!.bounds!;
    expect(overlap(customer, company)).toBe(false);
    for (const id of ['receive', 'check', 'done']) {
      const b = items.get(id)!.bounds!;
      expect(b.x >= company.x && b.y >= company.y && b.x + b.width <= company.x + company.width && b.y + b.height <= company.y + company.height, id).toBe(true);
    }
    expect(items.get('m1')?.points).toBeGreaterThanOrEqual(2);
    expect(items.has('lane1')).toBe(false); // lanes are not drawn (documented)
    expect(await withDiagram(xml)).toMatchObject({ laidOut: false });
  });

  it('leaves an unreadable document and one without a process alone (validation reports them)', async () => {
    expect(await withDiagram('<nope')).toEqual({ xml: '<nope', laidOut: false });
    const empty = `<definitions ${NS} id="d" targetNamespace="x"/>`;
    expect(await withDiagram(empty)).toEqual({ xml: empty, laidOut: false });
  });
});
