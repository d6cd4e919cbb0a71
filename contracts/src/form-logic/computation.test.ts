import { describe, expect, it } from 'vitest';
import type { ComputationToken, FormField } from '../forms.js';
import { computationReferences, computeField, evaluateFormula, indexFields, isComputed, recomputeValues, valueResolver } from './computation.js';

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
    ['a constant entered key by key', [ref(4), op('*'), op('1'), op('0'), op('.'), op('5')], undefined, '31.50'],
    ['operators across tokens', [op('('), op('2'), op('+'), op('3'), op(')'), op('*'), ref(4)], undefined, '15.00'],
    ['a constant after a reference is not glued to it', [ref(4), op('0')], undefined, null],
    ['two constant tokens with a space', [op('1'), op(' 2')], undefined, null],
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

describe('valueResolver and recomputeValues', () => {
  const num = (formId: number, vModel: string): FormField => ({ __vModel__: vModel, __config__: { formId, avueType: 'number' } as FormField['__config__'] });
  const comp = (formId: number, vModel: string, tokens: ComputationToken[]): FormField => ({
    __vModel__: vModel,
    __config__: { formId, avueType: 'computation' } as FormField['__config__'],
    computationalConfiguration: tokens,
  });
  const price = num(11, 'price');
  const qty = num(12, 'qty');
  const line = comp(13, 'line', [ref(11), op('*'), ref(12), op('*'), ref(1)]);
  const table = { __vModel__: 'items', __config__: { formId: 10, avueType: 'table', children: [price, qty, line] } as FormField['__config__'] } as FormField;
  const rate = num(1, 'rate');
  const total = comp(2, 'total', [ref(13), op('+'), ref(1)]);
  const withTax = comp(3, 'withTax', [ref(2), op('* 1.13')]);
  const broken = comp(4, 'broken', [ref(1), op('/ 0')]);
  const data: FormField[] = [withTax, rate, table, total, broken];

  it('reads the same row and the main form (a column from the main form is 0); chains of computed fields settle', () => {
    const values = {
      rate: '1',
      items: [
        { price: '19.99', qty: 3 },
        { price: '0.1', qty: '' },
        { price: '0.01', qty: '2' },
      ],
      withTax: 'stale',
    };
    const out = recomputeValues(data, values);
    expect(out.items).toEqual([
      { price: '19.99', qty: 3, line: '59.97' },
      { price: '0.1', qty: '', line: '0.00' },
      { price: '0.01', qty: '2', line: '0.02' },
    ]);
    expect(out.total).toBe('1.00');
    expect(out.withTax).toBe('1.13');
    expect(out.broken).toBe('');
    expect(values.items[0]).toEqual({ price: '19.99', qty: 3 });
    expect(values.withTax).toBe('stale');
  });

  it('copes with missing sub-tables, junk rows and self references', () => {
    const self = comp(5, 'self', [ref(5), op('+1')]);
    const out = recomputeValues([table, total, self], { items: [null, 'x'] });
    expect(out.total).toBe('0.00');
    expect(out.items).toEqual([null, 'x']);
    expect(typeof out.self).toBe('string');
  });

  it('resolves references one by one', () => {
    const index = indexFields(data);
    const values = { rate: '2', items: [{ price: '1.5' }, { price: '2' }] };
    const main = valueResolver(index, values);
    expect(main(1)).toBe('2');
    expect(main(11)).toBeUndefined();
    expect(main(10)).toBeUndefined();
    expect(main(999)).toBeUndefined();
    const inRow = valueResolver(index, values, { table, row: values.items[1] });
    expect(inRow(11)).toBe('2');
    expect(inRow(1)).toBe('2');
  });
});

it('a formula nested too deep answers null rather than throwing', () => {
  expect(computeField(computed([op('('.repeat(100)), ...Array.from({ length: 199 }, () => op('('.repeat(100)))]), valueOf)).toBeNull();
  expect(evaluateFormula(`${'('.repeat(200000)}1${')'.repeat(200000)}`)).toBeNull();
});

describe('generated: two-decimal operands against integer cent arithmetic', () => {
  /** Cents as a decimal text with exactly 2 decimals. */
  const text = (c: bigint): string => {
    const abs = c < 0n ? -c : c;
    return `${c < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  };
  const rows: [string, string, string, string | null][] = [];
  let seed = 8n;
  const next = (): bigint => {
    seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
    return seed;
  };
  for (let i = 0; i < 150; i += 1) {
    const a = (next() % 2_000_000n) - 1_000_000n;
    const b = (next() % 20_000n) - 10_000n;
    // BigInt division truncates toward zero, which is the rule for computed results.
    rows.push([text(a), '+', text(b), text(a + b)]);
    rows.push([text(a), '-', text(b), text(a - b)]);
    rows.push([text(a), '*', text(b), text((a * b) / 100n)]);
    rows.push([text(a), '/', text(b), b === 0n ? null : text((a * 100n) / b)]);
  }
  it.each(rows)('%s %s %s = %s', (a, operator, b, expected) => {
    const values: Record<number, string> = { 1: a, 2: b };
    expect(computeField(computed([ref(1), op(operator), ref(2)]), (id) => values[id])).toBe(expected === '-0.00' ? '0.00' : expected);
  });
});
