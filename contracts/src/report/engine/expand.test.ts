import { describe, expect, it } from 'vitest';
import { reportDesign, type ReportDesignInput, type TemplateCell } from '../model.js';
import type { ReportOutCell } from '../result.js';
import { expandReport, type SliceableReport } from './expand.js';
import { ReportError, type ExpandOptions, type ExpandedReport, type ReportData } from './types.js';

type CellInput = Partial<TemplateCell> & { r: number; c: number };

const sales = [
  { region: '华东', city: '上海', product: 'A', amount: 10, qty: 1 },
  { region: '华东', city: '杭州', product: 'B', amount: 20, qty: 2 },
  { region: '华北', city: '北京', product: 'C', amount: 5, qty: 3 },
  { region: '华东', city: '上海', product: 'D', amount: 1.5, qty: 4 },
];

const text = (r: number, c: number, t: string, extra: Partial<TemplateCell> = {}): CellInput => ({ r, c, text: t, ...extra });
const formula = (r: number, c: number, f: string, extra: Partial<TemplateCell> = {}): CellInput => ({ r, c, kind: 'formula', text: f, ...extra });
const field = (r: number, c: number, name: string, binding: Record<string, unknown> = {}, extra: Partial<TemplateCell> = {}): CellInput => ({
  r,
  c,
  kind: 'field',
  binding: { dataSet: 'sales', field: name, ...binding } as TemplateCell['binding'],
  ...extra,
});
const down = { expand: 'down' };
const right = { expand: 'right' };

interface Sheet {
  cells: CellInput[];
  merges?: { r: number; c: number; rs: number; cs: number }[];
  rows?: number;
  cols?: number;
  rowFlags?: ReportDesignInput['sheet']['rowFlags'];
  colWidths?: number[];
  rowHeights?: number[];
}

function designOf(sheet: Sheet, more: Partial<ReportDesignInput> = {}) {
  return reportDesign.parse({
    sheet: { rows: sheet.rows ?? 20, cols: sheet.cols ?? 10, ...sheet },
    dataSets: [
      { name: 'sales', kind: 'static', fields: [{ name: 'amount', type: 'number' }] },
      { name: 'targets', kind: 'static' },
    ],
    params: [{ name: 'region' }],
    ...more,
  });
}

const baseOptions: ExpandOptions = {
  params: {},
  dictionaries: {},
  now: new Date('2024-05-01T02:00:00Z'),
  timeZone: 'Asia/Shanghai',
};

function expand(sheet: Sheet, data: ReportData = { sales }, options: Partial<ExpandOptions> = {}, more: Partial<ReportDesignInput> = {}): ExpandedReport {
  return expandReport(designOf(sheet, more), data, { ...baseOptions, ...options });
}

/** One line per output row: `column:text`, with ↓n for a row span and →n for a column span. */
function grid(report: ExpandedReport): string[] {
  return report.rows(0, report.rowCount).map((row) => row.cells.map(cellText).join(' | '));
}
const cellText = (c: ReportOutCell) => `${c.c}:${c.t}${c.rs ? `↓${c.rs}` : ''}${c.cs ? `→${c.cs}` : ''}`;

function refusal(run: () => unknown): { key: string; params: Record<string, string | number> } {
  try {
    run();
  } catch (error) {
    if (error instanceof ReportError) return { key: error.key, params: error.params };
    throw error;
  }
  throw new Error('not refused');
}

/** The classic grouped list: region › city › product, with city and region subtotals and a grand total. */
const groupedSheet: Sheet = {
  cells: [
    text(0, 0, '区域'),
    text(0, 1, '城市'),
    text(0, 2, '产品'),
    text(0, 3, '金额'),
    field(1, 0, 'region', down),
    field(1, 1, 'city', down),
    field(1, 2, 'product', { ...down, mode: 'list' }),
    field(1, 3, 'amount'),
    text(2, 2, '城市小计'),
    formula(2, 3, 'SUM(D2)'),
    text(3, 1, '区域小计'),
    field(3, 3, 'amount', { aggregate: 'sum' }),
    text(4, 0, '合计'),
    formula(4, 3, 'SUM(D2)'),
  ],
  merges: [
    { r: 1, c: 0, rs: 3, cs: 1 },
    { r: 1, c: 1, rs: 2, cs: 1 },
  ],
};

