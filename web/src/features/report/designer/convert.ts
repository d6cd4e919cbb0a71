import {
  DEFAULT_COL_WIDTH,
  DEFAULT_ROW_HEIGHT,
  REPORT_LIMITS,
  reportIdentifier,
  type CellRange,
  type FieldBinding,
  type ParentRef,
  type ReportChart,
  type ReportDesign,
  type ReportStyle,
  type TemplateCell,
} from '@app/contracts';

/**
 * The report design (our JSON, the one that is saved) ⇄ the spreadsheet grid's own data (Fortune-sheet's sheet:
 * a matrix of cells, a config with merges, sizes and borders, and the frozen panes). Pure: the grid component is
 * not imported, only the shape of its data is written out below, so the grid can be replaced by writing this file
 * again.
 *
 * What the grid has no place for (a cell's kind, binding, parents, conditional styles, barcode format) travels
 * inside the grid's own cell object under one key, `rd` (CellMeta): the grid then moves it with everything it
 * does to cells (inserted and deleted rows and columns, cut and paste, drag, undo and redo) and nothing of ours runs
 * while a user types. The grid's text of a cell says what it is, as JimuReport's designer shows it: `#{ds.field}`
 * a field that expands, `${ds.field}` one that does not, `=…` a formula, anything else text (or the fixed content of
 * an image / QR code / barcode cell). Row flags and charts are not cells: they stay in the designer's state and
 * shiftRows / shiftCols move them when the grid inserts or deletes rows and columns.
 */

// ---------------------------------------------------------------- the grid's data (the parts we read and write)

/** Fortune-sheet's number format of a cell: fa the format, t the type (n number, d date, s text, g general, inlineStr). */
export interface GridCellType {
  fa?: string;
  t?: string;
  /** Rich text runs (t = inlineStr). */
  s?: { v?: string }[];
}

export interface GridMerge {
  r: number;
  c: number;
  rs?: number;
  cs?: number;
}

export interface GridCell {
  v?: string | number | boolean;
  m?: string | number;
  ct?: GridCellType;
  /** Merge: the top-left cell has rs/cs, the covered cells only r/c of the top-left one. */
  mc?: GridMerge;
  /** Quote prefix: the text is shown as typed (never a formula or a number). */
  qp?: number;
  /** bold, italic, font family, font size (pt), font colour, strike, underline, background */
  bl?: number;
  it?: number;
  ff?: number | string;
  fs?: number;
  fc?: string;
  cl?: number;
  un?: number;
  bg?: string;
  /** Horizontal: 0 centre, 1 left, 2 right. Vertical: 0 middle, 1 top, 2 bottom. */
  ht?: number | string;
  vt?: number | string;
  /** Text break: '0' clip, '1' overflow, '2' wrap. */
  tb?: string | number;
  f?: string;
  /** Our properties (see CellMeta). */
  rd?: CellMeta;
}

export type GridMatrix = (GridCell | null)[][];

export interface GridBorderSide {
  style: number | string;
  color: string;
}

export type GridBorderInfo =
  | {
      rangeType: 'cell';
      value: {
        row_index: number;
        col_index: number;
        l?: GridBorderSide | null;
        r?: GridBorderSide | null;
        t?: GridBorderSide | null;
        b?: GridBorderSide | null;
      };
    }
  | {
      rangeType: 'range';
      borderType: string;
      style: number | string;
      color: string;
      range: { row: number[]; column: number[] }[];
    };

export interface GridConfig {
  merge?: Record<string, { r: number; c: number; rs: number; cs: number }>;
  rowlen?: Record<string, number>;
  columnlen?: Record<string, number>;
  customHeight?: Record<string, number>;
  customWidth?: Record<string, number>;
  borderInfo?: GridBorderInfo[];
}

export interface GridFrozen {
  type: 'row' | 'column' | 'both' | 'rangeRow' | 'rangeColumn' | 'rangeBoth';
  range?: { row_focus: number; column_focus: number };
}

/** The sheet as the grid takes it (celldata, row and column counts) and as it gives it back (data). */
export interface GridSheet {
  name: string;
  id?: string;
  row?: number;
  column?: number;
  celldata?: { r: number; c: number; v: GridCell | null }[];
  data?: GridMatrix;
  config?: GridConfig;
  frozen?: GridFrozen;
  defaultRowHeight?: number;
  defaultColWidth?: number;
}

// ---------------------------------------------------------------- our part of a cell

