import { describe, expect, it } from 'vitest';
import { reportDesign, type ReportDesign, type ReportDesignInput, type TemplateCell } from '@app/contracts';
import {
  bordersFromGrid,
  designToGrid,
  fieldRanges,
  gridToDesign,
  hexColor,
  interpretCell,
  matrixOf,
  parseShorthand,
  rowColChangeOf,
  shiftSide,
  sideOf,
  styleFromGrid,
  type DesignSide,
  type GridBorderInfo,
  type GridCell,
  type GridSheet,
} from './convert';

const design = (input: ReportDesignInput): ReportDesign => reportDesign.parse(input);

/** The grid as it gives the sheet back: a matrix, not celldata. */
function throughGrid(d: ReportDesign): GridSheet {
  const sheet = designToGrid(d);
  return { ...sheet, data: matrixOf(sheet), celldata: undefined };
}

const sortCells = (d: ReportDesign) => ({ ...d, sheet: { ...d.sheet, cells: [...d.sheet.cells].sort((a, b) => a.r - b.r || a.c - b.c) } });

const fullStyle = {
  fontFamily: '微软雅黑',
  fontSize: 14,
  bold: true,
  italic: true,
  underline: true,
  strike: true,
  color: '#ff0000',
  background: '#00ff00',
  hAlign: 'right',
  vAlign: 'top',
  wrap: true,
  numFmt: '#,##0.00',
  border: { top: { style: 'thin', color: '#000000' }, bottom: { style: 'double', color: '#123456' }, left: { style: 'dashed', color: '#000000' } },
} as const;