describe('grouping and lists', () => {
  it.each<[string, Sheet, ReportData, string[]]>([
    [
      'a group: one instance per distinct value, ascending in the Chinese collation',
      { cells: [field(0, 0, 'region', down), field(0, 1, 'amount', { aggregate: 'sum' })] },
      { sales },
      ['0:华北 | 1:5', '0:华东 | 1:31.5'],
    ],
    [
      'descending',
      { cells: [field(0, 0, 'region', { ...down, order: 'desc' }), field(0, 1, 'amount', { aggregate: 'sum' })] },
      { sales },
      ['0:华东 | 1:31.5', '0:华北 | 1:5'],
    ],
    ['order none: as the rows first bring them', { cells: [field(0, 0, 'city', { ...down, order: 'none' })] }, { sales }, ['0:上海', '0:杭州', '0:北京']],
    [
      'numbers order as numbers, blanks last, 1 and "1" apart',
      { cells: [field(0, 0, 'n', down)] },
      { sales: [{ n: 10 }, { n: 9 }, { n: null }, { n: 100 }, { n: '1' }, { n: 9 }] },
      ['0:9', '0:10', '0:100', '0:1', '0:'],
    ],
    [
      'a list: one instance per row, in data order, with the row’s other fields beside it',
      { cells: [field(0, 0, 'product', { ...down, mode: 'list' }), field(0, 1, 'amount'), formula(0, 2, 'B1 * 2')] },
      { sales },
      ['0:A | 1:10 | 2:20', '0:B | 1:20 | 2:40', '0:C | 1:5 | 2:10', '0:D | 1:1.5 | 2:3'],
    ],
    [
      'a list whose equal values stay separate rows',
      { cells: [field(0, 0, 'region', { ...down, mode: 'list' })] },
      { sales },
      ['0:华东', '0:华东', '0:华北', '0:华东'],
    ],
    [
      'a field that does not expand shows its context’s first row',
      { cells: [field(0, 0, 'region', down), field(0, 1, 'product')] },
      { sales },
      ['0:华北 | 1:C', '0:华东 | 1:A'],
    ],
    [
      'aggregates of a field over the group',
      {
        cells: [
          field(0, 0, 'region', down),
          field(0, 1, 'amount', { aggregate: 'count' }),
          field(0, 2, 'amount', { aggregate: 'avg' }),
          field(0, 3, 'amount', { aggregate: 'max' }),
          field(0, 4, 'amount', { aggregate: 'min' }),
        ],
      },
      { sales },
      ['0:华北 | 1:1 | 2:5 | 3:5 | 4:5', '0:华东 | 1:3 | 2:10.5 | 3:20 | 4:1.5'],
    ],
  ])('%s', (_name, sheet, data, expected) => {
    expect(grid(expand(sheet, data))).toEqual(expected);
  });
});

