import type { ModdleElement } from 'bpmn-moddle';
import { getModdle, parseDefinition } from './definition.js';

/**
 * A server-side SVG picture of a BPMN diagram (the monitor's and the approval page's flow chart), drawn from
 * the diagram interchange (shape bounds, edge waypoints) so it looks like the designer's drawing. Without DI
 * the nodes are laid out left to right by their distance from the start. Done nodes are green, current ones
 * orange, the rest grey. Every text from the XML is escaped: names are user input.
 */

export interface DiagramHighlight {
  done?: string[];
  current?: string[];
}

/** A diagram shape's bounds (dc:Bounds) and a waypoint (dc:Point), as BPMN DI stores them. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}
interface Shape {
  id: string;
  type: string;
  name: string;
  box: Box;
  label?: Box;
  multi?: 'parallel' | 'sequential';
  terminate?: boolean;
  timer?: boolean;
  nonInterrupting?: boolean;
  expanded?: boolean;
  /** Ids of the nodes inside an expanded sub-process (its colour follows theirs). */
  children?: string[];
}
interface Edge {
  id: string;
  name: string;
  points: Point[];
  source: string;
  target: string;
  isDefault: boolean;
  label?: Box;
}

type State = 'done' | 'current' | 'pending';
const COLOURS: Record<State, { stroke: string; fill: string; text: string }> = {
  done: { stroke: '#52c41a', fill: '#f6ffed', text: '#237804' },
  current: { stroke: '#fa8c16', fill: '#fff7e6', text: '#ad4e00' },
  pending: { stroke: '#8c8c8c', fill: '#ffffff', text: '#434343' },
};
const FONT = `font-family="'PingFang SC','Microsoft YaHei',Arial,sans-serif"`;

/** XML-escapes text and attribute values (names, ids and conditions come from the user's XML). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
const n = (v: number) => (Number.isFinite(v) ? Math.round(v * 10) / 10 : 0);

const isEvent = (type: string) => type.endsWith('Event');
const isGateway = (type: string) => type.endsWith('Gateway');

// ---------- reading the diagram ----------

const list = (el: ModdleElement | undefined, name: string): ModdleElement[] => {
  const v = el?.[name];
  return Array.isArray(v) ? (v as ModdleElement[]) : [];
};
const boxOf = (v: unknown): Box | undefined => {
  const b = v as Partial<Box> | undefined;
  return b && [b.x, b.y, b.width, b.height].every((x) => typeof x === 'number') ? (b as Box) : undefined;
};

function shapeFromElement(el: ModdleElement, box: Box, expanded: boolean): Shape {
  const type = el.$type.replace(/^bpmn:/, '');
  const shape: Shape = { id: el.id ?? '', type, name: typeof el.name === 'string' ? el.name : '', box };
  const loop = el.loopCharacteristics as ModdleElement | undefined;
  if (loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics') shape.multi = loop.isSequential === true ? 'sequential' : 'parallel';
  const defs = list(el, 'eventDefinitions');
  if (defs.some((d) => d.$type === 'bpmn:TerminateEventDefinition')) shape.terminate = true;
  if (defs.some((d) => d.$type === 'bpmn:TimerEventDefinition')) shape.timer = true;
  if (type === 'BoundaryEvent' && el.cancelActivity === false) shape.nonInterrupting = true;
  if (type === 'SubProcess') {
    shape.expanded = expanded;
    const ids: string[] = [];
    const collect = (c: ModdleElement) => {
      for (const child of list(c, 'flowElements')) {
        if (child.id) ids.push(child.id);
        collect(child);
      }
    };
    collect(el);
    shape.children = ids;
  }
  return shape;
}

/** Shapes and edges from the first diagram's DI; null when the document has none. */
function fromDi(root: ModdleElement): { shapes: Shape[]; edges: Edge[] } | null {
  const plane = list(root, 'diagrams')[0]?.plane as ModdleElement | undefined;
  const items = list(plane, 'planeElement');
  if (!items.length) return null;
  const shapes: Shape[] = [];
  const edges: Edge[] = [];
  for (const di of items) {
    const el = di.bpmnElement as ModdleElement | undefined;
    if (!el) continue;
    if (di.$type === 'bpmndi:BPMNShape') {
      const box = boxOf(di.bounds);
      if (!box) continue;
      const shape = shapeFromElement(el, box, di.isExpanded === true);
      const label = boxOf((di.label as ModdleElement | undefined)?.bounds);
      if (label) shape.label = label;
      shapes.push(shape);
    } else if (di.$type === 'bpmndi:BPMNEdge') {
      const points = list(di, 'waypoint').map((p) => ({ x: Number(p.x), y: Number(p.y) }));
      if (points.length < 2) continue;
      const source = (el.sourceRef as ModdleElement | undefined)?.id ?? '';
      const sourceEl = el.sourceRef as ModdleElement | undefined;
      const edge: Edge = {
        id: el.id ?? '',
        name: typeof el.name === 'string' ? el.name : '',
        points,
        source,
        target: (el.targetRef as ModdleElement | undefined)?.id ?? '',
        isDefault: (sourceEl?.default as ModdleElement | undefined)?.id === el.id,
      };
      const label = boxOf((di.label as ModdleElement | undefined)?.bounds);
      if (label) edge.label = label;
      edges.push(edge);
    }
  }
  // Containers first, so the nodes inside them are drawn on top.
  const rank = (s: Shape) => (s.type === 'Participant' || s.type === 'Lane' ? 0 : s.expanded ? 1 : 2);
  shapes.sort((a, b) => rank(a) - rank(b));
  return { shapes, edges };
}