describe('design ⇄ grid round trips', () => {
  const cases: [string, ReportDesignInput][] = [
    [
      'texts, every style, merges, sizes, freeze, flags, print, data sets, params, charts',
      {
        sheet: {
          rows: 6,
          cols: 5,
          colWidths: [120, 80, 200],
          rowHeights: [40, 24, 30],
          cells: [
            { r: 0, c: 0, text: '销售报表', style: fullStyle },
            { r: 1, c: 0, text: '地区', style: { hAlign: 'center', vAlign: 'middle', wrap: false } },
            { r: 1, c: 1, text: '123' },
            { r: 1, c: 2, text: '0123' },
            { r: 2, c: 0, text: '2024-01-05', style: { numFmt: 'yyyy-mm-dd' } },
            { r: 5, c: 4, text: 'end' },
          ],
          merges: [{ r: 0, c: 0, rs: 1, cs: 3 }],
          freeze: { rows: 2, cols: 1 },
          rowFlags: [
            { r: 1, header: true },
            { r: 4, pageBreakAfter: true },
            { r: 5, footer: true },
          ],
        },
        dataSets: [{ name: 'sales', kind: 'sql', linkId: 'l1', sql: 'select * from t where d >= @begin', fields: [{ name: 'region', type: 'text' }] }],
        params: [{ name: 'begin', label: '开始', type: 'date', default: 'monthStart', required: true }],
        charts: [
          {
            id: 'c1',
            anchor: { r: 3, c: 1, rs: 2, cs: 2 },
            type: 'pie',
            title: '占比',
            dataSet: 'sales',
            category: 'region',
            series: [{ field: 'amount', aggregate: 'sum' }],
          },
        ],
        print: { paper: 'A3', orientation: 'landscape', margins: { top: 5, right: 6, bottom: 7, left: 8 }, fitWidth: false, pageNumbers: false },
      },
    ],
    [
      'field, formula, image, QR code and barcode cells with their properties',
      {
        sheet: {
          rows: 4,
          cols: 6,
          cells: [
            { r: 0, c: 0, kind: 'field', binding: { dataSet: 'sales', field: 'region', expand: 'down', mode: 'group', order: 'desc', merge: false } },
            {
              r: 0,
              c: 1,
              kind: 'field',
              binding: { dataSet: 'sales', field: 'month', expand: 'right', mode: 'list', order: 'none' },
              style: { color: '#333333' },
            },
            { r: 1, c: 1, kind: 'field', binding: { dataSet: 'sales', field: 'amount', aggregate: 'sum' }, rowParent: { r: 0, c: 0 }, colParent: 'root' },
            { r: 1, c: 2, kind: 'field', binding: { dataSet: 'sales', field: 'state', expand: 'down', dictionary: 'orderState' } },
            { r: 2, c: 1, kind: 'formula', text: 'SUM(B2)', conditions: [{ when: 'value < 0', style: { color: '#ff0000', bold: true } }] },
            { r: 2, c: 2, kind: 'formula', text: 'IF(@flag="1","是","否")', style: { numFmt: '0.0%' } },
            { r: 3, c: 0, kind: 'image', binding: { dataSet: 'sales', field: 'photo', expand: 'down' } },
            { r: 3, c: 1, kind: 'qrcode', text: 'https://example.com' },
            { r: 3, c: 2, kind: 'barcode', binding: { dataSet: 'sales', field: 'code', expand: 'down' }, barcodeFormat: 'ean13' },
            { r: 3, c: 5, kind: 'barcode', text: '12345', barcodeFormat: 'code39' },
          ],
        },
      },
    ],
    [
      'a merged cell keeps its borders; texts that look like a field or a formula stay texts',
      {
        sheet: {
          rows: 3,
          cols: 3,
          cells: [
            {
              r: 0,
              c: 0,
              text: '合计',
              style: {
                border: {
                  top: { style: 'medium', color: '#000000' },
                  right: { style: 'thick', color: '#0000ff' },
                  bottom: { style: 'dotted', color: '#000000' },
                  left: { style: 'thin', color: '#000000' },
                },
              },
            },
            { r: 2, c: 0, text: '#{sales.region}' },
            { r: 2, c: 1, text: '=not a formula' },
            { r: 2, c: 2, text: '', style: { background: '#eeeeee' } },
          ],
          merges: [{ r: 0, c: 0, rs: 2, cs: 3 }],
        },
      },
    ],
  ];

  it.each(cases)('%s', (_name, input) => {
    const d = design(input);
    expect(sortCells(gridToDesign(throughGrid(d), sideOf(d)))).toEqual(sortCells(d));
  });

  it('opens a small design on a roomy sheet and cuts it back to what is used', () => {
    const d = design({ sheet: { rows: 20, cols: 8, cells: [{ r: 2, c: 1, text: 'x' }] } });
    const grid = designToGrid(d);
    expect([grid.row, grid.column]).toEqual([100, 26]);
    const back = gridToDesign(throughGrid(d), sideOf(d));
    expect([back.sheet.rows, back.sheet.cols]).toEqual([3, 2]);
  });

  it('shows a field cell as its shorthand', () => {
    const d = design({
      sheet: {
        rows: 1,
        cols: 2,
        cells: [
          { r: 0, c: 0, kind: 'field', binding: { dataSet: 'ds', field: 'a', expand: 'down' } },
          { r: 0, c: 1, kind: 'field', binding: { dataSet: 'ds', field: 'b' }, style: { color: '#222222' } },
        ],
      },
    });
    const m = matrixOf(designToGrid(d));
    expect(m[0]![0]).toMatchObject({ v: '#{ds.a}', rd: { binding: { expand: 'down' } } });
    expect(m[0]![1]).toMatchObject({ v: '${ds.b}', fc: '#222222' });
  });
});

