import { describe, expect, it } from 'vitest';
import type { ComputationToken, FormField } from '../forms.js';
import { computationReferences, computeField, evaluateFormula, isComputed } from './computation.js';

const ref = (formId: number | string): ComputationToken => ({ type: 'formId', formId, name: `f${formId}` });
const op = (name: string): ComputationToken => ({ formId: 0, name });
const tax: ComputationToken = { type: 'taxRate', formId: 0, name: '税率' };

function computed(tokens: ComputationToken[], taxRate?: number): FormField {
  return { __config__: { formId: 900, avueType: 'computation' } as FormField['__config__'], computationalConfiguration: tokens, taxRate };
}

const values: Record<number, unknown> = { 1: '0.1', 2: '0.2', 3: '19.99', 4: 3, 5: '', 6: 'abc', 7: '-2.5', 8: null, 9: '0', 10: ' 4 ', 11: [1] };
const valueOf = (id: number): unknown => values[id];

describe('computeField', () => {
  it.each<[string, ComputationToken[], number | undefined, string | null]>([
    ['0.1 + 0.2 exactly', [ref(1), op('+'), ref(2)], undefined, '0.30'],
    ['19.99 × 3 truncated correctly', [ref(3), op('*'), ref(4)], undefined, '59.97'],
    ['19.99 × 3 with the constant in one token', [ref(3), op('*3')], undefined, '59.97'],
    ['a single reference', [ref(3)], undefined, '19.99'],
    ['an integer gets 2 decimals', [ref(4)], undefined, '3.00'],
    ['empty value counts as 0', [ref(5), op('+'), ref(4)], undefined, '3.00'],
    ['non-numeric value counts as 0', [ref(6), op('+'), ref(4)], undefined, '3.00'],
    ['missing field counts as 0', [ref(99), op('+'), ref(4)], undefined, '3.00'],
    ['null counts as 0', [ref(8), op('+'), ref(4)], undefined, '3.00'],
    ['a list counts as 0', [ref(11), op('+'), ref(4)], undefined, '3.00'],
    ['a value with spaces is read', [ref(10), op('*'), ref(4)], undefined, '12.00'],
    ['formId as numeric text is a reference', [ref('3'), op('+'), ref('4')], undefined, '22.99'],
    ['a negative value after minus', [ref(4), op('-'), ref(7)], undefined, '5.50'],
    ['a negative result', [ref(7), op('*'), ref(4)], undefined, '-7.50'],
    ['truncated, not rounded', [ref(3), op('/'), op('7')], undefined, '2.85'],
    ['negative results truncate toward zero', [ref(7), op('/'), op('3')], undefined, '-0.83'],
    ['tiny negative is 0.00', [op('-0.001')], undefined, '0.00'],
    ['precedence', [ref(4), op('+'), ref(4), op('*'), op('2')], undefined, '9.00'],
    ['parentheses', [op('('), ref(4), op('+'), ref(4), op(')'), op('*'), op('2')], undefined, '12.00'],
    ['parentheses in one token', [op('(1.5 + 2) * 3')], undefined, '10.50'],
    ['nested parentheses and unary minus', [op('-('), op('-(2-5)'), op(')')], undefined, '-3.00'],
    ['unary plus', [op('+'), ref(4)], undefined, '3.00'],
    ['exact through division: a / 3 × 3', [ref(3), op('/ 3 * 3')], undefined, '19.99'],
    ['left associative minus', [op('10 - 4 - 3')], undefined, '3.00'],
    ['left associative division', [op('24 / 4 / 2')], undefined, '3.00'],
    ['tax rate as a percentage', [ref(3), op('*'), tax], 13, '2.59'],
    ['tax rate 0 adds 0', [ref(4), op('+'), tax], 0, '3.00'],
    ['decimal tax rate', [op('100*'), tax], 6.5, '6.50'],
    ['negative tax rate adds nothing (formula left dangling)', [ref(4), op('*'), tax], -1, null],
    ['negative tax rate alone adds nothing', [ref(4), tax], -1, '3.00'],
    ['missing tax rate adds nothing', [ref(4), tax], undefined, '3.00'],
    ['type operator ignores its formId', [ref(4), { type: 'operator', formId: 5, name: '+' }, ref(4)], undefined, '6.00'],
    ['big numbers stay exact', [op('99999999999999999.99 + 0.01')], undefined, '100000000000000000.00'],
    ['division by zero', [ref(4), op('/'), ref(9)], undefined, null],
    ['division by an empty value', [ref(4), op('/'), ref(5)], undefined, null],
    ['division by zero in parentheses', [op('1/(2-2)')], undefined, null],
    ['unknown operator', [ref(4), op('%'), op('2')], undefined, null],
    ['code in a token', [op('alert(1)')], undefined, null],
    ['exponent', [op('1e3')], undefined, null],
    ['two numbers in a row', [ref(4), ref(4)], undefined, null],
    ['trailing operator', [ref(4), op('+')], undefined, null],
    ['unbalanced parenthesis', [op('('), ref(4)], undefined, null],
    ['stray closing parenthesis', [ref(4), op(')')], undefined, null],
    ['empty parentheses', [op('()')], undefined, null],
    ['empty formula', [], undefined, null],
    ['only blank operator tokens', [op(''), op('  ')], undefined, null],
    ['a non-numeric formId', [{ formId: 'x', name: '' }], undefined, null],
    ['two decimal points', [op('1.2.3')], undefined, null],
  ])('%s', (_name, tokens, taxRate, expected) => {
    expect(computeField(computed(tokens, taxRate), valueOf)).toBe(expected);
  });

  it('asks valueOf with numeric formIds', () => {
    const asked: unknown[] = [];
    computeField(computed([ref('12'), op('+'), ref(13)]), (id) => {
      asked.push(id);
      return 1;
    });
    expect(asked).toEqual([12, 13]);
  });

  it('without a formula answers null', () => {
    expect(computeField({ __config__: { formId: 1, avueType: 'number' } as FormField['__config__'] }, valueOf)).toBeNull();
  });
});

describe('evaluateFormula', () => {
  it.each<[string, string | null]>([
    ['1+2*3', '7.00'],
    ['0.1+0.2', '0.30'],
    ['  ', null],
    ['2*', null],
    ['--2', '2.00'],
    ['1/3', '0.33'],
    ['2/3', '0.66'],
  ])('%s → %s', (formula, expected) => {
    expect(evaluateFormula(formula)).toBe(expected);
  });
});

describe('references', () => {
  it('lists referenced formIds in order', () => {
    expect(computationReferences(computed([ref(3), op('+'), ref('4'), tax, op('*2')]))).toEqual([3, 4]);
  });
  it('knows computed fields', () => {
    expect(isComputed(computed([ref(1)]))).toBe(true);
    expect(isComputed({ __config__: { formId: 1, avueType: 'number' } as FormField['__config__'], computationalConfiguration: [ref(1)] })).toBe(true);
    expect(isComputed({ __config__: { formId: 1, avueType: 'number' } as FormField['__config__'] })).toBe(false);
  });
});
