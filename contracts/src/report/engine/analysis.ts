import { cellName, type CellRef, type ParentRef, type ReportDesign, type ReportStyle, type TemplateCell } from '../model.js';
import { FormulaSyntaxError, parseFormula, type ParsedFormula } from './formula.js';
import type { DesignProblem } from './types.js';

/**
 * What the engine reads from a design before any data: the template cells with their merge ranges, their parsed
 * formulas and conditions, the row and column parents of every cell, the expanders' nesting (bands), and the order
 * formulas are evaluated in. The design check (checkDesign) answers the problems found here; the expansion refuses
 * a design with any problem. docs/reports-engine.md explains the rules.
 */

export type Axis = 'row' | 'col';

/** A template cell as the engine sees it (a merge without a cell of its own gets an empty text cell). */
export interface Slot {
  readonly index: number;
  readonly cell: TemplateCell;
  readonly name: string;
  readonly r: number;
  readonly c: number;
  /** Its merge range's size (1 × 1 when not merged). */
  readonly rs: number;
  readonly cs: number;
  /** The axis it expands along, if any. */
  readonly expands: Axis | null;
  readonly formula: ParsedFormula | null;
  readonly conditions: readonly { when: ParsedFormula; style: ReportStyle }[];
}

/** An expander and the template rows (or columns) it repeats. Band 0 is the whole sheet (the root). */
export interface Band {
  /** The expanding slot; -1 for the root. */
  readonly slot: number;
  readonly from: number;
  /** Exclusive. */
  readonly to: number;
  /** Parent band; -1 for the root. */
  readonly parent: number;
  readonly depth: number;
  /** Child bands, by their first row (column); their ranges do not overlap. */
  readonly children: number[];
}

export interface AxisAnalysis {
  readonly bands: Band[];
  /**
   * Per slot: the band whose instances it appears once in and whose context it is evaluated in: its own band for
   * an expander of this axis, its parent's band otherwise (0 = the root).
   */
  readonly context: Int32Array;
}

export interface DesignAnalysis {
  readonly problems: DesignProblem[];
  readonly slots: Slot[];
  /** The slot at a template position (a covered position answers the merge's slot), or -1. */
  slotAt(r: number, c: number): number;
  /** The slots whose top-left cell lies in a rectangle, row by row (remembered per rectangle). */
  slotsIn(from: CellRef, to: CellRef): readonly number[];
  readonly rows: AxisAnalysis;
  readonly cols: AxisAnalysis;
  /** Slots in evaluation order: every formula after the cells it names. */
  readonly order: number[];
}

/** How deeply expanders may nest (also bounds the engine's recursion). */
export const MAX_BAND_DEPTH = 50;

const problem = (key: string, cell: string | undefined, params: Record<string, string | number> = {}): DesignProblem =>
  cell ? { key, params: { cell, ...params }, cell } : { key, params };

