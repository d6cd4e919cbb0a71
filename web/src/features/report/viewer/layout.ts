import type { CSSProperties } from 'react';
import { PAPER_MM, type PrintSetup, type ReportOutCell, type ReportPage, type ReportStyle } from '@app/contracts';

/** CSS pixels per millimetre (96 per inch). */
export const MM_PX = 96 / 25.4;

export interface Paper {
  /** Millimetres, as printed (landscape swaps them). */
  width: number;
  height: number;
  margins: PrintSetup['margins'];
  contentWidth: number;
  contentHeight: number;
}

export function paperOf(print: PrintSetup): Paper {
  const base = PAPER_MM[print.paper] ?? PAPER_MM.A4;
  const landscape = print.orientation === 'landscape';
  const width = landscape ? base.height : base.width;
  const height = landscape ? base.width : base.height;
  const m = print.margins;
  return { width, height, margins: m, contentWidth: Math.max(10, width - m.left - m.right), contentHeight: Math.max(10, height - m.top - m.bottom) };
}

/** The @page rule of a print setup: the paper's size (landscape as its width and height) and its margins. */
export function pageRule(print: PrintSetup): string {
  const p = paperOf(print);
  const m = p.margins;
  return `@page { size: ${p.width}mm ${p.height}mm; margin: ${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm; }`;
}

const BORDER: Record<string, string> = {
  thin: '1px solid',
  medium: '2px solid',
  thick: '3px solid',
  dashed: '1px dashed',
  dotted: '1px dotted',
  double: '3px double',
};

/** A report style as the cell's CSS (the sheet's own defaults, in viewer.css, fill what it leaves out). */
export function styleCss(s: ReportStyle | undefined): CSSProperties {
  if (!s) return {};
  const css: CSSProperties = {};
  if (s.fontFamily) css.fontFamily = `${JSON.stringify(s.fontFamily)}, var(--rv-font)`;
  if (s.fontSize) css.fontSize = `${s.fontSize}pt`;
  if (s.bold) css.fontWeight = 700;
  if (s.italic) css.fontStyle = 'italic';
  const lines = [s.underline && 'underline', s.strike && 'line-through'].filter(Boolean);
  if (lines.length) css.textDecoration = lines.join(' ');
  if (s.color) css.color = s.color;
  if (s.background) css.backgroundColor = s.background;
  if (s.hAlign) css.textAlign = s.hAlign;
  if (s.vAlign) css.verticalAlign = s.vAlign;
  if (s.wrap) {
    css.whiteSpace = 'pre-wrap';
    css.overflowWrap = 'anywhere';
  }
  const b = s.border;
  if (b) {
    if (b.top) css.borderTop = `${BORDER[b.top.style] ?? BORDER.thin} ${b.top.color}`;
    if (b.right) css.borderRight = `${BORDER[b.right.style] ?? BORDER.thin} ${b.right.color}`;
    if (b.bottom) css.borderBottom = `${BORDER[b.bottom.style] ?? BORDER.thin} ${b.bottom.color}`;
    if (b.left) css.borderLeft = `${BORDER[b.left.style] ?? BORDER.thin} ${b.left.color}`;
  }
  return css;
}

/** One table cell of a page as drawn: a report cell with its spans clipped to the page, or a run of empty columns. */
export type LaidCell =
  { kind: 'cell'; cell: ReportOutCell; col: number; rs: number; cs: number; width: number; height: number } | { kind: 'empty'; col: number; cs: number };

export interface LaidRow {
  i: number;
  h: number;
  cells: LaidCell[];
}

export interface PageLayout {
  colWidths: number[];
  width: number;
  height: number;
  rows: LaidRow[];
  /** Top of each row (pixels from the sheet's top), by position on the page. */
  rowTops: number[];
}

/**
 * A page's rows as an HTML table needs them: every column of the page's range is covered exactly once per row, by
 * a cell (its row and column spans clipped to the page) or by the span of a cell above, or by an empty cell. The
 * engine leaves covered cells out, and may leave out empty ones.
 */
export function layoutPage(page: ReportPage, allColWidths: readonly number[]): PageLayout {
  const from = page.colFrom;
  const to = Math.max(page.colTo, from);
  const colWidths = allColWidths.slice(from, to);
  const w = to - from;
  const n = page.rows.length;
  const taken = new Uint8Array(n * w);
  const rowTops: number[] = [];
  let top = 0;
  for (const row of page.rows) {
    rowTops.push(top);
    top += row.h;
  }
  const rows: LaidRow[] = page.rows.map((row, ri) => {
    const starts = new Map<number, ReportOutCell>();
    for (const cell of row.cells) {
      const start = Math.max(cell.c, from);
      const end = Math.min(cell.c + (cell.cs ?? 1), to);
      if (end > start && !starts.has(start)) starts.set(start, cell);
    }
    const cells: LaidCell[] = [];
    let empty: { col: number; cs: number } | null = null;
    const flush = () => {
      if (empty) cells.push({ kind: 'empty', ...empty });
      empty = null;
    };
    for (let c = from; c < to; c++) {
      const k = ri * w + (c - from);
      if (taken[k]) {
        flush();
        continue;
      }
      const cell = starts.get(c);
      if (!cell) {
        if (empty) empty.cs++;
        else empty = { col: c, cs: 1 };
        continue;
      }
      flush();
      const rs = Math.max(1, Math.min(cell.rs ?? 1, n - ri));
      const cs = Math.max(1, Math.min(cell.c + (cell.cs ?? 1), to) - c);
      let width = 0;
      for (let x = 0; x < cs; x++) width += colWidths[c - from + x] ?? 0;
      let height = 0;
      for (let y = 0; y < rs; y++) {
        height += page.rows[ri + y]?.h ?? 0;
        for (let x = 0; x < cs; x++) taken[(ri + y) * w + (c - from + x)] = 1;
      }
      cells.push({ kind: 'cell', cell, col: c, rs, cs, width, height });
    }
    flush();
    return { i: row.i, h: row.h, cells };
  });
  return { colWidths, width: colWidths.reduce((a, b) => a + b, 0), height: top, rows, rowTops };
}

/** Where a chart sits on its page (pixels from the sheet's top left), or null when its top-left cell is not on it. */
export function chartPosition(layout: PageLayout, page: ReportPage, chart: { r: number; c: number }): { left: number; top: number } | null {
  const ri = page.rows.findIndex((row) => row.i === chart.r);
  if (ri < 0 || chart.c < page.colFrom || chart.c >= page.colTo) return null;
  let left = 0;
  for (let c = page.colFrom; c < chart.c; c++) left += layout.colWidths[c - page.colFrom] ?? 0;
  return { left, top: layout.rowTops[ri] ?? 0 };
}
