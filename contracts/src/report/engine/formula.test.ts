import { describe, expect, it } from 'vitest';
import { cellName, type CellRef } from '../model.js';
import { FormulaSyntaxError, evaluate, parseFormula, type FormulaEnv, type FormulaProblem } from './formula.js';
import { DateValue, FormulaError, ZoneClock, type Scalar } from './values.js';

const clock = new ZoneClock('Asia/Shanghai');
// 2024-05-01 20:00 UTC is already 2 May, 04:00 in Shanghai: TODAY() must be the report zone's day.
const now = clock.dateOf(new Date('2024-05-01T20:00:00Z'))!;

const cells: Record<string, Scalar[]> = { A1: [1, 2, 3], B1: [10], C1: ['x', '', null], D5: ['-5'] };
const sales: Record<string, Scalar>[] = [
  { amount: 10, 单价: 2.5, '单价(元)': 7, name: '甲' },
  { amount: '20.5', 单价: 1, '单价(元)': 8, name: '乙' },
];
const params: Record<string, Scalar> = { region: '华东', top: 3 };

function env(value: Scalar = 5): FormulaEnv {
  const cellValues = (ref: CellRef, all: boolean) => {
    const v = cells[cellName(ref.r, ref.c)] ?? [];
    return all ? v : v.slice(0, 1);
  };
  return {
    cell: cellValues,
    range(from, to, all) {
      const out: Scalar[] = [];
      for (let r = from.r; r <= to.r; r += 1) for (let c = from.c; c <= to.c; c += 1) out.push(...cellValues({ r, c }, all));
      return all ? out : out.slice(0, 1);
    },
    field(dataSet, field, all) {
      if (dataSet !== 'sales') return null;
      const values = sales.map((row) => (Object.hasOwn(row, field) ? row[field]! : null));
      return all ? values : values.slice(0, 1);
    },
    param: (name) => (Object.hasOwn(params, name) ? params[name] : undefined),
    value,
    rowNumber: () => 3,
    now,
    clock,
  };
}

/** A result as the test writes it: numbers, texts, booleans, null, '#DIV/0!' for errors, 'date:2024-05-02' for dates. */
function shown(v: Scalar): unknown {
  if (v instanceof FormulaError) return v.code;
  if (v instanceof DateValue) return `date:${v.toIso()}`;
  return v;
}

const run = (formula: string, value?: Scalar) => shown(evaluate(parseFormula(formula).ast, env(value)));

