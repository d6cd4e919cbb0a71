import { PAPER_MM, type PrintSetup } from '../model.js';
import type { ReportOutRow, ReportPage, ReportPages } from '../result.js';
import type { SliceableReport } from './expand.js';
import type { ExpandedReport } from './types.js';

/**
 * Printed pages of an expanded report (docs/reports-engine.md "Pages").
 *
 * The printable area is the paper (turned for landscape) less its margins, at 96 dpi (1 mm = 96 / 25.4 px), less
 * a 24 px line for "第 N 页 / 共 M 页" when page numbers are printed. With `fitWidth` the report is scaled down to the
 * printable width (never up) and its rows are measured scaled; otherwise the columns are cut into column pages and
 * the pages run row page by row page, each row page's column pages in turn.
 *
 * Every page shows: the header rows that come before its first row (so a title above the header prints only on the
 * first page, and the header repeats from the second page on), its own rows, then the footer rows. A page break
 * follows each row in `pageBreaksAfter`. A page holds at least one row of its own, even one taller than the page.
 * A merged cell that crosses a page boundary is cut there and repeated, with its text, at the top of the next page
 * (the print shows each page whole; the .xlsx export keeps the merge whole).
 */

export const PX_PER_MM = 96 / 25.4;
/** Height kept for the page-number line. */
export const PAGE_NUMBER_PX = 24;

export interface PagePlan {
  /** Output rows printed on the page: the repeated header rows, the page's own rows, the footer rows. */
  rows: number[];
  colFrom: number;
  colTo: number;
  /** The page's own output rows [from, to) (without the repeated header and footer rows). */
  from: number;
  to: number;
}

export interface Pagination {
  pageCount: number;
  scale: number;
  page(index: number): PagePlan;
}

/** The printable width and height in pixels (before scaling). */
export function printableArea(print: PrintSetup): { width: number; height: number } {
  const paper = PAPER_MM[print.paper] ?? PAPER_MM.A4;
  const landscape = print.orientation === 'landscape';
  const widthMm = (landscape ? paper.height : paper.width) - print.margins.left - print.margins.right;
  const heightMm = (landscape ? paper.width : paper.height) - print.margins.top - print.margins.bottom;
  return {
    width: Math.max(1, widthMm * PX_PER_MM),
    height: Math.max(1, heightMm * PX_PER_MM - (print.pageNumbers ? PAGE_NUMBER_PX : 0)),
  };
}

export function paginate(report: ExpandedReport, print: PrintSetup): Pagination {
  const area = printableArea(print);
  const totalWidth = report.colWidths.reduce((a, b) => a + b, 0);
  const scale = print.fitWidth && totalWidth > area.width ? area.width / totalWidth : 1;

  // Column pages: all columns when fitted; otherwise as many whole columns as the width holds (at least one).
  const colPages: [number, number][] = [];
  if (print.fitWidth || report.colCount === 0) colPages.push([0, report.colCount]);
  else {
    let from = 0;
    let width = 0;
    for (let c = 0; c < report.colCount; c += 1) {
      const w = report.colWidths[c]!;
      if (c > from && width + w > area.width) {
        colPages.push([from, c]);
        from = c;
        width = 0;
      }
      width += w;
    }
    colPages.push([from, report.colCount]);
  }

  // Row pages: [start, end) of output rows; header and footer rows are added to each page around its own rows.
  const kind = new Uint8Array(report.rowCount);
  for (const h of report.headerRows) kind[h] = 1;
  for (const f of report.footerRows) kind[f] = 2;
  const breakAfter = new Uint8Array(report.rowCount);
  for (const b of report.pageBreaksAfter) if (b >= 0 && b < report.rowCount) breakAfter[b] = 1;
  const capacity = area.height / scale;
  const footerHeight = report.footerRows.reduce((sum, f) => sum + report.rowHeight(f), 0);
  const headers = [...report.headerRows].sort((a, b) => a - b);
  const headerHeights = headers.map((h) => report.rowHeight(h));

  const starts: number[] = [];
  const ends: number[] = [];
  let j = 0;
  while (j < report.rowCount || starts.length === 0) {
    const start = j;
    let used = footerHeight;
    for (let k = 0; k < headers.length && headers[k]! < start; k += 1) used += headerHeights[k]!;
    let own = 0;
    while (j < report.rowCount) {
      if (kind[j] === 2) {
        j += 1;
        continue;
      }
      const h = report.rowHeight(j);
      if (own > 0 && used + h > capacity) break;
      used += h;
      own += 1;
      j += 1;
      if (breakAfter[j - 1]) break;
    }
    // Footer rows only at the end: they belong to no page of their own.
    while (j < report.rowCount && kind[j] === 2) j += 1;
    if (own === 0 && starts.length > 0) {
      ends[ends.length - 1] = j;
      break;
    }
    starts.push(start);
    ends.push(j);
    if (j >= report.rowCount) break;
  }

  const pageCount = starts.length * colPages.length;
  return {
    pageCount,
    scale,
    page(index: number): PagePlan {
      const i = Math.max(0, Math.min(pageCount - 1, Math.floor(index)));
      const rowPage = Math.floor(i / colPages.length);
      const [colFrom, colTo] = colPages[i % colPages.length]!;
      const start = starts[rowPage]!;
      const end = ends[rowPage]!;
      const rows: number[] = headers.filter((h) => h < start);
      for (let r = start; r < end; r += 1) if (kind[r] !== 2) rows.push(r);
      rows.push(...report.footerRows);
      return { rows, colFrom, colTo, from: start, to: end };
    },
  };
}

