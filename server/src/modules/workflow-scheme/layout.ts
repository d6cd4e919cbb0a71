import { layoutProcess } from 'bpmn-auto-layout';
import type { ModdleElement } from 'bpmn-moddle';
import { getModdle } from '../workflow/engine/definition.js';
import type { Box, Point } from '../workflow/engine/svg.js';

/**
 * Diagram data for BPMN files that come without it (docs/workflow-screens.md "Designer", automatic layout).
 * Engine test resources (Flowable's, Camunda's…) often hold only the process, or a diagram that misses some
 * elements: such a file opened as an empty canvas while validation marked elements nobody could see. A scheme
 * version is therefore laid out with bpmn-auto-layout when it is saved, and the designer asks for the same
 * layout (POST /workflow-scheme-info/layout) when it opens a file whose diagram is incomplete. A file whose
 * diagram already shows every pool, node and flow is returned exactly as it came.
 *
 * bpmn-auto-layout draws one flat process (the first one, ignoring pools, and drawing a sub-process's content on
 * top of its parent's), so it is given one container at a time: each process and each sub-process is laid out
 * alone from a minimal copy (ids, types, flows), and the shapes are put on the real document here. Sub-processes
 * are drawn collapsed with their content on a plane of its own (bpmn-js opens it with the drill-down arrow);
 * pools are stacked, each around its process; message flows are straight lines between them. Lanes, data
 * objects, annotations and groups get no shapes.
 */

export interface DiagramResult {
  xml: string;
  /** true when a diagram was made (the XML was rewritten), false when the XML is returned unchanged. */
  laidOut: boolean;
}

interface Layout {
  shapes: Map<string, Box>;
  edges: Map<string, Point[]>;
}

/** What moddle offers besides reading (the typing of bpmn-moddle in the engine covers fromXML only). */
interface ModdleWriter {
  create(type: string, attrs?: Record<string, unknown>): ModdleElement;
  toXML(element: ModdleElement, options?: { format?: boolean }): Promise<{ xml: string }>;
}
const writer = () => getModdle() as unknown as ModdleWriter;

const POOL_HEADER = 30;
const POOL_MARGIN = 30;
const POOL_MIN_WIDTH = 600;
const EMPTY_POOL_HEIGHT = 120;

function list(el: unknown, name: string): ModdleElement[] {
  const v = (el as Record<string, unknown> | undefined)?.[name];
  return Array.isArray(v) ? (v as ModdleElement[]) : [];
}
const ref = (el: ModdleElement, name: string) => el[name] as ModdleElement | undefined;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const isContainer = (el: ModdleElement) => el.$instanceOf('bpmn:SubProcess');

/** The XML with a complete diagram: unchanged when it has one (or cannot be read: validation says why). */
export async function withDiagram(xml: string): Promise<DiagramResult> {
  let definitions: ModdleElement;
  let ids: Set<string>;
  try {
    const parsed = await getModdle().fromXML(xml, 'bpmn:Definitions');
    definitions = parsed.rootElement;
    ids = new Set(Object.keys(parsed.elementsById ?? {}));
  } catch {
    return { xml, laidOut: false };
  }
  if (definitions?.$type !== 'bpmn:Definitions') return { xml, laidOut: false };
  const roots = diagramRoots(definitions);
  if (roots.length === 0 || hasCompleteDiagram(definitions, roots)) return { xml, laidOut: false };
  try {
    await drawDiagrams(definitions, roots, ids);
    return { xml: (await writer().toXML(definitions, { format: true })).xml, laidOut: true };
  } catch {
    // A layout failure must not stop a save: the file keeps the diagram it came with.
    return { xml, laidOut: false };
  }
}

/**
 * What the diagrams show: the collaboration (its pools) when there is one, else every process, the one the
 * engine runs first (the first with a start event, as engine/definition.ts chooses) so bpmn-js opens it.
 */
function diagramRoots(definitions: ModdleElement): ModdleElement[] {
  const roots = list(definitions, 'rootElements');
  const collaboration = roots.find((r) => r.$type === 'bpmn:Collaboration' && list(r, 'participants').length > 0);
  if (collaboration) return [collaboration];
  const processes = roots.filter((r) => r.$type === 'bpmn:Process');
  const run = processes.find((p) => list(p, 'flowElements').some((e) => e.$type === 'bpmn:StartEvent')) ?? processes[0];
  return run ? [run, ...processes.filter((p) => p !== run)] : [];
}