export interface CellMeta {
  /** image / qrcode / barcode (a field or formula cell is told by its text). */
  kind?: 'image' | 'qrcode' | 'barcode';
  /** The binding as last set: its expand, mode, order, aggregate, merge and dictionary (data set and field are in the text). */
  binding?: FieldBinding;
  rowParent?: ParentRef;
  colParent?: ParentRef;
  conditions?: NonNullable<TemplateCell['conditions']>;
  barcodeFormat?: TemplateCell['barcodeFormat'];
}

/** What the designer shows at least, whatever the design's size (a report is designed on a roomy sheet). */
export const MIN_GRID_ROWS = 100;
export const MIN_GRID_COLS = 26;

// ---------------------------------------------------------------- shorthand and labels

export interface Shorthand {
  /** '#' expands (down unless the binding says right), '$' does not. */
  sigil: '#' | '$';
  dataSet: string;
  field: string;
}

const SHORTHAND = /^([#$])\{\s*([^\s.{}]+)\s*\.\s*([^{}]*?)\s*\}$/u;

/** `#{ds.field}` / `${ds.field}`, or null. The data set must be a valid identifier, the field not empty. */
export function parseShorthand(text: string): Shorthand | null {
  const m = SHORTHAND.exec(text.trim());
  if (!m) return null;
  const [, sigil, dataSet, field] = m;
  if (!field || !reportIdentifier.safeParse(dataSet).success) return null;
  return { sigil: sigil as '#' | '$', dataSet: dataSet!, field };
}

/** The text a bound cell shows in the grid. */
export function bindingLabel(b: Pick<FieldBinding, 'dataSet' | 'field' | 'expand'>): string {
  return `${b.expand === 'none' ? '$' : '#'}{${b.dataSet}.${b.field}}`;
}

export function newBinding(dataSet: string, field: string, expand: FieldBinding['expand']): FieldBinding {
  return { dataSet, field, expand, mode: 'group', order: 'asc', aggregate: 'none', merge: true };
}

/** The binding a shorthand names, keeping what the cell's previous binding of the same field said. */
export function bindingOf(sh: Shorthand, previous: FieldBinding | undefined): FieldBinding {
  const same = previous && previous.dataSet === sh.dataSet && previous.field === sh.field;
  if (sh.sigil === '$') return same ? { ...previous, expand: 'none' } : newBinding(sh.dataSet, sh.field, 'none');
  if (same) return previous.expand === 'none' ? { ...previous, expand: 'down' } : previous;
  return newBinding(sh.dataSet, sh.field, 'down');
}

// ---------------------------------------------------------------- one cell

/** The text a grid cell holds, as typed (not as formatted), '' for none. */
export function gridCellText(cell: GridCell | null | undefined): string {
  if (!cell) return '';
  if (cell.ct?.t === 'inlineStr' && Array.isArray(cell.ct.s)) return cell.ct.s.map((s) => s.v ?? '').join('');
  // A date the grid turned into a serial number: its text is what it shows.
  if (cell.ct?.t === 'd' && typeof cell.v === 'number') return String(cell.m ?? cell.v);
  if (cell.v !== undefined && cell.v !== null) return String(cell.v);
  if (cell.m !== undefined && cell.m !== null) return String(cell.m);
  if (cell.f) return cell.f;
  return '';
}

export type CellContent = Pick<TemplateCell, 'kind' | 'text' | 'binding' | 'rowParent' | 'colParent' | 'conditions' | 'barcodeFormat'>;

/** What a grid cell is in the design: its text and our properties read together. Null for a cell without content. */
export function interpretCell(cell: GridCell | null | undefined): CellContent | null {
  const raw = gridCellText(cell);
  if (!cell || raw === '') return null;
  const meta = cell.rd ?? {};
  const common = {
    rowParent: meta.rowParent ?? 'auto',
    colParent: meta.colParent ?? 'auto',
    ...(meta.conditions?.length ? { conditions: meta.conditions } : {}),
    ...(meta.barcodeFormat ? { barcodeFormat: meta.barcodeFormat } : {}),
  } satisfies Partial<CellContent>;
  if (cell.qp === 1) return { kind: meta.kind ?? 'text', text: raw, ...common };
  const sh = parseShorthand(raw);
  if (sh) return { kind: meta.kind ?? 'field', text: '', binding: bindingOf(sh, meta.binding), ...common };
  if (raw.startsWith('=') && raw.length > 1) return { kind: 'formula', text: raw.slice(1), ...common };
  return { kind: meta.kind ?? 'text', text: raw, ...common };
}

/** The grid's text for a template cell. */
export function gridTextOf(cell: Pick<TemplateCell, 'kind' | 'text' | 'binding'>): string {
  if (cell.binding && (cell.kind === 'field' || cell.kind === 'image' || cell.kind === 'qrcode' || cell.kind === 'barcode')) return bindingLabel(cell.binding);
  if (cell.kind === 'formula') return `=${cell.text}`;
  return cell.text;
}

/** Our properties of a template cell, only those that are not the defaults; undefined when none. */
export function metaOf(cell: Pick<TemplateCell, 'kind' | 'binding' | 'rowParent' | 'colParent' | 'conditions' | 'barcodeFormat'>): CellMeta | undefined {
  const meta: CellMeta = {};
  if (cell.kind === 'image' || cell.kind === 'qrcode' || cell.kind === 'barcode') meta.kind = cell.kind;
  if (cell.binding && cell.kind !== 'text' && cell.kind !== 'formula') meta.binding = cell.binding;
  if (cell.rowParent && cell.rowParent !== 'auto') meta.rowParent = cell.rowParent;
  if (cell.colParent && cell.colParent !== 'auto') meta.colParent = cell.colParent;
  if (cell.conditions?.length) meta.conditions = cell.conditions;
  if (cell.barcodeFormat) meta.barcodeFormat = cell.barcodeFormat;
  return Object.keys(meta).length ? meta : undefined;
}

/** A grid cell that holds a field: its text a `#{ds.field}` / `${ds.field}` shorthand, not quoted as text. */
export function isFieldCell(cell: GridCell | null | undefined): boolean {
  if (!cell || cell.qp === 1) return false;
  const v = cell.v ?? cell.m;
  // Most cells are told at their first character, without reading the shorthand.
  if (typeof v !== 'string' || (v.trimStart()[0] !== '#' && v.trimStart()[0] !== '$')) return false;
  return parseShorthand(v) !== null;
}

/** A rectangle of cells as the grid names it (inclusive). */
export interface GridRange {
  row: [number, number];
  column: [number, number];
}

/**
 * The field cells of a matrix as ranges: a range per run of field cells side by side in a row. The designer's grid
 * colours exactly these (a conditional format the grid checks over its ranges at every redraw: a range over the
 * whole sheet costs each keystroke a pass over every cell).
 */
export function fieldRanges(data: GridMatrix): GridRange[] {
  const out: GridRange[] = [];
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    for (let c = 0; c < row.length; c++) {
      if (!isFieldCell(row[c])) continue;
      const last = out[out.length - 1];
      if (last && last.row[0] === r && last.column[1] === c - 1) last.column[1] = c;
      else out.push({ row: [r, r], column: [c, c] });
    }
  }
  return out;
}

/** True when a text would be read as something else than text (a shorthand or a formula): it is stored with a quote prefix. */
export function needsQuote(text: string): boolean {
  return parseShorthand(text) !== null || (text.startsWith('=') && text.length > 1);
}

// ---------------------------------------------------------------- styles

/** Font names by the grid's index (its Chinese list, a superset of the English one). */
export const GRID_FONTS = [
  'Times New Roman',
  'Arial',
  'Tahoma',
  'Verdana',
  '微软雅黑',
  '宋体',
  '黑体',
  '楷体',
  '仿宋',
  '新宋体',
  '华文新魏',
  '华文行楷',
  '华文隶书',
];

/** `#rrggbb` for the colours the grid writes (#rgb, #rrggbb, rgb(r, g, b)); undefined for anything else. */
export function hexColor(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}`;
  const m = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(v);
  if (m) {
    if (m[4] !== undefined && Number(m[4]) === 0) return undefined;
    return `#${[m[1], m[2], m[3]].map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0')).join('')}`;
  }
  return undefined;
}