describe('formula evaluation', () => {
  it.each<[string, unknown]>([
    // arithmetic and precedence
    ['1+2*3', 7],
    ['(1+2)*3', 9],
    ['2^3^2', 512],
    ['-2^2', -4],
    ['2^-1', 0.5],
    ['10/4', 2.5],
    ['7-2-1', 4],
    ['1e3 + .5', 1000.5],
    ['=1+1', 2],
    ['+-+1', -1],
    // decimals do not show binary noise
    ['0.1+0.2', 0.3],
    ['0.1*3', 0.3],
    ['1/3*3', 1],
    ['1.1*1.1', 1.21],
    // errors are values, like Excel
    ['1/0', '#DIV/0!'],
    ['1+"x"', '#VALUE!'],
    ['"a"&1/0', '#DIV/0!'],
    ['SUM(1/0, 2)', '#DIV/0!'],
    ['IFERROR(1/0, "无")', '无'],
    ['ISERROR(1/0)', true],
    ['ISERROR(1)', false],
    ['POWER(10, 400)', '#NUM!'],
    // texts and comparisons
    ['"a"&"b"&1', 'ab1'],
    ["'it''s'", "it's"],
    ['"say ""hi"""', 'say "hi"'],
    ['"A"="a"', true],
    ['"10">9', true],
    ['"b">"a"', true],
    ['2<>3', true],
    ['3<=3', true],
    ['TRUE', true],
    ['false', false],
    ['1=1', true],
    // cell references: a cell in scalar use is its first value, in an aggregate all of them
    ['A1', 1],
    ['$A$1 + a1', 2],
    ['A1 * 2', 2],
    ['SUM(A1)', 6],
    ['SUM(A1:B1)', 16],
    ['SUM(A1, B1, 4)', 20],
    ['AVG(A1)', 2],
    ['AVERAGE(A1, B1)', 4],
    ['COUNT(C1)', 1],
    ['COUNTA(A1:C1)', 5],
    ['MAX(A1:B1)', 10],
    ['MIN(A1)', 1],
    ['MAX(Z9)', null],
    ['AVG(Z9)', null],
    ['SUM(Z9)', 0],
    ['COUNT(Z9)', 0],
    ['D5 < 0', true],
    ['ISBLANK(Z9)', true],
    ['ISBLANK(A1)', false],
    // data-set fields and parameters
    ['sales.amount', 10],
    ['SUM(sales.amount)', 30.5],
    ['sales.单价 * 2', 5],
    ['sales."单价(元)"', 7],
    ['CONCAT(sales.name)', '甲乙'],
    ['COUNT(sales.name)', 2],
    ['@region & "区"', '华东区'],
    ['@top + 1', 4],
    ['@nothing', '#NAME?'],
    ['other.amount', '#REF!'],
    ['globalThis.process', '#REF!'],
    ['value * 2', 10],
    ['VALUE < 0', false],
    ['ROWNUM()', 3],
    // logic
    ['IF(1>2, "y", "n")', 'n'],
    ['IF(FALSE, 1)', false],
    ['IF("x", 1, 2)', '#VALUE!'],
    ['IF(1, 2, 1/0)', 2],
    ['AND(TRUE, 1)', true],
    ['AND(TRUE, 0)', false],
    ['OR(FALSE, 0)', false],
    ['OR(A1 > 2)', false],
    ['NOT(1)', false],
    ['IFNULL(Z9, 0)', 0],
    ['IFNULL(B1, 0)', 10],
    ['COALESCE(Z9, "", 5)', 5],
    ['SWITCH(2, 1, "a", 2, "b", "z")', 'b'],
    ['SWITCH(7, 1, "a", "z")', 'z'],
    ['SWITCH(9, 1, "a")', '#N/A'],
    ['ISNUMBER(1)', true],
    ['ISTEXT("1")', true],
    // numbers
    ['ROUND(1.005, 2)', 1.01],
    ['ROUND(2.5)', 3],
    ['ROUND(-2.5)', -3],
    ['ROUND(1234, -2)', 1200],
    ['ROUNDUP(1.21, 1)', 1.3],
    ['ROUNDDOWN(-1.29, 1)', -1.2],
    ['INT(-1.5)', -2],
    ['ABS(-3)', 3],
    ['CEILING(4.2)', 5],
    ['CEILING(4.2, 0.5)', 4.5],
    ['FLOOR(4.7)', 4],
    ['FLOOR(4.7, 0.5)', 4.5],
    ['MOD(7, 3)', 1],
    ['MOD(-3, 2)', 1],
    ['MOD(1, 0)', '#DIV/0!'],
    ['POWER(2, 10)', 1024],
    ['SQRT(16)', 4],
    ['SQRT(-1)', '#NUM!'],
    // texts
    ['LEN("报表工具")', 4],
    ['LEFT("abc", 2)', 'ab'],
    ['LEFT("abc")', 'a'],
    ['RIGHT("abc", 2)', 'bc'],
    ['MID("abcdef", 2, 3)', 'bcd'],
    ['UPPER("abc")', 'ABC'],
    ['LOWER("ABC")', 'abc'],
    ['TRIM("  a   b ")', 'a b'],
    ['CONCAT("a", 1, TRUE)', 'a1TRUE'],
    ['CONCATENATE(A1)', '123'],
    ['REPLACE("abcdef", 2, 3, "X")', 'aXef'],
    ['SUBSTITUTE("a-b-c", "-", "+")', 'a+b+c'],
    ['SUBSTITUTE("a-b-c", "-", "+", 2)', 'a-b+c'],
    ['FIND("c", "abcabc", 4)', 6],
    ['FIND("z", "abc")', '#VALUE!'],
    ['TEXT(1234.5, "#,##0.00")', '1,234.50'],
    ['TEXT(0.256, "0.0%")', '25.6%'],
    ['VALUE("1,234.5")', 1234.5],
    ['VALUE("abc")', '#VALUE!'],
    // dates, in the report's zone
    ['DATE(2024, 5, 1)', 'date:2024-05-01'],
    ['DATE(2024, 13, 1)', 'date:2025-01-01'],
    ['DATE(2024, 5, 1) + 1', 'date:2024-05-02'],
    ['DATE(2024, 5, 3) - DATE(2024, 5, 1)', 2],
    ['TEXT(DATE(2024, 5, 1), "yyyy年m月d日")', '2024年5月1日'],
    ['YEAR(DATE(2024, 5, 1))', 2024],
    ['MONTH("2024-05-01")', 5],
    ['DAY("2024-05-09 10:00")', 9],
    ['TODAY()', 'date:2024-05-02'],
    ['TEXT(NOW(), "yyyy-mm-dd hh:mm")', '2024-05-02 04:00'],
    ['DATEDIF(DATE(2024, 1, 31), DATE(2024, 3, 1), "M")', 1],
    ['DATEDIF(DATE(2024, 1, 31), DATE(2024, 3, 1), "D")', 30],
    ['DATEDIF(DATE(2020, 5, 2), DATE(2024, 5, 1), "Y")', 3],
    ['DATEDIF(DATE(2024, 5, 2), DATE(2024, 5, 1), "D")', '#NUM!'],
    ['YEAR("not a date")', '#VALUE!'],
    // full-width brackets and commas from Chinese input methods
    ['（1+2）*3', 9],
    ['IF(1，2，3)', 2],
  ])('%s → %j', (formula, expected) => {
    expect(run(formula)).toEqual(expected);
  });

  it('keeps the value of a long chain of operators (evaluation bounded by the formula size)', () => {
    const formula = `${'1+'.repeat(999)}1`;
    expect(formula.length).toBeLessThanOrEqual(2000);
    expect(run(formula)).toBe(1000);
  });

  it('caps texts at the size of an Excel cell', () => {
    cells.E1 = ['x'.repeat(20_000)];
    expect(run('E1 & E1')).toBe('#VALUE!');
    expect(run('LEN(E1 & "y")')).toBe(20_001);
    delete cells.E1;
  });
});

