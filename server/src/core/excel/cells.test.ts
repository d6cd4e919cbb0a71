import { describe, expect, it } from 'vitest';
import { neutraliseCell, neutraliseRow } from './cells.js';

describe('formula neutralisation', () => {
  it('quotes texts that a spreadsheet would evaluate, leaves everything else', () => {
    for (const bad of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=1', '\r=1', '=HYPERLINK("http://x","y")']) expect(neutraliseCell(bad)).toBe(`'${bad}`);
    for (const fine of ['合同', 'a=b', ' =1', '']) expect(neutraliseCell(fine)).toBe(fine);
    expect(neutraliseCell(-5)).toBe(-5);
    expect(neutraliseCell(null)).toBeNull();
    expect(neutraliseRow(['=x', 1, null])).toEqual(["'=x", 1, null]);
  });
});