/** The nodes of a process or sub-process and the sequence flows between them (the only flows a layout can draw). */
function contentOf(container: ModdleElement): { nodes: ModdleElement[]; flows: ModdleElement[] } {
  const elements = list(container, 'flowElements');
  const nodes = elements.filter((el) => el.$instanceOf('bpmn:FlowNode'));
  const inside = new Set(nodes);
  const flows = elements.filter((el) => el.$instanceOf('bpmn:SequenceFlow') && inside.has(ref(el, 'sourceRef')!) && inside.has(ref(el, 'targetRef')!));
  return { nodes, flows };
}

/** Every process and sub-process under a root, outermost first. */
function containersOf(root: ModdleElement): ModdleElement[] {
  const out: ModdleElement[] = [];
  const walk = (container: ModdleElement) => {
    out.push(container);
    for (const el of list(container, 'flowElements')) if (isContainer(el)) walk(el);
  };
  if (root.$type === 'bpmn:Collaboration') {
    for (const p of list(root, 'participants')) {
      const process = ref(p, 'processRef');
      if (process) walk(process);
    }
  } else walk(root);
  return out;
}

/** Pools, flow nodes and sequence flows need a shape or an edge; data objects, annotations and lanes may go without. */
function hasCompleteDiagram(definitions: ModdleElement, roots: ModdleElement[]): boolean {
  const drawn = new Set<unknown>();
  for (const diagram of list(definitions, 'diagrams')) {
    for (const item of list(ref(diagram, 'plane'), 'planeElement')) if (item.bpmnElement) drawn.add(item.bpmnElement);
  }
  for (const root of roots) {
    if (root.$type === 'bpmn:Collaboration' && list(root, 'participants').some((p) => !drawn.has(p))) return false;
    for (const container of containersOf(root)) {
      const { nodes, flows } = contentOf(container);
      if (![...nodes, ...flows].every((el) => drawn.has(el))) return false;
    }
  }
  return true;
}

/** Unique ids for the flows and diagram elements this file adds. */
function idMaker(taken: Set<string>) {
  return (base: string) => {
    const clean = base.replace(/[^\w.-]/g, '_');
    let id = clean;
    for (let i = 2; taken.has(id); i++) id = `${clean}_${i}`;
    taken.add(id);
    return id;
  };
}

async function drawDiagrams(definitions: ModdleElement, roots: ModdleElement[], taken: Set<string>): Promise<void> {
  const m = writer();
  const freshId = idMaker(taken);
  // An element without an id cannot be referenced by its shape or edge (Flowable's test files have such flows).
  for (const root of roots) {
    for (const container of containersOf(root)) {
      const { nodes, flows } = contentOf(container);
      for (const node of nodes) if (!node.id) node.id = freshId(node.$type.replace('bpmn:', ''));
      for (const flow of flows) if (!flow.id) flow.id = freshId(`Flow_${ref(flow, 'sourceRef')!.id}_${ref(flow, 'targetRef')!.id}`);
    }
  }

  const shape = (el: ModdleElement, b: Box, extra: Record<string, unknown> = {}) =>
    m.create('bpmndi:BPMNShape', { id: freshId(`${el.id}_di`), bpmnElement: el, bounds: m.create('dc:Bounds', { ...b }), ...extra });
  const edge = (el: ModdleElement, points: Point[]) =>
    m.create('bpmndi:BPMNEdge', { id: freshId(`${el.id}_di`), bpmnElement: el, waypoint: points.map((p) => m.create('dc:Point', { ...p })) });
  const diagrams: ModdleElement[] = [];
  const addPlane = (element: ModdleElement, items: ModdleElement[]) => {
    const plane = m.create('bpmndi:BPMNPlane', { id: freshId(`BPMNPlane_${element.id}`), bpmnElement: element, planeElement: items });
    diagrams.push(m.create('bpmndi:BPMNDiagram', { id: freshId(`BPMNDiagram_${element.id}`), plane }));
  };
  /** Shapes and edges of one container's content, moved by (dx, dy). */
  const drawContent = async (container: ModdleElement, dx: number, dy: number): Promise<ModdleElement[]> => {
    const { nodes, flows } = contentOf(container);
    const layout = await layoutContent(nodes, flows);
    const items: ModdleElement[] = [];
    for (const node of nodes) {
      const b = layout.shapes.get(node.id!)!;
      items.push(shape(node, { ...b, x: b.x + dx, y: b.y + dy }, node.$type === 'bpmn:ExclusiveGateway' ? { isMarkerVisible: true } : {}));
    }
    for (const flow of flows)
      items.push(
        edge(
          flow,
          layout.edges.get(flow.id!)!.map((p) => ({ x: p.x + dx, y: p.y + dy })),
        ),
      );
    return items;
  };

  for (const root of roots) {
    if (root.$type === 'bpmn:Collaboration') addPlane(root, await drawPools(root, drawContent, shape, edge));
    else addPlane(root, await drawContent(root, 0, 0));
    // Sub-processes are drawn collapsed; their content goes on a plane of its own.
    for (const sub of containersOf(root).filter(isContainer)) addPlane(sub, await drawContent(sub, 0, 0));
  }
  definitions.diagrams = diagrams;
}