describe('formula parsing', () => {
  it.each<[string, FormulaProblem, number?]>([
    // JavaScript is not the language: every name is refused unless the grammar knows it
    ['__proto__', 'unknownName', 1],
    ['constructor', 'unknownName', 1],
    ['toString', 'unknownName', 1],
    ['this', 'unknownName', 1],
    ['process.exit()', 'syntax', 13],
    ['sales.amount()', 'syntax', 13],
    ['SUM.call(1)', 'syntax', 9],
    ['require("fs")', 'unknownFunction', 1],
    ['eval("1")', 'unknownFunction', 1],
    ['Function("return 1")()', 'unknownFunction', 1],
    ['1 + constructor', 'unknownName', 5],
    ['x => 1', 'unknownName', 1],
    ['() => 1', 'syntax', 2],
    ['1; 2', 'syntax', 2],
    ['`1`', 'syntax', 1],
    ['[1]', 'syntax', 1],
    ['{}', 'syntax', 1],
    ['A1[0]', 'syntax', 3],
    ['a.b.c', 'syntax', 4],
    ['"abc', 'unclosedText', 1],
    ['SUM(', 'unexpectedEnd', 5],
    ['1 +', 'unexpectedEnd', 4],
    ['SUM(1,,2)', 'syntax', 7],
    ['A1 B1', 'syntax', 4],
    ['IF(1)', 'argCount', 1],
    ['TODAY(1)', 'argCount', 1],
    ['MID("a", 1)', 'argCount', 1],
    ['NOSUCH(1)', 'unknownFunction', 1],
    ['ZZZ1000000', 'unknownName', 1],
    ['ZZZZ1', 'unknownName', 1],
    ['@', 'syntax', 1],
    ['', 'empty', 1],
    ['   ', 'empty', 1],
    ['x'.repeat(2001), 'tooLong'],
    [`${'('.repeat(51)}1${')'.repeat(51)}`, 'tooDeep', 51],
    [`${'ABS('.repeat(51)}1${')'.repeat(51)}`, 'tooDeep'],
    [`${'-'.repeat(60)}1`, 'tooDeep', 51],
    [`2${'^2'.repeat(60)}`, 'tooDeep'],
  ])('%s is refused: %s', (formula, reason, pos) => {
    let error: unknown;
    try {
      parseFormula(formula);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormulaSyntaxError);
    expect((error as FormulaSyntaxError).reason).toBe(reason);
    if (pos !== undefined) expect((error as FormulaSyntaxError).pos).toBe(pos);
  });

  it('accepts nesting up to the limit', () => {
    expect(run(`${'('.repeat(50)}1${')'.repeat(50)}`)).toBe(1);
    expect(run(`${'ABS('.repeat(49)}-1${')'.repeat(49)}`)).toBe(1);
  });

  it('lists what a formula names, for the design check and the evaluation order', () => {
    const parsed = parseFormula('SUM(C3, A1:B2) + sales."单价(元)" * @rate + IF(value > 0, D$4, 0)');
    expect(parsed.cells).toEqual([
      { r: 2, c: 2 },
      { r: 3, c: 3 },
    ]);
    expect(parsed.ranges).toEqual([{ from: { r: 0, c: 0 }, to: { r: 1, c: 1 } }]);
    expect(parsed.fields).toEqual([{ dataSet: 'sales', field: '单价(元)' }]);
    expect(parsed.params).toEqual(['rate']);
  });

  it('reads data sets whose names look like cells, and functions whose names look like cells', () => {
    expect(parseFormula('AB12.x').fields).toEqual([{ dataSet: 'AB12', field: 'x' }]);
    expect(parseFormula('B2:A1').ranges).toEqual([{ from: { r: 0, c: 0 }, to: { r: 1, c: 1 } }]);
  });
});
