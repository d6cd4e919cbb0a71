import bwipjs from 'bwip-js';
import * as echarts from 'echarts';
import { PAPER_MM, type ReportOutCell, type ReportPages, type ReportStyle } from '@app/contracts';
import type { Lang } from '../../core/i18n/index.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** CSS values we write come from the design's checked fields; quotes and angle brackets never reach the page. */
const css = (text: string) => text.replace(/[<>"'`\\;{}]/g, '');

const BORDER_CSS: Record<string, string> = {
  thin: '1px solid',
  medium: '2px solid',
  thick: '3px solid',
  dashed: '1px dashed',
  dotted: '1px dotted',
  double: '3px double',
};

export function styleCss(style: ReportStyle | undefined): string {
  if (!style) return '';
  const parts: string[] = [];
  if (style.fontFamily) parts.push(`font-family:${css(style.fontFamily)}`);
  if (style.fontSize) parts.push(`font-size:${style.fontSize}pt`);
  if (style.bold) parts.push('font-weight:bold');
  if (style.italic) parts.push('font-style:italic');
  const lines = [style.underline ? 'underline' : '', style.strike ? 'line-through' : ''].filter(Boolean);
  if (lines.length) parts.push(`text-decoration:${lines.join(' ')}`);
  if (style.color) parts.push(`color:${style.color}`);
  if (style.background) parts.push(`background:${style.background}`);
  if (style.hAlign) parts.push(`text-align:${style.hAlign}`);
  if (style.vAlign) parts.push(`vertical-align:${style.vAlign}`);
  parts.push(style.wrap ? 'white-space:pre-wrap;word-break:break-all' : 'white-space:pre');
  for (const side of ['top', 'right', 'bottom', 'left'] as const) {
    const b = style.border?.[side];
    if (b) parts.push(`border-${side}:${BORDER_CSS[b.style] ?? '1px solid'} ${b.color}`);
  }
  return parts.join(';');
}

function codeSvg(cell: ReportOutCell): string {
  try {
    const bcid = cell.kind === 'qrcode' ? 'qrcode' : (cell.barcodeFormat ?? 'code128');
    return bwipjs.toSVG({ bcid, text: cell.t, scale: 2, includetext: cell.kind === 'barcode' });
  } catch {
    return '';
  }
}

function cellContent(cell: ReportOutCell, origin: string): string {
  if (cell.kind === 'image') return cell.t ? `<img src="${escape(origin + cell.t)}" style="max-width:100%;max-height:100%;object-fit:contain">` : '';
  if (cell.kind === 'qrcode' || cell.kind === 'barcode') {
    const svg = cell.t ? codeSvg(cell) : '';
    return svg ? `<div class="code">${svg}</div>` : '';
  }
  return escape(cell.t);
}

/** A chart as SVG, drawn on the server by echarts (no browser script runs in the PDF page). */
export function chartSvg(option: Record<string, unknown>, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: Math.max(50, width), height: Math.max(50, height) });
  try {
    chart.setOption({ ...option, animation: false });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/**
 * The rows of one page as <tr>s. Positions with no cell (nothing there) get an empty <td>, so every cell stays in
 * its column; positions a merge covers get none (rowspan / colspan already take them).
 */
function tableRows(rows: ReportPages['pages'][number]['rows'], colFrom: number, colTo: number, styles: ReportStyle[], origin: string): string {
  // Covered positions of the rows still to come: row offset → set of columns.
  const covered = new Map<number, Set<number>>();
  return rows
    .map((row, r) => {
      const byColumn = new Map(row.cells.filter((c) => c.c < colTo && c.c + (c.cs ?? 1) > colFrom).map((c) => [Math.max(c.c, colFrom), c]));
      const taken = covered.get(r) ?? new Set<number>();
      const tds: string[] = [];
      for (let col = colFrom; col < colTo; col++) {
        if (taken.has(col)) continue;
        const cell = byColumn.get(col);
        if (!cell) {
          tds.push('<td></td>');
          continue;
        }
        const cs = Math.min(cell.c + (cell.cs ?? 1), colTo) - col;
        const rs = Math.min(cell.rs ?? 1, rows.length - r);
        for (let dr = 0; dr < rs; dr++)
          for (let dc = 0; dc < cs; dc++) {
            if (dr === 0 && dc === 0) continue;
            if (!covered.has(r + dr)) covered.set(r + dr, new Set());
            covered.get(r + dr)!.add(col + dc);
          }
        const span = `${rs > 1 ? ` rowspan="${rs}"` : ''}${cs > 1 ? ` colspan="${cs}"` : ''}`;
        tds.push(`<td${span} style="${styleCss(styles[cell.s])}">${cellContent(cell, origin)}</td>`);
        col += cs - 1;
      }
      return `<tr style="height:${row.h}px">${tds.join('')}</tr>`;
    })
    .join('');
}

const pageNumberText = (lang: Lang, n: number, m: number) => (lang === 'en' ? `Page ${n} of ${m}` : `第 ${n} 页 / 共 ${m} 页`);

/**
 * The pages of a report as one HTML document for Chromium's PDF printer: one table per page with the exact widths,
 * heights, merges and styles of the viewer, QR codes, barcodes and charts as SVG made here, images from this
 * server (`origin`), the paper size and margins of the print setup, "第 N 页 / 共 M 页" under each page.
 */
export function pagesHtml(pages: ReportPages, lang: Lang, origin: string): string {
  const { print } = pages;
  const paper = PAPER_MM[print.paper];
  const [w, h] = print.orientation === 'landscape' ? [paper.height, paper.width] : [paper.width, paper.height];
  const m = print.margins;
  const body = pages.pages
    .map((page) => {
      const cols = pages.colWidths.slice(page.colFrom, page.colTo);
      const width = cols.reduce((a, b) => a + b, 0);
      const colgroup = cols.map((px) => `<col style="width:${px}px">`).join('');
      const rows = tableRows(page.rows, page.colFrom, page.colTo, pages.styles, origin);
      // Charts sit over the cells they cover: positioned from the page's own rows and columns.
      const charts = page.charts
        .map((chart) => {
          const top = page.rows.filter((r) => r.i < chart.r).reduce((a, r) => a + r.h, 0);
          const left = pages.colWidths.slice(page.colFrom, chart.c).reduce((a, b) => a + b, 0);
          return `<div class="chart" style="top:${top}px;left:${left}px;width:${chart.width}px;height:${chart.height}px">${chartSvg(chart.option, chart.width, chart.height)}</div>`;
        })
        .join('');
      const number = print.pageNumbers ? `<div class="number">${escape(pageNumberText(lang, page.index + 1, pages.pageCount))}</div>` : '';
      return `<section class="page"><div class="sheet" style="width:${width}px;zoom:${pages.scale}"><table><colgroup>${colgroup}</colgroup>${rows}</table>${charts}</div>${number}</section>`;
    })
    .join('');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>
@page { size: ${w}mm ${h}mm; margin: ${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; font-family: "Noto Sans CJK SC", "Microsoft YaHei", sans-serif; font-size: 10pt; }
.page { position: relative; break-after: page; height: ${h - m.top - m.bottom - 0.5}mm; overflow: hidden; }
.page:last-child { break-after: auto; }
.sheet { position: relative; }
table { border-collapse: collapse; table-layout: fixed; }
td { padding: 0 3px; overflow: hidden; box-sizing: border-box; }
.code svg { max-width: 100%; max-height: 100%; }
.chart { position: absolute; }
.number { position: absolute; bottom: 0; left: 0; right: 0; text-align: center; font-size: 9pt; color: #333; }
</style></head><body>${body}</body></html>`;
}
