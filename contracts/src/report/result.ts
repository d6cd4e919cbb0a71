import { z } from 'zod';
import { cellKind, printSetup, reportStyle } from './model.js';

/**
 * What the viewer, the print view and the exports receive: the expanded report cut into pages. Styles are listed
 * once and cells name them by index. A cell covers `rs` rows and `cs` columns (1 when absent); the cells it covers
 * are absent. `t` is the text as shown (number and date formats applied, dictionary labels); `v` the value under it
 * (numbers stay numbers in the .xlsx).
 */
export const reportOutCell = z.object({
  c: z.number().int(),
  rs: z.number().int().optional(),
  cs: z.number().int().optional(),
  t: z.string(),
  v: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  s: z.number().int(),
  /** Cells that are not text: image (t = the image's address), qrcode / barcode (t = the encoded text). */
  kind: cellKind.optional(),
  barcodeFormat: z.string().optional(),
});
export type ReportOutCell = z.infer<typeof reportOutCell>;

export const reportOutRow = z.object({
  /** Output row index in the whole report. */
  i: z.number().int(),
  h: z.number(),
  cells: z.array(reportOutCell),
});
export type ReportOutRow = z.infer<typeof reportOutRow>;

export const reportOutChart = z.object({
  id: z.string(),
  /** Output row / column of its top-left cell, and the size it covers in pixels. */
  r: z.number().int(),
  c: z.number().int(),
  width: z.number(),
  height: z.number(),
  /** A complete echarts option (plain JSON, no functions). */
  option: z.record(z.string(), z.unknown()),
});
export type ReportOutChart = z.infer<typeof reportOutChart>;

/** One printed page: the header rows repeated on it, its own rows, the footer rows, over a range of columns. */
export const reportPage = z.object({
  index: z.number().int(),
  /** Output column range [colFrom, colTo) on this page (all columns when the print fits the width). */
  colFrom: z.number().int(),
  colTo: z.number().int(),
  rows: z.array(reportOutRow),
  charts: z.array(reportOutChart),
});
export type ReportPage = z.infer<typeof reportPage>;

export const reportPagesAnswer = z.object({
  /** Pages in the whole report. */
  pageCount: z.number().int(),
  /** Output rows and columns in the whole report. */
  rowCount: z.number().int(),
  colCount: z.number().int(),
  /** Output column widths in pixels. */
  colWidths: z.array(z.number()),
  styles: z.array(reportStyle),
  print: printSetup,
  /** Scale of the printed page (fit to width), 1 when not scaled. */
  scale: z.number(),
  pages: z.array(reportPage),
  /** Data sets cut at their row limit, and other notes the viewer shows above the report. */
  notices: z.array(z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).default({}) })),
});
export type ReportPages = z.infer<typeof reportPagesAnswer>;