describe('nested groups, subtotals and totals', () => {
  it('merges group cells over their details and sums each group', () => {
    expect(grid(expand(groupedSheet))).toEqual([
      '0:区域 | 1:城市 | 2:产品 | 3:金额',
      '0:华北↓3 | 1:北京↓2 | 2:C | 3:5',
      '2:城市小计 | 3:5',
      '1:区域小计 | 3:5',
      '0:华东↓6 | 1:杭州↓2 | 2:B | 3:20',
      '2:城市小计 | 3:20',
      '1:上海↓3 | 2:A | 3:10',
      '2:D | 3:1.5',
      '2:城市小计 | 3:11.5',
      '1:区域小计 | 3:31.5',
      '0:合计 | 3:36.5',
    ]);
  });

  it('repeats the group value on every row with merge: false', () => {
    const sheet: Sheet = {
      cells: [field(0, 0, 'region', { ...down, merge: false }), field(0, 1, 'product', { ...down, mode: 'list' })],
    };
    expect(grid(expand(sheet))).toEqual(['0:华北 | 1:C', '0:华东 | 1:A', '0:华东 | 1:B', '0:华东 | 1:D']);
  });

  it('numbers rows with ROWNUM() within each group, the row parent named explicitly', () => {
    const sheet: Sheet = {
      cells: [
        formula(0, 0, 'ROWNUM()', { rowParent: { r: 0, c: 2 } }),
        field(0, 1, 'region', down),
        field(0, 2, 'product', { ...down, mode: 'list' }),
        formula(0, 3, 'ROWNUM()'),
      ],
    };
    // A1 counts the products within their region (its parent C1); D1's auto parent is C1 too.
    expect(grid(expand(sheet))).toEqual(['0:1 | 1:华北 | 2:C | 3:1', '0:1 | 1:华东↓3 | 2:A | 3:1', '0:2 | 2:B | 3:2', '0:3 | 2:D | 3:3']);
  });

  it('stretches a cell without a parent over the rows an expander to its right made (auto parent looks left only)', () => {
    const sheet: Sheet = { cells: [text(0, 0, '明细'), field(0, 1, 'product', { ...down, mode: 'list' })] };
    expect(grid(expand(sheet))).toEqual(['0:明细↓4 | 1:A', '1:B', '1:C', '1:D']);
  });

  it('puts a cell with the root as explicit row parent once, and filters nothing for it', () => {
    const sheet: Sheet = { cells: [field(0, 0, 'region', down), field(0, 1, 'amount', { aggregate: 'sum' }, { rowParent: 'root' })] };
    expect(grid(expand(sheet))).toEqual(['0:华北 | 1:36.5↓2', '0:华东']);
  });

  it('repeats a cell inside an expander’s rows with each instance, evaluated there (auto takes the deepest band)', () => {
    // B1:B2 lists products over two template rows; A2 lies in those rows, so it repeats and reads its instance.
    const sheet: Sheet = {
      cells: [field(0, 1, 'product', { ...down, mode: 'list' }), field(1, 0, 'amount'), text(1, 2, 'x')],
      merges: [{ r: 0, c: 1, rs: 2, cs: 1 }],
    };
    expect(grid(expand(sheet)).slice(0, 4)).toEqual(['1:A↓2', '0:10 | 2:x', '1:B↓2', '0:20 | 2:x']);
  });

  it('reads a reference from a total row as every instance, from a detail row as its own', () => {
    const sheet: Sheet = {
      cells: [
        field(0, 0, 'product', { ...down, mode: 'list' }),
        field(0, 1, 'amount'),
        formula(0, 2, 'B1 / B2', { style: { numFmt: '0.0%' } }),
        formula(1, 1, 'SUM(B1)'),
        formula(1, 2, 'COUNT(B1) & "行"'),
      ],
    };
    expect(grid(expand(sheet))).toEqual(['0:A | 1:10 | 2:27.4%', '0:B | 1:20 | 2:54.8%', '0:C | 1:5 | 2:13.7%', '0:D | 1:1.5 | 2:4.1%', '1:36.5 | 2:4行']);
  });

  it('keeps data sets apart: an instance on one data set does not filter another', () => {
    const sheet: Sheet = {
      cells: [field(0, 0, 'region', down), formula(0, 1, 'SUM(targets.goal)'), formula(0, 2, 'SUM(sales.amount)')],
    };
    const data = { sales, targets: [{ goal: 100 }, { goal: 50 }] };
    expect(grid(expand(sheet, data))).toEqual(['0:华北 | 1:150 | 2:5', '0:华东 | 1:150 | 2:31.5']);
  });

  it('nests a list on another data set under a group and filters it by nothing but its own chain', () => {
    const sheet: Sheet = {
      cells: [field(0, 0, 'region', down), field(0, 1, 'name', { ...down, mode: 'list', dataSet: 'targets' })],
    };
    const data = { sales, targets: [{ name: 't1' }, { name: 't2' }] };
    expect(grid(expand(sheet, data))).toEqual(['0:华北↓2 | 1:t1', '1:t2', '0:华东↓2 | 1:t1', '1:t2']);
  });
});

