import { describe, expect, it } from 'vitest';
import type { FormField } from '../forms.js';
import { parseScheme, schemeSaveIssue } from './scheme.js';

type Raw = Record<string, unknown>;
const f = (formId: number, avueType: string, vModel?: string, config: Raw = {}, extra: Raw = {}): Raw => ({
  ...(vModel === undefined ? {} : { __vModel__: vModel }),
  ...extra,
  __config__: { formId, avueType, ...config },
});
const tabs = (formId: number, props: string[], childrenObj: Record<string, Raw[]>): Raw =>
  f(formId, 'tabs', undefined, { option: { column: props.map((prop) => ({ label: prop, prop })) }, childrenObj });
const table = (formId: number, vModel: string | undefined, children: Raw[]): Raw => f(formId, 'table', vModel, { children });
const row = (formId: number, children: Raw[]): Raw => f(formId, 'row', undefined, { children });

const good = {
  data: [
    f(101, 'input', 'F_Name', { label: '姓名', required: true }, { placeholder: '请输入姓名' }),
    row(102, [f(103, 'number', 'F_Price'), f(104, 'number', 'F_Qty')]),
    tabs(105, ['t1', 't2'], {
      t1: [f(106, 'computation', 'F_Total', {}, { computationalConfiguration: [{ formId: 103 }, { formId: 0, name: '*' }, { formId: '104' }] })],
    }),
    table(107, 'items', [f(108, 'input', 'F_Name'), f(109, 'number', 'qty')]),
  ],
  formConf: { labelWidth: 100 },
};

describe('parseScheme', () => {
  it('accepts a good scheme, as an object or as JSON, with defaults filled', () => {
    for (const input of [good, JSON.stringify(good)]) {
      const result = parseScheme(input);
      expect(result.ok).toBe(true);
      if (result.ok) {
        expect(result.scheme.data).toHaveLength(4);
        expect(result.scheme.data[0].__config__.span).toBe(24);
        expect(result.scheme.formConf?.labelPosition).toBe('right');
      }
    }
  });

  it('accepts an empty form (the designer saves work in progress)', () => {
    expect(parseScheme({ data: [] })).toEqual({ ok: true, scheme: { data: [] } });
  });

  it('accepts tabs without children, keys for some tabs only, rows nesting tabs and tables', () => {
    const nested = { data: [row(1, [tabs(2, ['a', 'b'], { b: [table(3, 'rows', [f(4, 'input', 'x')])] }), tabs(5, ['c'], {})])] };
    expect(parseScheme(nested).ok).toBe(true);
  });

  it('keeps unknown keys', () => {
    const result = parseScheme({ data: [f(1, 'input', 'a', { designerExtra: 1 }, { 'show-word-limit': true })] });
    expect(result.ok && result.scheme.data[0]).toMatchObject({ 'show-word-limit': true, __config__: { designerExtra: 1 } });
  });

  it.each<[string, unknown, string]>([
    ['not JSON', '{data:', 'not JSON'],
    ['not an object', 42, 'schema'],
    ['null', null, 'schema'],
    ['no data', { formConf: {} }, 'schema: data'],
    ['unknown type', { data: [f(1, 'video', 'a')] }, 'schema: data.0.__config__.avueType'],
    ['formId 0', { data: [f(0, 'input', 'a')] }, 'schema: data.0.__config__.formId'],
    ['bad vModel', { data: [f(1, 'input', '1abc')] }, 'schema: data.0.__vModel__'],
    ['duplicate formId', { data: [f(103, 'input', 'a'), f(103, 'input', 'b')] }, 'duplicate formId 103'],
    ['duplicate formId in a tab', { data: [f(1, 'input', 'a'), tabs(2, ['t'], { t: [f(1, 'input', 'b')] })] }, 'duplicate formId 1'],
    ['duplicate formId in a sub-table', { data: [f(1, 'input', 'a'), table(2, 't', [f(1, 'input', 'b')])] }, 'duplicate formId 1'],
    ['duplicate formId of a container', { data: [row(5, []), f(5, 'input', 'a')] }, 'duplicate formId 5'],
    ['duplicate vModel', { data: [f(1, 'input', 'a'), f(2, 'input', 'a')] }, 'duplicate __vModel__ in main form: a'],
    ['duplicate vModel across a row', { data: [f(1, 'input', 'a'), row(2, [f(3, 'input', 'a')])] }, 'duplicate __vModel__ in main form: a'],
    [
      'duplicate vModel across tabs',
      { data: [tabs(1, ['x', 'y'], { x: [f(2, 'input', 'a')], y: [f(3, 'input', 'a')] })] },
      'duplicate __vModel__ in main form: a',
    ],
    ['table vModel equals a field', { data: [f(1, 'input', 'items'), table(2, 'items', [])] }, 'duplicate __vModel__ in main form: items'],
    ['duplicate column', { data: [table(1, 't', [f(2, 'input', 'a'), f(3, 'number', 'a')])] }, 'duplicate __vModel__ in sub-table 1: a'],
    ['field without vModel', { data: [f(1, 'input')] }, 'field 1 has no __vModel__'],
    ['column without vModel', { data: [table(1, 't', [f(2, 'input')])] }, 'field 2 has no __vModel__'],
    ['table without vModel', { data: [table(1, undefined, [])] }, 'sub-table 1 has no __vModel__'],
    ['row in a table', { data: [table(1, 't', [row(2, [])])] }, 'sub-table 1 has a row container as a column'],
    ['table in a table', { data: [table(1, 't', [table(2, 'u', [])])] }, 'sub-table 1 has a table container as a column'],
    ['tab key without a tab', { data: [tabs(1, ['a'], { b: [f(2, 'input', 'x')] })] }, "tabs 1 has children under 'b', which is not a tab"],
    ['duplicate tab prop', { data: [tabs(1, ['a', 'a'], {})] }, 'duplicate tab prop in tabs 1: a'],
    [
      'reference to a missing field',
      { data: [f(1, 'computation', 'c', {}, { computationalConfiguration: [{ formId: 9 }] })] },
      'field 1 refers to missing formId 9',
    ],
    [
      'reference as text to a missing field',
      { data: [f(1, 'number', 'c', {}, { computationalConfiguration: [{ formId: '9' }] })] },
      'field 1 refers to missing formId 9',
    ],
    [
      'reference to a container',
      { data: [table(1, 't', []), f(2, 'computation', 'c', {}, { computationalConfiguration: [{ formId: 1 }] })] },
      'field 2 refers to container 1',
    ],
  ])('refuses %s', (_name, input, reason) => {
    const result = parseScheme(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason.startsWith(reason), result.reason).toBe(true);
  });

  it('allows operator tokens, the tax rate and a reference into a sub-table', () => {
    const scheme = {
      data: [
        table(1, 't', [f(2, 'number', 'p')]),
        f(3, 'computation', 'c', {}, { taxRate: 13, computationalConfiguration: [{ formId: 2 }, { formId: 0, name: '*' }, { type: 'taxRate', formId: 0 }] }),
      ],
    };
    expect(parseScheme(scheme).ok).toBe(true);
  });

  it('never throws, even on very deep nesting', () => {
    let deep: Raw = f(1, 'input', 'a');
    for (let i = 2; i < 20000; i += 1) deep = row(i, [deep]);
    expect(parseScheme({ data: [deep] }).ok).toBe(false);
    const text = `{"data":${'['.repeat(100000)}${']'.repeat(100000)}}`;
    expect(() => parseScheme(text)).not.toThrow();
  });
});