describe('typing shorthand in a cell', () => {
  const cases: [string, GridCell, Partial<TemplateCell> | null][] = [
    [
      '#{ds.field} expands down, as a group',
      { v: '#{sales.region}' },
      { kind: 'field', text: '', binding: { dataSet: 'sales', field: 'region', expand: 'down', mode: 'group', order: 'asc', aggregate: 'none', merge: true } },
    ],
    [
      '${ds.field} does not expand',
      { v: '${sales.amount}' },
      { kind: 'field', binding: { dataSet: 'sales', field: 'amount', expand: 'none', mode: 'group', order: 'asc', aggregate: 'none', merge: true } },
    ],
    [
      'spaces inside the braces are fine',
      { v: ' #{ sales . region } ' },
      { kind: 'field', binding: expect.objectContaining({ dataSet: 'sales', field: 'region' }) },
    ],
    ['Chinese names', { v: '#{销售.地区}' }, { kind: 'field', binding: expect.objectContaining({ dataSet: '销售', field: '地区' }) }],
    ['=… is a formula', { v: '=SUM(C3)' }, { kind: 'formula', text: 'SUM(C3)' }],
    ['a lone = is text', { v: '=' }, { kind: 'text', text: '=' }],
    ['a bad data set name is text', { v: '#{1ds.a}' }, { kind: 'text', text: '#{1ds.a}' }],
    ['no field is text', { v: '#{ds.}' }, { kind: 'text', text: '#{ds.}' }],
    ['plain text', { v: '合计' }, { kind: 'text', text: '合计' }],
    ['a number', { v: 12.5, m: '12.50' }, { kind: 'text', text: '12.5' }],
    ['a date the grid made a serial number', { v: 45296, m: '2024-01-05', ct: { fa: 'yyyy-MM-dd', t: 'd' } }, { kind: 'text', text: '2024-01-05' }],
    ['rich text', { ct: { t: 'inlineStr', s: [{ v: 'a' }, { v: 'b' }] } }, { kind: 'text', text: 'ab' }],
    ['quote prefix keeps a shorthand as text', { v: '#{ds.a}', qp: 1 }, { kind: 'text', text: '#{ds.a}' }],
    ['an empty cell has no content', { v: '', rd: { kind: 'qrcode' } }, null],
    [
      'the same field keeps the properties set before',
      { v: '#{ds.a}', rd: { binding: { dataSet: 'ds', field: 'a', expand: 'right', mode: 'list', order: 'desc', aggregate: 'none', merge: false } } },
      { binding: { dataSet: 'ds', field: 'a', expand: 'right', mode: 'list', order: 'desc', aggregate: 'none', merge: false } },
    ],
    [
      'another field starts afresh',
      { v: '#{ds.b}', rd: { binding: { dataSet: 'ds', field: 'a', expand: 'right', mode: 'list', order: 'desc', aggregate: 'none', merge: false } } },
      { binding: { dataSet: 'ds', field: 'b', expand: 'down', mode: 'group', order: 'asc', aggregate: 'none', merge: true } },
    ],
    [
      '$ over an expanding binding stops it expanding, # over a fixed one expands it down',
      { v: '${ds.a}', rd: { binding: { dataSet: 'ds', field: 'a', expand: 'right', mode: 'list', order: 'desc', aggregate: 'sum', merge: true } } },
      { binding: { dataSet: 'ds', field: 'a', expand: 'none', mode: 'list', order: 'desc', aggregate: 'sum', merge: true } },
    ],
    [
      'a QR code bound to a field',
      { v: '#{ds.url}', rd: { kind: 'qrcode' } },
      { kind: 'qrcode', text: '', binding: expect.objectContaining({ field: 'url' }) },
    ],
    ['a QR code of a fixed text', { v: 'hello', rd: { kind: 'qrcode' } }, { kind: 'qrcode', text: 'hello' }],
    [
      'plain text over a former field is text again',
      { v: 'abc', rd: { binding: { dataSet: 'ds', field: 'a', expand: 'down', mode: 'group', order: 'asc', aggregate: 'none', merge: true } } },
      { kind: 'text', text: 'abc' },
    ],
  ];
  it.each(cases)('%s', (_name, cell, want) => {
    const got = interpretCell(cell);
    if (want === null) expect(got).toBeNull();
    else expect(got).toMatchObject(want);
    if (want && !('binding' in want)) expect(got).not.toHaveProperty('binding');
  });

  it.each([
    ['#{a.b}', { sigil: '#', dataSet: 'a', field: 'b' }],
    ['${a.b c}', { sigil: '$', dataSet: 'a', field: 'b c' }],
    ['#{a.b.c}', { sigil: '#', dataSet: 'a', field: 'b.c' }],
    ['#{ab}', null],
    ['#a.b', null],
    ['x#{a.b}', null],
  ])('parseShorthand(%s)', (text, want) => {
    expect(parseShorthand(text)).toEqual(want);
  });
});

