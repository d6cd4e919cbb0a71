import { describe, expect, it } from 'vitest';
import { formField, type FormField } from '../forms.js';
import {
  authorityOf,
  defaultRowValues,
  defaultValues,
  findField,
  flattenFields,
  isMultiValue,
  isShown,
  joinMulti,
  parseAutoBindFields,
  splitMulti,
} from './walk.js';

type Config = Partial<FormField['__config__']>;
let nextId = 1;
function field(avueType: FormField['__config__']['avueType'], vModel: string | undefined, config: Config = {}, extra: Record<string, unknown> = {}): FormField {
  const formId = config.formId ?? nextId++;
  return formField.parse({ __vModel__: vModel, ...extra, __config__: { formId, avueType, ...config } }) as FormField;
}

const a = field('input', 'a', { formId: 1, defaultValue: 'x' });
const b = field('number', 'b', { formId: 2 });
const c = field('input', 'c', { formId: 3 });
const d = field('checkbox', 'd', { formId: 4, defaultValue: ['1', '2'] });
const e = field('switch', 'e', { formId: 5 }, { 'inactive-value': '0' });
const col1 = field('input', 'name', { formId: 11, defaultValue: 'n' });
const col2 = field('number', 'qty', { formId: 12 });
const table = field('table', 'items', { formId: 10, children: [col1, col2] });
const row = field('row', undefined, { formId: 20, children: [c] });
const tabs = field('tabs', undefined, {
  formId: 30,
  option: {
    column: [
      { label: 'Two', prop: 't2' },
      { label: 'One', prop: 't1' },
    ],
  },
  childrenObj: { t1: [d], t2: [e], extra: [field('rate', 'r', { formId: 31 })] },
});
const scheme = [a, row, tabs, b, table];

describe('flattenFields', () => {
  it('opens rows, tabs in tab order then other keys, and lists the table before its columns', () => {
    expect(flattenFields(scheme).map((p) => [p.field.__config__.formId, p.table?.__config__.formId])).toEqual([
      [1, undefined],
      [3, undefined],
      [5, undefined],
      [4, undefined],
      [31, undefined],
      [2, undefined],
      [10, undefined],
      [11, 10],
      [12, 10],
    ]);
  });

  it('opens nested containers and tabs without children', () => {
    const inner = field('tabs', undefined, { formId: 41, option: { column: [{ label: 'x', prop: 'x' }] } });
    const outer = field('row', undefined, { formId: 40, children: [inner, field('row', undefined, { formId: 42, children: [a] })] });
    expect(flattenFields([outer]).map((p) => p.field.__config__.formId)).toEqual([1]);
  });

  it('lists the containers around each field', () => {
    expect(flattenFields(scheme).map((p) => (p.parents ?? []).map((c) => c.__config__.formId))).toEqual([[], [20], [30], [30], [30], [], [], [10], [10]]);
  });

  it('knows a field inside a hidden container is not shown', () => {
    const places = flattenFields(scheme);
    const inTab = places.find((p) => p.field.__config__.formId === 4)!;
    const column = places.find((p) => p.field.__config__.formId === 11)!;
    expect(isShown(inTab)).toBe(true);
    expect(isShown(inTab, [{ formId: 30, view: false, edit: true, required: false }])).toBe(false);
    expect(isShown(inTab, [{ formId: 4, view: false, edit: true, required: false }])).toBe(false);
    expect(isShown(column, [{ formId: 10, view: false, edit: true, required: false }])).toBe(false);
    expect(isShown({ field: col1, table }, [{ formId: 10, view: false, edit: true, required: false }])).toBe(false);
    expect(isShown({ field: col1 })).toBe(true);
  });

  it('finds a field by formId as number or text', () => {
    expect(findField(scheme, '12')?.table?.__vModel__).toBe('items');
    expect(findField(scheme, 5)?.field.__vModel__).toBe('e');
    expect(findField(scheme, 999)).toBeUndefined();
  });
});