/** The analysis of a design; `problems` is empty when the engine can expand it. */
export function analyseDesign(design: ReportDesign): DesignAnalysis {
  const problems: DesignProblem[] = [];
  const { sheet } = design;
  const slots: Slot[] = [];
  const owner = new Map<number, number>();
  const key = (r: number, c: number) => r * 100_000 + c;
  const slotAt = (r: number, c: number): number => owner.get(key(r, c)) ?? -1;

  // ---------------------------------------------------------------- merges and cells
  const mergeAt = new Map<number, { rs: number; cs: number }>();
  const covered = new Map<number, string>();
  for (const m of sheet.merges) {
    const name = cellName(m.r, m.c);
    if (m.r + m.rs > sheet.rows || m.c + m.cs > sheet.cols) {
      problems.push(problem('report.mergeOutside', name));
      continue;
    }
    let clash: string | undefined;
    for (let r = m.r; r < m.r + m.rs && !clash; r += 1) for (let c = m.c; c < m.c + m.cs && !clash; c += 1) clash = covered.get(key(r, c));
    if (clash) {
      problems.push(problem('report.mergeOverlap', name, { other: clash }));
      continue;
    }
    for (let r = m.r; r < m.r + m.rs; r += 1) for (let c = m.c; c < m.c + m.cs; c += 1) covered.set(key(r, c), name);
    mergeAt.set(key(m.r, m.c), { rs: m.rs, cs: m.cs });
  }

  const cellsAt = new Map<number, TemplateCell>();
  for (const cell of sheet.cells) {
    const name = cellName(cell.r, cell.c);
    if (cell.r >= sheet.rows || cell.c >= sheet.cols) {
      problems.push(problem('report.cellOutside', name));
      continue;
    }
    if (cellsAt.has(key(cell.r, cell.c))) {
      problems.push(problem('report.cellDuplicate', name));
      continue;
    }
    const mergeName = covered.get(key(cell.r, cell.c));
    // A cell under another cell's merge is hidden, as in Excel.
    if (mergeName && mergeName !== name) continue;
    cellsAt.set(key(cell.r, cell.c), cell);
  }
  for (const k of mergeAt.keys()) {
    if (cellsAt.has(k)) continue;
    cellsAt.set(k, { r: Math.floor(k / 100_000), c: k % 100_000, kind: 'text', text: '', rowParent: 'auto', colParent: 'auto' });
  }

  const sorted = [...cellsAt.values()].sort((a, b) => a.r - b.r || a.c - b.c);
  for (const cell of sorted) {
    const name = cellName(cell.r, cell.c);
    const merge = mergeAt.get(key(cell.r, cell.c));
    const binding = cell.binding;
    if (cell.kind === 'field' && !binding) problems.push(problem('report.fieldUnbound', name));
    const expands =
      binding && cell.kind !== 'text' && cell.kind !== 'formula' ? (binding.expand === 'down' ? 'row' : binding.expand === 'right' ? 'col' : null) : null;
    const formula = cell.kind === 'formula' ? parseOrReport(cell.text, 'formula', name, problems) : null;
    const conditions: { when: ParsedFormula; style: ReportStyle }[] = [];
    for (const cond of cell.conditions ?? []) {
      const when = parseOrReport(cond.when, 'condition', name, problems);
      if (when) conditions.push({ when, style: cond.style });
    }
    const slot: Slot = { index: slots.length, cell, name, r: cell.r, c: cell.c, rs: merge?.rs ?? 1, cs: merge?.cs ?? 1, expands, formula, conditions };
    slots.push(slot);
    for (let r = slot.r; r < slot.r + slot.rs; r += 1) for (let c = slot.c; c < slot.c + slot.cs; c += 1) owner.set(key(r, c), slot.index);
  }

  // ---------------------------------------------------------------- names: data sets, parameters, cells
  const dataSets = new Map<string, ReportDesign['dataSets'][number]>();
  for (const ds of design.dataSets) {
    if (dataSets.has(ds.name)) problems.push(problem('report.dataSetDuplicate', undefined, { name: ds.name }));
    dataSets.set(ds.name, ds);
  }
  const params = new Set<string>();
  for (const p of design.params) {
    params.add(p.name);
    if (p.type === 'dateRange') {
      params.add(`${p.name}_begin`);
      params.add(`${p.name}_end`);
    }
  }
  for (const slot of slots) {
    const binding = slot.cell.binding;
    if (binding && cellBindingUsed(slot.cell) && !dataSets.has(binding.dataSet)) {
      problems.push(problem('report.unknownDataSet', slot.name, { name: binding.dataSet }));
    }
    for (const f of [slot.formula, ...slot.conditions.map((c) => c.when)]) {
      if (!f) continue;
      for (const field of f.fields) if (!dataSets.has(field.dataSet)) problems.push(problem('report.unknownDataSet', slot.name, { name: field.dataSet }));
      for (const p of f.params) if (!params.has(p)) problems.push(problem('report.unknownParam', slot.name, { name: p }));
      for (const ref of [...f.cells, ...f.ranges.flatMap((g) => [g.from, g.to])]) {
        if (ref.r >= sheet.rows || ref.c >= sheet.cols) problems.push(problem('report.refOutside', slot.name, { ref: cellName(ref.r, ref.c) }));
      }
    }
  }
  for (const chart of design.charts) {
    if (!dataSets.has(chart.dataSet)) problems.push({ key: 'report.chartDataSet', params: { chart: chart.title || chart.id, name: chart.dataSet } });
    const a = chart.anchor;
    if (a.r + a.rs > sheet.rows || a.c + a.cs > sheet.cols) problems.push({ key: 'report.chartOutside', params: { chart: chart.title || chart.id } });
  }

  // ---------------------------------------------------------------- parents and bands
  const rows = analyseAxis('row', slots, slotAt, problems);
  const cols = analyseAxis('col', slots, slotAt, problems);

  // ---------------------------------------------------------------- formula order
  const slotsIn = rectangleIndex(slots);
  const order = evaluationOrder(slots, slotAt, slotsIn, problems);

  return { problems, slots, slotAt, slotsIn, rows, cols, order };
}

