import { describe, expect, it } from 'vitest';
import { convertCell, formatDate, parseDateCell, translate } from './convert.js';

describe('import cell conversion', () => {
  it('reads dates in the usual Chinese spellings, serials and Date values', () => {
    const day = { y: 2026, m: 11, d: 28, h: 0, mi: 0, s: 0 };
    for (const text of ['2026-11-28', '2026/11/28', '2026.11.28', '2026年11月28日', '20261128', ' 2026-11-28 ', '46354'])
      expect(parseDateCell(text)).toEqual(day);
    expect(parseDateCell(46354)).toEqual(day);
    expect(parseDateCell(new Date(Date.UTC(2026, 10, 28)))).toEqual(day);
    expect(parseDateCell('2026-11-28 09:30')).toEqual({ ...day, h: 9, mi: 30 });
    expect(parseDateCell('2026年11月28日 9时5分')).toEqual({ ...day, h: 9, mi: 5 });
    for (const bad of ['2026-02-30', '2026-13-01', 'tomorrow', '28/11/2026', '']) expect(parseDateCell(bad)).toBeNull();
    expect(formatDate({ ...day, h: 9, mi: 5, s: 7 }, '', 'datetime')).toBe('2026-11-28 09:05:07');
    expect(formatDate(day, 'yyyy/MM/dd', 'date')).toBe('2026/11/28');
  });

  it('converts numbers, integers, booleans and refuses what does not fit', () => {
    expect(convertCell('number', '', '1,234.5', '1,234.5')).toEqual({ ok: true, value: 1234.5 });
    expect(convertCell('number', '0.00', 3.14159, '3.14159')).toEqual({ ok: true, value: 3.14 });
    expect(convertCell('number', '', 'abc', 'abc')).toEqual({ ok: false, key: 'cellNumber' });
    expect(convertCell('integer', '', '3.5', '3.5')).toEqual({ ok: false, key: 'cellInteger' });
    expect(convertCell('boolean', '', '是', '是')).toEqual({ ok: true, value: 1 });
    expect(convertCell('boolean', '', 'maybe', 'maybe')).toEqual({ ok: false, key: 'cellBoolean' });
    expect(convertCell('date', '', '2026年1月5日', '2026年1月5日')).toEqual({ ok: true, value: '2026-01-05' });
    expect(convertCell('text', '', '', '')).toEqual({ ok: true, value: null });
  });

  it('translates labels (and values, and lists) to stored values', () => {
    const options = new Map([
      ['男', '1'],
      ['女', '2'],
    ]);
    const values = new Set(['1', '2']);
    expect(translate(options, values, '女')).toBe('2');
    expect(translate(options, values, '1')).toBe('1');
    expect(translate(options, values, '男，女')).toBe('1,2');
    expect(translate(options, values, '其他')).toBeNull();
  });
});