const H_ALIGN: Record<string, ReportStyle['hAlign']> = { '0': 'center', '1': 'left', '2': 'right' };
const V_ALIGN: Record<string, ReportStyle['vAlign']> = { '0': 'middle', '1': 'top', '2': 'bottom' };
const H_ALIGN_BACK = { center: 0, left: 1, right: 2 } as const;
const V_ALIGN_BACK = { middle: 0, top: 1, bottom: 2 } as const;

/** A date or time format (Excel letters): the grid then treats the value as a date. */
export function isDateFormat(fmt: string): boolean {
  const bare = fmt.replace(/"[^"]*"/g, '').replace(/\[[^\]]*\]/g, '');
  return /[yd]|h{1,2}:|m{3,}|ss/i.test(bare);
}

/** The style the grid gives a cell (borders apart). */
export function styleFromGrid(cell: GridCell): ReportStyle {
  const s: ReportStyle = {};
  if (cell.ff !== undefined && cell.ff !== '') {
    const name = typeof cell.ff === 'number' || /^\d+$/.test(String(cell.ff)) ? GRID_FONTS[Number(cell.ff)] : String(cell.ff);
    if (name) s.fontFamily = name.slice(0, 64);
  }
  if (typeof cell.fs === 'number' || (typeof cell.fs === 'string' && cell.fs !== '')) {
    const size = Number(cell.fs);
    if (Number.isFinite(size)) s.fontSize = Math.min(96, Math.max(6, size));
  }
  if (Number(cell.bl) === 1) s.bold = true;
  if (Number(cell.it) === 1) s.italic = true;
  if (Number(cell.un) >= 1) s.underline = true;
  if (Number(cell.cl) === 1) s.strike = true;
  const fc = hexColor(cell.fc);
  if (fc) s.color = fc;
  const bg = hexColor(cell.bg);
  if (bg) s.background = bg;
  if (cell.ht !== undefined && cell.ht !== null && H_ALIGN[String(cell.ht)]) s.hAlign = H_ALIGN[String(cell.ht)];
  if (cell.vt !== undefined && cell.vt !== null && V_ALIGN[String(cell.vt)]) s.vAlign = V_ALIGN[String(cell.vt)];
  if (cell.tb !== undefined && cell.tb !== null && cell.tb !== '') s.wrap = String(cell.tb) === '2';
  const fa = cell.ct?.fa;
  if (fa && fa !== 'General' && cell.ct?.t !== 'inlineStr') s.numFmt = fa.slice(0, 64);
  return s;
}

