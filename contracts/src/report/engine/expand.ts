import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT, REPORT_LIMITS, type CellRef, type ReportDesign, type ReportStyle } from '../model.js';
import type { ReportOutCell, ReportOutChart, ReportOutRow } from '../result.js';
import { analyseDesign, cellBindingUsed, type Axis, type Band, type DesignAnalysis, type Slot } from './analysis.js';
import { chartOption } from './charts.js';
import { formatValue, isDateFormat } from './format.js';
import { aggregateValues, evaluate, type FormulaEnv } from './formula.js';
import { ReportError, type ExpandOptions, type ExpandedReport, type ReportData } from './types.js';
import {
  DateValue,
  FormulaError,
  ZoneClock,
  exportValue,
  fromData,
  groupKey,
  compareForOrder,
  numberFromText,
  toBoolean,
  toText,
  type Scalar,
} from './values.js';

/**
 * The expansion engine: a design and its data sets' rows → the report as printed (docs/reports-engine.md).
 *
 * Along each axis (rows, then columns the same way) the expanders form bands: a down expander repeats its template
 * rows once per instance, inside each instance of its parent. The engine
 *   1. makes the instances, band by band from the root down: a group instance per distinct value (ordered by
 *      `order`), a list instance per row, always within the rows its parent instance allows; an expander with no
 *      instance in its context gets one empty instance (a blank row, its aggregates 0), so headers and totals keep
 *      their place when a query finds nothing;
 *   2. lays the output rows out: a band instance emits its template rows in order, each child band's instances in
 *      the child's place; template rows outside every band are emitted once;
 *   3. places each template cell once per instance of its context band (its own band for an expander, its
 *      parent's otherwise), spanning every output row its template rows became in that instance — a group cell over
 *      its details is one merged cell; `merge: false` repeats it on each of those rows instead;
 *   4. computes the values in formula-dependency order. A cell reads, for each data set, the rows allowed by the
 *      nearest instance on that data set along its row chain and along its column chain (their intersection when
 *      both are): that is what makes cross tables, subtotals and totals. A reference to another cell means that
 *      cell's instances under the same instance of the two cells' deepest common band, on each axis.
 * Everything is kept per template cell in typed arrays; rows(from, to) builds the output cells of a range only.
 */

const MAX_OUTPUT_COLUMNS = 16_384;
/**
 * Values that formulas and aggregates may read in one expansion. A hundred thousand rows with three levels of
 * subtotals read well under a million; the bound stops a design whose every detail row sums a whole other section
 * (a hundred thousand times a hundred thousand) from holding the server for minutes.
 */
export const MAX_FORMULA_READS = 50_000_000;

interface RowSet {
  readonly pool: Int32Array;
  readonly from: number;
  readonly to: number;
}
const EMPTY_ROWS: RowSet = { pool: new Int32Array(0), from: 0, to: 0 };

/** A growable list of 32-bit integers. */
class IntList {
  private data = new Int32Array(64);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  get(i: number): number {
    return this.data[i]!;
  }
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

function lowerBound(a: Int32Array, value: number, length = a.length): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Group {
  readonly value: Scalar;
  readonly rows: number[];
}

/** Buckets rows by value without making a key text per row: a map per kind of value, so 1 and '1' stay apart. */
class Groups {
  private readonly texts = new Map<string, Group>();
  private readonly numbers = new Map<number, Group>();
  private readonly dates = new Map<number, Group>();
  private readonly others = new Map<string, Group>();
  private blank: Group | null = null;
  /** In the order the values first appear. */
  readonly list: Group[] = [];

  add(v: Scalar, row: number): void {
    let group: Group | undefined;
    if (v === null || v === '') {
      group = this.blank ?? undefined;
      if (!group) this.blank = group = this.open(null);
    } else if (typeof v === 'string') {
      group = this.texts.get(v);
      if (!group) this.texts.set(v, (group = this.open(v)));
    } else if (typeof v === 'number') {
      group = this.numbers.get(v);
      if (!group) this.numbers.set(v, (group = this.open(v)));
    } else if (v instanceof DateValue) {
      group = this.dates.get(v.wallMs);
      if (!group) this.dates.set(v.wallMs, (group = this.open(v)));
    } else {
      const key = groupKey(v);
      group = this.others.get(key);
      if (!group) this.others.set(key, (group = this.open(v)));
    }
    group.rows.push(row);
  }