const SIZES = { task: { width: 100, height: 80 }, event: { width: 36, height: 36 }, gateway: { width: 50, height: 50 } };

/** No DI: columns by breadth-first distance from the start, rows in discovery order; boundaries sit on their host. */
async function laidOut(xml: string): Promise<{ shapes: Shape[]; edges: Edge[] }> {
  const { graph } = await parseDefinition(xml);
  if (!graph) return { shapes: [], edges: [] };
  const depth = new Map<string, number>();
  const order: string[] = [];
  const queue = graph.startNodeId ? [graph.startNodeId] : [];
  if (graph.startNodeId) depth.set(graph.startNodeId, 0);
  while (queue.length) {
    const id = queue.shift()!;
    order.push(id);
    const node = graph.nodes[id]!;
    for (const f of node.outgoing.concat(node.boundaries.flatMap((b) => graph.nodes[b]?.outgoing ?? []))) {
      const t = graph.flows[f]?.target;
      if (t && graph.nodes[t] && !depth.has(t)) {
        depth.set(t, depth.get(id)! + 1);
        queue.push(t);
      }
    }
  }
  const maxDepth = Math.max(0, ...depth.values());
  for (const node of Object.values(graph.nodes)) {
    if (!depth.has(node.id) && node.type !== 'boundaryEvent') {
      depth.set(node.id, maxDepth + 1);
      order.push(node.id);
    }
  }
  const rows = new Map<number, number>();
  const shapes = new Map<string, Shape>();
  for (const id of order) {
    const node = graph.nodes[id]!;
    if (node.type === 'boundaryEvent') continue;
    const d = depth.get(id)!;
    const row = rows.get(d) ?? 0;
    rows.set(d, row + 1);
    const size = isEvent(node.bpmnType) ? SIZES.event : isGateway(node.bpmnType) ? SIZES.gateway : SIZES.task;
    const cx = 80 + d * 170;
    const cy = 80 + row * 130;
    const shape: Shape = { id, type: node.bpmnType.replace(/^bpmn:/, ''), name: node.name, box: { x: cx - size.width / 2, y: cy - size.height / 2, ...size } };
    if (node.multiInstance) shape.multi = node.multiInstance.sequential ? 'sequential' : 'parallel';
    if (node.terminate) shape.terminate = true;
    shapes.set(id, shape);
  }
  for (const node of Object.values(graph.nodes)) {
    const host = node.attachedTo ? shapes.get(node.attachedTo) : undefined;
    if (node.type !== 'boundaryEvent' || !host) continue;
    const index = Math.max(0, graph.nodes[host.id]!.boundaries.indexOf(node.id));
    shapes.set(node.id, {
      id: node.id,
      type: 'BoundaryEvent',
      name: node.name,
      box: { x: host.box.x + host.box.width - 30 - index * 40, y: host.box.y + host.box.height - 18, width: 36, height: 36 },
      timer: node.timer !== undefined,
      nonInterrupting: node.cancelActivity === false,
    });
  }
  const edges: Edge[] = [];
  for (const flow of Object.values(graph.flows)) {
    const a = shapes.get(flow.source);
    const b = shapes.get(flow.target);
    if (!a || !b) continue;
    const from = { x: a.box.x + a.box.width, y: a.box.y + a.box.height / 2 };
    const to = { x: b.box.x, y: b.box.y + b.box.height / 2 };
    let points: Point[];
    if (a.type === 'BoundaryEvent') points = [{ x: from.x - a.box.width / 2, y: a.box.y + a.box.height }, { x: from.x - a.box.width / 2, y: to.y }, to];
    else if (Math.abs(from.y - to.y) < 1) points = [from, to];
    else if (to.x > from.x) {
      const mid = (from.x + to.x) / 2;
      points = [from, { x: mid, y: from.y }, { x: mid, y: to.y }, to];
    } else {
      // A flow back to an earlier column goes round underneath.
      const below = Math.max(a.box.y + a.box.height, b.box.y + b.box.height) + 30;
      points = [from, { x: from.x + 20, y: from.y }, { x: from.x + 20, y: below }, { x: to.x - 20, y: below }, { x: to.x - 20, y: to.y }, to];
    }
    edges.push({
      id: flow.id,
      name: flow.name,
      points,
      source: flow.source,
      target: flow.target,
      isDefault: graph.nodes[flow.source]!.defaultFlow === flow.id,
    });
  }
  return { shapes: [...shapes.values()], edges };
}

