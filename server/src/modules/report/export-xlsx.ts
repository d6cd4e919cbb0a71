import type { Writable } from 'node:stream';
import bwipjs from 'bwip-js';
import ExcelJS from 'exceljs';
import { cellName, type ExpandedReport, type ReportOutCell, type ReportStyle } from '@app/contracts';
import { neutraliseCell } from '../../core/excel/cells.js';
import { EXPORT_BATCH_ROWS, streamCaughtUp } from '../../core/excel/stream-writer.js';

/** Reports up to this many rows are written with their images, codes and charts (exceljs keeps those in memory). */
export const XLSX_PICTURE_ROWS = 5000;

/** Pixels → Excel's column width (characters of the default font) and row height (points). */
const widthOf = (px: number) => Math.max(1, Math.round((px / 7) * 100) / 100);
const heightOf = (px: number) => Math.round(px * 0.75 * 100) / 100;
const argb = (hex: string) => `FF${hex.slice(1).toUpperCase()}`;

const BORDER: Record<string, ExcelJS.BorderStyle> = { thin: 'thin', medium: 'medium', thick: 'thick', dashed: 'dashed', dotted: 'dotted', double: 'double' };

/** Our style as exceljs writes it. */
export function excelStyle(style: ReportStyle): Partial<ExcelJS.Style> {
  const out: Partial<ExcelJS.Style> = {};
  const font: Partial<ExcelJS.Font> = {};
  if (style.fontFamily) font.name = style.fontFamily;
  if (style.fontSize) font.size = style.fontSize;
  if (style.bold) font.bold = true;
  if (style.italic) font.italic = true;
  if (style.underline) font.underline = true;
  if (style.strike) font.strike = true;
  if (style.color) font.color = { argb: argb(style.color) };
  if (Object.keys(font).length) out.font = font;
  if (style.background) out.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(style.background) } };
  const alignment: Partial<ExcelJS.Alignment> = {};
  if (style.hAlign) alignment.horizontal = style.hAlign;
  if (style.vAlign) alignment.vertical = style.vAlign;
  if (style.wrap) alignment.wrapText = true;
  if (Object.keys(alignment).length) out.alignment = alignment;
  if (style.numFmt) out.numFmt = style.numFmt;
  if (style.border) {
    const border: Partial<ExcelJS.Borders> = {};
    for (const side of ['top', 'right', 'bottom', 'left'] as const) {
      const b = style.border[side];
      if (b) border[side] = { style: BORDER[b.style] ?? 'thin', color: { argb: argb(b.color) } };
    }
    out.border = border;
  }
  return out;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/**
 * The value written: numbers stay numbers and dates become dates when the cell has a number format (Excel then
 * shows them its way); everything else is the shown text, neutralised so no text is ever taken for a formula.
 */
function valueOf(cell: ReportOutCell, style: ReportStyle | undefined): ExcelJS.CellValue {
  if (cell.kind === 'image' || cell.kind === 'qrcode' || cell.kind === 'barcode') return null;
  const v = cell.v;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'boolean') return cell.t;
  if (style?.numFmt && typeof v === 'string' && ISO_DATE.test(v)) {
    const d = new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return neutraliseCell(cell.t) as string;
}

export interface XlsxPictures {
  /** Bytes of an image cell's picture (its `t` is our file address), or null when it cannot be read. */
  image(address: string): Promise<{ buffer: Buffer; extension: 'png' | 'jpeg' | 'gif' } | null>;
  /** A chart drawn as PNG (the PDF renderer's browser), or null when no browser is available. */
  chart(option: Record<string, unknown>, width: number, height: number): Promise<Buffer | null>;
}

/**
 * The expanded report as an .xlsx: column widths, row heights, styles, merges (covered cells carry the merged
 * cell's style so its borders show), freeze panes of the template's header. Rows are written as they are read, in
 * batches; reports of at most XLSX_PICTURE_ROWS rows also get their images, QR codes, barcodes and charts.
 */
export async function writeXlsx(report: ExpandedReport, out: Writable, sheetName: string, pictures: XlsxPictures | null): Promise<void> {
  const withPictures = !!pictures && report.rowCount <= XLSX_PICTURE_ROWS;
  const styles = report.styles.map(excelStyle);
  const name = sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';
  if (withPictures) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(name);
    await fill(report, sheet, styles, pictures, book);
    await book.xlsx.write(out);
    return;
  }
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(name);
  await fill(report, sheet, styles, null, null);
  sheet.commit();
  await book.commit();
}