  private open(value: Scalar): Group {
    const group = { value, rows: [] };
    this.list.push(group);
    return group;
  }
}

function isPlainObject(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Reads field values of a data set's rows, with the declared field type applied (numbers and dates from text). */
class DataReader {
  private readonly readers = new Map<string, (row: number) => Scalar>();
  constructor(
    private readonly design: ReportDesign,
    private readonly data: ReportData,
    private readonly clock: ZoneClock,
  ) {}

  rows(dataSet: string): Record<string, unknown>[] {
    return Object.hasOwn(this.data, dataSet) && Array.isArray(this.data[dataSet]) ? this.data[dataSet]! : [];
  }

  reader(dataSet: string, field: string): (row: number) => Scalar {
    const key = `${dataSet}\u0000${field}`;
    let read = this.readers.get(key);
    if (read) return read;
    const rows = this.rows(dataSet);
    const type = this.design.dataSets.find((d) => d.name === dataSet)?.fields.find((f) => f.name === field)?.type;
    const clock = this.clock;
    // The field is read once, in data order, into a column of scalars: later reads (in group order, which jumps
    // around the rows) then touch one compact array instead of every row object.
    const column = new Array<Scalar>(rows.length);
    // A field no plain object inherits is read directly; others (`constructor`, `__proto__` …) only when the row
    // has it as its own. Rows are the drivers' plain objects.
    const direct = !(field in Object.prototype) && (rows.length === 0 || isPlainObject(rows[0]));
    for (let i = 0; i < rows.length; i += 1) {
      const row = rows[i];
      const raw = direct ? row?.[field] : row && Object.hasOwn(row, field) ? row[field] : undefined;
      let v: Scalar;
      if (typeof raw === 'string') v = raw;
      else if (typeof raw === 'number') v = Number.isFinite(raw) ? raw : null;
      else v = fromData(raw, clock);
      if (type === 'number' && typeof v === 'string') v = numberFromText(v) ?? v;
      else if (type === 'date' && typeof v === 'string' && v) v = clock.parseDate(v) ?? v;
      column[i] = v;
    }
    read = (i) => column[i] ?? null;
    this.readers.set(key, read);
    return read;
  }
}

/** The instances and output positions of one axis. */
class AxisLayout {
  /** Per instance. Instance 0 is the root; a band's instances are consecutive, in output order. */
  band!: Int32Array;
  parent!: Int32Array;
  /** 0-based index within the parent instance; -1 for an empty instance. */
  index!: Int32Array;
  value!: Scalar[];
  rowsFrom!: Int32Array;
  rowsTo!: Int32Array;
  /** Output positions [start, end) of each instance. */
  start!: Int32Array;
  end!: Int32Array;
  /** Per band: its instances [first, last), and the data rows its instances hold (instance rows index into it). */
  readonly first: Int32Array;
  readonly last: Int32Array;
  readonly pools: Int32Array[];
  readonly dataSetOf: (string | null)[];
  /** Per band: offsets of its instances under each parent instance (length = parent's instances + 1). */
  readonly under: Int32Array[];
  /** Per band: output start / end of each template line of each instance. */
  readonly lineStart: Int32Array[];
  readonly lineEnd: Int32Array[];
  size = 0;
  /** Template line of each output position, and the first output position of each template line (-1: none). */
  template!: Int32Array;
  firstOf!: Int32Array;

  constructor(
    readonly axis: Axis,
    readonly bands: Band[],
    readonly lines: number,
  ) {
    const n = bands.length;
    this.first = new Int32Array(n);
    this.last = new Int32Array(n);
    this.pools = new Array<Int32Array>(n);
    this.dataSetOf = new Array<string | null>(n).fill(null);
    this.under = new Array<Int32Array>(n);
    this.lineStart = new Array<Int32Array>(n);
    this.lineEnd = new Array<Int32Array>(n);
  }

  bandFrom(b: number): number {
    return b === 0 ? 0 : this.bands[b]!.from;
  }
  bandTo(b: number): number {
    return b === 0 ? this.lines : this.bands[b]!.to;
  }

  /** The instance whose rows restrict a data set along an instance's chain: its nearest on that data set; -1 = none. */
  nearest(inst: number, dataSet: string): number {
    for (let i = inst; i > 0; i = this.parent[i]!) if (this.dataSetOf[this.band[i]!] === dataSet) return i;
    return -1;
  }

  /** The first data row of an instance, or -1. */
  firstRow(inst: number): number {
    return this.rowsFrom[inst]! < this.rowsTo[inst]! ? this.pools[this.band[inst]!]![this.rowsFrom[inst]!]! : -1;
  }

  rowsOf(inst: number): RowSet {
    return { pool: this.pools[this.band[inst]!]!, from: this.rowsFrom[inst]!, to: this.rowsTo[inst]! };
  }

  /** The ancestor-or-self of an instance in a band. */
  ancestorIn(inst: number, band: number): number {
    let i = inst;
    while (i > 0 && this.band[i] !== band) i = this.parent[i]!;
    return band === 0 ? 0 : i;
  }

  commonBand(a: number, b: number): number {
    let x = a;
    let y = b;
    while (this.bands[x]!.depth > this.bands[y]!.depth) x = this.bands[x]!.parent;
    while (this.bands[y]!.depth > this.bands[x]!.depth) y = this.bands[y]!.parent;
    while (x !== y) {
      x = this.bands[x]!.parent;
      y = this.bands[y]!.parent;
    }
    return x;
  }
}

/** Where a template cell appears along one axis: start, length and context instance of each appearance. */
interface Occurrences {
  readonly start: Int32Array;
  readonly count: Int32Array;
  readonly inst: Int32Array;
  readonly length: number;
}

interface SlotState {
  readonly slot: Slot;
  readonly rowOcc: Occurrences;
  readonly colOcc: Occurrences;
  readonly rowBand: number;
  readonly colBand: number;
  /** Values by rowOccurrence × colCount + colOccurrence; null for a fixed text. */
  values: Scalar[] | null;
  readonly constant: Scalar;
  baseStyle: number;
  /** Style index per value when the cell has conditions. */
  styles: Int32Array | null;
}

interface Limits {
  rows: number;
  cells: number;
  reads: number;
}

function tooLarge(limits: Limits): ReportError {
  return new ReportError('report.tooLarge', { maxRows: limits.rows, maxCells: limits.cells });
}

class Engine {
  readonly clock: ZoneClock;
  readonly reader: DataReader;
  readonly rows: AxisLayout;
  readonly cols: AxisLayout;
  readonly states: SlotState[] = [];
  readonly styles: ReportStyle[] = [];
  private readonly styleIndex = new Map<string, number>();
  private readonly intersections = new Map<string, RowSet>();
  readonly limits: Limits;
  readonly now: DateValue;
  /** Values read by formulas and aggregates so far, and the cell being computed (for the refusal). */
  private reads = 0;
  private current = '';
  private readonly declaredParams: Set<string>;

  constructor(
    readonly design: ReportDesign,
    readonly analysis: DesignAnalysis,
    readonly data: ReportData,
    readonly options: ExpandOptions,
  ) {
    this.clock = new ZoneClock(options.timeZone);
    this.reader = new DataReader(design, data, this.clock);
    this.limits = {
      rows: options.limits?.outputRows ?? REPORT_LIMITS.outputRows,
      cells: options.limits?.outputCells ?? REPORT_LIMITS.outputCells,
      reads: options.limits?.formulaReads ?? MAX_FORMULA_READS,
    };
    this.now = this.clock.dateOf(options.now) ?? new DateValue(0);
    this.declaredParams = new Set(design.params.flatMap((p) => (p.type === 'dateRange' ? [p.name, `${p.name}_begin`, `${p.name}_end`] : [p.name])));
    // Trailing template rows and columns that hold nothing are left out (the designer's grid is larger than the report).
    let lastRow = 0;
    let lastCol = 0;
    for (const s of analysis.slots) {
      lastRow = Math.max(lastRow, s.r + s.rs);
      lastCol = Math.max(lastCol, s.c + s.cs);
    }
    for (const ch of design.charts) {
      lastRow = Math.max(lastRow, Math.min(design.sheet.rows, ch.anchor.r + ch.anchor.rs));
      lastCol = Math.max(lastCol, Math.min(design.sheet.cols, ch.anchor.c + ch.anchor.cs));
    }
    this.rows = new AxisLayout('row', analysis.rows.bands, lastRow);
    this.cols = new AxisLayout('col', analysis.cols.bands, lastCol);
  }

  // ---------------------------------------------------------------- instances

  private buildInstances(layout: AxisLayout, maxInstances: number, fail: () => ReportError): void {
    const { bands } = layout;
    const band = new IntList();
    const parent = new IntList();
    const index = new IntList();
    const rowsFrom = new IntList();
    const rowsTo = new IntList();
    const value: Scalar[] = [];
    band.push(0);
    parent.push(-1);
    index.push(0);
    rowsFrom.push(0);
    rowsTo.push(0);
    value.push(null);
    layout.first[0] = 0;
    layout.last[0] = 1;
    layout.pools[0] = new Int32Array(0);
    let poolTotal = 0;

    // Bands are numbered parents first, so each band's parent instances exist when it is expanded.
    for (let b = 1; b < bands.length; b += 1) {
      const slot = this.analysis.slots[bands[b]!.slot]!;
      const binding = slot.cell.binding!;
      const dataSet = binding.dataSet;
      layout.dataSetOf[b] = dataSet;
      const read = this.reader.reader(dataSet, binding.field);
      const total = this.reader.rows(dataSet).length;
      const pb = bands[b]!.parent;
      const parentCount = layout.last[pb]! - layout.first[pb]!;
      const under = new Int32Array(parentCount + 1);
      const pool = new IntList();
      layout.first[b] = band.length;
      const add = (v: Scalar, idx: number, from: number, to: number, p: number) => {
        band.push(b);
        parent.push(p);
        index.push(idx);
        rowsFrom.push(from);
        rowsTo.push(to);
        value.push(v);
        if (band.length - 1 > maxInstances) throw fail();
      };
      for (let k = 0; k < parentCount; k += 1) {
        const p = layout.first[pb]! + k;
        under[k] = band.length - layout.first[b]!;
        const near = this.nearestIn(layout, band, parent, p, dataSet);
        const allowed = near < 0 ? null : { pool: layout.pools[band.get(near)]!, from: rowsFrom.get(near), to: rowsTo.get(near) };
        const count = allowed ? allowed.to - allowed.from : total;
        poolTotal += count;
        if (poolTotal > this.limits.cells) throw tooLarge(this.limits);
        const before = band.length;
        if (binding.mode === 'list') {
          for (let i = 0; i < count; i += 1) {
            const row = allowed ? allowed.pool[allowed.from + i]! : i;
            pool.push(row);
            add(read(row), i, pool.length - 1, pool.length, p);
          }
        } else {
          const groups = new Groups();
          if (allowed) for (let i = allowed.from; i < allowed.to; i += 1) groups.add(read(allowed.pool[i]!), allowed.pool[i]!);
          else for (let row = 0; row < count; row += 1) groups.add(read(row), row);
          const ordered = groups.list;
          if (binding.order !== 'none') {
            const sign = binding.order === 'desc' ? -1 : 1;
            // Blanks stay last either way.
            ordered.sort((x, y) => (x.value === null ? 1 : y.value === null ? -1 : sign * compareForOrder(x.value, y.value)));
          }
          ordered.forEach((g, i) => {
            const from = pool.length;
            for (const r of g.rows) pool.push(r);
            add(g.value, i, from, pool.length, p);
          });
        }
        // No instance here: one empty instance keeps the band's rows (blank values, totals 0).
        if (band.length === before) add(null, -1, pool.length, pool.length, p);
      }
      under[parentCount] = band.length - layout.first[b]!;
      layout.last[b] = band.length;
      layout.under[b] = under;
      layout.pools[b] = pool.toArray();
    }
    layout.band = band.toArray();
    layout.parent = parent.toArray();
    layout.index = index.toArray();
    layout.rowsFrom = rowsFrom.toArray();
    layout.rowsTo = rowsTo.toArray();
    layout.value = value;
  }

  /** nearest() while the layout's arrays are still being built. */
  private nearestIn(layout: AxisLayout, band: IntList, parent: IntList, inst: number, dataSet: string): number {
    for (let i = inst; i > 0; i = parent.get(i)) if (layout.dataSetOf[band.get(i)] === dataSet) return i;
    return -1;
  }

  // ---------------------------------------------------------------- output positions

  private layOut(layout: AxisLayout, maxSize: number, fail: () => ReportError): void {
    const { bands } = layout;
    const count = layout.band.length;
    // Sizes bottom-up: children have higher numbers than their parents.
    const size = new Float64Array(count);
    const own = bands.map((b, i) => layout.bandTo(i) - layout.bandFrom(i) - b.children.reduce((n, c) => n + (bands[c]!.to - bands[c]!.from), 0));
    for (let i = 0; i < count; i += 1) size[i] = own[layout.band[i]!]!;
    for (let i = count - 1; i > 0; i -= 1) size[layout.parent[i]!]! += size[i]!;
    const total = size[0]!;
    if (total > maxSize) throw fail();
    layout.size = total;
    layout.template = new Int32Array(total);
    layout.firstOf = new Int32Array(layout.lines).fill(-1);
    layout.start = new Int32Array(count);
    layout.end = new Int32Array(count);
    for (let b = 0; b < bands.length; b += 1) {
      const len = layout.bandTo(b) - layout.bandFrom(b);
      const n = layout.last[b]! - layout.first[b]!;
      layout.lineStart[b] = new Int32Array(len * n);
      layout.lineEnd[b] = new Int32Array(len * n);
    }
    let pos = 0;
    // Recursion depth is the band nesting, at most MAX_BAND_DEPTH.
    const emit = (inst: number): void => {
      const b = layout.band[inst]!;
      const from = layout.bandFrom(b);
      const to = layout.bandTo(b);
      const k = inst - layout.first[b]!;
      const base = k * (to - from);
      const starts = layout.lineStart[b]!;
      const ends = layout.lineEnd[b]!;
      const children = bands[b]!.children;
      layout.start[inst] = pos;
      let next = 0;
      let t = from;
      while (t < to) {
        const child = next < children.length && bands[children[next]!]!.from === t ? children[next]! : -1;
        if (child >= 0) {
          const s = pos;
          const under = layout.under[child]!;
          const first = layout.first[child]!;
          for (let c = first + under[k]!; c < first + under[k + 1]!; c += 1) emit(c);
          const cb = bands[child]!;
          for (let u = cb.from; u < cb.to; u += 1) {
            starts[base + u - from] = s;
            ends[base + u - from] = pos;
          }
          t = cb.to;
          next += 1;
        } else {
          layout.template[pos] = t;
          if (layout.firstOf[t]! < 0) layout.firstOf[t] = pos;
          starts[base + t - from] = pos;
          ends[base + t - from] = pos + 1;
          pos += 1;
          t += 1;
        }
      }
      layout.end[inst] = pos;
    };
    emit(0);
  }

  private readonly occurrenceCache = new Map<string, Occurrences>();

  /** A cell's appearances along an axis: once per instance of its context band (per output line with eachLine). */
  private occurrences(layout: AxisLayout, band: number, line: number, span: number, eachLine: boolean): Occurrences {
    const key = `${layout.axis}:${band}:${line}:${span}:${eachLine ? 1 : 0}`;
    const cached = this.occurrenceCache.get(key);
    if (cached) return cached;
    const from = layout.bandFrom(band);
    const len = layout.bandTo(band) - from;
    const starts = layout.lineStart[band]!;
    const ends = layout.lineEnd[band]!;
    const first = layout.first[band]!;
    const n = layout.last[band]! - first;
    const start = new IntList();
    const count = new IntList();
    const inst = new IntList();
    for (let k = 0; k < n; k += 1) {
      const s = starts[k * len + line - from]!;
      const e = ends[k * len + line + span - 1 - from]!;
      if (eachLine) {
        for (let j = s; j < e; j += 1) {
          start.push(j);
          count.push(1);
          inst.push(first + k);
        }
      } else {
        start.push(s);
        count.push(e - s);
        inst.push(first + k);
      }
    }
    const occ = { start: start.toArray(), count: count.toArray(), inst: inst.toArray(), length: start.length };
    this.occurrenceCache.set(key, occ);
    return occ;
  }

  // ---------------------------------------------------------------- data context

  /** Rows of a data set allowed in a context (an instance on each axis); null = all rows. */
  rowsFor(dataSet: string, rowInst: number, colInst: number): RowSet | null {
    const r = this.rows.nearest(rowInst, dataSet);
    const c = this.cols.nearest(colInst, dataSet);
    if (r < 0 && c < 0) return null;
    if (c < 0) return this.rows.rowsOf(r);
    if (r < 0) return this.cols.rowsOf(c);
    const key = `${dataSet}\u0000${r}:${c}`;
    let rows = this.intersections.get(key);
    if (!rows) {
      rows = intersect(this.rows.rowsOf(r), this.cols.rowsOf(c));
      this.intersections.set(key, rows);
    }
    return rows;
  }

  /** The field of the first row a context allows (null when it allows none); allocates nothing on one axis. */
  firstValue(dataSet: string, read: (row: number) => Scalar, rowInst: number, colInst: number): Scalar {
    const r = this.rows.nearest(rowInst, dataSet);
    const c = this.cols.nearest(colInst, dataSet);
    let row: number;
    if (r < 0 && c < 0) row = this.reader.rows(dataSet).length ? 0 : -1;
    else if (c < 0) row = this.rows.firstRow(r);
    else if (r < 0) row = this.cols.firstRow(c);
    else {
      const set = this.rowsFor(dataSet, rowInst, colInst)!;
      row = set.to > set.from ? set.pool[set.from]! : -1;
    }
    return row < 0 ? null : read(row);
  }

  fieldValues(dataSet: string, field: string, rowInst: number, colInst: number, all: boolean): Scalar[] {
    const read = this.reader.reader(dataSet, field);
    if (!all) return [this.firstValue(dataSet, read, rowInst, colInst)];
    const rows = this.rowsFor(dataSet, rowInst, colInst);
    const n = rows ? rows.to - rows.from : this.reader.rows(dataSet).length;
    this.count(n);
    const out = new Array<Scalar>(n);
    for (let i = 0; i < n; i += 1) out[i] = read(rows ? rows.pool[rows.from + i]! : i);
    return out;
  }

  /** The occurrences of a target cell compatible with an instance along one axis: [lo, hi) of its list. */
  compatible(layout: AxisLayout, occ: Occurrences, targetBand: number, inst: number): [number, number] {
    const common = layout.commonBand(layout.band[inst]!, targetBand);
    const a = layout.ancestorIn(inst, common);
    return [lowerBound(occ.start, layout.start[a]!, occ.length), lowerBound(occ.start, layout.end[a]!, occ.length)];
  }

  cellValues(target: number, rowInst: number, colInst: number, all: boolean): Scalar[] {
    const t = this.states[target];
    if (!t) return [];
    const [r0, r1] = this.compatible(this.rows, t.rowOcc, t.rowBand, rowInst);
    const [c0, c1] = this.compatible(this.cols, t.colOcc, t.colBand, colInst);
    if (r0 >= r1 || c0 >= c1) return [];
    if (!all) return [valueAt(t, r0, c0)];
    const width = c1 - c0;
    this.count((r1 - r0) * width);
    const out = new Array<Scalar>((r1 - r0) * width);
    for (let r = r0; r < r1; r += 1) for (let c = c0; c < c1; c += 1) out[(r - r0) * width + c - c0] = valueAt(t, r, c);
    return out;
  }

  private count(values: number): void {
    this.reads += values;
    if (this.reads > this.limits.reads) throw new ReportError('report.tooComplex', { cell: this.current });
  }

  param(name: string): Scalar | undefined {
    const params = this.options.params;
    if (Object.hasOwn(params, name)) {
      const v = params[name];
      return Array.isArray(v) ? v.map(String).join(',') : fromData(v, this.clock);
    }
    return this.declaredParams.has(name) ? null : undefined;
  }

  // ---------------------------------------------------------------- styles

  intern(style: ReportStyle): number {
    const key = stableKey(style);
    let i = this.styleIndex.get(key);
    if (i === undefined) {
      i = this.styles.length;
      this.styles.push(style);
      this.styleIndex.set(key, i);
    }
    return i;
  }

  // ---------------------------------------------------------------- the run

  run(): void {
    const { analysis } = this;
    const rowsTooMany = () => tooLarge(this.limits);
    const colsTooMany = () => new ReportError('report.tooManyColumns', { max: MAX_OUTPUT_COLUMNS });
    this.buildInstances(this.rows, this.limits.rows, rowsTooMany);
    this.buildInstances(this.cols, MAX_OUTPUT_COLUMNS, colsTooMany);
    this.layOut(this.rows, this.limits.rows, rowsTooMany);
    this.layOut(this.cols, MAX_OUTPUT_COLUMNS, colsTooMany);

    let cells = 0;
    for (const slot of analysis.slots) {
      const rowBand = analysis.rows.context[slot.index]!;
      const colBand = analysis.cols.context[slot.index]!;
      const repeat = slot.cell.binding?.merge === false;
      const rowOcc = this.occurrences(this.rows, rowBand, slot.r, slot.rs, repeat && slot.expands === 'row');
      const colOcc = this.occurrences(this.cols, colBand, slot.c, slot.cs, repeat && slot.expands === 'col');
      cells += rowOcc.length * colOcc.length;
      if (cells > this.limits.cells) throw tooLarge(this.limits);
      const fixed = !cellBindingUsed(slot.cell) && slot.cell.kind !== 'formula';
      this.states[slot.index] = {
        slot,
        rowOcc,
        colOcc,
        rowBand,
        colBand,
        values: null,
        constant: fixed ? slot.cell.text : null,
        baseStyle: this.intern(slot.cell.style ?? {}),
        styles: null,
      };
    }
    for (const i of analysis.order) this.computeValues(this.states[i]!);
    for (const state of this.states) if (state.slot.conditions.length) this.computeStyles(state);
  }

  private computeValues(state: SlotState): void {
    const { slot, rowOcc, colOcc } = state;
    this.current = slot.name;
    const cell = slot.cell;
    const nC = colOcc.length;
    if (cell.kind === 'formula') {
      const env = new CellEnv(this);
      const values = new Array<Scalar>(rowOcc.length * nC);
      const ast = slot.formula!.ast;
      for (let r = 0; r < rowOcc.length; r += 1) {
        for (let c = 0; c < nC; c += 1) {
          env.at(rowOcc.inst[r]!, colOcc.inst[c]!, null);
          values[r * nC + c] = evaluate(ast, env);
        }
      }
      state.values = values;
      return;
    }
    if (!cellBindingUsed(cell)) return;
    const binding = cell.binding!;
    const values = new Array<Scalar>(rowOcc.length * nC);
    if (slot.expands) {
      const layout = slot.expands === 'row' ? this.rows : this.cols;
      for (let r = 0; r < rowOcc.length; r += 1) {
        for (let c = 0; c < nC; c += 1) values[r * nC + c] = layout.value[slot.expands === 'row' ? rowOcc.inst[r]! : colOcc.inst[c]!]!;
      }
    } else {
      const aggregate = binding.aggregate;
      const read = this.reader.reader(binding.dataSet, binding.field);
      for (let r = 0; r < rowOcc.length; r += 1) {
        for (let c = 0; c < nC; c += 1) {
          values[r * nC + c] =
            aggregate === 'none'
              ? this.firstValue(binding.dataSet, read, rowOcc.inst[r]!, colOcc.inst[c]!)
              : aggregateValues(aggregate, this.fieldValues(binding.dataSet, binding.field, rowOcc.inst[r]!, colOcc.inst[c]!, true));
        }
      }
    }
    state.values = values;
  }

  private computeStyles(state: SlotState): void {
    const { slot, rowOcc, colOcc } = state;
    this.current = slot.name;
    const nC = colOcc.length;
    const base = slot.cell.style ?? {};
    const styles = new Int32Array(rowOcc.length * nC).fill(state.baseStyle);
    const byMask = new Map<number, number>();
    const env = new CellEnv(this);
    for (let r = 0; r < rowOcc.length; r += 1) {
      for (let c = 0; c < nC; c += 1) {
        env.at(rowOcc.inst[r]!, colOcc.inst[c]!, valueAt(state, r, c));
        let mask = 0;
        slot.conditions.forEach((cond, i) => {
          if (toBoolean(evaluate(cond.when.ast, env)) === true) mask |= 1 << i;
        });
        if (!mask) continue;
        let s = byMask.get(mask);
        if (s === undefined) {
          let style = base;
          slot.conditions.forEach((cond, i) => {
            if (mask & (1 << i)) style = mergeStyle(style, cond.style);
          });
          s = this.intern(style);
          byMask.set(mask, s);
        }
        styles[r * nC + c] = s;
      }
    }
    state.styles = styles;
  }
}

function valueAt(state: SlotState, r: number, c: number): Scalar {
  return state.values ? state.values[r * state.colOcc.length + c]! : state.constant;
}

/** The formula environment of one cell; moved from context to context rather than made anew for each value. */
class CellEnv implements FormulaEnv {
  private rowInst = 0;
  private colInst = 0;
  value: Scalar = null;
  readonly now: DateValue;
  readonly clock: ZoneClock;

  constructor(private readonly engine: Engine) {
    this.now = engine.now;
    this.clock = engine.clock;
  }

  at(rowInst: number, colInst: number, value: Scalar): void {
    this.rowInst = rowInst;
    this.colInst = colInst;
    this.value = value;
  }

  cell(ref: CellRef, all: boolean): Scalar[] {
    const target = this.engine.analysis.slotAt(ref.r, ref.c);
    return target < 0 ? [] : this.engine.cellValues(target, this.rowInst, this.colInst, all);
  }

  range(from: CellRef, to: CellRef, all: boolean): Scalar[] {
    const out: Scalar[] = [];
    for (const t of this.engine.analysis.slotsIn(from, to)) {
      // A loop, not push(...values): a cell may stand for a hundred thousand values.
      for (const v of this.engine.cellValues(t, this.rowInst, this.colInst, all)) out.push(v);
      if (!all && out.length) break;
    }
    return out;
  }

  field(dataSet: string, field: string, all: boolean): Scalar[] | null {
    if (!this.engine.design.dataSets.some((d) => d.name === dataSet)) return null;
    return this.engine.fieldValues(dataSet, field, this.rowInst, this.colInst, all);
  }

  param(name: string): Scalar | undefined {
    return this.engine.param(name);
  }

  rowNumber(): Scalar {
    const rows = this.engine.rows;
    if (this.rowInst === 0) return 1;
    const index = rows.index[this.rowInst]!;
    return index < 0 ? null : index + 1;
  }
}

function intersect(a: RowSet, b: RowSet): RowSet {
  const [small, large] = a.to - a.from <= b.to - b.from ? [a, b] : [b, a];
  const out = new IntList();
  let lo = large.from;
  for (let i = small.from; i < small.to; i += 1) {
    const v = small.pool[i]!;
    // Both lists ascend: search the larger one from where the last match left off.
    let l = lo;
    let h = large.to;
    while (l < h) {
      const mid = (l + h) >>> 1;
      if (large.pool[mid]! < v) l = mid + 1;
      else h = mid;
    }
    lo = l;
    if (l < large.to && large.pool[l] === v) out.push(v);
  }
  return out.length ? { pool: out.toArray(), from: 0, to: out.length } : EMPTY_ROWS;
}

function stableKey(style: ReportStyle): string {
  const entries = Object.entries(style)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries.map(([k, v]) => [k, k === 'border' && v ? stableKey(v as ReportStyle) : v]));
}

function mergeStyle(base: ReportStyle, over: ReportStyle): ReportStyle {
  const merged: ReportStyle = { ...base, ...over };
  if (base.border || over.border) merged.border = { ...base.border, ...over.border };
  return merged;
}

// ---------------------------------------------------------------- the result

/** An ExpandedReport that also cuts ranges for printing (reportPages uses `slice`). */
export interface SliceableReport extends ExpandedReport {
  /**
   * Output rows [from, to) as a printed piece: a merged cell that starts above `from` and reaches into it is repeated
   * at `from`, and spans are cut at `to`.
   */
  slice(from: number, to: number): ReportOutRow[];
}

class Expansion implements SliceableReport {
  readonly rowCount: number;
  readonly colCount: number;
  readonly colWidths: readonly number[];
  readonly styles: readonly ReportStyle[];
  readonly headerRows: readonly number[];
  readonly footerRows: readonly number[];
  readonly pageBreaksAfter: readonly number[];
  readonly charts: readonly ReportOutChart[];
  private readonly heights: Float64Array;
  private readonly states: SlotState[];
  private readonly dictionaries: ExpandOptions['dictionaries'];
  private readonly imageUrl: ExpandOptions['imageUrl'];
  private readonly clock: ZoneClock;