describe('defaultValues', () => {
  it('takes defaults, joins lists, empty values by kind, sub-tables as []', () => {
    expect(defaultValues(scheme)).toEqual({ a: 'x', c: '', e: '0', d: '1,2', r: 0, b: null, items: [] });
  });
  it('gives a new sub-table row its columns defaults', () => {
    expect(defaultRowValues(table)).toEqual({ name: 'n', qty: null });
  });
  it('keeps false and 0 defaults', () => {
    expect(defaultValues([field('switch', 's', { defaultValue: false }), field('number', 'n', { defaultValue: 0 })])).toEqual({ s: false, n: 0 });
  });
});

describe('authorityOf', () => {
  const own = field('input', 'x', { formId: 7, view: true, edit: false, required: true });
  it.each<[string, Parameters<typeof authorityOf>[1], ReturnType<typeof authorityOf>]>([
    ['no list: the field own', undefined, { view: true, edit: false, required: true }],
    ['no entry: the field own', [{ formId: 8, view: false, edit: false, required: false }], { view: true, edit: false, required: true }],
    ['entry by number', [{ formId: 7, view: false, edit: true, required: false }], { view: false, edit: true, required: false }],
    ['entry by text', [{ formId: '7', view: true, edit: true, required: false }], { view: true, edit: true, required: false }],
  ])('%s', (_name, list, expected) => {
    expect(authorityOf(own, list)).toEqual(expected);
  });
  it('reads unparsed entries with defaults', () => {
    const list = [{ formId: '7' }] as unknown as Parameters<typeof authorityOf>[1];
    expect(authorityOf(own, list)).toEqual({ view: true, edit: true, required: false });
  });
});

describe('multi-values', () => {
  it.each<[readonly unknown[] | null | undefined, string]>([
    [['a', 'b'], 'a,b'],
    [[1, 2], '1,2'],
    [[], ''],
    [null, ''],
    [undefined, ''],
    [['a', null, 'b'], 'a,b'],
  ])('joinMulti(%j) = %j', (values, expected) => {
    expect(joinMulti(values)).toBe(expected);
  });
  it.each<[unknown, string[]]>([
    ['a,b', ['a', 'b']],
    ['a', ['a']],
    ['', []],
    [null, []],
    [undefined, []],
    [
      ['a', 1],
      ['a', '1'],
    ],
    [5, ['5']],
  ])('splitMulti(%j) = %j', (value, expected) => {
    expect(splitMulti(value)).toEqual(expected);
  });
  it('round-trips', () => {
    expect(splitMulti(joinMulti(['2026-01-01', '2026-02-01']))).toEqual(['2026-01-01', '2026-02-01']);
  });
  it.each<[FormField, boolean]>([
    [field('checkbox', 'x'), true],
    [field('cascader', 'x'), true],
    [field('area', 'x'), true],
    [field('date', 'x', {}, { type: 'daterange' }), true],
    [field('date', 'x', {}, { type: 'datetimerange' }), true],
    [field('date', 'x', {}, { type: 'date' }), false],
    [field('time', 'x', {}, { 'is-range': true }), true],
    [field('time', 'x'), false],
    [field('select', 'x', {}, { multiple: true }), true],
    [field('select', 'x'), false],
    [field('user', 'x', {}, { multiple: true }), true],
    [field('input', 'x'), false],
  ])('isMultiValue #%#', (f, expected) => {
    expect(isMultiValue(f)).toBe(expected);
  });
});

describe('parseAutoBindFields', () => {
  it.each<[unknown, Record<string, string>]>([
    ['{"101":"F_Name","102":"F_Code"}', { '101': 'F_Name', '102': 'F_Code' }],
    [{ '101': 'F_Name' }, { '101': 'F_Name' }],
    ['{broken', {}],
    ['', {}],
    ['[1,2]', {}],
    ['"text"', {}],
    ['null', {}],
    [undefined, {}],
    ['{"101":"a","102":{"x":1},"103":7}', { '101': 'a', '103': '7' }],
  ])('%j', (autoBindFields, expected) => {
    const f = { __config__: { formId: 1, avueType: 'asso-select', autoBindFields } } as unknown as FormField;
    expect(parseAutoBindFields(f)).toEqual(expected);
  });
});