describe('what the grid writes', () => {
  it.each([
    ['#ABC', '#aabbcc'],
    ['#A1B2C3', '#a1b2c3'],
    ['rgb(255, 0, 16)', '#ff0010'],
    ['rgba(0,0,0,0)', undefined],
    ['red', undefined],
    ['', undefined],
  ])('colour %s → %s', (input, want) => {
    expect(hexColor(input)).toBe(want);
  });

  it.each<[string, GridCell, object]>([
    ['font by index', { ff: 5 }, { fontFamily: '宋体' }],
    ['font by name', { ff: 'Arial' }, { fontFamily: 'Arial' }],
    ['clip is not wrap', { tb: '0' }, { wrap: false }],
    ['wrap', { tb: 2 }, { wrap: true }],
    ['alignments as numbers or strings', { ht: '0', vt: 2 }, { hAlign: 'center', vAlign: 'bottom' }],
    ['general format is none', { ct: { fa: 'General', t: 'n' } }, {}],
    ['font size clamped', { fs: 200 }, { fontSize: 96 }],
  ])('%s', (_name, cell, want) => {
    expect(styleFromGrid(cell)).toEqual(want);
  });

  const thin = { style: 1, color: '#000' };
  it.each<[string, GridBorderInfo[], Record<string, object>]>([
    [
      'all borders of a range',
      [{ rangeType: 'range', borderType: 'border-all', style: 1, color: '#000000', range: [{ row: [0, 0], column: [0, 1] }] }],
      {
        '0_0': {
          top: { style: 'thin', color: '#000000' },
          right: { style: 'thin', color: '#000000' },
          bottom: { style: 'thin', color: '#000000' },
          left: { style: 'thin', color: '#000000' },
        },
        '0_1': {
          top: { style: 'thin', color: '#000000' },
          right: { style: 'thin', color: '#000000' },
          bottom: { style: 'thin', color: '#000000' },
          left: { style: 'thin', color: '#000000' },
        },
      },
    ],
    [
      'outside of a 2×2 range',
      [{ rangeType: 'range', borderType: 'border-outside', style: 13, color: 'rgb(255,0,0)', range: [{ row: [0, 1], column: [0, 1] }] }],
      {
        '0_0': { top: { style: 'thick', color: '#ff0000' }, left: { style: 'thick', color: '#ff0000' } },
        '0_1': { top: { style: 'thick', color: '#ff0000' }, right: { style: 'thick', color: '#ff0000' } },
        '1_0': { bottom: { style: 'thick', color: '#ff0000' }, left: { style: 'thick', color: '#ff0000' } },
        '1_1': { bottom: { style: 'thick', color: '#ff0000' }, right: { style: 'thick', color: '#ff0000' } },
      },
    ],
    [
      'none clears a cell and the sides its neighbours share with it',
      [
        { rangeType: 'range', borderType: 'border-all', style: 1, color: '#000000', range: [{ row: [0, 0], column: [0, 1] }] },
        { rangeType: 'range', borderType: 'border-none', style: 1, color: '#000000', range: [{ row: [0, 0], column: [1, 1] }] },
      ],
      { '0_0': { top: { style: 'thin', color: '#000000' }, bottom: { style: 'thin', color: '#000000' }, left: { style: 'thin', color: '#000000' } } },
    ],
    [
      'a cell entry, a side set to null removed',
      [
        { rangeType: 'cell', value: { row_index: 2, col_index: 3, t: thin, b: thin } },
        { rangeType: 'cell', value: { row_index: 2, col_index: 3, b: null } },
      ],
      { '2_3': { top: { style: 'thin', color: '#000000' } } },
    ],
  ])('%s', (_name, list, want) => {
    expect(Object.fromEntries(bordersFromGrid(list))).toEqual(want);
  });
});