  constructor(engine: Engine) {
    this.clock = engine.clock;
    const { design, rows, cols } = engine;
    this.rowCount = rows.size;
    this.colCount = cols.size;
    this.states = engine.states;
    this.styles = engine.styles;
    this.dictionaries = engine.options.dictionaries;
    this.imageUrl = engine.options.imageUrl;
    const widths = design.sheet.colWidths;
    this.colWidths = Array.from(cols.template, (t) => widths[t] ?? DEFAULT_COL_WIDTH);
    const heights = design.sheet.rowHeights;
    const lineHeights = Array.from({ length: rows.lines }, (_, t) => heights[t] ?? DEFAULT_ROW_HEIGHT);
    this.heights = new Float64Array(rows.size);
    for (let j = 0; j < rows.size; j += 1) this.heights[j] = lineHeights[rows.template[j]!]!;

    // Header and footer rows are template rows outside every expander (they come out once); a flag on a row that
    // repeats is ignored, since repeating every instance's rows on every page is never what is meant.
    const headers: number[] = [];
    const footers: number[] = [];
    const breaks = new Set<number>();
    const rootLines = rows.lineStart[0]!;
    const repeated = new Uint8Array(rows.lines);
    for (let b = 1; b < rows.bands.length; b += 1) repeated.fill(1, rows.bands[b]!.from, rows.bands[b]!.to);
    for (const flag of [...design.sheet.rowFlags].sort((a, b) => a.r - b.r)) {
      if (flag.r >= rows.lines) continue;
      const once = !repeated[flag.r];
      if (once && flag.header) headers.push(rootLines[flag.r]!);
      if (once && flag.footer && !flag.header) footers.push(rootLines[flag.r]!);
      if (flag.pageBreakAfter) breaks.add(flag.r);
    }
    this.headerRows = headers;
    this.footerRows = footers;
    const after: number[] = [];
    if (breaks.size) for (let j = 0; j < rows.size - 1; j += 1) if (breaks.has(rows.template[j]!)) after.push(j);
    this.pageBreaksAfter = after;

    this.charts = design.charts.flatMap((chart) => {
      const r = chart.anchor.r < rows.lines ? rows.firstOf[chart.anchor.r]! : -1;
      const c = chart.anchor.c < cols.lines ? cols.firstOf[chart.anchor.c]! : -1;
      if (r < 0 || c < 0) return [];
      let width = 0;
      for (let k = chart.anchor.c; k < chart.anchor.c + chart.anchor.cs; k += 1) width += widths[k] ?? DEFAULT_COL_WIDTH;
      let height = 0;
      for (let k = chart.anchor.r; k < chart.anchor.r + chart.anchor.rs; k += 1) height += heights[k] ?? DEFAULT_ROW_HEIGHT;
      const total = engine.reader.rows(chart.dataSet).length;
      const option = chartOption(chart, total, (row, field) => engine.reader.reader(chart.dataSet, field)(row));
      return [{ id: chart.id, r, c, width, height, option }];
    });
  }