describe('cross tables', () => {
  it('sums the intersection of row groups and column groups, with row and column totals', () => {
    const sheet: Sheet = {
      cells: [
        text(0, 0, '区域'),
        field(0, 1, 'city', right),
        text(0, 2, '合计'),
        field(1, 0, 'region', down),
        field(1, 1, 'amount', { aggregate: 'sum' }),
        formula(1, 2, 'SUM(B2)'),
        text(2, 0, '合计'),
        formula(2, 1, 'SUM(B2)'),
        formula(2, 2, 'SUM(B2)'),
      ],
    };
    const report = expand(sheet);
    expect(grid(report)).toEqual([
      '0:区域 | 1:北京 | 2:杭州 | 3:上海 | 4:合计',
      '0:华北 | 1:5 | 2:0 | 3:0 | 4:5',
      '0:华东 | 1:0 | 2:20 | 3:11.5 | 4:31.5',
      '0:合计 | 1:5 | 2:20 | 3:11.5 | 4:36.5',
    ]);
    expect(report.colCount).toBe(5);
  });

  it('nests row groups in a cross table, with a subtotal row per outer group', () => {
    const sheet: Sheet = {
      cells: [
        text(0, 0, '区域'),
        text(0, 1, '产品'),
        field(0, 2, 'city', right),
        text(0, 3, '合计'),
        field(1, 0, 'region', down),
        field(1, 1, 'product', down),
        field(1, 2, 'amount', { aggregate: 'sum' }),
        formula(1, 3, 'SUM(C2)'),
        text(2, 1, '小计'),
        formula(2, 2, 'SUM(C2)'),
        formula(2, 3, 'SUM(C2)'),
      ],
      merges: [{ r: 1, c: 0, rs: 2, cs: 1 }],
    };
    expect(grid(expand(sheet))).toEqual([
      '0:区域 | 1:产品 | 2:北京 | 3:杭州 | 4:上海 | 5:合计',
      '0:华北↓2 | 1:C | 2:5 | 3:0 | 4:0 | 5:5',
      '1:小计 | 2:5 | 3:0 | 4:0 | 5:5',
      '0:华东↓4 | 1:A | 2:0 | 3:0 | 4:10 | 5:10',
      '1:B | 2:0 | 3:20 | 4:0 | 5:20',
      '1:D | 2:0 | 3:0 | 4:1.5 | 5:1.5',
      '1:小计 | 2:0 | 3:20 | 4:11.5 | 5:31.5',
    ]);
  });

  it('merges a column group over its sub-columns, and stretches a title merged over expanding columns', () => {
    const sheet: Sheet = {
      cells: [text(0, 0, '标题'), field(1, 0, 'region', right), field(2, 0, 'city', right), field(3, 0, 'amount', { aggregate: 'sum' })],
      merges: [{ r: 0, c: 0, rs: 1, cs: 1 }],
    };
    expect(grid(expand(sheet))).toEqual(['0:标题→3', '0:华北 | 1:华东→2', '0:北京 | 1:杭州 | 2:上海', '0:5 | 1:20 | 2:11.5']);
  });

  it('stretches a template merge of fixed cells over the columns it became', () => {
    const sheet: Sheet = {
      cells: [text(0, 0, '销售报表'), text(1, 0, '区域'), field(1, 1, 'region', right)],
      merges: [{ r: 0, c: 0, rs: 1, cs: 2 }],
    };
    expect(grid(expand(sheet))).toEqual(['0:销售报表→3', '0:区域 | 1:华北 | 2:华东']);
  });
});

