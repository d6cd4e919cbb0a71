/**
 * The report engine's figures (no test runner): `node --expose-gc --import tsx bench/report-engine.ts [rows]`.
 * A report over 100,000 source rows with two group levels (region, city), the detail list, city and region
 * subtotals (SUM over the detail cell), a grand total, a number format and a conditional style:
 * - expansion time (median of 5) and the heap the expanded report holds;
 * - reading every output row in batches of 500 (what the .xlsx export does);
 * - the first printed page (what the viewer asks for first).
 */
import { expandReport, reportDesign, reportPages, type ReportDesignInput } from '../contracts/src/index.js';

const sourceRows = Number(process.argv[2] ?? 100_000);
const regions = ['华东', '华北', '华南', '华中', '西南', '西北', '东北', '港澳台'];
const rows: Record<string, unknown>[] = [];
for (let i = 0; i < sourceRows; i += 1) {
  const region = regions[i % regions.length]!;
  rows.push({
    region,
    city: `${region}城市${(i * 7) % 13}`,
    product: `产品${i % 500}`,
    qty: (i % 17) + 1,
    amount: ((i * 37) % 10_000) / 100,
    day: new Date(Date.UTC(2024, i % 12, (i % 28) + 1)),
  });
}

const field = (name: string, extra: object = {}) => ({ kind: 'field' as const, binding: { dataSet: 'sales', field: name, ...extra } });
const money = { numFmt: '#,##0.00' };
const input: ReportDesignInput = {
  sheet: {
    rows: 7,
    cols: 6,
    cells: [
      { r: 0, c: 0, text: '销售明细' },
      ...['区域', '城市', '产品', '日期', '数量', '金额'].map((text, c) => ({ r: 1, c, text })),
      { r: 2, c: 0, ...field('region', { expand: 'down' }) },
      { r: 2, c: 1, ...field('city', { expand: 'down' }) },
      { r: 2, c: 2, ...field('product', { expand: 'down', mode: 'list' }) },
      { r: 2, c: 3, ...field('day'), style: { numFmt: 'yyyy-mm-dd' } },
      { r: 2, c: 4, ...field('qty') },
      { r: 2, c: 5, ...field('amount'), style: money, conditions: [{ when: 'value > 90', style: { color: '#cc0000' } }] },
      { r: 3, c: 2, text: '城市小计' },
      { r: 3, c: 4, kind: 'formula', text: 'SUM(E3)' },
      { r: 3, c: 5, kind: 'formula', text: 'SUM(F3)', style: money },
      { r: 4, c: 1, text: '区域小计' },
      { r: 4, c: 4, kind: 'formula', text: 'SUM(E3)' },
      { r: 4, c: 5, kind: 'formula', text: 'SUM(F3)', style: money },
      { r: 5, c: 0, text: '合计' },
      { r: 5, c: 4, kind: 'formula', text: 'SUM(E3)' },
      { r: 5, c: 5, kind: 'formula', text: 'SUM(F3)', style: money },
    ],
    merges: [
      { r: 0, c: 0, rs: 1, cs: 6 },
      { r: 2, c: 0, rs: 3, cs: 1 },
      { r: 2, c: 1, rs: 2, cs: 1 },
    ],
    rowFlags: [{ r: 1, header: true }],
  },
  dataSets: [{ name: 'sales', kind: 'static', fields: [{ name: 'amount', type: 'number' }] }],
};
const design = reportDesign.parse(input);
const options = { params: {}, dictionaries: {}, now: new Date(), timeZone: 'Asia/Shanghai' };
const gc = (globalThis as { gc?: () => void }).gc;

const times: number[] = [];
for (let run = 0; run < 5; run += 1) {
  gc?.();
  const t = performance.now();
  expandReport(design, { sales: rows }, options);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);

gc?.();
const before = process.memoryUsage().heapUsed;
const report = expandReport(design, { sales: rows }, options);
// Young collections may already have run: this is a lower bound of what one expansion allocates.
const allocated = process.memoryUsage().heapUsed - before;
gc?.();
const held = process.memoryUsage().heapUsed - before;

let t = performance.now();
let cells = 0;
for (let from = 0; from < report.rowCount; from += 500) for (const row of report.rows(from, from + 500)) cells += row.cells.length;
const readAll = performance.now() - t;

t = performance.now();
const first = reportPages(report, design.print, 0, 1, []);
const firstPage = performance.now() - t;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(`source rows ${sourceRows}; output rows ${report.rowCount}, cells ${cells}, pages ${first.pageCount}`);
console.log(
  `expand: median ${times[2]!.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times[4]!.toFixed(0)})${gc ? '' : ' (run with --expose-gc for steadier figures)'}`,
);
console.log(
  `heap held by the expanded report: ${gc ? mb(held) : 'n/a without --expose-gc'} (allocated while expanding: at least ${mb(allocated)}); source rows not counted`,
);
console.log(`read every row in batches of 500: ${readAll.toFixed(0)} ms; first page: ${firstPage.toFixed(1)} ms`);
console.log(`rss ${mb(process.memoryUsage().rss)}`);
void report;
