import { z } from 'zod';

/**
 * The report design (docs/reports-design.md): our own JSON, so the spreadsheet grid of the designer can be replaced.
 * A design is a sheet of template cells (text, data-bound fields, formulas, images, codes), the data sets they read,
 * the parameters of the query bar, the charts placed over cell ranges and the print setup. The expansion engine
 * (`expandReport`) turns a design and the data sets' rows into the report as printed.
 *
 * Coordinates are zero-based (row r, column c); formulas name cells as Excel does (A1 = r 0, c 0).
 */

export const REPORT_LIMITS = {
  rows: 2000,
  cols: 200,
  cells: 40_000,
  merges: 5000,
  text: 4000,
  formula: 2000,
  dataSets: 20,
  params: 30,
  charts: 30,
  conditions: 10,
  staticRows: 2000,
  sql: 20_000,
  name: 100,
  /** Rows one data set may answer (its query is cut there and the report says so). */
  dataSetRows: 200_000,
  /** Output rows of one expanded report. */
  outputRows: 500_000,
  /** Output cells of one expanded report (rows × the cells each holds). */
  outputCells: 5_000_000,
} as const;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'report.badColor');
/** A data set, parameter or field name: starts with a letter or _, letters, digits and _ after (Chinese letters too). */
export const reportIdentifier = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\p{L}_][\p{L}\p{N}_]*$/u, 'report.badIdentifier');

/** A parameter name: it is bound in SQL as `@name`, so ASCII letters, digits and _ only. */
export const reportParamName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'report.badParamName');

export const borderStyle = z.enum(['thin', 'medium', 'thick', 'dashed', 'dotted', 'double']);
export const borderSide = z.object({ style: borderStyle, color: hexColor.default('#000000') });

