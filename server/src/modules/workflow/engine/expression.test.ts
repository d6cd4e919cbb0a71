import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../core/errors.js';
import { compileExpression, evaluate, evaluateCondition, isTruthy, setExpressionTimeZone } from './expression.js';

const scope = {
  days: '5',
  amount: 120,
  name: 'Zhang San',
  urgent: true,
  empty: '',
  tags: ['a', 'b'],
  dept: { code: 'HR', manager: { account: 'lisi' } },
  starter: { userId: 'u1', account: 'zhangsan', departmentId: 'd1', companyId: 'c1' },
  list: [{ v: 1 }, { v: 2 }],
};

describe('evaluate', () => {
  it.each<[string, unknown]>([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 % 4', 2],
    ['7 / 2', 3.5],
    ['-amount + 20', -100],
    ['.5 + 1e1', 10.5],
    ["'a' + 'b'", 'ab'],
    ['"x\\"y"', 'x"y'],
    ['days > 3', true],
    ['days >= 5 && days <= 5', true],
    ['days == 5', true],
    ["days == '5.0'", true],
    ['days === 5', false],
    ["days === '5'", true],
    ['days + 1', 6],
    ['name + 1', 'Zhang San1'],
    ["name != 'Li Si'", true],
    ["'b' < 'c'", true],
    ['missing > 3', false],
    ['missing == null', true],
    ['missing', undefined],
    ['urgent and amount > 100', true],
    ['not urgent or amount < 100', false],
    ['!empty', true],
    ["empty || 'fallback'", 'fallback'],
    ["amount > 100 ? 'high' : 'low'", 'high'],
    ["amount > 1000 ? 'high' : amount > 100 ? 'mid' : 'low'", 'mid'],
    ["'a' in tags", true],
    ["'c' in tags", false],
    ['3 in [1, 2, 3]', true],
    ["'5' in [5]", true],
    ["'Zh' in name", true],
    ['dept.code', 'HR'],
    ["dept['manager'].account", 'lisi'],
    ['starter.account', 'zhangsan'],
    ['list[1].v', 2],
    ['tags.length', 2],
    ['name.length', 9],
    ['tags[5]', undefined],
    ['dept.nothing.deeper', undefined],
    ["contains(tags, 'b')", true],
    ["contains(name, 'San')", true],
    ["startsWith(name, 'Zh') && endsWith(name, 'San')", true],
    ['len(tags) + len(name) + len(dept) + len(missing)', 13],
    ["number('12.5') + 1", 13.5],
    ['string(12) + 3', 15],
    ['abs(-3)', 3],
    ['round(2.345, 2)', 2.35],
    ['round(2.5)', 3],
    ['min(3, 1, 2)', 1],
    ['max(tags.length, [4, 9])', 9],
    ["dateDiff('2026-01-01', '2026-01-11')", 10],
    ["dateDiff('2026-01-01 08:00', '2026-01-01 11:30', 'hours')", 3],
    ["dateDiff('nope', '2026-01-01')", null],
    ['[1, days][1]', '5'],
    ['true && null', null],
  ])('%s → %j', (text, expected) => {
    expect(evaluate(text, scope)).toEqual(expected);
  });

  it('gives today and now as text', () => {
    expect(evaluate('today()')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(evaluate('now()')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(evaluate('dateDiff(today(), today())')).toBe(0);
  });

  it.each([
    ['Asia/Shanghai', '2026-11-27', '2026-11-27 00:45:00'],
    ['UTC', '2026-11-26', '2026-11-26 16:45:00'],
  ])('today() and now() are the calendar of the configured time zone (%s), not the server process', (zone, day, time) => {
    vi.useFakeTimers({ now: new Date('2026-11-26T16:45:00Z') });
    try {
      setExpressionTimeZone(zone);
      expect([evaluate('today()'), evaluate('now()')]).toEqual([day, time]);
    } finally {
      setExpressionTimeZone('Asia/Shanghai');
      vi.useRealTimers();
    }
  });

  it('evaluates compiled expressions and conditions', () => {
    const c = compileExpression('days > 3');
    expect(evaluate(c, { days: 4 })).toBe(true);
    expect(evaluate(c, { days: '2' })).toBe(false);
    expect(compileExpression('days > 3')).toBe(c);
    expect(evaluateCondition('tags', { tags: [] })).toBe(false);
  });

  it.each<[unknown, boolean]>([
    [null, false],
    [undefined, false],
    [false, false],
    [0, false],
    [NaN, false],
    ['', false],
    ['false', false],
    [[], false],
    [true, true],
    [1, true],
    ['0', true],
    ['x', true],
    [[0], true],
    [{}, true],
  ])('isTruthy(%j) is %s', (v, expected) => {
    expect(isTruthy(v)).toBe(expected);
  });
});

describe('syntax errors and limits', () => {
  it.each(['', '1 +', '(1 + 2', "'open", '1 2', 'a ? b', 'days > > 3', '#', 'a.', 'and', '[1, 2', 'x = 1', 'a; b', '`template`'])(
    '%j is a workflow.expressionError',
    (text) => {
      expect(() => compileExpression(text)).toThrow(AppError);
      try {
        compileExpression(text);
      } catch (e) {
        expect((e as AppError).key).toBe('workflow.expressionError');
        expect(typeof (e as AppError).params.detail).toBe('string');
      }
    },
  );

  it('refuses texts over 2000 characters and nesting over 50', () => {
    expect(() => compileExpression('1+'.repeat(1000) + '1')).toThrow(AppError);
    expect(compileExpression('1+'.repeat(900) + '1')).toBeTruthy();
    expect(() => compileExpression('('.repeat(60) + '1' + ')'.repeat(60))).toThrow(AppError);
    expect(evaluate('('.repeat(40) + '1' + ')'.repeat(40))).toBe(1);
    expect(() => compileExpression('!'.repeat(60) + 'a')).toThrow(AppError);
    expect(() => compileExpression('a' + '[a'.repeat(60) + ']'.repeat(60))).toThrow(AppError);
  });
});

describe('attacks', () => {
  const refused = (text: string, s: Record<string, unknown> = scope) => {
    let value: unknown;
    try {
      value = evaluate(text, s);
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      return;
    }
    expect(value).toBeUndefined();
  };

  it.each([
    "constructor.constructor('return process')()",
    "name.constructor.constructor('return process')()",
    "dept['constructor']['constructor']('return process')()",
    "dept['__proto__']",
    'dept.__proto__',
    '__proto__',
    'tags.prototype',
    "tags['con' + 'structor']",
    "dept[string('__proto__')]",
    'this',
    'this.constructor',
    'globalThis',
    'globalThis.process',
    'process',
    'process.env',
    'process.env.HOME',
    'require',
    "require('fs')",
    'eval',
    "eval('1')",
    "Function('return 1')()",
    'tags.map',
    "tags['push']",
    'name.toString',
    'len.call',
    'contains.constructor',
    'dept.toString()',
    'Object',
    'Math.max(1, 2)',
    "import('fs')",
  ])('%s is refused', (text) => {
    refused(text);
  });

  it('never reads inherited properties of the scope or its values', () => {
    const proto = { secret: 'x' };
    const s = Object.assign(Object.create(proto) as Record<string, unknown>, { own: Object.create(proto) as unknown });
    refused('secret', s);
    refused('own.secret', s);
    refused('toString');
    refused('hasOwnProperty');
    expect(evaluate('valueOf', {})).toBeUndefined();
  });

  it('does not run when assembled from data', () => {
    const s = { payload: "constructor.constructor('return process')()" };
    expect(evaluate('payload', s)).toBe(s.payload);
    refused('payload()', s);
    refused('dept[payload]', { ...scope, ...s });
  });
});