/** The grid's attributes for a style (borders apart). */
export function styleToGrid(style: ReportStyle | undefined): Partial<GridCell> {
  const g: Partial<GridCell> = {};
  if (!style) return g;
  if (style.fontFamily) g.ff = style.fontFamily;
  if (style.fontSize !== undefined) g.fs = style.fontSize;
  if (style.bold) g.bl = 1;
  if (style.italic) g.it = 1;
  if (style.underline) g.un = 1;
  if (style.strike) g.cl = 1;
  if (style.color) g.fc = style.color;
  if (style.background) g.bg = style.background;
  if (style.hAlign) g.ht = H_ALIGN_BACK[style.hAlign];
  if (style.vAlign) g.vt = V_ALIGN_BACK[style.vAlign];
  if (style.wrap !== undefined) g.tb = style.wrap ? '2' : '1';
  if (style.numFmt) g.ct = { fa: style.numFmt, t: style.numFmt === '@' ? 's' : isDateFormat(style.numFmt) ? 'd' : 'n' };
  return g;
}

// ---------------------------------------------------------------- borders

type Side = 'top' | 'right' | 'bottom' | 'left';
type BorderSideStyle = NonNullable<NonNullable<ReportStyle['border']>['top']>;
type CellBorders = Partial<Record<Side, BorderSideStyle>>;

/** Excel border styles by the grid's number. */
const GRID_BORDER_STYLES: Record<number, BorderSideStyle['style']> = {
  1: 'thin',
  2: 'thin',
  3: 'dotted',
  4: 'dashed',
  5: 'dashed',
  6: 'dashed',
  7: 'double',
  8: 'medium',
  9: 'dashed',
  10: 'dashed',
  11: 'dashed',
  12: 'dashed',
  13: 'thick',
};
const BORDER_STYLE_BACK: Record<BorderSideStyle['style'], number> = { thin: 1, dotted: 3, dashed: 4, double: 7, medium: 8, thick: 13 };
const GRID_SIDE: Record<Side, 'l' | 'r' | 't' | 'b'> = { top: 't', right: 'r', bottom: 'b', left: 'l' };

function sideFromGrid(side: GridBorderSide | null | undefined): BorderSideStyle | undefined {
  if (!side) return undefined;
  const style = GRID_BORDER_STYLES[Number(side.style)];
  if (!style) return undefined;
  return { style, color: hexColor(side.color) ?? '#000000' };
}