describe('empty data and parameters', () => {
  it('keeps one empty instance when a data set has no rows, so header and totals stay (totals 0)', () => {
    const report = expand(groupedSheet, { sales: [] });
    expect(grid(report)).toEqual(['0:区域 | 1:城市 | 2:产品 | 3:金额', '0:↓3 | 1:↓2 | 2: | 3:', '2:城市小计 | 3:0', '1:区域小计 | 3:0', '0:合计 | 3:0']);
  });

  it('answers a valid report for a parameter that matches no rows', () => {
    const sheet: Sheet = {
      cells: [
        formula(0, 0, '"区域：" & @region'),
        field(1, 0, 'product', { ...down, mode: 'list' }),
        formula(2, 0, 'COUNT(A2) & " 条，合计 " & SUM(sales.amount)'),
      ],
    };
    const report = expand(sheet, { sales: [] }, { params: { region: '西藏' } });
    expect(grid(report)).toEqual(['0:区域：西藏', '0:', '0:0 条，合计 0']);
  });

  it('shows ROWNUM() blank in an empty instance', () => {
    const sheet: Sheet = { cells: [formula(0, 0, 'ROWNUM()', { rowParent: { r: 0, c: 1 } }), field(0, 1, 'product', { ...down, mode: 'list' })] };
    expect(grid(expand(sheet, { sales: [] }))).toEqual(['0: | 1:']);
  });

  it('treats a missing data set like an empty one', () => {
    expect(grid(expand({ cells: [field(0, 0, 'product', down), formula(1, 0, 'SUM(A1)')] }, {}))).toEqual(['0:', '0:0']);
  });
});