function isSliceable(report: ExpandedReport): report is SliceableReport {
  return typeof (report as Partial<SliceableReport>).slice === 'function';
}

/** Runs of consecutive indexes: [3, 4, 5, 9] → [[3, 6], [9, 10]]. */
function runs(rows: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last && last[1] === r) last[1] = r + 1;
    else out.push([r, r + 1]);
  }
  return out;
}

/** The rows of one page over its column range, merged cells cut at the page's edges. */
function pageRows(report: ExpandedReport, plan: PagePlan): ReportOutRow[] {
  const out: ReportOutRow[] = [];
  for (const [from, to] of runs(plan.rows)) {
    const rows = isSliceable(report)
      ? report.slice(from, to)
      : report.rows(from, to).map((row) => ({ ...row, cells: row.cells.map((c) => (c.rs && row.i + c.rs > to ? { ...c, rs: to - row.i } : c)) }));
    for (const row of rows) {
      const cells = [];
      for (const cell of row.cells) {
        const cs = cell.cs ?? 1;
        if (cell.c >= plan.colTo || cell.c + cs <= plan.colFrom) continue;
        const c = Math.max(cell.c, plan.colFrom);
        const width = Math.min(cell.c + cs, plan.colTo) - c;
        const cut = { ...cell, c };
        if (width > 1) cut.cs = width;
        else delete cut.cs;
        if (cut.rs !== undefined && cut.rs <= 1) delete cut.rs;
        cells.push(cut);
      }
      out.push({ i: row.i, h: row.h, cells });
    }
  }
  return out;
}

/** The JSON the viewer and the print view receive: pages [from, from + count) of the report. */
export function reportPages(report: ExpandedReport, print: PrintSetup, from: number, count: number, notices: ReportPages['notices']): ReportPages {
  const pagination = paginate(report, print);
  const pages: ReportPage[] = [];
  const first = Math.max(0, Math.floor(from));
  const last = Math.min(pagination.pageCount, first + Math.max(0, Math.floor(count)));
  for (let index = first; index < last; index += 1) {
    const plan = pagination.page(index);
    pages.push({
      index,
      colFrom: plan.colFrom,
      colTo: plan.colTo,
      rows: pageRows(report, plan),
      // A chart prints once: on the page whose own rows hold its top-left cell.
      charts: report.charts.filter((ch) => ch.r >= plan.from && ch.r < plan.to && ch.c >= plan.colFrom && ch.c < plan.colTo),
    });
  }
  return {
    pageCount: pagination.pageCount,
    rowCount: report.rowCount,
    colCount: report.colCount,
    colWidths: [...report.colWidths],
    styles: [...report.styles],
    print,
    scale: pagination.scale,
    pages,
    notices,
  };
}