/** Whether a cell reads its binding (text and formula cells ignore one). */
export function cellBindingUsed(cell: TemplateCell): boolean {
  return !!cell.binding && cell.kind !== 'text' && cell.kind !== 'formula';
}

function parseOrReport(text: string, kind: 'formula' | 'condition', cell: string, problems: DesignProblem[]): ParsedFormula | null {
  try {
    return parseFormula(text);
  } catch (error) {
    if (!(error instanceof FormulaSyntaxError)) throw error;
    const params: Record<string, string | number> = { pos: error.pos };
    if (error.reason === 'tooLong' || error.reason === 'tooDeep') params.max = Number(error.detail);
    else params.name = error.detail;
    problems.push(problem(`report.${kind}.${error.reason}`, cell, params));
    return null;
  }
}

// ---------------------------------------------------------------- one axis

interface AxisView {
  start(s: Slot): number;
  span(s: Slot): number;
  crossStart(s: Slot): number;
  crossSpan(s: Slot): number;
  parentRef(s: Slot): ParentRef;
  keys: {
    notExpanding: string;
    range: string;
    outside: string;
    overlap: string;
    straddles: string;
    crossed: string;
  };
}

const VIEWS: Record<Axis, AxisView> = {
  row: {
    start: (s) => s.r,
    span: (s) => s.rs,
    crossStart: (s) => s.c,
    crossSpan: (s) => s.cs,
    parentRef: (s) => s.cell.rowParent,
    keys: {
      notExpanding: 'report.rowParentNotDown',
      range: 'report.rowParentRange',
      outside: 'report.rowParentOutside',
      overlap: 'report.downExpandersOverlap',
      straddles: 'report.cellStraddlesRows',
      crossed: 'report.rightUnderDown',
    },
  },
  col: {
    start: (s) => s.c,
    span: (s) => s.cs,
    crossStart: (s) => s.r,
    crossSpan: (s) => s.rs,
    parentRef: (s) => s.cell.colParent,
    keys: {
      notExpanding: 'report.colParentNotRight',
      range: 'report.colParentRange',
      outside: 'report.colParentOutside',
      overlap: 'report.rightExpandersOverlap',
      straddles: 'report.cellStraddlesCols',
      crossed: 'report.downUnderRight',
    },
  },
};

/**
 * Parents along one axis (rows: the down expanders; columns: the right expanders):
 *  1. a cell's declared parent: `auto` is the nearest expander before it across the axis (to the left for rows,
 *     above for columns) that covers its first row (column), walked up to the first whose range holds all of the
 *     cell's rows; an expander of the other axis gets the root; `root` is none; a named cell must be an expander
 *     of this axis whose range holds the cell's.
 *  2. expanders become bands nested by their parents; two expanders whose ranges meet must be parent and child
 *     (at any depth).
 *  3. a cell inside a band's range that is not its own must have that band among its ancestors; `auto` takes the
 *     deepest such band, a named parent above it is refused. A band may not cross a cell's range half-way.
 */