/** Each cell's four borders from the grid's border list (applied in order, as the grid draws them). */
export function bordersFromGrid(list: GridBorderInfo[] | undefined): Map<string, CellBorders> {
  const out = new Map<string, CellBorders>();
  const at = (r: number, c: number) => {
    const key = `${r}_${c}`;
    let b = out.get(key);
    if (!b) out.set(key, (b = {}));
    return b;
  };
  const set = (r: number, c: number, side: Side, value: BorderSideStyle | undefined) => {
    if (r < 0 || c < 0) return;
    if (value) at(r, c)[side] = value;
    else if (out.has(`${r}_${c}`)) delete at(r, c)[side];
  };
  for (const info of list ?? []) {
    if (info.rangeType === 'cell') {
      const { row_index: r, col_index: c } = info.value;
      for (const side of ['top', 'right', 'bottom', 'left'] as Side[]) {
        const g = info.value[GRID_SIDE[side]];
        if (g !== undefined) set(r, c, side, sideFromGrid(g));
      }
      continue;
    }
    const value = sideFromGrid({ style: info.style, color: info.color });
    for (const range of info.range ?? []) {
      const [r1, r2] = [range.row[0] ?? 0, range.row[1] ?? range.row[0] ?? 0];
      const [c1, c2] = [range.column[0] ?? 0, range.column[1] ?? range.column[0] ?? 0];
      for (let r = r1; r <= r2; r++) {
        for (let c = c1; c <= c2; c++) {
          const top = r === r1;
          const bottom = r === r2;
          const left = c === c1;
          const right = c === c2;
          switch (info.borderType) {
            case 'border-all':
              (['top', 'right', 'bottom', 'left'] as Side[]).forEach((s) => set(r, c, s, value));
              break;
            case 'border-outside':
              if (top) set(r, c, 'top', value);
              if (bottom) set(r, c, 'bottom', value);
              if (left) set(r, c, 'left', value);
              if (right) set(r, c, 'right', value);
              break;
            case 'border-inside':
              if (!top) set(r, c, 'top', value);
              if (!bottom) set(r, c, 'bottom', value);
              if (!left) set(r, c, 'left', value);
              if (!right) set(r, c, 'right', value);
              break;
            case 'border-horizontal':
              if (!top) set(r, c, 'top', value);
              if (!bottom) set(r, c, 'bottom', value);
              break;
            case 'border-vertical':
              if (!left) set(r, c, 'left', value);
              if (!right) set(r, c, 'right', value);
              break;
            case 'border-top':
              if (top) set(r, c, 'top', value);
              break;
            case 'border-bottom':
              if (bottom) set(r, c, 'bottom', value);
              break;
            case 'border-left':
              if (left) set(r, c, 'left', value);
              break;
            case 'border-right':
              if (right) set(r, c, 'right', value);
              break;
            case 'border-none':
              (['top', 'right', 'bottom', 'left'] as Side[]).forEach((s) => set(r, c, s, undefined));
              // The neighbours' sides that touch the range are the same lines on the screen.
              if (top) set(r - 1, c, 'bottom', undefined);
              if (bottom) set(r + 1, c, 'top', undefined);
              if (left) set(r, c - 1, 'right', undefined);
              if (right) set(r, c + 1, 'left', undefined);
              break;
            default:
              break;
          }
        }
      }
    }
  }
  for (const [key, b] of out) if (!Object.keys(b).length) out.delete(key);
  return out;
}

function borderEntry(r: number, c: number, b: CellBorders): GridBorderInfo {
  const value: Extract<GridBorderInfo, { rangeType: 'cell' }>['value'] = { row_index: r, col_index: c };
  for (const side of ['top', 'right', 'bottom', 'left'] as Side[]) {
    const s = b[side];
    if (s) value[GRID_SIDE[side]] = { style: BORDER_STYLE_BACK[s.style], color: s.color };
  }
  return { rangeType: 'cell', value };
}

// ---------------------------------------------------------------- the whole design

/** Our state beside the grid: what a design has that is not cells. */
export interface DesignSide {
  dataSets: ReportDesign['dataSets'];
  params: ReportDesign['params'];
  charts: ReportDesign['charts'];
  print: ReportDesign['print'];
  rowFlags: ReportDesign['sheet']['rowFlags'];
}

export function sideOf(design: ReportDesign): DesignSide {
  return { dataSets: design.dataSets, params: design.params, charts: design.charts, print: design.print, rowFlags: design.sheet.rowFlags };
}

const isEmptyStyle = (s: ReportStyle | undefined) => !s || Object.keys(s).length === 0;