// ---------- drawing ----------

/** Splits a name into lines that fit a width: Latin text breaks between words, CJK between characters (double width). */
function wrap(text: string, width: number, maxLines = 4): string[] {
  const widthOf = (t: string) => [...t].reduce((sum, ch) => sum + (/[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch) ? 12 : 6.5), 0);
  const pieces = text.match(/[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]|[^\s\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]+\s*|\s+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    if (line && widthOf(line + piece.trimEnd()) > width) {
      lines.push(line.trimEnd());
      line = '';
    }
    // A single word wider than the line is cut.
    let rest = line ? piece : piece.trimStart();
    while (!line && widthOf(rest.trimEnd()) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && widthOf(rest.slice(0, cut)) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line += rest;
  }
  if (line.trim()) lines.push(line.trimEnd());
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = lines[maxLines - 1]!.slice(0, -1) + '…';
  }
  return lines;
}

function textBlock(lines: string[], cx: number, cy: number, colour: string, size = 12): string {
  if (!lines.length) return '';
  const top = cy - ((lines.length - 1) * (size + 2)) / 2;
  const spans = lines.map((l, i) => `<tspan x="${n(cx)}" y="${n(top + i * (size + 2))}">${escapeXml(l)}</tspan>`).join('');
  return `<text ${FONT} font-size="${size}" fill="${colour}" text-anchor="middle" dominant-baseline="middle">${spans}</text>`;
}