describe('labels, formats and styles', () => {
  it('shows dictionary labels for stored values and keeps unknown values', () => {
    const sheet: Sheet = { cells: [field(0, 0, 'status', { ...down, mode: 'list', dictionary: 'state' })] };
    const report = expand(
      sheet,
      { sales: [{ status: 1 }, { status: 2 }, { status: 9 }, { status: '__proto__' }] },
      { dictionaries: { state: { '1': '启用', '2': '停用' } } },
    );
    expect(grid(report)).toEqual(['0:启用', '0:停用', '0:9', '0:__proto__']);
  });

  it.each<[string, unknown, string, string, unknown]>([
    ['thousands and decimals', 1234.5, '#,##0.00', '1,234.50', 1234.5],
    ['a numeric text from the database', '1234.5', '#,##0.00', '1,234.50', '1234.5'],
    ['percent', 0.256, '0.0%', '25.6%', 0.256],
    ['a date', new Date('2024-05-01T16:30:00Z'), 'yyyy-mm-dd', '2024-05-02', '2024-05-02T00:30:00'],
    ['a date in Chinese', new Date('2024-05-01T04:00:00Z'), 'yyyy年m月d日', '2024年5月1日', '2024-05-01T12:00:00'],
    ['a date text', '2024-05-01', 'yyyy/mm/dd', '2024/05/01', '2024-05-01'],
    ['no format: a number without binary noise', 0.1 + 0.2, '', '0.3', 0.30000000000000004],
    ['no format: a date', new Date('2024-05-01T16:00:00Z'), '', '2024-05-02', '2024-05-02'],
    ['a text under a number format', 'abc', '0.00', 'abc', 'abc'],
    ['a boolean', true, '', 'TRUE', true],
  ])('formats %s', (_name, raw, numFmt, t, v) => {
    const sheet: Sheet = { cells: [field(0, 0, 'x', {}, numFmt ? { style: { numFmt } } : {})] };
    const [row] = expand(sheet, { sales: [{ x: raw }] }).rows(0, 1);
    expect(row!.cells[0]).toMatchObject({ t, v });
  });

  it('styles the cells whose condition holds, merging over the cell’s style, and lists each style once', () => {
    const sheet: Sheet = {
      cells: [
        field(
          0,
          0,
          'n',
          { ...down, mode: 'list' },
          {
            style: { bold: true, border: { top: { style: 'thin', color: '#000000' } } },
            conditions: [
              { when: 'value < 0', style: { color: '#ff0000' } },
              { when: 'value > 100', style: { background: '#00ff00', border: { bottom: { style: 'thin', color: '#000000' } } } },
            ],
          },
        ),
      ],
    };
    const report = expand(sheet, { sales: [{ n: -1 }, { n: 5 }, { n: 500 }, { n: -7 }] });
    const styles = report.rows(0, 4).map((row) => report.styles[row.cells[0]!.s]);
    expect(styles).toEqual([
      { bold: true, border: { top: { style: 'thin', color: '#000000' } }, color: '#ff0000' },
      { bold: true, border: { top: { style: 'thin', color: '#000000' } } },
      { bold: true, background: '#00ff00', border: { top: { style: 'thin', color: '#000000' }, bottom: { style: 'thin', color: '#000000' } } },
      { bold: true, border: { top: { style: 'thin', color: '#000000' } }, color: '#ff0000' },
    ]);
    expect(report.rows(0, 4).map((row) => row.cells[0]!.s)).toEqual([1, 0, 2, 1]);
    expect(report.styles).toHaveLength(3);
  });

  it('evaluates conditions in the cell’s context, references included', () => {
    const sheet: Sheet = {
      cells: [
        field(0, 0, 'product', { ...down, mode: 'list' }),
        field(
          0,
          1,
          'amount',
          {},
          {
            conditions: [
              { when: 'value = $B$3', style: { bold: true } },
              { when: 'sales.qty > 2', style: { italic: true } },
            ],
          },
        ),
        formula(2, 1, 'MAX(B1)'),
      ],
    };
    const report = expand(sheet);
    expect(report.rows(0, 4).map((row) => report.styles[row.cells[1]!.s])).toEqual([{}, { bold: true }, { italic: true }, { italic: true }]);
  });

  it('makes image, QR code and barcode cells', () => {
    const sheet: Sheet = {
      cells: [
        { r: 0, c: 0, kind: 'image', binding: { dataSet: 'sales', field: 'photo' } as TemplateCell['binding'] },
        { r: 0, c: 1, kind: 'image', text: 'logo-id' },
        { r: 0, c: 2, kind: 'qrcode', binding: { dataSet: 'sales', field: 'code' } as TemplateCell['binding'] },
        { r: 0, c: 3, kind: 'barcode', text: '6901234567892', barcodeFormat: 'ean13' },
        { r: 0, c: 4, kind: 'image', text: 'unknown' },
      ],
    };
    const report = expand(sheet, { sales: [{ photo: 'f1', code: 'NO-1' }] }, { imageUrl: (id) => (id === 'unknown' ? null : `/files/${id}`) });
    expect(report.rows(0, 1)[0]!.cells).toEqual([
      { c: 0, kind: 'image', t: '/files/f1', v: 'f1', s: 0 },
      { c: 1, kind: 'image', t: '/files/logo-id', v: 'logo-id', s: 0 },
      { c: 2, kind: 'qrcode', t: 'NO-1', v: 'NO-1', s: 0 },
      { c: 3, kind: 'barcode', t: '6901234567892', v: '6901234567892', s: 0, barcodeFormat: 'ean13' },
      { c: 4, kind: 'image', t: '', v: 'unknown', s: 0 },
    ]);
  });

  it('never reads prototype properties of rows, parameters or dictionaries', () => {
    const sheet: Sheet = {
      cells: [field(0, 0, '__proto__'), formula(0, 1, 'sales.constructor'), formula(0, 2, '@region'), field(0, 3, 'toString', { dictionary: 'constructor' })],
    };
    const report = expand(sheet, { sales: [{ a: 1 }] }, { params: {} });
    expect(grid(report)).toEqual(['0: | 1: | 2: | 3:']);
  });

  it('shows formula errors in their cells', () => {
    const sheet: Sheet = { cells: [formula(0, 0, '1/0'), formula(0, 1, 'A1 + 1'), formula(0, 2, 'IFERROR(A1, "-")'), formula(0, 3, '"a" * 2')] };
    const row = expand(sheet).rows(0, 1)[0]!;
    expect(row.cells.map((c) => [c.t, c.v])).toEqual([
      ['#DIV/0!', '#DIV/0!'],
      ['#DIV/0!', '#DIV/0!'],
      ['-', '-'],
      ['#VALUE!', '#VALUE!'],
    ]);
  });
});