type DrawContent = (container: ModdleElement, dx: number, dy: number) => Promise<ModdleElement[]>;

/** Pools one under the other, each around its process's layout; empty (black-box) pools get a plain band. */
async function drawPools(
  collaboration: ModdleElement,
  drawContent: DrawContent,
  shape: (el: ModdleElement, b: Box, extra?: Record<string, unknown>) => ModdleElement,
  edge: (el: ModdleElement, points: Point[]) => ModdleElement,
): Promise<ModdleElement[]> {
  const items: ModdleElement[] = [];
  const boxes = new Map<string, Box>();
  let y = 0;
  for (const participant of list(collaboration, 'participants')) {
    const process = ref(participant, 'processRef');
    const content = process && contentOf(process).nodes.length > 0 ? await drawContent(process, 0, 0) : [];
    const extent = boundsOf(content);
    let pool: Box;
    if (extent) {
      // Move the content inside the pool: right of its name band, a margin all round.
      const dx = POOL_HEADER + POOL_MARGIN - extent.x;
      const dy = y + POOL_MARGIN - extent.y;
      for (const item of content) moveItem(item, dx, dy);
      pool = { x: 0, y, width: Math.max(POOL_MIN_WIDTH, POOL_HEADER + extent.width + 2 * POOL_MARGIN), height: extent.height + 2 * POOL_MARGIN };
    } else pool = { x: 0, y, width: POOL_MIN_WIDTH, height: EMPTY_POOL_HEIGHT };
    items.push(shape(participant, pool, { isHorizontal: true }), ...content);
    for (const item of content) {
      const b = item.bounds as Box | undefined;
      const id = (item.bpmnElement as ModdleElement).id;
      if (b && id) boxes.set(id, { x: b.x, y: b.y, width: b.width, height: b.height });
    }
    if (participant.id) boxes.set(participant.id, pool);
    y += pool.height + POOL_MARGIN;
  }
  for (const flow of list(collaboration, 'messageFlows')) {
    const from = boxes.get(ref(flow, 'sourceRef')?.id ?? '');
    const to = boxes.get(ref(flow, 'targetRef')?.id ?? '');
    if (!flow.id || !from || !to) continue;
    items.push(edge(flow, messageFlowPoints(from, to)));
  }
  return items;
}

/** A message flow leaves the bottom (or top) of its source and enters the top (or bottom) of its target. */
function messageFlowPoints(from: Box, to: Box): Point[] {
  const down = from.y < to.y;
  const start = { x: from.x + from.width / 2, y: down ? from.y + from.height : from.y };
  const end = { x: to.x + to.width / 2, y: down ? to.y : to.y + to.height };
  if (start.x === end.x) return [start, end];
  const middle = (start.y + end.y) / 2;
  return [start, { x: start.x, y: middle }, { x: end.x, y: middle }, end];
}

function moveItem(item: ModdleElement, dx: number, dy: number): void {
  const b = item.bounds as Box | undefined;
  if (b) {
    b.x += dx;
    b.y += dy;
  }
  for (const p of list(item, 'waypoint') as unknown as Point[]) {
    p.x += dx;
    p.y += dy;
  }
}