function analyseAxis(axis: Axis, slots: Slot[], slotAt: (r: number, c: number) => number, problems: DesignProblem[]): AxisAnalysis {
  const view = VIEWS[axis];
  const other: Axis = axis === 'row' ? 'col' : 'row';
  const isExpander = (s: Slot) => s.expands === axis;
  const contains = (outer: Slot, inner: Slot) =>
    view.start(outer) <= view.start(inner) && view.start(inner) + view.span(inner) <= view.start(outer) + view.span(outer);

  const expanders = slots.filter(isExpander);
  // Expanders covering each line (row for the row axis), for the `auto` look-up and the checks below.
  const covering = new Map<number, Slot[]>();
  for (const e of expanders) {
    for (let t = view.start(e); t < view.start(e) + view.span(e); t += 1) {
      let list = covering.get(t);
      if (!list) covering.set(t, (list = []));
      list.push(e);
    }
  }

  // 1. declared parents (slot index, -1 = root); expanders first, since cells walk up their chains.
  const declared = new Int32Array(slots.length).fill(-2);
  const state = new Uint8Array(slots.length);
  const explicit = new Uint8Array(slots.length);
  const parentOf = (s: Slot): number => {
    if (declared[s.index] !== -2) return declared[s.index]!;
    if (state[s.index] === 1) {
      problems.push(problem('report.parentCycle', s.name));
      return -1;
    }
    state[s.index] = 1;
    const result = resolveParent(s);
    state[s.index] = 2;
    declared[s.index] = result;
    return result;
  };
  const resolveParent = (s: Slot): number => {
    const ref = view.parentRef(s);
    if (ref === 'root') {
      explicit[s.index] = 1;
      return -1;
    }
    if (ref === 'auto') {
      if (s.expands === other) return -1;
      let best: Slot | null = null;
      for (const e of covering.get(view.start(s)) ?? []) {
        if (view.crossStart(e) + view.crossSpan(e) > view.crossStart(s)) continue;
        if (!best || view.crossStart(e) > view.crossStart(best)) best = e;
      }
      let p = best ? best.index : -1;
      while (p >= 0 && !contains(slots[p]!, s)) p = parentOf(slots[p]!);
      return p;
    }
    explicit[s.index] = 1;
    return namedParent(s, ref);
  };
  const namedParent = (s: Slot, ref: CellRef): number => {
    const target = slotAt(ref.r, ref.c);
    const parentName = cellName(ref.r, ref.c);
    if (target < 0 || target === s.index) {
      problems.push(problem('report.parentMissing', s.name, { parent: parentName }));
      return -1;
    }
    const p = slots[target]!;
    if (!isExpander(p)) {
      problems.push(problem(view.keys.notExpanding, s.name, { parent: p.name }));
      return -1;
    }
    if (!contains(p, s)) {
      problems.push(problem(view.keys.range, s.name, { parent: p.name }));
      return -1;
    }
    return p.index;
  };
  for (const e of expanders) parentOf(e);
  // Named parents may close a circle (A under B under A, or under a cell whose auto parent is A): cut it where it
  // closes, so every chain ends at the root.
  const walked = new Uint8Array(slots.length);
  for (const e of expanders) {
    const path: number[] = [];
    let x = e.index;
    while (x >= 0 && walked[x] === 0) {
      walked[x] = 1;
      path.push(x);
      x = declared[x]!;
    }
    if (x >= 0 && walked[x] === 1) {
      problems.push(problem('report.parentCycle', slots[x]!.name));
      declared[x] = -1;
    }
    for (const y of path) walked[y] = 2;
  }

  // 2. bands: band 0 is the root; an expander's band hangs under its parent's band.
  const bandOf = new Int32Array(slots.length).fill(-1);
  const bands: Band[] = [{ slot: -1, from: 0, to: Number.MAX_SAFE_INTEGER, parent: -1, depth: 0, children: [] }];
  const bandIndex = (slotIndex: number): number => {
    if (slotIndex < 0) return 0;
    if (bandOf[slotIndex]! >= 0) return bandOf[slotIndex]!;
    const s = slots[slotIndex]!;
    // Chains are free of cycles (cut above) and at most as long as there are expanders.
    const parent = bandIndex(declared[slotIndex]!);
    const depth = bands[parent]!.depth + 1;
    const band: Band = { slot: slotIndex, from: view.start(s), to: view.start(s) + view.span(s), parent, depth, children: [] };
    bands.push(band);
    bandOf[slotIndex] = bands.length - 1;
    bands[parent]!.children.push(bands.length - 1);
    if (depth === MAX_BAND_DEPTH + 1) problems.push(problem('report.nestingTooDeep', s.name, { max: MAX_BAND_DEPTH }));
    return bands.length - 1;
  };
  for (const e of expanders) bandIndex(e.index);
  for (const b of bands) b.children.sort((x, y) => bands[x]!.from - bands[y]!.from);

  const isAncestorBand = (ancestor: number, band: number): boolean => {
    for (let b = band; b >= 0; b = bands[b]!.parent) if (b === ancestor) return true;
    return false;
  };
  const related = (a: number, b: number) => isAncestorBand(a, b) || isAncestorBand(b, a);

  // Expanders whose ranges meet must be on one chain.
  const reported = new Set<string>();
  for (const list of covering.values()) {
    for (let i = 0; i < list.length; i += 1) {
      for (let j = i + 1; j < list.length; j += 1) {
        const a = list[i]!;
        const b = list[j]!;
        if (related(bandOf[a.index]!, bandOf[b.index]!)) continue;
        const pair = `${Math.min(a.index, b.index)}:${Math.max(a.index, b.index)}`;
        if (reported.has(pair)) continue;
        reported.add(pair);
        problems.push(problem(view.keys.overlap, b.name, { other: a.name }));
      }
    }
  }

  // 3. every slot's context band.
  const context = new Int32Array(slots.length);
  for (const s of slots) {
    if (isExpander(s)) {
      context[s.index] = bandOf[s.index]!;
      continue;
    }
    const from = view.start(s);
    const to = from + view.span(s);
    const parentSlot = parentOf(s);
    let p = parentSlot >= 0 ? bandIndex(parentSlot) : 0;
    // The deepest band holding the cell's range with room to spare: the cell repeats with its instances.
    let deepest = 0;
    const seen = new Set<Slot>();
    for (let t = from; t < to; t += 1) {
      for (const e of covering.get(t) ?? []) {
        if (seen.has(e)) continue;
        seen.add(e);
        const eFrom = view.start(e);
        const eTo = eFrom + view.span(e);
        const holds = eFrom <= from && to <= eTo;
        const within = from <= eFrom && eTo <= to;
        if (!holds && !within) {
          problems.push(problem(view.keys.straddles, s.name, { other: e.name }));
          continue;
        }
        const b = bandOf[e.index]!;
        if (holds && !within && bands[b]!.depth > bands[deepest]!.depth) deepest = b;
      }
    }
    if (deepest !== 0 && !isAncestorBand(deepest, p)) {
      if (explicit[s.index] || s.expands === other)
        problems.push(problem(s.expands === other ? view.keys.crossed : view.keys.outside, s.name, { parent: slots[bands[deepest]!.slot]!.name }));
      else p = deepest;
    }
    if (s.expands === other && p !== 0 && !problems.some((x) => x.cell === s.name && x.key === view.keys.crossed)) {
      problems.push(problem(view.keys.crossed, s.name, { parent: slots[bands[p]!.slot]!.name }));
    }
    context[s.index] = p;
  }
  return { bands, context };
}