describe('refusals', () => {
  it.each<[string, Sheet, string, Record<string, string | number>]>([
    ['a reference cycle', { cells: [formula(0, 0, 'B1 + 1'), formula(0, 1, 'A1 * 2')] }, 'report.referenceCycle', {}],
    ['a formula naming itself', { cells: [formula(0, 0, 'SUM(A1:B1)')] }, 'report.referenceCycle', { cell: 'A1' }],
    [
      'a parent cycle',
      { cells: [field(0, 0, 'region', down, { rowParent: { r: 0, c: 1 } }), field(0, 1, 'city', down, { rowParent: { r: 0, c: 0 } })] },
      'report.parentCycle',
      {},
    ],
    [
      'independent down expanders on the same rows',
      { cells: [field(0, 0, 'region', down), field(0, 1, 'name', { ...down, dataSet: 'targets' }, { rowParent: 'root' })] },
      'report.downExpandersOverlap',
      { cell: 'B1', other: 'A1' },
    ],
    [
      'a parent that does not expand',
      { cells: [text(0, 0, 'x'), field(0, 1, 'city', {}, { rowParent: { r: 0, c: 0 } })] },
      'report.rowParentNotDown',
      { cell: 'B1', parent: 'A1' },
    ],
    [
      'a parent whose rows do not hold the cell',
      { cells: [field(0, 0, 'region', down), field(1, 1, 'city', {}, { rowParent: { r: 0, c: 0 } })] },
      'report.rowParentRange',
      { cell: 'B2', parent: 'A1' },
    ],
    [
      'a right expander under a down expander',
      { cells: [field(0, 0, 'region', down), field(0, 1, 'city', right, { rowParent: { r: 0, c: 0 } })] },
      'report.rightUnderDown',
      { cell: 'B1', parent: 'A1' },
    ],
    [
      'a merge that covers half of an expander’s rows',
      {
        cells: [field(0, 1, 'region', down), text(0, 0, 'x')],
        merges: [
          { r: 0, c: 1, rs: 2, cs: 1 },
          { r: 1, c: 0, rs: 2, cs: 1 },
        ],
      },
      'report.cellStraddlesRows',
      { cell: 'A2', other: 'B1' },
    ],
    ['a formula that does not parse', { cells: [formula(2, 1, 'SUM(1,,2)')] }, 'report.formula.syntax', { cell: 'B3', pos: 7 }],
    [
      'a condition that does not parse',
      { cells: [text(0, 0, 'x', { conditions: [{ when: 'value <', style: {} }] })] },
      'report.condition.unexpectedEnd',
      { cell: 'A1' },
    ],
  ])('refuses %s', (_name, sheet, key, params) => {
    const error = refusal(() => expand(sheet));
    expect(error.key).toBe(key);
    expect(error.params).toMatchObject(params);
  });

  it('refuses formulas that read too much, naming the cell', () => {
    // Every detail row of section two sums all of section one: rows × rows reads.
    const sheet: Sheet = {
      cells: [
        field(0, 0, 'product', { ...down, mode: 'list' }),
        field(0, 1, 'amount'),
        field(2, 0, 'product', { ...down, mode: 'list' }),
        formula(2, 1, 'SUM(B1)'),
      ],
    };
    expect(grid(expand(sheet, { sales }, { limits: { formulaReads: 16 } })).slice(-1)).toEqual(['0:D | 1:36.5']);
    expect(refusal(() => expand(sheet, { sales }, { limits: { formulaReads: 15 } }))).toEqual({ key: 'report.tooComplex', params: { cell: 'B3' } });
  });

  it('refuses a report over the output limits', () => {
    const sheet: Sheet = { cells: [field(0, 0, 'product', { ...down, mode: 'list' }), field(0, 1, 'amount'), field(0, 2, 'qty')] };
    expect(refusal(() => expand(sheet, { sales }, { limits: { outputRows: 3 } }))).toEqual({
      key: 'report.tooLarge',
      params: { maxRows: 3, maxCells: 5_000_000 },
    });
    expect(refusal(() => expand(sheet, { sales }, { limits: { outputCells: 11 } })).key).toBe('report.tooLarge');
    expect(grid(expand(sheet, { sales }, { limits: { outputRows: 4, outputCells: 12 } }))).toHaveLength(4);
  });
});