  rowHeight(row: number): number {
    return this.heights[row] ?? DEFAULT_ROW_HEIGHT;
  }

  rows(from: number, to: number): ReportOutRow[] {
    return this.build(from, to, false);
  }

  slice(from: number, to: number): ReportOutRow[] {
    return this.build(from, to, true);
  }

  private build(fromRow: number, toRow: number, clip: boolean): ReportOutRow[] {
    const from = Math.max(0, Math.floor(fromRow));
    const to = Math.min(this.rowCount, Math.floor(toRow));
    if (to <= from) return [];
    const out: ReportOutRow[] = [];
    for (let j = from; j < to; j += 1) out.push({ i: j, h: this.heights[j]!, cells: [] });
    for (const state of this.states) {
      const occ = state.rowOcc;
      let r = lowerBound(occ.start, from, occ.length);
      // With clipping, the appearance that began above the range and reaches into it is repeated at its top.
      if (clip && r > 0 && occ.start[r - 1]! + occ.count[r - 1]! > from) r -= 1;
      for (; r < occ.length && occ.start[r]! < to; r += 1) {
        const top = clip ? Math.max(from, occ.start[r]!) : occ.start[r]!;
        const rs = clip ? Math.min(to, occ.start[r]! + occ.count[r]!) - top : occ.count[r]!;
        const cells = out[top - from]!.cells;
        for (let c = 0; c < state.colOcc.length; c += 1) cells.push(this.outCell(state, r, c, rs));
      }
    }
    for (const row of out) row.cells.sort((a, b) => a.c - b.c);
    return out;
  }

