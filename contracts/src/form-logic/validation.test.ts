import { describe, expect, it } from 'vitest';
import { formField, type FieldAuthority, type FormField, type FormValues } from '../forms.js';
import { isEmptyValue, triggerOf, validateFieldValue, validateFormValues } from './validation.js';

type Config = Partial<FormField['__config__']>;
let nextId = 1;
function field(avueType: FormField['__config__']['avueType'], config: Config = {}, extra: Record<string, unknown> = {}): FormField {
  return formField.parse({ __vModel__: `f${nextId}`, ...extra, __config__: { formId: nextId++, avueType, label: 'L', ...config } }) as FormField;
}
const req = { required: true };
const opts = (...values: (string | number | boolean)[]) => ({ __slot__: { options: values.map((v) => ({ label: String(v), value: v })) } });
type Expected = { key: string; params?: Record<string, string | number>; message?: string } | null;

const L = { label: 'L' };
const cases: [string, FormField, unknown, Expected][] = [
  // required
  ['required empty', field('input', req), '', { key: 'forms.rule.required', params: L }],
  ['required whitespace', field('input', req), '   ', { key: 'forms.rule.required', params: L }],
  ['required null', field('input', req), null, { key: 'forms.rule.required', params: L }],
  ['required undefined', field('input', req), undefined, { key: 'forms.rule.required', params: L }],
  ['required []', field('select', req, { multiple: true }), [], { key: 'forms.rule.required', params: L }],
  ['required with placeholder', field('input', req, { placeholder: '请输入姓名' }), '', { key: 'forms.rule.required', params: L, message: '请输入姓名' }],
  ['required with blank placeholder', field('input', req, { placeholder: ' ' }), '', { key: 'forms.rule.required', params: L }],
  ['required filled', field('input', req), 'x', null],
  ['required number 0 is filled', field('number', req), 0, null],
  ['required switch false is filled', field('switch', req), false, null],
  ['not required empty', field('input'), '', null],
  ['required upload', field('upload', req, { placeholder: 'p' }), '', { key: 'forms.rule.uploadRequired', params: L }],
  ['required checkbox', field('checkbox', req), '', { key: 'forms.rule.checkRequired', params: L }],
  ['required company', field('company', req), '', { key: 'forms.rule.required', params: L }],
  ['required date range', field('date', req, { type: 'daterange' }), [], { key: 'forms.rule.required', params: L }],
  // regList
  ['pattern passes', field('input', { regList: [{ pattern: '^\\d+$', message: '数字' }] }), '123', null],
  [
    'pattern fails with message',
    field('input', { regList: [{ pattern: '^\\d+$', message: '只能是数字' }] }),
    '12a',
    { key: 'forms.rule.pattern', message: '只能是数字' },
  ],
  ['pattern fails without message', field('input', { regList: [{ pattern: '^\\d+$', message: '' }] }), 'x', { key: 'forms.rule.pattern', params: {} }],
  [
    'second pattern fails',
    field('input', {
      regList: [
        { pattern: '.', message: 'a' },
        { pattern: '^b', message: 'b' },
      ],
    }),
    'x',
    { key: 'forms.rule.pattern', message: 'b' },
  ],
  ['invalid regexp fails', field('input', { regList: [{ pattern: '(', message: 'bad' }] }), 'x', { key: 'forms.rule.pattern', message: 'bad' }],
  ['regex literal of the original passes', field('input', { regList: [{ pattern: '/^1(3|4|5|7|8|9)\\d{9}$/', message: '手机' }] }), '13812345678', null],
  [
    'regex literal of the original fails',
    field('input', { regList: [{ pattern: '/^1(3|4|5|7|8|9)\\d{9}$/', message: '手机' }] }),
    '12812345678',
    { key: 'forms.rule.pattern', message: '手机' },
  ],
  ['regex literal with flags', field('input', { regList: [{ pattern: '/^abc$/i', message: 'm' }] }), 'ABC', null],
  [
    'regex literal with g is not stateful',
    field('input', {
      regList: [
        { pattern: '/^a/g', message: 'm' },
        { pattern: '/^a/g', message: 'm2' },
      ],
    }),
    'abc',
    null,
  ],
  ['a lone slash is a source', field('input', { regList: [{ pattern: '/', message: 'm' }] }), 'a/b', null],
  ['pattern not checked on empty', field('input', { regList: [{ pattern: '^\\d+$', message: 'm' }] }), '', null],
  ['pattern on a number value', field('input', { regList: [{ pattern: '^\\d+$', message: 'm' }] }), 42, null],
  ['pattern on a list value is tested on the joined text', field('checkbox', { regList: [{ pattern: '^a,b$', message: 'm' }] }), ['a', 'b'], null],
  ['\\u escapes (common in Chinese forms) pass', field('input', { regList: [{ pattern: '^[\\u4e00-\\u9fa5]+$', message: 'm' }] }), '中文', null],
  ['\\u escapes fail', field('input', { regList: [{ pattern: '^[\\u4e00-\\u9fa5]+$', message: 'm' }] }), 'abc', { key: 'forms.rule.pattern', message: 'm' }],
  ['\\u{...} escape', field('input', { regList: [{ pattern: '/^\\u{1F600}$/u', message: 'm' }] }), '😀', null],
  ['an escaped backslash before u is not an escape', field('input', { regList: [{ pattern: '^\\\\u0041$', message: 'm' }] }), '\\u0041', null],
  ['regex literal with m', field('input', { regList: [{ pattern: '/^b$/m', message: 'm' }] }), 'a\nb', null],
  ['regex literal with s', field('input', { regList: [{ pattern: '/^a.b$/s', message: 'm' }] }), 'a\nb', null],
  ['. without s stops at a newline', field('input', { regList: [{ pattern: '/^a.b$/', message: 'm' }] }), 'a\nb', { key: 'forms.rule.pattern', message: 'm' }],
  [
    'a backreference (refused when saved) fails every value',
    field('input', { regList: [{ pattern: '^(a)\\1$', message: 'm' }] }),
    'aa',
    { key: 'forms.rule.pattern', message: 'm' },
  ],
  // mobile
  ['mobile ok', field('mobile'), '13812345678', null],
  ['mobile ok with spaces around', field('mobile'), ' 13812345678 ', null],
  ['mobile required empty', field('mobile', req), '', { key: 'forms.rule.mobileEmpty', params: L }],
  ['mobile not required empty', field('mobile'), '', null],
  ['mobile short (checked when not required)', field('mobile'), '1381234567', { key: 'forms.rule.mobileLength', params: L }],
  ['mobile long', field('mobile'), '138123456789', { key: 'forms.rule.mobileLength', params: L }],
  ['mobile starting 12', field('mobile'), '12812345678', { key: 'forms.rule.mobileFormat', params: L }],
  ['mobile with a letter', field('mobile'), '1381234567a', { key: 'forms.rule.mobileFormat', params: L }],
  ['mobile as a number', field('mobile'), 13812345678, null],
  // number / computation
  ['number ok', field('number'), '12.5', null],
  ['number as number', field('number'), 12.5, null],
  ['number negative', field('number'), '-3', null],
  ['number text', field('number'), 'abc', { key: 'forms.rule.number', params: L }],
  ['number exponent', field('number'), '1e3', { key: 'forms.rule.number', params: L }],
  ['number boolean', field('number'), true, { key: 'forms.rule.number', params: L }],
  ['number object', field('number'), { a: 1 }, { key: 'forms.rule.number', params: L }],
  ['number list', field('number'), [1], { key: 'forms.rule.number', params: L }],
  ['number below min', field('number', {}, { min: 0, max: 100 }), '-0.01', { key: 'forms.rule.range', params: { label: 'L', min: 0, max: 100 } }],
  ['number above max', field('number', {}, { min: 0, max: 100 }), '100.000001', { key: 'forms.rule.range', params: { label: 'L', min: 0, max: 100 } }],
  ['number at the bounds', field('number', {}, { min: 0, max: 100 }), '100', null],
  ['number only max', field('number', {}, { max: 1.5 }), 2, { key: 'forms.rule.range', params: { label: 'L', min: '-∞', max: 1.5 } }],
  ['number only min', field('number', {}, { min: 1 }), 0, { key: 'forms.rule.range', params: { label: 'L', min: 1, max: '∞' } }],
  ['computation ok', field('computation'), '12.30', null],
  ['computation not a number', field('computation'), 'x', { key: 'forms.rule.number', params: L }],
  ['number with regList', field('number', { regList: [{ pattern: '^\\d+$', message: 'int' }] }), '1.5', { key: 'forms.rule.pattern', message: 'int' }],
  ['slider ok', field('slider', {}, { min: 0, max: 100 }), 30, null],
  ['slider out of range', field('slider', {}, { min: 0, max: 100 }), 130, { key: 'forms.rule.range', params: { label: 'L', min: 0, max: 100 } }],
  ['rate not a number', field('rate'), 'x', { key: 'forms.rule.number', params: L }],
  ['rate object', field('rate'), {}, { key: 'forms.rule.number', params: L }],
  // maxlength
  ['maxlength ok', field('input', {}, { maxlength: 3 }), 'abc', null],
  ['maxlength exceeded', field('input', {}, { maxlength: 3 }), 'abcd', { key: 'forms.rule.maxlength', params: { label: 'L', max: 3 } }],
  ['maxlength counts characters', field('textarea', {}, { maxlength: 2 }), '𠀀中', null],
  ['maxlength password', field('password', {}, { maxlength: 2 }), 'abc', { key: 'forms.rule.maxlength', params: { label: 'L', max: 2 } }],
  ['maxlength of a number value', field('input', {}, { maxlength: 2 }), 123, { key: 'forms.rule.maxlength', params: { label: 'L', max: 2 } }],
  // options
  ['select option ok', field('select', {}, opts('1', '2')), '1', null],
  ['select number option compared as text', field('select', {}, opts(1, 2)), '2', null],
  ['select value number vs text option', field('select', {}, opts('1', '2')), 2, null],
  ['select unknown', field('select', {}, opts('1', '2')), '3', { key: 'forms.rule.option', params: L }],
  ['single select is not split', field('select', {}, opts('1', '2')), '1,2', { key: 'forms.rule.option', params: L }],
  ['multiple select split', field('select', {}, { ...opts('1', '2'), multiple: true }), '1,2', null],
  ['multiple select one unknown', field('select', {}, { ...opts('1', '2'), multiple: true }), '1,3', { key: 'forms.rule.option', params: L }],
  ['multiple select as a list', field('select', {}, { ...opts('1', '2'), multiple: true }), ['2', '1'], null],
  ['radio ok', field('radio', {}, opts('a', 'b')), 'b', null],
  ['radio unknown', field('radio', {}, opts('a', 'b')), 'c', { key: 'forms.rule.option', params: L }],
  ['radio boolean options', field('radio', {}, opts(true, false)), false, null],
  ['checkbox ok', field('checkbox', {}, opts('a', 'b', 'c')), 'a,c', null],
  ['checkbox unknown', field('checkbox', {}, opts('a', 'b')), 'a,x', { key: 'forms.rule.option', params: L }],
  ['static dataType checked', field('select', { dataType: 'static' }, opts('1')), '2', { key: 'forms.rule.option', params: L }],
  ['dictionary options not checked', field('select', { dataType: 'dataItem' }, opts('1')), '2', null],
  ['data source options not checked', field('select', { dataType: 'dataSource' }), '2', null],
  ['no options not checked', field('select'), 'anything', null],
  ['empty option list not checked', field('select', {}, { __slot__: { options: [] } }), 'anything', null],
  // map
  ['map ok', field('map'), '116.397,39.908', null],
  ['map edges', field('map'), '-180,74', null],
  ['map edges 2', field('map'), '180,-74', null],
  ['map longitude out', field('map'), '180.0001,0', { key: 'forms.rule.map', params: L }],
  ['map latitude out', field('map'), '0,-74.5', { key: 'forms.rule.map', params: L }],
  ['map malformed', field('map'), '116.397', { key: 'forms.rule.map', params: L }],
  ['map text', field('map'), 'a,b', { key: 'forms.rule.map', params: L }],
  ['map three parts', field('map'), '1,2,3', { key: 'forms.rule.map', params: L }],
  // shapes
  ['object on a text field', field('input'), { x: 1 }, { key: 'forms.rule.pattern', params: {} }],
  ['list on a single value field', field('input'), ['a'], { key: 'forms.rule.pattern', params: {} }],
  ['list of objects on a checkbox', field('checkbox'), [{ a: 1 }], { key: 'forms.rule.pattern', params: {} }],
  ['list on a checkbox', field('checkbox'), ['a', 'b'], null],
  ['list on a range', field('date', {}, { type: 'daterange' }), ['2026-01-01', '2026-01-02'], null],
  ['boolean on a switch', field('switch'), true, null],
  // containers
  ['containers are not checked', field('table', req), 'x', null],
];