describe('the expanded report', () => {
  const sheet: Sheet = {
    cells: [
      text(0, 0, '标题'),
      text(1, 0, '产品'),
      text(1, 1, '金额'),
      field(2, 0, 'product', { ...down, mode: 'list' }),
      field(2, 1, 'amount'),
      text(3, 0, '合计'),
      formula(3, 1, 'SUM(B3)'),
    ],
    rowFlags: [
      { r: 1, header: true },
      { r: 2, pageBreakAfter: true },
      { r: 3, footer: true },
    ],
    colWidths: [120],
    rowHeights: [40, 30],
  };

  it('lists header, footer and page-break rows and sizes', () => {
    const report = expand(sheet);
    expect(report.rowCount).toBe(7);
    expect(report.headerRows).toEqual([1]);
    expect(report.footerRows).toEqual([6]);
    expect(report.pageBreaksAfter).toEqual([2, 3, 4, 5]);
    expect(report.colWidths).toEqual([120, 80]);
    expect([0, 1, 2, 6].map((r) => report.rowHeight(r))).toEqual([40, 30, 24, 24]);
  });

  it('ignores a header flag on a row that repeats', () => {
    const report = expand({ ...sheet, rowFlags: [{ r: 2, header: true }] });
    expect(report.headerRows).toEqual([]);
  });

  it('reads a range of rows only, merged cells in their top row', () => {
    const report = expand(groupedSheet);
    expect(report.rows(4, 6).map((row) => row.cells.map(cellText).join(' | '))).toEqual(['0:华东↓6 | 1:杭州↓2 | 2:B | 3:20', '2:城市小计 | 3:20']);
    expect(report.rows(6, 7)[0]!.i).toBe(6);
    expect(report.rows(50, 60)).toEqual([]);
  });

  it('cuts a range for printing: a merge from above is repeated at its top, spans end at its bottom', () => {
    const report = expand(groupedSheet) as SliceableReport;
    expect(report.slice(6, 8).map((row) => row.cells.map(cellText).join(' | '))).toEqual(['0:华东↓2 | 1:上海↓2 | 2:A | 3:10', '2:D | 3:1.5']);
  });

  it('places charts where their anchor went, with a complete option built from the data set, categories ordered as groups are', () => {
    const report = expand(
      groupedSheet,
      { sales },
      {},
      {
        charts: [
          {
            id: 'c1',
            anchor: { r: 4, c: 1, rs: 2, cs: 2 },
            type: 'bar',
            title: '各区销售',
            dataSet: 'sales',
            category: 'region',
            series: [{ field: 'amount', name: '金额' }],
          },
          { id: 'c2', anchor: { r: 1, c: 2, rs: 1, cs: 1 }, type: 'ring', dataSet: 'sales', category: 'city', series: [{ field: 'qty', aggregate: 'count' }] },
          { id: 'c3', anchor: { r: 1, c: 3, rs: 1, cs: 1 }, dataSet: 'sales', category: 'region', order: 'none', series: [{ field: 'amount' }] },
          { id: 'c4', anchor: { r: 1, c: 3, rs: 1, cs: 1 }, dataSet: 'sales', category: 'region', order: 'desc', series: [{ field: 'amount' }] },
        ],
      },
    );
    const [bar, ring, firstSeen, descending] = report.charts;
    expect(bar).toMatchObject({ id: 'c1', r: 10, c: 1, width: 160, height: 48 });
    expect(bar!.option).toMatchObject({
      title: { text: '各区销售' },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: ['华北', '华东'] },
      yAxis: { type: 'value' },
      series: [{ name: '金额', type: 'bar', data: [5, 31.5] }],
    });
    expect(firstSeen!.option).toMatchObject({ xAxis: { data: ['华东', '华北'] } });
    expect(descending!.option).toMatchObject({ xAxis: { data: ['华东', '华北'] } });
    expect(ring).toMatchObject({ r: 1, c: 2 });
    expect(ring!.option).toMatchObject({
      series: [
        {
          type: 'pie',
          radius: ['40%', '70%'],
          data: [
            { name: '北京', value: 1 },
            { name: '杭州', value: 1 },
            { name: '上海', value: 2 },
          ],
        },
      ],
    });
    expect(JSON.parse(JSON.stringify(bar!.option))).toEqual(bar!.option);
  });

  it('leaves out the empty template rows and columns after the last cell', () => {
    const report = expand({ rows: 20, cols: 8, cells: [text(0, 0, 'a'), text(1, 1, 'b')] });
    expect([report.rowCount, report.colCount]).toEqual([2, 2]);
  });
});