/** The grid's sheet for a design (it opens at least MIN_GRID_ROWS × MIN_GRID_COLS). */
export function designToGrid(design: ReportDesign, name = 'Sheet1'): GridSheet {
  const { sheet } = design;
  const rows = Math.max(sheet.rows, MIN_GRID_ROWS);
  const cols = Math.max(sheet.cols, MIN_GRID_COLS);
  const cells = new Map<string, GridCell>();
  const borderInfo: GridBorderInfo[] = [];
  const mergeAt = new Map(sheet.merges.map((m) => [`${m.r}_${m.c}`, m]));

  for (const cell of sheet.cells) {
    if (cell.r >= rows || cell.c >= cols) continue;
    const { border, ...style } = cell.style ?? {};
    const text = gridTextOf(cell);
    const g: GridCell = { ...styleToGrid(style) };
    if (text !== '') {
      const numeric = cell.kind === 'text' && !needsQuote(text) && style.numFmt !== '@' && /^-?\d+(\.\d+)?$/.test(text) && String(Number(text)) === text;
      g.v = numeric ? Number(text) : text;
      g.m = text;
      if (cell.kind === 'text' && needsQuote(text)) g.qp = 1;
    }
    const meta = metaOf(cell);
    if (meta) g.rd = meta;
    cells.set(`${cell.r}_${cell.c}`, g);
    if (border && Object.keys(border).length) {
      const merge = mergeAt.get(`${cell.r}_${cell.c}`);
      if (!merge) borderInfo.push(borderEntry(cell.r, cell.c, border));
      else {
        // A merged cell's borders are drawn by the cells on its edges.
        for (let r = merge.r; r < merge.r + merge.rs; r++) {
          for (let c = merge.c; c < merge.c + merge.cs; c++) {
            const b: CellBorders = {};
            if (r === merge.r && border.top) b.top = border.top;
            if (r === merge.r + merge.rs - 1 && border.bottom) b.bottom = border.bottom;
            if (c === merge.c && border.left) b.left = border.left;
            if (c === merge.c + merge.cs - 1 && border.right) b.right = border.right;
            if (Object.keys(b).length) borderInfo.push(borderEntry(r, c, b));
          }
        }
      }
    }
  }

  const merge: NonNullable<GridConfig['merge']> = {};
  for (const m of sheet.merges) {
    if (m.r + m.rs > rows || m.c + m.cs > cols) continue;
    merge[`${m.r}_${m.c}`] = { r: m.r, c: m.c, rs: m.rs, cs: m.cs };
    for (let r = m.r; r < m.r + m.rs; r++) {
      for (let c = m.c; c < m.c + m.cs; c++) {
        const key = `${r}_${c}`;
        const g = cells.get(key) ?? {};
        g.mc = r === m.r && c === m.c ? { r: m.r, c: m.c, rs: m.rs, cs: m.cs } : { r: m.r, c: m.c };
        cells.set(key, g);
      }
    }
  }

  const rowlen: Record<string, number> = {};
  sheet.rowHeights.forEach((h, i) => {
    if (i < rows) rowlen[i] = h;
  });
  const columnlen: Record<string, number> = {};
  sheet.colWidths.forEach((w, i) => {
    if (i < cols) columnlen[i] = w;
  });

  const config: GridConfig = {};
  if (Object.keys(merge).length) config.merge = merge;
  if (Object.keys(rowlen).length) {
    config.rowlen = rowlen;
    config.customHeight = Object.fromEntries(Object.keys(rowlen).map((k) => [k, 1]));
  }
  if (Object.keys(columnlen).length) {
    config.columnlen = columnlen;
    config.customWidth = Object.fromEntries(Object.keys(columnlen).map((k) => [k, 1]));
  }
  if (borderInfo.length) config.borderInfo = borderInfo;

  const out: GridSheet = {
    name,
    row: rows,
    column: cols,
    celldata: [...cells].map(([key, v]) => {
      const [r, c] = key.split('_').map(Number);
      return { r: r!, c: c!, v };
    }),
    config,
    defaultRowHeight: DEFAULT_ROW_HEIGHT,
    defaultColWidth: DEFAULT_COL_WIDTH,
  };
  const fr = sheet.freeze;
  if (fr && (fr.rows > 0 || fr.cols > 0)) {
    out.frozen =
      fr.rows > 0 && fr.cols > 0
        ? { type: 'rangeBoth', range: { row_focus: fr.rows - 1, column_focus: fr.cols - 1 } }
        : fr.rows > 0
          ? { type: 'rangeRow', range: { row_focus: fr.rows - 1, column_focus: 0 } }
          : { type: 'rangeColumn', range: { row_focus: 0, column_focus: fr.cols - 1 } };
  }
  return out;
}

/** The grid's cell matrix from a sheet as given to it (celldata) or as it gives it back (data). */
export function matrixOf(sheet: GridSheet): GridMatrix {
  if (sheet.data) return sheet.data;
  const rows = sheet.row ?? 0;
  const cols = sheet.column ?? 0;
  const m: GridMatrix = Array.from({ length: rows }, () => Array<GridCell | null>(cols).fill(null));
  for (const d of sheet.celldata ?? []) {
    if (!m[d.r]) m[d.r] = Array<GridCell | null>(cols).fill(null);
    m[d.r]![d.c] = d.v;
  }
  return m;
}

