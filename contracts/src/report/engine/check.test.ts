import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reportDesign, type ReportDesignInput } from '../model.js';
import { checkDesign } from './check.js';
import { reportEngineMessages } from './messages.js';

type Sheet = ReportDesignInput['sheet'];

function check(sheet: Partial<Sheet>, more: Partial<ReportDesignInput> = {}) {
  return checkDesign(
    reportDesign.parse({
      sheet: { rows: 10, cols: 6, ...sheet },
      dataSets: [{ name: 'sales', kind: 'static' }],
      params: [{ name: 'region' }, { name: 'period', type: 'dateRange' }],
      ...more,
    }),
  );
}

const bound = (field: string, extra: object = {}) => ({ kind: 'field' as const, binding: { dataSet: 'sales', field, ...extra } });

describe('checkDesign', () => {
  it('finds nothing wrong with a sound design', () => {
    expect(
      check(
        {
          cells: [
            { r: 0, c: 0, ...bound('region', { expand: 'down' }) },
            { r: 0, c: 1, ...bound('amount', { aggregate: 'sum' }) },
            { r: 1, c: 1, kind: 'formula', text: 'IF(@period_begin = "", SUM(B1), SUM(sales.amount)) & @region' },
          ],
          merges: [{ r: 2, c: 0, rs: 1, cs: 3 }],
        },
        { charts: [{ id: 'c', anchor: { r: 3, c: 0, rs: 4, cs: 4 }, dataSet: 'sales', category: 'region', series: [{ field: 'amount' }] }] },
      ),
    ).toEqual([]);
  });

  it.each<[string, Partial<Sheet>, Partial<ReportDesignInput>, { key: string; cell?: string; params?: Record<string, string | number> }[]]>([
    ['a cell outside the sheet', { cells: [{ r: 10, c: 0, text: 'x' }] }, {}, [{ key: 'report.cellOutside', cell: 'A11' }]],
    [
      'a cell defined twice',
      {
        cells: [
          { r: 0, c: 0, text: 'x' },
          { r: 0, c: 0, text: 'y' },
        ],
      },
      {},
      [{ key: 'report.cellDuplicate', cell: 'A1' }],
    ],
    ['a merge outside the sheet', { merges: [{ r: 9, c: 0, rs: 2, cs: 1 }] }, {}, [{ key: 'report.mergeOutside', cell: 'A10' }]],
    [
      'overlapping merges',
      {
        merges: [
          { r: 0, c: 0, rs: 2, cs: 2 },
          { r: 1, c: 1, rs: 2, cs: 2 },
        ],
      },
      {},
      [{ key: 'report.mergeOverlap', cell: 'B2', params: { other: 'A1' } }],
    ],
    ['a field without a binding', { cells: [{ r: 0, c: 0, kind: 'field' }] }, {}, [{ key: 'report.fieldUnbound', cell: 'A1' }]],
    [
      'a binding to an unknown data set',
      { cells: [{ r: 0, c: 0, kind: 'field', binding: { dataSet: 'nope', field: 'x' } }] },
      {},
      [{ key: 'report.unknownDataSet', cell: 'A1', params: { name: 'nope' } }],
    ],
    [
      'a formula naming an unknown data set',
      { cells: [{ r: 0, c: 0, kind: 'formula', text: 'SUM(orders.amount)' }] },
      {},
      [{ key: 'report.unknownDataSet', params: { name: 'orders' } }],
    ],
    [
      'JavaScript in a formula',
      { cells: [{ r: 0, c: 0, kind: 'formula', text: 'process.exit()' }] },
      {},
      [{ key: 'report.formula.syntax', cell: 'A1', params: { pos: 13 } }],
    ],
    [
      'an unknown function',
      { cells: [{ r: 1, c: 2, kind: 'formula', text: '1 + FETCH("x")' }] },
      {},
      [{ key: 'report.formula.unknownFunction', cell: 'C2', params: { pos: 5, name: 'FETCH' } }],
    ],
    [
      'an unknown parameter',
      { cells: [{ r: 0, c: 0, kind: 'formula', text: '@nobody' }] },
      {},
      [{ key: 'report.unknownParam', cell: 'A1', params: { name: 'nobody' } }],
    ],
    [
      'a reference outside the sheet',
      { cells: [{ r: 0, c: 0, kind: 'formula', text: 'Z99 + 1' }] },
      {},
      [{ key: 'report.refOutside', cell: 'A1', params: { ref: 'Z99' } }],
    ],
    [
      'a condition that does not parse',
      { cells: [{ r: 0, c: 0, text: 'x', conditions: [{ when: 'value >> 1', style: {} }] }] },
      {},
      [{ key: 'report.condition.syntax', cell: 'A1', params: { pos: 8 } }],
    ],
    [
      'a parent that is not a cell',
      { cells: [{ r: 0, c: 1, ...bound('x'), rowParent: { r: 0, c: 0 } }] },
      {},
      [{ key: 'report.parentMissing', cell: 'B1', params: { parent: 'A1' } }],
    ],
    [
      'a column parent that does not expand right',
      {
        cells: [
          { r: 0, c: 0, ...bound('region', { expand: 'down' }) },
          { r: 1, c: 0, ...bound('x'), colParent: { r: 0, c: 0 } },
        ],
      },
      {},
      [{ key: 'report.colParentNotRight', cell: 'A2', params: { parent: 'A1' } }],
    ],
    [
      'a down expander under a right expander',
      {
        cells: [
          { r: 0, c: 0, ...bound('month', { expand: 'right' }) },
          { r: 1, c: 0, ...bound('x', { expand: 'down' }), colParent: { r: 0, c: 0 } },
        ],
      },
      {},
      [{ key: 'report.downUnderRight', cell: 'A2', params: { parent: 'A1' } }],
    ],
    [
      'an expander inside the rows of another that is not its parent, and a cell named under it',
      {
        cells: [
          { r: 0, c: 1, ...bound('product', { expand: 'down', mode: 'list' }) },
          { r: 1, c: 0, ...bound('region', { expand: 'down' }) },
          { r: 1, c: 2, ...bound('x'), rowParent: { r: 1, c: 0 } },
        ],
        merges: [{ r: 0, c: 1, rs: 2, cs: 1 }],
      },
      {},
      [
        { key: 'report.downExpandersOverlap', cell: 'A2', params: { other: 'B1' } },
        { key: 'report.rowParentOutside', cell: 'C2', params: { parent: 'B1' } },
      ],
    ],
    [
      'the root named as parent of a cell inside an expander’s rows',
      {
        cells: [
          { r: 0, c: 1, ...bound('product', { expand: 'down', mode: 'list' }) },
          { r: 1, c: 2, ...bound('x'), rowParent: 'root' },
        ],
        merges: [{ r: 0, c: 1, rs: 2, cs: 1 }],
      },
      {},
      [{ key: 'report.rowParentOutside', cell: 'C2', params: { parent: 'B1' } }],
    ],
    [
      'a named parent whose own auto parent is the cell',
      {
        cells: [
          { r: 0, c: 0, ...bound('x', { expand: 'down' }), rowParent: { r: 0, c: 1 } },
          { r: 0, c: 1, ...bound('y', { expand: 'down' }) },
        ],
      },
      {},
      [{ key: 'report.parentCycle', cell: 'A1' }],
    ],
    [
      'a circle of three named parents',
      {
        cells: [
          { r: 0, c: 0, ...bound('x', { expand: 'down' }), rowParent: { r: 0, c: 1 } },
          { r: 0, c: 1, ...bound('y', { expand: 'down' }), rowParent: { r: 0, c: 2 } },
          { r: 0, c: 2, ...bound('z', { expand: 'down' }), rowParent: { r: 0, c: 0 } },
        ],
      },
      {},
      [{ key: 'report.parentCycle' }],
    ],
    [
      'a reference cycle through three cells',
      {
        cells: [
          { r: 0, c: 0, kind: 'formula', text: 'C1' },
          { r: 0, c: 1, kind: 'formula', text: 'A1' },
          { r: 0, c: 2, kind: 'formula', text: 'B1 + 1' },
        ],
      },
      {},
      [{ key: 'report.referenceCycle' }],
    ],
    [
      'a chart on an unknown data set',
      {},
      { charts: [{ id: 'c9', title: '趋势', anchor: { r: 0, c: 0, rs: 2, cs: 2 }, dataSet: 'x', category: 'a', series: [{ field: 'b' }] }] },
      [{ key: 'report.chartDataSet', params: { chart: '趋势', name: 'x' } }],
    ],
    [
      'a chart outside the sheet',
      {},
      { charts: [{ id: 'c9', anchor: { r: 8, c: 0, rs: 5, cs: 2 }, dataSet: 'sales', category: 'a', series: [{ field: 'b' }] }] },
      [{ key: 'report.chartOutside', params: { chart: 'c9' } }],
    ],
    [
      'two data sets of one name',
      {},
      {
        dataSets: [
          { name: 'sales', kind: 'static' },
          { name: 'sales', kind: 'static' },
        ],
      },
      [{ key: 'report.dataSetDuplicate', params: { name: 'sales' } }],
    ],
  ])('reports %s', (_name, sheet, more, expected) => {
    const problems = check(sheet, more);
    expect(problems).toHaveLength(expected.length);
    expected.forEach((e, i) => {
      expect(problems[i]!.key).toBe(e.key);
      if (e.cell) expect(problems[i]!.cell).toBe(e.cell);
      if (e.params) expect(problems[i]!.params).toMatchObject(e.params);
    });
  });

  it('reports every problem at once, each with its cell in the parameters too', () => {
    const problems = check({
      cells: [
        { r: 0, c: 0, kind: 'formula', text: 'NOPE()' },
        { r: 1, c: 0, kind: 'formula', text: '@x' },
      ],
    });
    expect(problems.map((p) => [p.key, p.params.cell])).toEqual([
      ['report.formula.unknownFunction', 'A1'],
      ['report.unknownParam', 'A2'],
    ]);
  });

  it('has a message in both languages for every key it can answer', () => {
    const zh = reportEngineMessages['zh-CN'];
    const en = reportEngineMessages.en;
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const key of Object.keys(zh)) expect(key.startsWith('report.')).toBe(true);
    // Every key the engine's sources name has its message.
    const folder = new URL('.', import.meta.url);
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'messages.ts')) {
      for (const [, key] of readFileSync(new URL(file, folder), 'utf8').matchAll(/'(report\.[A-Za-z.]+)'/g))
        expect(zh, `${key} in ${file}`).toHaveProperty([key!]);
    }
    const reasons = ['syntax', 'unexpectedEnd', 'unclosedText', 'unknownFunction', 'unknownName', 'argCount', 'tooLong', 'tooDeep', 'empty'];
    for (const reason of reasons) {
      expect(zh).toHaveProperty([`report.formula.${reason}`]);
      expect(zh).toHaveProperty([`report.condition.${reason}`]);
    }
  });
});