describe('validateFieldValue', () => {
  it.each(cases)('%s', (_name, f, value, expected) => {
    const result = validateFieldValue(f, value);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toMatchObject(expected);
  });

  it('runs a catastrophic-backtracking pattern in linear time', () => {
    const f = field('input', { regList: [{ pattern: '^(a+)+$', message: 'm' }] });
    const started = performance.now();
    expect(validateFieldValue(f, `${'a'.repeat(40)}b`)).toMatchObject({ key: 'forms.rule.pattern', message: 'm' });
    // A backtracking engine needs about 2^40 steps here; a linear one a few microseconds (generous bound for a busy machine).
    expect(performance.now() - started).toBeLessThan(50);
    expect(validateFieldValue(f, 'a'.repeat(40))).toBeNull();
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('reads a field named %s from the values only, never from Object.prototype', (name) => {
    const f = formField.parse({ __vModel__: name, __config__: { formId: 900, avueType: 'input', label: 'N' } }) as FormField;
    const r = formField.parse({ __vModel__: name, __config__: { formId: 901, avueType: 'input', label: 'N', required: true } }) as FormField;
    expect(validateFormValues([f], {})).toEqual([]);
    expect(validateFormValues([r], {})).toEqual([{ vModel: name, formId: 901, key: 'forms.rule.required', params: { label: 'N' } }]);
    expect(validateFormValues([r], JSON.parse(`{"${name}": "x"}`) as FormValues)).toEqual([]);
  });

  it('answers only key, params and message', () => {
    expect(validateFieldValue(field('input', req, { placeholder: 'p' }), '')).toEqual({ key: 'forms.rule.required', params: L, message: 'p' });
    expect(validateFieldValue(field('input', req), '')).toEqual({ key: 'forms.rule.required', params: L });
  });

  it('takes view and required from the authority entry', () => {
    const f = field('input', { formId: 500 });
    const required: FieldAuthority[] = [{ formId: '500', view: true, edit: true, required: true }];
    const hidden: FieldAuthority[] = [{ formId: 500, view: false, edit: true, required: true }];
    const notRequired: FieldAuthority[] = [{ formId: 500, view: true, edit: true, required: false }];
    expect(validateFieldValue(f, '', required)?.key).toBe('forms.rule.required');
    expect(validateFieldValue(f, '', hidden)).toBeNull();
    expect(validateFieldValue(field('input', { formId: 501, required: true }), '', notRequired)?.key).toBe('forms.rule.required');
    expect(validateFieldValue(field('input', { formId: 500, required: true }), '', notRequired)).toBeNull();
    expect(validateFieldValue(field('input', { view: false, required: true }), '')).toBeNull();
  });
});

describe('triggerOf', () => {
  it.each<[FormField['__config__']['avueType'], string]>([
    ['number', 'blur'],
    ['computation', 'blur'],
    ['input', 'change'],
    ['select', 'change'],
    ['mobile', 'change'],
    ['slider', 'change'],
  ])('%s → %s', (type, expected) => {
    expect(triggerOf(field(type))).toBe(expected);
  });
});

describe('isEmptyValue', () => {
  it.each<[unknown, boolean]>([
    [undefined, true],
    [null, true],
    ['', true],
    [' \t', true],
    [[], true],
    [0, false],
    [false, false],
    ['0', false],
    [['a'], false],
  ])('%j → %s', (value, expected) => {
    expect(isEmptyValue(value)).toBe(expected);
  });
});

describe('validateFormValues', () => {
  const name = formField.parse({ __vModel__: 'F_Name', __config__: { formId: 101, avueType: 'input', label: '姓名', required: true } }) as FormField;
  const phone = formField.parse({ __vModel__: 'F_Phone', __config__: { formId: 102, avueType: 'mobile', label: '电话' } }) as FormField;
  const hiddenOne = formField.parse({
    __vModel__: 'F_Secret',
    __config__: { formId: 103, avueType: 'input', label: '秘', required: true, view: false },
  }) as FormField;
  const inTab = formField.parse({ __vModel__: 'F_Age', __config__: { formId: 104, avueType: 'number', label: '年龄', max: 200 } }) as FormField;
  const tabs = formField.parse({
    __config__: { formId: 105, avueType: 'tabs', option: { column: [{ label: 't', prop: 't' }] }, childrenObj: { t: [inTab] } },
  }) as FormField;
  const qty = formField.parse({ __vModel__: 'qty', __config__: { formId: 111, avueType: 'number', label: '数量', required: true } }) as FormField;
  const item = formField.parse({ __vModel__: 'item', __config__: { formId: 112, avueType: 'input', label: '品名' } }) as FormField;
  const table = formField.parse({ __vModel__: 'items', __config__: { formId: 110, avueType: 'table', label: '明细', children: [item, qty] } }) as FormField;
  const row = formField.parse({ __config__: { formId: 120, avueType: 'row', children: [phone] } }) as FormField;
  const data = [name, row, hiddenOne, tabs, table];

  it('accepts a good form', () => {
    expect(validateFormValues(data, { F_Name: 'x', F_Phone: '13812345678', F_Age: '30', items: [{ item: 'a', qty: '1' }] })).toEqual([]);
  });

  it('accepts an empty sub-table and a missing one', () => {
    expect(validateFormValues(data, { F_Name: 'x', items: [] })).toEqual([]);
    expect(validateFormValues(data, { F_Name: 'x' })).toEqual([]);
  });

  it('reports every error with vModel, formId and row', () => {
    expect(
      validateFormValues(data, { F_Name: '', F_Phone: '123', F_Secret: '', F_Age: 'x', items: [{ item: 'a', qty: '1' }, { item: 'b', qty: '' }, 'junk'] }),
    ).toEqual([
      { vModel: 'F_Name', formId: 101, key: 'forms.rule.required', params: { label: '姓名' } },
      { vModel: 'F_Phone', formId: 102, key: 'forms.rule.mobileLength', params: { label: '电话' } },
      { vModel: 'F_Age', formId: 104, key: 'forms.rule.number', params: { label: '年龄' } },
      { vModel: 'qty', formId: 111, row: 1, key: 'forms.rule.required', params: { label: '数量' } },
      { vModel: 'items', formId: 110, row: 2, key: 'forms.rule.pattern', params: {} },
    ]);
  });

  it('refuses a sub-table value that is not a list', () => {
    expect(validateFormValues(data, { F_Name: 'x', items: 'rows' })).toEqual([{ vModel: 'items', formId: 110, key: 'forms.rule.pattern', params: {} }]);
  });

  it('applies the authority list, also to sub-tables and their columns', () => {
    const authority: FieldAuthority[] = [
      { formId: 101, view: false, edit: false, required: false },
      { formId: 103, view: true, edit: true, required: true },
      { formId: 111, view: true, edit: true, required: false },
    ];
    expect(validateFormValues(data, { items: [{ qty: '' }] }, authority)).toEqual([
      { vModel: 'F_Secret', formId: 103, key: 'forms.rule.required', params: { label: '秘' } },
    ]);
    const hideTable: FieldAuthority[] = [{ formId: 110, view: false, edit: false, required: false }];
    expect(validateFormValues(data, { F_Name: 'x', items: 'rows' }, hideTable)).toEqual([]);
  });

  it('skips fields inside a hidden tab set or row', () => {
    const hidden: FieldAuthority[] = [
      { formId: 105, view: false, edit: false, required: false },
      { formId: 120, view: false, edit: false, required: false },
    ];
    expect(validateFormValues(data, { F_Name: 'x', F_Phone: '1', F_Age: 'x' }, hidden)).toEqual([]);
  });

  it('checks an empty form as fine', () => {
    expect(validateFormValues([], { anything: 1 })).toEqual([]);
  });
});