describe('schemeSaveIssue', () => {
  const data = (input: unknown) => {
    const result = parseScheme(input);
    if (!result.ok) throw new Error(result.reason);
    return result.scheme.data as FormField[];
  };
  const rule = (pattern: string) => ({
    regList: [
      { pattern: '^\\d+$', message: '' },
      { pattern, message: 'm' },
    ],
  });

  it('accepts a good scheme, patterns in RE2 syntax, JS literals and \\u escapes included', () => {
    expect(schemeSaveIssue(data(good))).toBeNull();
    expect(schemeSaveIssue(data({ data: [f(1, 'input', 'a', rule('/^[\\u4e00-\\u9fa5]+$/i')), f(2, 'input', 'b', rule('^(a+)+$'))] }))).toBeNull();
  });

  it.each(['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'])(
    'refuses the field name %s, in the main form and in a sub-table',
    (name) => {
      expect(schemeSaveIssue(data({ data: [f(1, 'input', 'a'), f(2, 'input', name, { label: '名称' })] }))).toEqual({
        kind: 'fieldName',
        formId: 2,
        label: '名称',
        name,
      });
      expect(schemeSaveIssue(data({ data: [table(1, 't', [f(2, 'input', name, { label: '列' })])] }))).toEqual({
        kind: 'fieldName',
        formId: 2,
        label: '列',
        name,
      });
      expect(schemeSaveIssue(data({ data: [table(1, name, [])] }))).toMatchObject({ kind: 'fieldName', formId: 1, name });
    },
  );

  it.each([
    ['a backreference', '^(a)\\1$'],
    ['a named backreference', '(?<x>a)\\k<x>'],
    ['a lookahead', '^(?=.*\\d).{8,}$'],
    ['a negative lookahead', '^(?!admin)'],
    ['a lookbehind', '(?<=a)b'],
    ['a JS literal with a lookahead', '/^(?=a)/i'],
    ['a syntax error', '('],
  ])('refuses %s in a rule, also inside a tab and a sub-table', (_what, pattern) => {
    const issue = { kind: 'pattern', formId: 3, label: '编号', pattern };
    expect(schemeSaveIssue(data({ data: [f(1, 'input', 'a'), f(3, 'input', 'b', { label: '编号', ...rule(pattern) })] }))).toEqual(issue);
    expect(schemeSaveIssue(data({ data: [tabs(1, ['t'], { t: [f(3, 'input', 'b', { label: '编号', ...rule(pattern) })] })] }))).toEqual(issue);
    expect(schemeSaveIssue(data({ data: [table(1, 't', [f(3, 'input', 'b', { label: '编号', ...rule(pattern) })])] }))).toEqual(issue);
  });
});