function boundsOf(items: ModdleElement[]): Box | null {
  const points: Point[] = [];
  for (const item of items) {
    const b = item.bounds as Box | undefined;
    if (b) points.push({ x: b.x, y: b.y }, { x: b.x + b.width, y: b.y + b.height });
    points.push(...(list(item, 'waypoint') as unknown as Point[]));
  }
  if (points.length === 0) return null;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * bpmn-auto-layout over a minimal flat copy of one container: element types, ids, boundary hosts and the flows
 * (with incoming / outgoing filled in: many files leave them out and the layout follows them). A nested
 * sub-process appears empty, so it is drawn as a collapsed task-sized shape.
 */
async function layoutContent(nodes: ModdleElement[], flows: ModdleElement[]): Promise<Layout> {
  const incoming = new Map<ModdleElement, string[]>();
  const outgoing = new Map<ModdleElement, string[]>();
  for (const flow of flows) {
    const push = (map: Map<ModdleElement, string[]>, node: ModdleElement) => map.set(node, [...(map.get(node) ?? []), flow.id!]);
    push(outgoing, ref(flow, 'sourceRef')!);
    push(incoming, ref(flow, 'targetRef')!);
  }
  const inside = new Set(nodes);
  const nodeXml = nodes.map((node) => {
    const tag = node.$type.charAt(5).toLowerCase() + node.$type.slice(6); // bpmn:UserTask → userTask
    const host = ref(node, 'attachedToRef');
    const attached = host && inside.has(host) ? ` attachedToRef="${esc(host.id!)}"` : '';
    const links = [
      ...(incoming.get(node) ?? []).map((id) => `<incoming>${esc(id)}</incoming>`),
      ...(outgoing.get(node) ?? []).map((id) => `<outgoing>${esc(id)}</outgoing>`),
    ];
    return `<${tag} id="${esc(node.id!)}"${attached}>${links.join('')}</${tag}>`;
  });
  const flowXml = flows.map(
    (f) => `<sequenceFlow id="${esc(f.id!)}" sourceRef="${esc(ref(f, 'sourceRef')!.id!)}" targetRef="${esc(ref(f, 'targetRef')!.id!)}"/>`,
  );
  const flat = `<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="layout" targetNamespace="layout"><process id="layout_process">${nodeXml.join('')}${flowXml.join('')}</process></definitions>`;

  const layout: Layout = { shapes: new Map(), edges: new Map() };
  if (nodes.length > 0) {
    const laidOut = (await getModdle().fromXML(await layoutProcess(flat), 'bpmn:Definitions')).rootElement;
    for (const item of list(ref(list(laidOut, 'diagrams')[0]!, 'plane'), 'planeElement')) {
      const id = ref(item, 'bpmnElement')?.id;
      if (!id) continue;
      const b = item.bounds as Box | undefined;
      if (item.$type === 'bpmndi:BPMNShape' && b) layout.shapes.set(id, { x: b.x, y: b.y, width: b.width, height: b.height });
      if (item.$type === 'bpmndi:BPMNEdge')
        layout.edges.set(
          id,
          (list(item, 'waypoint') as unknown as Point[]).map((p) => ({ x: p.x, y: p.y })),
        );
    }
  }
  fillGaps(nodes, flows, layout);
  return layout;
}

/** Whatever the layout left out (it should not) goes in a row below the rest, flows as straight lines: the diagram is complete either way. */
function fillGaps(nodes: ModdleElement[], flows: ModdleElement[], layout: Layout): void {
  const placed = [...layout.shapes.values()];
  let x = 25;
  const y = placed.length ? Math.max(...placed.map((b) => b.y + b.height)) + 60 : 25;
  for (const node of nodes) {
    if (layout.shapes.has(node.id!)) continue;
    const size = node.$instanceOf('bpmn:Event') ? 36 : node.$instanceOf('bpmn:Gateway') ? 50 : 0;
    const b = size ? { x, y, width: size, height: size } : { x, y, width: 100, height: 80 };
    layout.shapes.set(node.id!, b);
    x += b.width + 50;
  }
  for (const flow of flows) {
    if (layout.edges.has(flow.id!)) continue;
    const from = layout.shapes.get(ref(flow, 'sourceRef')!.id!)!;
    const to = layout.shapes.get(ref(flow, 'targetRef')!.id!)!;
    layout.edges.set(flow.id!, [
      { x: from.x + from.width, y: from.y + from.height / 2 },
      { x: to.x, y: to.y + to.height / 2 },
    ]);
  }
}