describe('row flags and charts follow inserted and deleted rows and columns', () => {
  const side: DesignSide = {
    ...sideOf(design({ sheet: { rows: 10, cols: 5 } })),
    rowFlags: [
      { r: 1, header: true },
      { r: 5, footer: true },
    ],
    charts: [
      {
        id: 'c',
        anchor: { r: 3, c: 2, rs: 3, cs: 2 },
        type: 'bar',
        title: '',
        dataSet: 'ds',
        category: 'a',
        order: 'asc',
        series: [{ field: 'b', aggregate: 'sum' }],
      },
    ],
  };
  it.each<[string, { op: string; value: object }, number[], object | null]>([
    [
      'two rows inserted above row 2',
      { op: 'insertRowCol', value: { type: 'row', index: 2, count: 2, direction: 'lefttop' } },
      [1, 7],
      { r: 5, c: 2, rs: 3, cs: 2 },
    ],
    [
      'a row inserted below row 3 (inside the chart)',
      { op: 'insertRowCol', value: { type: 'row', index: 3, count: 1, direction: 'rightbottom' } },
      [1, 6],
      { r: 3, c: 2, rs: 4, cs: 2 },
    ],
    ['rows 1–3 deleted', { op: 'deleteRowCol', value: { type: 'row', start: 1, end: 3 } }, [2], { r: 1, c: 2, rs: 2, cs: 2 }],
    ['the chart rows deleted', { op: 'deleteRowCol', value: { type: 'row', start: 3, end: 5 } }, [1], null],
    [
      'a column inserted left of the chart',
      { op: 'insertRowCol', value: { type: 'column', index: 0, count: 1, direction: 'lefttop' } },
      [1, 5],
      { r: 3, c: 3, rs: 3, cs: 2 },
    ],
    ['a column of the chart deleted', { op: 'deleteRowCol', value: { type: 'column', start: 3, end: 4 } }, [1, 5], { r: 3, c: 2, rs: 3, cs: 1 }],
  ])('%s', (_name, op, flagRows, anchor) => {
    const ch = rowColChangeOf(op);
    expect(ch).not.toBeNull();
    const next = shiftSide(side, ch!);
    expect(next.rowFlags.map((f) => f.r)).toEqual(flagRows);
    expect(next.charts[0]?.anchor ?? null).toEqual(anchor);
  });

  it('ignores the other operations', () => {
    expect(rowColChangeOf({ op: 'replace', value: { v: 1 } })).toBeNull();
  });
});

describe('field ranges (the cells the designer colours as fields)', () => {
  it('are the field cells only, side by side in a row as one range', () => {
    const design = reportDesign.parse({
      sheet: {
        rows: 4,
        cols: 5,
        cells: [
          { r: 0, c: 0, text: '部门' },
          { r: 1, c: 0, kind: 'field', binding: { dataSet: 'd', field: 'dept', expand: 'down' } },
          { r: 1, c: 1, kind: 'field', binding: { dataSet: 'd', field: 'region', expand: 'down' } },
          { r: 1, c: 2, kind: 'field', binding: { dataSet: 'd', field: 'amount' } },
          { r: 1, c: 4, kind: 'qrcode', binding: { dataSet: 'd', field: 'code' } },
          // A text that reads like a field is text (quoted); a formula is no field.
          { r: 2, c: 0, text: '#{d.dept}' },
          { r: 2, c: 2, kind: 'formula', text: 'SUM(C2)' },
          { r: 3, c: 1, kind: 'field', binding: { dataSet: 'd', field: 'dept' } },
        ],
      },
      dataSets: [{ name: 'd', kind: 'static', rows: [] }],
    });
    expect(fieldRanges(matrixOf(designToGrid(design)))).toEqual([
      { row: [1, 1], column: [0, 2] },
      { row: [1, 1], column: [4, 4] },
      { row: [3, 3], column: [1, 1] },
    ]);
  });

  it('are none in a sheet without fields', () => {
    expect(fieldRanges(matrixOf(designToGrid(reportDesign.parse({ sheet: { rows: 2, cols: 2, cells: [{ r: 0, c: 0, text: 'x' }] } }))))).toEqual([]);
  });
});