  private outCell(state: SlotState, r: number, c: number, rs: number): ReportOutCell {
    const { slot, colOcc } = state;
    const cell = slot.cell;
    const value = valueAt(state, r, c);
    const out: ReportOutCell = { c: colOcc.start[c]!, t: '', s: state.styles ? state.styles[r * colOcc.length + c]! : state.baseStyle };
    if (rs > 1) out.rs = rs;
    if (colOcc.count[c]! > 1) out.cs = colOcc.count[c]!;
    if (cell.kind === 'image') {
      const content = toText(value);
      out.kind = 'image';
      out.t = content ? (this.imageUrl?.(content) ?? '') : '';
      out.v = content;
      return out;
    }
    if (cell.kind === 'qrcode' || cell.kind === 'barcode') {
      out.kind = cell.kind;
      out.t = toText(value);
      out.v = out.t;
      if (cell.kind === 'barcode') out.barcodeFormat = cell.barcodeFormat ?? 'code128';
      return out;
    }
    const code = cell.kind === 'field' ? cell.binding?.dictionary : undefined;
    if (code && value !== null && !(value instanceof FormulaError)) {
      const labels = Object.hasOwn(this.dictionaries, code) ? this.dictionaries[code]! : undefined;
      const key = toText(value);
      if (labels && Object.hasOwn(labels, key)) {
        out.t = labels[key]!;
        out.v = out.t;
        return out;
      }
    }
    const numFmt = this.styles[out.s]?.numFmt;
    // A date format over a date text (a data set without declared field types) still formats the date.
    const shown = typeof value === 'string' && isDateFormat(numFmt) ? dateOrSelf(value, this.clock) : value;
    out.t = formatValue(shown, numFmt);
    out.v = exportValue(value);
    return out;
  }
}

function dateOrSelf(value: string, clock: ZoneClock): Scalar {
  return clock.parseDate(value) ?? value;
}

/**
 * Expands a design over its data sets' rows. Throws ReportError for a design with problems (the first one, as
 * checkDesign reports it) and for a report over the output limits.
 */
export function expandReport(design: ReportDesign, data: ReportData, options: ExpandOptions): SliceableReport {
  const analysis = analyseDesign(design);
  if (analysis.problems.length) {
    const first = analysis.problems[0]!;
    throw new ReportError(first.key, first.params);
  }
  const engine = new Engine(design, analysis, data, options);
  engine.run();
  return new Expansion(engine);
}