async function fill(
  report: ExpandedReport,
  sheet: ExcelJS.Worksheet,
  styles: Partial<ExcelJS.Style>[],
  pictures: XlsxPictures | null,
  book: ExcelJS.Workbook | null,
): Promise<void> {
  sheet.columns = report.colWidths.map((px) => ({ width: widthOf(px) }));
  const streaming = !book;
  // Merges go straight into the sheet's list: the engine never makes two that overlap, and exceljs's own check
  // compares each new merge with every earlier one (quadratic over a big report).
  const merges = (sheet as unknown as { _merges: unknown[] })._merges;
  const placed: { cell: ReportOutCell; row: number }[] = [];
  const covers: Cover[] = [];
  for (let from = 0; from < report.rowCount; from += EXPORT_BATCH_ROWS) {
    const rows = report.rows(from, Math.min(report.rowCount, from + EXPORT_BATCH_ROWS));
    for (const outRow of rows) {
      const row = sheet.getRow(outRow.i + 1);
      row.height = heightOf(outRow.h);
      for (const cell of outRow.cells) {
        const style = report.styles[cell.s];
        const target = row.getCell(cell.c + 1);
        target.value = valueOf(cell, style);
        target.style = styles[cell.s] ?? {};
        const rs = cell.rs ?? 1;
        const cs = cell.cs ?? 1;
        if (rs > 1 || cs > 1) {
          if (streaming) merges.push(dimensionsOf(outRow.i + 1, cell.c + 1, outRow.i + rs, cell.c + cs));
          else sheet.mergeCells(outRow.i + 1, cell.c + 1, outRow.i + rs, cell.c + cs);
          // The covered cells of this row carry the style; those of later rows are written with their rows below.
          for (let c = 1; c < cs; c++) row.getCell(cell.c + 1 + c).style = styles[cell.s] ?? {};
          if (rs > 1) covers.push({ fromRow: outRow.i + 1, toRow: outRow.i + rs - 1, c: cell.c, cs, s: cell.s });
        }
        if (pictures && cell.kind && cell.kind !== 'text') placed.push({ cell, row: outRow.i });
      }
      applyCovers(covers, outRow.i, row, styles);
      if (streaming) row.commit();
    }
    if (streaming) await streamCaughtUp(sheet, []);
  }
  if (pictures && book) {
    for (const { cell, row } of placed) await addPicture(book, sheet, pictures, cell, row);
    for (const chart of report.charts) {
      const png = await pictures.chart(chart.option, chart.width, chart.height);
      if (!png) continue;
      const id = book.addImage({ buffer: png as unknown as ExcelJS.Buffer, extension: 'png' });
      sheet.addImage(id, { tl: { col: chart.c, row: chart.r }, ext: { width: chart.width, height: chart.height } });
    }
  }
}

/** A merge still covering rows to come: rows fromRow+1 … toRow+1 (1-based) get its style in columns c … c+cs-1. */
interface Cover {
  fromRow: number;
  toRow: number;
  c: number;
  cs: number;
  s: number;
}

/** Covered cells of merges that started in earlier rows, styled as the row they fall in is written. */
function applyCovers(covers: Cover[], rowIndex: number, row: ExcelJS.Row, styles: Partial<ExcelJS.Style>[]): void {
  const rowNumber = rowIndex + 1;
  for (let i = covers.length - 1; i >= 0; i--) {
    const cover = covers[i]!;
    if (rowNumber <= cover.fromRow) continue;
    for (let c = 0; c < cover.cs; c++) row.getCell(cover.c + 1 + c).style = styles[cover.s] ?? {};
    if (rowNumber >= cover.toRow + 1) covers.splice(i, 1);
  }
}

/** A merge as the streaming writer writes it: `<mergeCell ref="${merge}"/>`, so its text is the range (A2:A4). */
function dimensionsOf(top: number, left: number, bottom: number, right: number): { toString(): string } {
  const range = `${cellName(top - 1, left - 1)}:${cellName(bottom - 1, right - 1)}`;
  return { toString: () => range };
}

async function addPicture(book: ExcelJS.Workbook, sheet: ExcelJS.Worksheet, pictures: XlsxPictures, cell: ReportOutCell, row: number): Promise<void> {
  if (!cell.t) return;
  let image: { buffer: Buffer; extension: 'png' | 'jpeg' | 'gif' } | null;
  if (cell.kind === 'image') image = await pictures.image(cell.t);
  else {
    try {
      const bcid = cell.kind === 'qrcode' ? 'qrcode' : (cell.barcodeFormat ?? 'code128');
      image = { buffer: await bwipjs.toBuffer({ bcid, text: cell.t, scale: 3, includetext: cell.kind === 'barcode' }), extension: 'png' };
    } catch {
      // A text the code cannot hold (letters in an EAN-13): the cell stays empty, as on screen.
      image = null;
    }
  }
  if (!image) return;
  const id = book.addImage({ buffer: image.buffer as unknown as ExcelJS.Buffer, extension: image.extension });
  sheet.addImage(id, { tl: { col: cell.c, row }, br: { col: cell.c + (cell.cs ?? 1), row: row + (cell.rs ?? 1) } } as unknown as ExcelJS.ImageRange);
}