// ---------------------------------------------------------------- formula dependencies

/**
 * How many cell-to-cell dependencies the formulas of one design may name (a range counts each cell in it). Far above
 * any real report; it keeps a design made of thousands of formulas over whole-sheet ranges from costing minutes.
 */
export const MAX_DEPENDENCIES = 2_000_000;

/** Slots ordered so that each formula follows the cells it names; a cycle is reported at one of its cells. */
function evaluationOrder(slots: Slot[], slotAt: (r: number, c: number) => number, slotsIn: DesignAnalysis['slotsIn'], problems: DesignProblem[]): number[] {
  const deps: number[][] = slots.map(() => []);
  let total = 0;
  for (const s of slots) {
    if (!s.formula) continue;
    const named = new Set<number>();
    for (const ref of s.formula.cells) {
      const t = slotAt(ref.r, ref.c);
      if (t >= 0) named.add(t);
    }
    for (const g of s.formula.ranges) for (const t of slotsIn(g.from, g.to)) named.add(t);
    total += named.size;
    if (total > MAX_DEPENDENCIES) {
      problems.push(problem('report.tooComplex', s.name));
      return slots.map((x) => x.index);
    }
    deps[s.index] = [...named];
  }
  const order: number[] = [];
  const mark = new Uint8Array(slots.length);
  // Iterative depth-first order (a long chain of formulas must not overflow the stack).
  for (const start of slots) {
    if (mark[start.index]) continue;
    const stack: { slot: number; next: number }[] = [{ slot: start.index, next: 0 }];
    mark[start.index] = 1;
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const list = deps[top.slot]!;
      if (top.next < list.length) {
        const d = list[top.next++]!;
        if (mark[d] === 1) {
          problems.push(problem('report.referenceCycle', slots[d]!.name));
          continue;
        }
        if (mark[d] === 0) {
          mark[d] = 1;
          stack.push({ slot: d, next: 0 });
        }
        continue;
      }
      mark[top.slot] = 2;
      order.push(top.slot);
      stack.pop();
    }
  }
  return order;
}

/** slotsIn over the slots: per template row, its slots by column, so a rectangle costs its rows and its cells. */
function rectangleIndex(slots: readonly Slot[]): DesignAnalysis['slotsIn'] {
  const byRow = new Map<number, Slot[]>();
  for (const s of slots) {
    let list = byRow.get(s.r);
    if (!list) byRow.set(s.r, (list = []));
    list.push(s);
  }
  const rows = [...byRow.keys()].sort((a, b) => a - b);
  for (const list of byRow.values()) list.sort((a, b) => a.c - b.c);
  const remembered = new Map<string, number[]>();
  return (from, to) => {
    const key = `${from.r}:${from.c}:${to.r}:${to.c}`;
    let out = remembered.get(key);
    if (out) return out;
    out = [];
    for (const r of rows) {
      if (r < from.r) continue;
      if (r > to.r) break;
      for (const s of byRow.get(r)!) {
        if (s.c > to.c) break;
        if (s.c >= from.c) out.push(s.index);
      }
    }
    remembered.set(key, out);
    return out;
  };
}
