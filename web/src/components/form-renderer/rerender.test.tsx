import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent } from '@testing-library/react';
import type { FormField } from '@app/contracts';
import { fieldRegistry } from './registry';
import { fieldEl, fld, inputOf, renderForm, schemeOf } from './testing';
import type { FieldProps } from './types';

/**
 * Typing in one field must not re-render the others (the 200-field / 100-row budget depends on it). A probe field
 * type counts its renders per field and row.
 */

const renders = new Map<string, number>();
const count = (key: string) => renders.get(key) ?? 0;

function Probe({ field, row }: FieldProps) {
  const key = `${field.__vModel__}${row ? `#${row.index}` : ''}`;
  renders.set(key, count(key) + 1);
  return <span>probe</span>;
}

// Vitest isolates test files (each has its own module graph), so the probe replaces rate in this file only.
fieldRegistry.rate = Probe;
afterEach(() => renders.clear());

/** A cell's input, its real control (a plain cell turns real on focus). */
function cellInput(container: HTMLElement, table: string, row: number, column: string): HTMLInputElement {
  const find = () => fieldEl(container, table).querySelector(`tr[data-row="${row}"] [data-cell="${column}"] input`) as HTMLInputElement;
  if (find().classList.contains('fr-lite-cell')) fireEvent.focus(find());
  return find();
}

describe('re-renders', () => {
  it('typing in a field re-renders neither other fields nor sub-table rows; typing in a row re-renders that row only', () => {
    const scheme = schemeOf([fld('input', 'F_A'), fld('rate', 'F_P'), fld('table', 'items', {}, { children: [fld('input', 'F_Item'), fld('rate', 'F_R')] })]);
    const { container } = renderForm(scheme, { mode: 'edit', initialValues: { items: [{ F_Item: 'a' }, { F_Item: 'b' }, { F_Item: 'c' }] } });
    const before = new Map(renders);
    fireEvent.change(inputOf(container, 'F_A'), { target: { value: 'x' } });
    fireEvent.change(inputOf(container, 'F_A'), { target: { value: 'xy' } });
    expect(renders).toEqual(before);
    fireEvent.change(cellInput(container, 'items', 0, 'F_Item'), { target: { value: 'aa' } });
    expect(count('F_P')).toBe(before.get('F_P'));
    expect(count('F_R#1')).toBe(before.get('F_R#1'));
    expect(count('F_R#2')).toBe(before.get('F_R#2'));
  });

  it('200 fields and a 100-row sub-table: a keystroke re-renders no probe', () => {
    const fields: FormField[] = [];
    for (let i = 0; i < 200; i++) fields.push(i % 4 === 0 ? fld('rate', `F_P${i}`, {}, { span: 6 }) : fld('input', `F_${i}`, {}, { span: 6 }));
    const columns = [fld('input', 'C_1'), fld('input', 'C_2'), fld('number', 'C_3'), fld('number', 'C_4'), fld('rate', 'C_5')];
    fields.push(fld('table', 'rows', {}, { children: columns }));
    const rows = Array.from({ length: 100 }, (_, i) => ({ C_1: `r${i}`, C_2: '', C_3: String(i), C_4: '1', C_5: 0 }));
    const started = performance.now();
    const { container, handle } = renderForm(schemeOf(fields), { mode: 'edit', initialValues: { rows } });
    const mounted = performance.now() - started;
    expect(renders.size).toBe(50 + 100);
    const before = new Map(renders);
    const input = inputOf(container, 'F_1');
    const t0 = performance.now();
    for (const value of ['a', 'ab', 'abc', 'abcd', 'abcde']) fireEvent.change(input, { target: { value } });
    const perKey = (performance.now() - t0) / 5;
    expect(renders).toEqual(before);
    expect(handle().getValues().F_1).toBe('abcde');
    fireEvent.change(cellInput(container, 'rows', 50, 'C_1'), { target: { value: 'changed' } });
    // Cells are memoised too: even the probe in the same row keeps its render.
    expect([...renders].filter(([key, n]) => before.get(key) !== n).map(([key]) => key)).toEqual([]);
    expect(handle().getValues().rows).toHaveLength(100);
    expect((handle().getValues().rows as { C_1: string }[])[50].C_1).toBe('changed');
    // jsdom timings only hint at the browser's (the Chromium benchmark checks the budget).
    console.info(`form-renderer: 200 fields + 100×5 rows mounted in ${mounted.toFixed(0)} ms (jsdom), ${perKey.toFixed(1)} ms per keystroke`);
  });
});