export const reportStyle = z.object({
  fontFamily: z.string().trim().max(64).optional(),
  /** Points. */
  fontSize: z.number().min(6).max(96).optional(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  strike: z.boolean().optional(),
  color: hexColor.optional(),
  background: hexColor.optional(),
  hAlign: z.enum(['left', 'center', 'right']).optional(),
  vAlign: z.enum(['top', 'middle', 'bottom']).optional(),
  wrap: z.boolean().optional(),
  /** An Excel number format: `#,##0.00`, `0.0%`, `yyyy-mm-dd`, `yyyy"年"m"月"d"日"` … (also written into the .xlsx). */
  numFmt: z.string().max(64).optional(),
  border: z.object({ top: borderSide, right: borderSide, bottom: borderSide, left: borderSide }).partial().optional(),
});
export type ReportStyle = z.infer<typeof reportStyle>;

/** A cell reference in the design: row and column of a template cell. */
export const cellRef = z.object({ r: z.number().int().min(0), c: z.number().int().min(0) });
export type CellRef = z.infer<typeof cellRef>;

/**
 * How a field cell expands: none (one value in its context: the first, or the aggregate), down (one row per
 * instance) or right (one column per instance).
 */
export const expandDirection = z.enum(['none', 'down', 'right']);
/** group: one instance per distinct value (equal values merge); list: one instance per data row. */
export const expandMode = z.enum(['group', 'list']);
export const aggregateKind = z.enum(['none', 'sum', 'count', 'avg', 'max', 'min']);
export type AggregateKind = z.infer<typeof aggregateKind>;

export const fieldBinding = z.object({
  dataSet: reportIdentifier,
  field: z.string().trim().min(1).max(128),
  expand: expandDirection.default('none'),
  mode: expandMode.default('group'),
  /** Order of a group's instances: by value ascending / descending, or as the rows come. */
  order: z.enum(['asc', 'desc', 'none']).default('asc'),
  /** For cells that do not expand: the value over the rows of the cell's context. */
  aggregate: aggregateKind.default('none'),
  /**
   * Group cells: false repeats the value on every row (column) of the group instead of one merged cell.
   */
  merge: z.boolean().default(true),
  /** Shows the dictionary's label (item name) for the stored value. */
  dictionary: z.string().trim().max(64).optional(),
});
export type FieldBinding = z.infer<typeof fieldBinding>;

/**
 * Where a cell's parent is: `auto` (the nearest cell to the left that expands down for the row axis, the nearest
 * cell above that expands right for the column axis), `root` (none), or a named cell.
 */
export const parentRef = z.union([z.literal('auto'), z.literal('root'), cellRef]);
export type ParentRef = z.infer<typeof parentRef>;

export const conditionalStyle = z.object({
  /** A formula that is true for the cells to style; `value` is the cell's own value (`value < 0`). */
  when: z.string().trim().min(1).max(REPORT_LIMITS.formula),
  style: reportStyle,
});

export const CELL_KINDS = ['text', 'field', 'formula', 'image', 'qrcode', 'barcode'] as const;
export const cellKind = z.enum(CELL_KINDS);
export type CellKind = z.infer<typeof cellKind>;

export const BARCODE_FORMATS = ['code128', 'code39', 'ean13', 'ean8', 'upca', 'itf14'] as const;

export const templateCell = z.object({
  r: z.number().int().min(0),
  c: z.number().int().min(0),
  kind: cellKind.default('text'),
  /**
   * text: the text shown; formula: the formula without its leading `=` (`SUM(C3)`, `IF(D3>0,"盈","亏")`);
   * image / qrcode / barcode: a fixed content (file id, text) when no field is bound.
   */
  text: z.string().max(REPORT_LIMITS.text).default(''),
  /** field, and image / qrcode / barcode cells whose content comes from a field. */
  binding: fieldBinding.optional(),
  rowParent: parentRef.default('auto'),
  colParent: parentRef.default('auto'),
  style: reportStyle.optional(),
  conditions: z.array(conditionalStyle).max(REPORT_LIMITS.conditions).optional(),
  barcodeFormat: z.enum(BARCODE_FORMATS).optional(),
});
export type TemplateCell = z.infer<typeof templateCell>;

export const cellRange = z.object({
  r: z.number().int().min(0),
  c: z.number().int().min(0),
  rs: z.number().int().min(1),
  cs: z.number().int().min(1),
});
export type CellRange = z.infer<typeof cellRange>;

/** Rows marked in the template: repeated at the top / bottom of every printed page, or a page break after them. */
export const rowFlag = z.object({
  r: z.number().int().min(0),
  header: z.boolean().optional(),
  footer: z.boolean().optional(),
  /** A page break after each output row made from this template row (after each group instance, for a group's last row). */
  pageBreakAfter: z.boolean().optional(),
});

export const reportSheet = z.object({
  rows: z.number().int().min(1).max(REPORT_LIMITS.rows),
  cols: z.number().int().min(1).max(REPORT_LIMITS.cols),
  /** Pixels; missing entries take the default (80 × 24). */
  colWidths: z.array(z.number().min(0).max(2000)).max(REPORT_LIMITS.cols).default([]),
  rowHeights: z.array(z.number().min(0).max(2000)).max(REPORT_LIMITS.rows).default([]),
  cells: z.array(templateCell).max(REPORT_LIMITS.cells).default([]),
  merges: z.array(cellRange).max(REPORT_LIMITS.merges).default([]),
  freeze: z.object({ rows: z.number().int().min(0), cols: z.number().int().min(0) }).optional(),
  rowFlags: z.array(rowFlag).max(REPORT_LIMITS.rows).default([]),
});
export type ReportSheet = z.infer<typeof reportSheet>;

export const DEFAULT_COL_WIDTH = 80;
export const DEFAULT_ROW_HEIGHT = 24;

export const dataSetField = z.object({
  name: z.string().trim().min(1).max(128),
  label: z.string().trim().max(100).optional(),
  type: z.enum(['text', 'number', 'date']).default('text'),
});
export type DataSetField = z.infer<typeof dataSetField>;

/**
 * What a data set reads. sql: a statement on a database link through the read-only path (`@name` binds a
 * parameter; never concatenated); dataSource: a defined data source (its own SQL and link); interface: a defined
 * outbound interface answering rows as JSON; static: rows written in the design.
 */
export const DATA_SET_KINDS = ['sql', 'dataSource', 'interface', 'static'] as const;
export const dataSet = z.object({
  name: reportIdentifier,
  label: z.string().trim().max(REPORT_LIMITS.name).optional(),
  kind: z.enum(DATA_SET_KINDS),
  linkId: z.string().trim().max(64).optional(),
  sql: z.string().max(REPORT_LIMITS.sql).optional(),
  dataSourceId: z.string().trim().max(64).optional(),
  interfaceId: z.string().trim().max(64).optional(),
  /** interface: where the rows are in its JSON answer (`data.rows`); empty = the answer itself. */
  rowsPath: z.string().trim().max(200).optional(),
  rows: z
    .array(z.record(z.string().max(128), z.unknown()))
    .max(REPORT_LIMITS.staticRows)
    .optional(),
  fields: z.array(dataSetField).max(200).default([]),
  /**
   * Columns that say whose a row is: a released report then shows a viewer only the rows of their data scope.
   * A data set without them shows every row to everyone granted the report.
   */
  scope: z
    .object({
      user: z.string().trim().max(128).optional(),
      department: z.string().trim().max(128).optional(),
      company: z.string().trim().max(128).optional(),
    })
    .optional(),
});
export type DataSet = z.infer<typeof dataSet>;

/**
 * Query-bar parameters. dateRange binds `@<name>_begin` and `@<name>_end`; dict is a select of a dictionary's
 * items; currentUser / currentDepartment / currentCompany are filled in by the server and not shown.
 */
export const PARAM_TYPES = ['text', 'number', 'date', 'dateRange', 'dict', 'currentUser', 'currentDepartment', 'currentCompany'] as const;
export const reportParam = z.object({
  name: reportParamName,
  label: z.string().trim().max(REPORT_LIMITS.name).default(''),
  type: z.enum(PARAM_TYPES).default('text'),
  dictionary: z.string().trim().max(64).optional(),
  /**
   * The default: a text or number; for dates `today`, `monthStart`, `yearStart` or yyyy-MM-dd; for a date range
   * `thisMonth`, `lastMonth`, `thisYear` or `yyyy-MM-dd,yyyy-MM-dd`.
   */
  default: z.string().max(200).default(''),
  required: z.boolean().default(false),
});
export type ReportParam = z.infer<typeof reportParam>;

export const CHART_TYPES = ['bar', 'line', 'area', 'pie', 'ring', 'scatter'] as const;
export const reportChart = z.object({
  id: z.string().trim().min(1).max(64),
  /** The cells it covers (they print under it). */
  anchor: cellRange,
  type: z.enum(CHART_TYPES).default('bar'),
  title: z.string().trim().max(REPORT_LIMITS.name).default(''),
  dataSet: reportIdentifier,
  /** The category axis (or the pie's slices). */
  category: z.string().trim().min(1).max(128),
  /** The categories' order, as a group cell orders its values (so a chart beside a grouped table follows it). */
  order: z.enum(['asc', 'desc', 'none']).default('asc'),
  series: z
    .array(z.object({ field: z.string().trim().min(1).max(128), name: z.string().trim().max(100).optional(), aggregate: aggregateKind.default('sum') }))
    .min(1)
    .max(10),
});
export type ReportChart = z.infer<typeof reportChart>;

export const PAPER_SIZES = ['A3', 'A4', 'A5', 'B5', 'Letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
/** Millimetres, portrait. */
export const PAPER_MM: Record<PaperSize, { width: number; height: number }> = {
  A3: { width: 297, height: 420 },
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
  B5: { width: 176, height: 250 },
  Letter: { width: 216, height: 279 },
};

export const printSetup = z.object({
  paper: z.enum(PAPER_SIZES).default('A4'),
  orientation: z.enum(['portrait', 'landscape']).default('portrait'),
  /** Millimetres. */
  margins: z
    .object({ top: z.number().min(0).max(100), right: z.number().min(0).max(100), bottom: z.number().min(0).max(100), left: z.number().min(0).max(100) })
    .default({ top: 15, right: 10, bottom: 15, left: 10 }),
  /** Scales the report down to the paper's width (never up); otherwise columns beyond it go to further pages. */
  fitWidth: z.boolean().default(true),
  /** "第 N 页 / 共 M 页" under every page. */
  pageNumbers: z.boolean().default(true),
});
export type PrintSetup = z.infer<typeof printSetup>;

export const reportDesign = z.object({
  version: z.literal(1).default(1),
  sheet: reportSheet,
  dataSets: z.array(dataSet).max(REPORT_LIMITS.dataSets).default([]),
  params: z.array(reportParam).max(REPORT_LIMITS.params).default([]),
  charts: z.array(reportChart).max(REPORT_LIMITS.charts).default([]),
  print: printSetup.default({ paper: 'A4', orientation: 'portrait', margins: { top: 15, right: 10, bottom: 15, left: 10 }, fitWidth: true, pageNumbers: true }),
});
export type ReportDesign = z.infer<typeof reportDesign>;
export type ReportDesignInput = z.input<typeof reportDesign>;

/** A new report: a 20 × 8 sheet. */
export function emptyReportDesign(): ReportDesign {
  return reportDesign.parse({ sheet: { rows: 20, cols: 8 } });
}

/** `A1` for (0, 0), `AB12` for (11, 27). */
export function cellName(r: number, c: number): string {
  let col = '';
  let n = c + 1;
  while (n > 0) {
    const rem = (n - 1) % 26;
    col = String.fromCharCode(65 + rem) + col;
    n = Math.floor((n - 1) / 26);
  }
  return `${col}${r + 1}`;
}

/** The reverse of cellName; null for anything else. */
export function parseCellName(name: string): CellRef | null {
  const m = /^([A-Z]{1,3})([1-9]\d{0,5})$/.exec(name.toUpperCase());
  if (!m) return null;
  let c = 0;
  for (const ch of m[1]!) c = c * 26 + (ch.charCodeAt(0) - 64);
  return { r: Number(m[2]) - 1, c: c - 1 };
}