function freezeFromGrid(frozen: GridFrozen | undefined): ReportDesign['sheet']['freeze'] {
  if (!frozen) return undefined;
  const rf = (frozen.range?.row_focus ?? 0) + 1;
  const cf = (frozen.range?.column_focus ?? 0) + 1;
  switch (frozen.type) {
    case 'row':
      return { rows: 1, cols: 0 };
    case 'column':
      return { rows: 0, cols: 1 };
    case 'both':
      return { rows: 1, cols: 1 };
    case 'rangeRow':
      return { rows: rf, cols: 0 };
    case 'rangeColumn':
      return { rows: 0, cols: cf };
    case 'rangeBoth':
      return { rows: rf, cols: cf };
    default:
      return undefined;
  }
}

/**
 * The design from the grid's sheet and our side state. The sheet is cut to what is used (cells with content,
 * style or our properties, merges, sizes set, flagged rows, charts, frozen panes): trailing empty rows and
 * columns are not part of the report.
 */
export function gridToDesign(sheet: GridSheet, side: DesignSide): ReportDesign {
  const data = matrixOf(sheet);
  const config = sheet.config ?? {};
  const borders = bordersFromGrid(config.borderInfo);
  const gridRows = data.length;
  const gridCols = data.reduce((n, row) => Math.max(n, row?.length ?? 0), sheet.column ?? 0);

  const merges: CellRange[] = [];
  for (const m of Object.values(config.merge ?? {})) {
    if (m && m.rs >= 1 && m.cs >= 1 && (m.rs > 1 || m.cs > 1)) merges.push({ r: m.r, c: m.c, rs: m.rs, cs: m.cs });
  }
  merges.sort((a, b) => a.r - b.r || a.c - b.c);
  const mergeAt = new Map(merges.map((m) => [`${m.r}_${m.c}`, m]));

  const cells: TemplateCell[] = [];
  let maxR = -1;
  let maxC = -1;
  const extend = (r: number, c: number) => {
    if (r > maxR) maxR = r;
    if (c > maxC) maxC = c;
  };
  for (let r = 0; r < gridRows; r++) {
    const row = data[r];
    if (!row) continue;
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      const border = borders.get(`${r}_${c}`);
      if (!cell && !border) continue;
      // A cell under a merge is drawn by the merge's top-left cell.
      if (cell?.mc && (cell.mc.r !== r || cell.mc.c !== c)) continue;
      const content = interpretCell(cell);
      const style = cell ? styleFromGrid(cell) : {};
      const merge = mergeAt.get(`${r}_${c}`);
      const b: CellBorders = merge ? mergedBorders(merge, borders) : (border ?? {});
      if (Object.keys(b).length) style.border = b;
      if (!content && isEmptyStyle(style)) continue;
      const out: TemplateCell = {
        r,
        c,
        kind: 'text',
        text: '',
        rowParent: 'auto',
        colParent: 'auto',
        ...content,
      };
      if (!isEmptyStyle(style)) out.style = style;
      cells.push(out);
      extend(r, c);
    }
  }
  for (const m of merges) extend(m.r + m.rs - 1, m.c + m.cs - 1);

  const rowKeys = Object.keys(config.rowlen ?? {})
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0 && n < gridRows);
  const colKeys = Object.keys(config.columnlen ?? {})
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0 && n < gridCols);
  for (const r of rowKeys) extend(r, 0);
  for (const c of colKeys) extend(0, c);
  for (const f of side.rowFlags) if (f.header || f.footer || f.pageBreakAfter) extend(f.r, 0);
  for (const ch of side.charts) extend(ch.anchor.r + ch.anchor.rs - 1, ch.anchor.c + ch.anchor.cs - 1);
  const freeze = freezeFromGrid(sheet.frozen);
  if (freeze) extend(freeze.rows - 1, freeze.cols - 1);

  const rows = Math.min(REPORT_LIMITS.rows, Math.max(1, maxR + 1));
  const cols = Math.min(REPORT_LIMITS.cols, Math.max(1, maxC + 1));
  const sizes = (keys: number[], len: Record<string, number> | undefined, limit: number, fallback: number) => {
    const last = keys.filter((k) => k < limit).reduce((n, k) => Math.max(n, k), -1);
    return Array.from({ length: last + 1 }, (_, i) => {
      const v = Number(len?.[i]);
      return Number.isFinite(v) && v > 0 ? Math.min(2000, Math.round(v)) : fallback;
    });
  };

  return {
    version: 1,
    sheet: {
      rows,
      cols,
      colWidths: sizes(colKeys, config.columnlen, cols, DEFAULT_COL_WIDTH),
      rowHeights: sizes(rowKeys, config.rowlen, rows, DEFAULT_ROW_HEIGHT),
      cells: cells.filter((c) => c.r < rows && c.c < cols),
      merges,
      ...(freeze ? { freeze } : {}),
      rowFlags: side.rowFlags.filter((f) => f.r < rows && (f.header || f.footer || f.pageBreakAfter)).sort((a, b) => a.r - b.r),
    },
    dataSets: side.dataSets,
    params: side.params,
    charts: side.charts,
    print: side.print,
  };
}

