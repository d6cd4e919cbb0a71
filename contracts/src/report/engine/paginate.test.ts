import { describe, expect, it } from 'vitest';
import { printSetup, reportDesign, type PrintSetup, type ReportDesignInput } from '../model.js';
import { expandReport } from './expand.js';
import { PAGE_NUMBER_PX, PX_PER_MM, paginate, printableArea, reportPages } from './paginate.js';
import type { ExpandedReport } from './types.js';

const options = { params: {}, dictionaries: {}, now: new Date('2024-05-01T00:00:00Z'), timeZone: 'Asia/Shanghai' };
const print = (over: Partial<PrintSetup> = {}): PrintSetup => printSetup.parse(over);

/** Rows 0 title, 1 header (flagged), then one row per item, then a total row (flagged footer). */
function listReport(items: number, more: Partial<ReportDesignInput['sheet']> = {}, groups = 1): ExpandedReport {
  const rows = Array.from({ length: items }, (_, i) => ({ item: `第${i + 1}项`, group: `组${i % groups}`, amount: i + 1 }));
  const design = reportDesign.parse({
    sheet: {
      rows: 5,
      cols: 3,
      cells: [
        { r: 0, c: 0, text: '标题' },
        { r: 1, c: 0, text: '组' },
        { r: 1, c: 1, text: '项目' },
        { r: 1, c: 2, text: '金额' },
        { r: 2, c: 0, kind: 'field', binding: { dataSet: 'd', field: 'group', expand: 'down' } },
        { r: 2, c: 1, kind: 'field', binding: { dataSet: 'd', field: 'item', expand: 'down', mode: 'list' } },
        { r: 2, c: 2, kind: 'field', binding: { dataSet: 'd', field: 'amount' } },
        { r: 3, c: 0, text: '合计' },
        { r: 3, c: 2, kind: 'formula', text: 'SUM(C3)' },
      ],
      rowFlags: [
        { r: 1, header: true },
        { r: 3, footer: true },
      ],
      ...more,
    },
    dataSets: [{ name: 'd', kind: 'static' }],
    charts: [{ id: 'chart', anchor: { r: 0, c: 2, rs: 1, cs: 1 }, dataSet: 'd', category: 'group', series: [{ field: 'amount' }] }],
  });
  return expandReport(design, { d: rows }, options);
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('printable area', () => {
  it.each<[string, Partial<PrintSetup>, number, number]>([
    ['A4 portrait, page numbers', {}, 190 * PX_PER_MM, 267 * PX_PER_MM - PAGE_NUMBER_PX],
    ['A4 landscape', { orientation: 'landscape' }, 277 * PX_PER_MM, 180 * PX_PER_MM - PAGE_NUMBER_PX],
    ['A3 without page numbers', { paper: 'A3', pageNumbers: false }, 277 * PX_PER_MM, 390 * PX_PER_MM],
    ['margins', { margins: { top: 0, right: 0, bottom: 0, left: 0 } }, 210 * PX_PER_MM, 297 * PX_PER_MM - PAGE_NUMBER_PX],
  ])('%s', (_name, setup, width, height) => {
    const area = printableArea(print(setup));
    expect(area.width).toBeCloseTo(width, 6);
    expect(area.height).toBeCloseTo(height, 6);
  });
});

describe('paginate', () => {
  it('repeats the header rows from the second page on, puts the footer on every page, and counts pages', () => {
    // 100 items; A4 portrait holds 985 px: 40 rows of 24 px on page 1 (footer included), then header + 38 + footer.
    const report = listReport(100);
    expect(report.rowCount).toBe(103);
    const pages = paginate(report, print({ fitWidth: false }));
    expect(pages.pageCount).toBe(3);
    expect(pages.scale).toBe(1);
    expect(pages.page(0)).toEqual({ rows: [...range(0, 40), 102], colFrom: 0, colTo: 3, from: 0, to: 40 });
    expect(pages.page(1)).toEqual({ rows: [1, ...range(40, 79), 102], colFrom: 0, colTo: 3, from: 40, to: 79 });
    expect(pages.page(2)).toEqual({ rows: [1, ...range(79, 102), 102], colFrom: 0, colTo: 3, from: 79, to: 103 });
  });

  it('breaks the page after each group when its last row asks for it', () => {
    const report = listReport(
      6,
      {
        rowFlags: [
          { r: 1, header: true },
          { r: 2, pageBreakAfter: true },
        ],
        merges: [],
      },
      3,
    );
    // Every output row of the flagged row is followed by a break: one item per page, then the total.
    const pages = paginate(report, print());
    expect(report.pageBreaksAfter).toEqual([2, 3, 4, 5, 6, 7]);
    expect(pages.pageCount).toBe(7);
    expect(pages.page(0).rows).toEqual([0, 1, 2]);
    expect(pages.page(1).rows).toEqual([1, 3]);
    expect(pages.page(5).rows).toEqual([1, 7]);
    expect(pages.page(6).rows).toEqual([1, 8]);
  });

  it('fits the width by scaling down and measures rows scaled', () => {
    const report = listReport(100, { colWidths: [400, 400, 400] });
    const pages = paginate(report, print({ fitWidth: true }));
    const area = printableArea(print());
    expect(pages.scale).toBeCloseTo(area.width / 1200, 9);
    // At scale 0.598 the page holds 985 / 0.598 = 1646 px: 68 rows of 24 px (footer included) on page 1.
    expect(pages.page(0).rows).toHaveLength(Math.floor(area.height / pages.scale / 24));
    expect(pages.page(0).colTo).toBe(3);
    expect(pages.pageCount).toBe(2);
  });

  it('never scales up', () => {
    expect(paginate(listReport(3), print({ fitWidth: true })).scale).toBe(1);
  });

  it('cuts columns into column pages, row page by row page', () => {
    const report = listReport(100, { colWidths: [300, 300, 300] });
    const pages = paginate(report, print({ fitWidth: false }));
    expect(pages.pageCount).toBe(6);
    expect([0, 1, 2, 3].map((i) => [pages.page(i).colFrom, pages.page(i).colTo, pages.page(i).rows[0]])).toEqual([
      [0, 2, 0],
      [2, 3, 0],
      [0, 2, 1],
      [2, 3, 1],
    ]);
  });

  it('gives an empty report one page, and a row taller than the page a page of its own', () => {
    const empty = reportDesign.parse({ sheet: { rows: 1, cols: 1 } });
    const pages = paginate(expandReport(empty, {}, options), print());
    expect(pages.pageCount).toBe(1);
    expect(pages.page(0).rows).toEqual([]);
    const tall = listReport(2, { rowHeights: [2000] });
    const tallPages = paginate(tall, print());
    expect(tallPages.page(0).rows).toEqual([0, 4]);
    expect(tallPages.page(1).rows[0]).toBe(1);
  });
});

describe('reportPages', () => {
  it('builds the pages asked for, with rows, heights, styles and the whole report’s sizes', () => {
    const report = listReport(100);
    const result = reportPages(report, print({ fitWidth: false }), 1, 5, [{ key: 'report.dataSetTruncated', params: { name: 'd', max: 100 } }]);
    expect(result).toMatchObject({ pageCount: 3, rowCount: 103, colCount: 3, colWidths: [80, 80, 80], scale: 1 });
    expect(result.pages.map((p) => p.index)).toEqual([1, 2]);
    const page = result.pages[0]!;
    expect(page.rows.map((r) => r.i)).toEqual([1, ...range(40, 79), 102]);
    expect(page.rows[0]!.cells.map((c) => c.t)).toEqual(['组', '项目', '金额']);
    expect(page.rows.at(-1)!.cells.map((c) => c.t)).toEqual(['合计', '5050']);
    expect(page.rows[0]!.h).toBe(24);
    expect(result.notices).toHaveLength(1);
  });

  it('repeats a merged group cell that crosses the page boundary at the top of the next page', () => {
    const report = listReport(100);
    const result = reportPages(report, print({ fitWidth: false }), 0, 2, []);
    const [first, second] = result.pages;
    // The single group's cell starts on page 1 and spans 100 rows: cut to 38 there, repeated with 39 on page 2.
    expect(first!.rows[2]!.cells[0]).toMatchObject({ c: 0, t: '组0', rs: 38 });
    expect(second!.rows[1]!.cells[0]).toMatchObject({ c: 0, t: '组0', rs: 39 });
    expect(second!.rows[1]!.i).toBe(40);
  });

  it('shows only the page’s columns and cuts cells merged across them', () => {
    const report = listReport(3, { colWidths: [300, 300, 300], merges: [{ r: 0, c: 0, rs: 1, cs: 3 }] });
    const result = reportPages(report, print({ fitWidth: false }), 0, 2, []);
    expect(result.pages[0]!.rows[0]!.cells).toEqual([{ c: 0, cs: 2, t: '标题', v: '标题', s: 0 }]);
    expect(result.pages[1]!.rows[0]!.cells).toEqual([{ c: 2, t: '标题', v: '标题', s: 0 }]);
    expect(result.pages[1]!.rows[2]!.cells.map((c) => c.c)).toEqual([2]);
  });

  it('places a chart on the page and in the column range of its top-left cell', () => {
    const report = listReport(100, { colWidths: [300, 300, 300] });
    const result = reportPages(report, print({ fitWidth: false }), 0, 6, []);
    expect(result.pages.map((p) => p.charts.map((c) => c.id))).toEqual([[], ['chart'], [], [], [], []]);
  });
});
