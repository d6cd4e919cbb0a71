import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  compareDecimals,
  divideDecimals,
  formatDecimal,
  multiplyDecimals,
  parseDecimal,
  subtractDecimals,
  sumDecimals,
  toDecimal,
  truncateDecimal,
  type Decimal,
} from './decimal.js';

const d = (v: string): Decimal => {
  const parsed = parseDecimal(v);
  if (!parsed) throw new Error(`not a decimal: ${v}`);
  return parsed;
};

describe('parseDecimal / toDecimal', () => {
  it.each<[unknown, string | null]>([
    ['12.345', '12.345'],
    ['-0.5', '-0.5'],
    ['+3', '3'],
    ['  7.10 ', '7.1'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['007', '7'],
    ['-0', '0'],
    ['-0.000', '0'],
    ['123456789012345678901234567890.123456789', '123456789012345678901234567890.123456789'],
    [0, '0'],
    [-0, '0'],
    [0.1, '0.1'],
    [19.99, '19.99'],
    [-1234.5, '-1234.5'],
    [1e21, '1000000000000000000000'],
    [1.5e-7, '0.00000015'],
    ['', null],
    ['   ', null],
    ['-', null],
    ['.', null],
    ['1e5', null],
    ['1E5', null],
    ['1,000', null],
    ['1.2.3', null],
    ['0x10', null],
    ['abc', null],
    ['Infinity', null],
    ['NaN', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [Number.NEGATIVE_INFINITY, null],
    [true, null],
    [null, null],
    [undefined, null],
    [{}, null],
    [['1'], null],
  ])('%j → %j', (input, expected) => {
    expect(toDecimal(input)).toBe(expected);
  });

  it('takes a bigint as an integer', () => {
    expect(toDecimal(123n)).toBe('123');
  });
});

describe('arithmetic', () => {
  it.each([
    ['0.1', '0.2', '0.3', '-0.1', '0.02'],
    ['19.99', '3', '22.99', '16.99', '59.97'],
    ['-1.5', '1.5', '0', '-3', '-2.25'],
    ['1000000000000000000.01', '0.99', '1000000000000000001', '999999999999999999.02', '990000000000000000.0099'],
    ['0', '-7', '-7', '7', '0'],
  ])('%s and %s: sum %s, difference %s, product %s', (a, b, sum, diff, product) => {
    expect(formatDecimal(addDecimals(d(a), d(b)))).toBe(sum);
    expect(formatDecimal(subtractDecimals(d(a), d(b)))).toBe(diff);
    expect(formatDecimal(multiplyDecimals(d(a), d(b)))).toBe(product);
  });

  it.each([
    ['1', '3', 20, '0.33333333333333333333'],
    ['-1', '3', 20, '-0.33333333333333333333'],
    ['10', '4', 20, '2.5'],
    ['1', '8', 2, '0.12'],
    ['-1', '8', 2, '-0.12'],
    ['0.3', '0.1', 20, '3'],
    ['2', '-0.5', 0, '-4'],
  ])('%s / %s at scale %i = %s', (a, b, scale, expected) => {
    const q = divideDecimals(d(a), d(b), scale);
    expect(q && formatDecimal(q)).toBe(expected);
  });

  it('refuses division by zero', () => {
    expect(divideDecimals(d('1'), d('0'))).toBeNull();
    expect(divideDecimals(d('0'), d('-0.00'))).toBeNull();
  });

  it.each([
    ['1.239', 2, '1.23'],
    ['-1.239', 2, '-1.23'],
    ['-0.009', 2, '0'],
    ['5', 2, '5'],
    ['12.3456', 0, '12'],
  ])('truncateDecimal(%s, %i) = %s', (a, digits, expected) => {
    expect(formatDecimal(truncateDecimal(d(a), digits))).toBe(expected);
  });

  it.each([
    ['12.3', 2, '12.30'],
    ['12.349', 2, '12.34'],
    ['-0.001', 2, '0.00'],
    ['-0.5', 2, '-0.50'],
    ['7', 0, '7'],
    ['0.05', 1, '0.0'],
  ])('formatDecimal(%s, %i) = %s', (a, fixed, expected) => {
    expect(formatDecimal(d(a), fixed)).toBe(expected);
  });

  it.each([
    ['1', '1.00', 0],
    ['-2', '1', -1],
    ['0.011', '0.01', 1],
  ])('compareDecimals(%s, %s) = %i', (a, b, expected) => {
    expect(compareDecimals(d(a), d(b))).toBe(expected);
  });

  it('sums with empty and foreign values as 0', () => {
    expect(sumDecimals(['0.1', 0.2, '', null, 'x', '-0.05'])).toBe('0.25');
    expect(sumDecimals([])).toBe('0');
  });
});