function drawShape(s: Shape, state: State): string {
  const c = COLOURS[state];
  const { x, y, width: w, height: h } = s.box;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const out: string[] = [`<g data-element-id="${escapeXml(s.id)}" data-state="${state}">`];
  const below = () => {
    const lb = s.label ?? { x: cx - 50, y: y + h + 4, width: 100, height: 28 };
    out.push(textBlock(wrap(s.name, Math.max(lb.width, 90), 3), lb.x + lb.width / 2, lb.y + lb.height / 2, c.text));
  };

  if (s.type === 'Participant' || s.type === 'Lane') {
    out.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="none" stroke="#bfbfbf"/>`);
    if (s.name)
      out.push(
        `<text ${FONT} font-size="12" fill="#434343" transform="translate(${n(x + 16)} ${n(cy)}) rotate(-90)" text-anchor="middle">${escapeXml(s.name)}</text>`,
      );
  } else if (isEvent(s.type)) {
    const r = Math.min(w, h) / 2;
    const end = s.type === 'EndEvent';
    const dash = s.nonInterrupting ? ' stroke-dasharray="4 2"' : '';
    out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${c.fill}" stroke="${c.stroke}" stroke-width="${end ? 4 : 1.5}"${dash}/>`);
    if (s.type === 'BoundaryEvent' || s.type.startsWith('Intermediate')) {
      out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r - 3)}" fill="none" stroke="${c.stroke}" stroke-width="1"${dash}/>`);
    }
    if (s.terminate) out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r - 7)}" fill="${c.stroke}"/>`);
    if (s.timer) {
      // A small clock face.
      out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r - 8)}" fill="#fff" stroke="${c.stroke}"/>`);
      out.push(`<path d="M${n(cx)} ${n(cy)} L${n(cx)} ${n(cy - r + 11)} M${n(cx)} ${n(cy)} L${n(cx + 5)} ${n(cy + 2)}" stroke="${c.stroke}" fill="none"/>`);
    }
    below();
  } else if (isGateway(s.type)) {
    out.push(
      `<polygon points="${n(cx)},${n(y)} ${n(x + w)},${n(cy)} ${n(cx)},${n(y + h)} ${n(x)},${n(cy)}" fill="${c.fill}" stroke="${c.stroke}" stroke-width="1.5"/>`,
    );
    const m = Math.min(w, h) * 0.22;
    if (s.type === 'ExclusiveGateway')
      out.push(
        `<path d="M${n(cx - m)} ${n(cy - m)} L${n(cx + m)} ${n(cy + m)} M${n(cx + m)} ${n(cy - m)} L${n(cx - m)} ${n(cy + m)}" stroke="${c.stroke}" stroke-width="3"/>`,
      );
    else if (s.type === 'ParallelGateway')
      out.push(
        `<path d="M${n(cx)} ${n(cy - m * 1.3)} L${n(cx)} ${n(cy + m * 1.3)} M${n(cx - m * 1.3)} ${n(cy)} L${n(cx + m * 1.3)} ${n(cy)}" stroke="${c.stroke}" stroke-width="3"/>`,
      );
    else if (s.type === 'InclusiveGateway')
      out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(m * 1.2)}" fill="none" stroke="${c.stroke}" stroke-width="2.5"/>`);
    below();
  } else if (s.expanded) {
    out.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="10" fill="none" stroke="${c.stroke}" stroke-width="1.5"/>`);
    if (s.name) out.push(`<text ${FONT} font-size="12" fill="${c.text}" x="${n(x + 10)}" y="${n(y + 18)}">${escapeXml(s.name)}</text>`);
  } else if (s.type === 'TextAnnotation' || s.type.startsWith('Data') || s.type === 'Group') {
    out.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="none" stroke="#bfbfbf" stroke-dasharray="3 3"/>`);
  } else {
    // Activities: tasks, call activities (thick border), collapsed sub-processes (+ marker).
    const thick = s.type === 'CallActivity' ? 4 : 1.5;
    out.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="10" fill="${c.fill}" stroke="${c.stroke}" stroke-width="${thick}"/>`);
    out.push(textBlock(wrap(s.name, w - 12), cx, cy - (s.multi || s.type === 'SubProcess' ? 6 : 0), c.text));
    const my = y + h - 16;
    if (s.multi === 'parallel')
      out.push(`<path d="M${n(cx - 5)} ${n(my)} v10 M${n(cx)} ${n(my)} v10 M${n(cx + 5)} ${n(my)} v10" stroke="${c.stroke}" stroke-width="2"/>`);
    if (s.multi === 'sequential')
      out.push(`<path d="M${n(cx - 6)} ${n(my)} h12 M${n(cx - 6)} ${n(my + 5)} h12 M${n(cx - 6)} ${n(my + 10)} h12" stroke="${c.stroke}" stroke-width="2"/>`);
    if (s.type === 'SubProcess')
      out.push(`<path d="M${n(cx - 6)} ${n(my)} h12 v12 h-12 z M${n(cx)} ${n(my + 2)} v8 M${n(cx - 4)} ${n(my + 6)} h8" fill="none" stroke="${c.stroke}"/>`);
    if (s.type === 'UserTask') {
      // A small person in the corner, as BPMN tools draw it.
      out.push(
        `<circle cx="${n(x + 12)}" cy="${n(y + 10)}" r="3.5" fill="none" stroke="${c.stroke}"/><path d="M${n(x + 5)} ${n(y + 22)} q7 -11 14 0" fill="none" stroke="${c.stroke}"/>`,
      );
    } else if (s.type === 'ScriptTask') {
      out.push(`<path d="M${n(x + 7)} ${n(y + 6)} h9 M${n(x + 7)} ${n(y + 11)} h9 M${n(x + 7)} ${n(y + 16)} h9" stroke="${c.stroke}"/>`);
    }
  }
  out.push('</g>');
  return out.join('');
}

function drawEdge(e: Edge, state: 'done' | 'pending'): string {
  const c = COLOURS[state];
  const pts = e.points.map((p) => `${n(p.x)},${n(p.y)}`).join(' ');
  const out = [`<g data-element-id="${escapeXml(e.id)}" data-state="${state}">`];
  out.push(`<polyline points="${pts}" fill="none" stroke="${c.stroke}" stroke-width="1.5" marker-end="url(#wf-arrow-${state})"/>`);
  if (e.isDefault) {
    // The default-flow slash near the source.
    const [a, b] = e.points as [Point, Point];
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    const px = a.x + ux * 10;
    const py = a.y + uy * 10;
    out.push(
      `<path d="M${n(px - 5 * ux + 5 * uy)} ${n(py - 5 * uy - 5 * ux)} L${n(px + 5 * ux - 5 * uy)} ${n(py + 5 * uy + 5 * ux)}" stroke="${c.stroke}" stroke-width="1.5"/>`,
    );
  }
  if (e.name) {
    let at: Point;
    if (e.label) at = { x: e.label.x + e.label.width / 2, y: e.label.y + e.label.height / 2 };
    else {
      const i = Math.max(0, Math.floor((e.points.length - 1) / 2));
      const a = e.points[i]!;
      const b = e.points[i + 1]!;
      at = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 - 10 };
    }
    out.push(textBlock(wrap(e.name, 120, 2), at.x, at.y, c.text, 11));
  }
  out.push('</g>');
  return out.join('');
}

/**
 * Headers for every route that answers a diagram: an SVG opened as a document could run script, and the routes are
 * reachable by signed address without a session, so nothing may run, load or be sniffed as another type.
 */
export function diagramHeaders(maxAgeSeconds: number): Record<string, string> {
  return {
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': `private, max-age=${maxAgeSeconds}`,
  };
}

/** The diagram as a standalone SVG document; an unreadable XML gives an empty picture rather than an error. */
export async function renderDiagramSvg(xml: string, highlight: DiagramHighlight = {}): Promise<string> {
  let picture: { shapes: Shape[]; edges: Edge[] } = { shapes: [], edges: [] };
  try {
    const { rootElement } = await getModdle().fromXML(xml, 'bpmn:Definitions');
    picture = fromDi(rootElement) ?? (await laidOut(xml));
  } catch {
    // Drawn empty below: a broken definition must not break the page showing it.
  }
  const done = new Set(highlight.done ?? []);
  const current = new Set(highlight.current ?? []);
  const stateOf = (s: Shape): State => {
    const ids = s.children ? [s.id, ...s.children] : [s.id];
    if (ids.some((id) => current.has(id))) return 'current';
    if (ids.some((id) => done.has(id))) return 'done';
    return 'pending';
  };
  // A flow is done when it led from a done node to a node that was reached (a sub-process counts by its content).
  const stateById = new Map(picture.shapes.map((s) => [s.id, stateOf(s)]));
  const edgeState = (e: Edge): 'done' | 'pending' =>
    stateById.get(e.source) === 'done' && (stateById.get(e.target) ?? 'pending') !== 'pending' ? 'done' : 'pending';

  const xs: number[] = [];
  const ys: number[] = [];
  for (const s of picture.shapes) {
    xs.push(s.box.x, s.box.x + s.box.width);
    ys.push(s.box.y, s.box.y + s.box.height + (isEvent(s.type) || isGateway(s.type) ? 34 : 0));
  }
  for (const e of picture.edges) {
    for (const p of e.points) {
      xs.push(p.x);
      ys.push(p.y);
    }
  }
  const margin = 20;
  const minX = (xs.length ? Math.min(...xs) : 0) - margin;
  const minY = (ys.length ? Math.min(...ys) : 0) - margin;
  const width = (xs.length ? Math.max(...xs) : 100) - minX + margin;
  const height = (ys.length ? Math.max(...ys) : 100) - minY + margin;

  const arrow = (state: 'done' | 'pending') =>
    `<marker id="wf-arrow-${state}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${COLOURS[state].stroke}"/></marker>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="${n(minX)} ${n(minY)} ${n(width)} ${n(height)}">`,
    `<defs>${arrow('pending')}${arrow('done')}</defs>`,
    ...picture.shapes.filter((s) => s.type === 'Participant' || s.type === 'Lane' || s.expanded).map((s) => drawShape(s, stateOf(s))),
    ...picture.edges.map((e) => drawEdge(e, edgeState(e))),
    ...picture.shapes.filter((s) => !(s.type === 'Participant' || s.type === 'Lane' || s.expanded)).map((s) => drawShape(s, stateOf(s))),
    '</svg>',
  ].join('\n');
}