function mergedBorders(m: CellRange, borders: Map<string, CellBorders>): CellBorders {
  const b: CellBorders = {};
  const top = borders.get(`${m.r}_${m.c}`)?.top;
  const left = borders.get(`${m.r}_${m.c}`)?.left;
  const bottom = borders.get(`${m.r + m.rs - 1}_${m.c}`)?.bottom;
  const right = borders.get(`${m.r}_${m.c + m.cs - 1}`)?.right;
  if (top) b.top = top;
  if (right) b.right = right;
  if (bottom) b.bottom = bottom;
  if (left) b.left = left;
  return b;
}

// ---------------------------------------------------------------- inserted and deleted rows and columns

/** What the grid did: rows or columns inserted at `at` (the first new index), or deleted from `start` to `end`. */
export type RowColChange =
  { op: 'insert'; type: 'row' | 'column'; at: number; count: number } | { op: 'delete'; type: 'row' | 'column'; start: number; end: number };

/** The grid's insertRowCol / deleteRowCol operation as a RowColChange (null for anything else). */
export function rowColChangeOf(op: { op: string; value?: unknown }): RowColChange | null {
  const v = op.value as { type?: string; index?: number; count?: number; direction?: string; start?: number; end?: number } | undefined;
  if (!v || (v.type !== 'row' && v.type !== 'column')) return null;
  if (op.op === 'insertRowCol' && typeof v.index === 'number' && typeof v.count === 'number') {
    return { op: 'insert', type: v.type, at: v.direction === 'rightbottom' ? v.index + 1 : v.index, count: v.count };
  }
  if (op.op === 'deleteRowCol' && typeof v.start === 'number' && typeof v.end === 'number') {
    return { op: 'delete', type: v.type, start: v.start, end: v.end };
  }
  return null;
}

/** An index after the change; null when it was deleted. */
function shiftIndex(i: number, ch: RowColChange): number | null {
  if (ch.op === 'insert') return i >= ch.at ? i + ch.count : i;
  if (i < ch.start) return i;
  if (i > ch.end) return i - (ch.end - ch.start + 1);
  return null;
}

/** A span [from, from + size) after the change; null when all of it was deleted. */
function shiftSpan(from: number, size: number, ch: RowColChange): [number, number] | null {
  if (ch.op === 'insert') {
    if (ch.at <= from) return [from + ch.count, size];
    if (ch.at < from + size) return [from, size + ch.count];
    return [from, size];
  }
  const last = from + size - 1;
  const overlap = Math.max(0, Math.min(last, ch.end) - Math.max(from, ch.start) + 1);
  if (overlap === size) return null;
  const start = from < ch.start ? from : from > ch.end ? from - (ch.end - ch.start + 1) : ch.start;
  return [start, size - overlap];
}

/** Row flags and charts after the grid inserted or deleted rows or columns. */
export function shiftSide(side: DesignSide, ch: RowColChange): DesignSide {
  const rowFlags =
    ch.type === 'row'
      ? side.rowFlags.flatMap((f) => {
          const r = shiftIndex(f.r, ch);
          return r === null ? [] : [{ ...f, r }];
        })
      : side.rowFlags;
  const charts = side.charts.flatMap((chart): ReportChart[] => {
    const a = chart.anchor;
    const span = ch.type === 'row' ? shiftSpan(a.r, a.rs, ch) : shiftSpan(a.c, a.cs, ch);
    if (!span) return [];
    const anchor = ch.type === 'row' ? { ...a, r: span[0], rs: span[1] } : { ...a, c: span[0], cs: span[1] };
    return [{ ...chart, anchor }];
  });
  return { ...side, rowFlags, charts };
}
