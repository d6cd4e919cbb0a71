import { REPORT_LIMITS, type CellRef } from '../model.js';
import { formatValue } from './format.js';
import {
  DateValue,
  FormulaError,
  aggregateNumber,
  compareValues,
  finite,
  isBlank,
  numberFromText,
  round15,
  toBoolean,
  toDate,
  toNumber,
  toText,
  type Scalar,
  type ZoneClock,
} from './values.js';

/**
 * The report's formula language: a small Excel-like grammar of our own. A formula is parsed into a tree once per
 * template cell and evaluated by walking that tree; nothing is ever handed to eval, Function or a template engine,
 * and every name must be one the grammar knows (unknown functions and names are refused when the formula is
 * parsed). The grammar has no loops, a formula is at most 2000 characters and nests at most 50 levels, so an
 * evaluation is bounded by the formula's size.
 *
 *   formula    := comparison
 *   comparison := concat (("=" | "<>" | "<" | ">" | "<=" | ">=") concat)*
 *   concat     := additive ("&" additive)*
 *   additive   := term (("+" | "-") term)*
 *   term       := unary (("*" | "/") unary)*
 *   unary      := ("-" | "+") unary | power
 *   power      := primary ("^" unary)?             2^3^2 = 2^9; -2^2 = -4 (as in mathematics, not as in Excel)
 *   primary    := number | text | TRUE | FALSE | cell (":" cell)? | "@" param | dataSet "." field | value
 *               | function "(" (formula ("," formula)*)? ")" | "(" formula ")"
 *
 *   number   12, 3.5, .5, 1e3          text   "a ""quoted"" word" or 'it''s'
 *   cell     A1 … ZZZ999999, any case, $ signs allowed and ignored (A1 is row 0, column 0 of the template)
 *   cell:cell a rectangle of template cells (aggregates take every value in it)
 *   @name    a report parameter        value  the cell's own value (conditional styles: `value < 0`)
 *   ds.field the field of data set ds in the cell's context; a field that is not a name is quoted: ds."单价(元)"
 *
 * Full-width （ ） and ， are read as ( ) and , since Chinese input methods type them. Functions and keywords are
 * case-insensitive; data set and field names are not.
 */

/** Why a formula was refused; `pos` is the 1-based character position. */
export type FormulaProblem = 'syntax' | 'unexpectedEnd' | 'unclosedText' | 'unknownFunction' | 'unknownName' | 'argCount' | 'tooLong' | 'tooDeep' | 'empty';

export class FormulaSyntaxError extends Error {
  constructor(
    readonly reason: FormulaProblem,
    readonly pos: number,
    readonly detail: string = '',
  ) {
    super(`${reason} at ${pos}${detail ? `: ${detail}` : ''}`);
    this.name = 'FormulaSyntaxError';
  }
}

export const FORMULA_MAX_DEPTH = 50;

export type BinaryOp = '+' | '-' | '*' | '/' | '^' | '&' | '=' | '<>' | '<' | '>' | '<=' | '>=';

export type FormulaNode =
  | { type: 'number'; value: number }
  | { type: 'text'; value: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'cell'; ref: CellRef }
  | { type: 'range'; from: CellRef; to: CellRef }
  | { type: 'param'; name: string }
  | { type: 'field'; dataSet: string; field: string }
  | { type: 'value' }
  | { type: 'unary'; op: '-' | '+'; arg: FormulaNode }
  | { type: 'binary'; op: BinaryOp; left: FormulaNode; right: FormulaNode }
  | { type: 'call'; name: string; args: FormulaNode[] };

/** A parsed formula and what it names (for dependency order and the design check). */
export interface ParsedFormula {
  readonly source: string;
  readonly ast: FormulaNode;
  /** Cells named alone or as a range's corners … ranges also listed whole. */
  readonly cells: readonly CellRef[];
  readonly ranges: readonly { from: CellRef; to: CellRef }[];
  readonly fields: readonly { dataSet: string; field: string }[];
  readonly params: readonly string[];
}

// ---------------------------------------------------------------- tokens

type TokenType = 'number' | 'text' | 'cell' | 'param' | 'name' | 'op' | '(' | ')' | ',' | '.' | ':' | 'end';
interface Token {
  type: TokenType;
  text: string;
  /** 1-based position in the formula. */
  pos: number;
  value?: number;
  ref?: CellRef;
}

const CELL = /\$?([A-Za-z]{1,3})\$?([0-9]{1,7})(?![\p{L}\p{N}_.(（$])/uy;
const NAME = /[\p{L}_][\p{L}\p{N}_]*/uy;
const PARAM = /@([A-Za-z_][A-Za-z0-9_]*)/y;
const NUMBER = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const OPERATORS = ['<>', '<=', '>=', '+', '-', '*', '/', '^', '&', '=', '<', '>'];
const FULL_WIDTH: Record<string, string> = { '（': '(', '）': ')', '，': ',' };

function sticky(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/** Column letters and row digits as a cell, when inside ZZZ999999. */
function cellOf(letters: string, digits: string): CellRef | null {
  const row = Number(digits);
  if (row < 1 || row > 999_999) return null;
  let c = 0;
  for (const ch of letters.toUpperCase()) c = c * 26 + (ch.charCodeAt(0) - 64);
  return { r: row - 1, c: c - 1 };
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/u.test(ch)) {
      i += 1;
      continue;
    }
    const pos = i + 1;
    const single = FULL_WIDTH[ch] ?? ch;
    if (single === '(' || single === ')' || single === ',' || single === '.' || single === ':') {
      // A '.' that starts a number (.5) is a number, not a field dot.
      if (!(single === '.' && /\d/.test(text[i + 1] ?? ''))) {
        tokens.push({ type: single, text: single, pos });
        i += 1;
        continue;
      }
    }
    if (ch === '"' || ch === "'") {
      let j = i + 1;
      let out = '';
      for (;;) {
        if (j >= text.length) throw new FormulaSyntaxError('unclosedText', pos);
        if (text[j] === ch) {
          if (text[j + 1] === ch) {
            out += ch;
            j += 2;
            continue;
          }
          break;
        }
        out += text[j];
        j += 1;
      }
      tokens.push({ type: 'text', text: out, pos });
      i = j + 1;
      continue;
    }
    let m = sticky(NUMBER, text, i);
    if (m) {
      tokens.push({ type: 'number', text: m[0], pos, value: Number(m[0]) });
      i += m[0].length;
      continue;
    }
    m = sticky(PARAM, text, i);
    if (m) {
      tokens.push({ type: 'param', text: m[1]!, pos });
      i += m[0].length;
      continue;
    }
    m = sticky(CELL, text, i);
    const ref = m ? cellOf(m[1]!, m[2]!) : null;
    if (m && ref) {
      tokens.push({ type: 'cell', text: m[0], pos, ref });
      i += m[0].length;
      continue;
    }
    m = sticky(NAME, text, i);
    if (m) {
      tokens.push({ type: 'name', text: m[0], pos });
      i += m[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op) {
      tokens.push({ type: 'op', text: op, pos });
      i += op.length;
      continue;
    }
    throw new FormulaSyntaxError('syntax', pos, ch);
  }
  tokens.push({ type: 'end', text: '', pos: text.length + 1 });
  return tokens;
}

// ---------------------------------------------------------------- functions

/** How a function takes its arguments: values (errors answered for it), lists (aggregates), or unevaluated. */
type FunctionKind = 'scalar' | 'aggregate' | 'lazy';

interface LazyCall {
  readonly env: FormulaEnv;
  readonly args: FormulaNode[];
}

interface FunctionDef {
  min: number;
  max: number;
  kind: FunctionKind;
  /** scalar functions: errors in the arguments are passed in instead of answered (ISERROR, ISBLANK …). */
  takesErrors?: boolean;
  scalar?: (args: Scalar[], env: FormulaEnv) => Scalar;
  aggregate?: (values: Scalar[]) => Scalar;
  lazy?: (call: LazyCall) => Scalar;
}

/** Texts longer than an Excel cell holds are refused, so no formula can build an unbounded text. */
export const MAX_TEXT = 32_767;
const text = (s: string): Scalar => (s.length > MAX_TEXT ? FormulaError.value : s);

function num(v: Scalar): number | FormulaError {
  return toNumber(v);
}

/** Sums with Neumaier's compensation, then drops binary noise. */
function sumOf(values: Scalar[]): { sum: number; count: number } | FormulaError {
  let sum = 0;
  let compensation = 0;
  let count = 0;
  for (const v of values) {
    if (v instanceof FormulaError) return v;
    const n = aggregateNumber(v);
    if (n === null) continue;
    const t = sum + n;
    compensation += Math.abs(sum) >= Math.abs(n) ? sum - t + n : n - t + sum;
    sum = t;
    count += 1;
  }
  return { sum: round15(sum + compensation), count };
}

function extreme(values: Scalar[], pick: (a: number, b: number) => boolean): Scalar {
  let best: number | null = null;
  let allDates = true;
  for (const v of values) {
    if (v instanceof FormulaError) return v;
    const n = aggregateNumber(v);
    if (n === null) continue;
    if (!(v instanceof DateValue)) allDates = false;
    if (best === null || pick(n, best)) best = n;
  }
  if (best === null) return null;
  return allDates ? DateValue.fromSerial(best) : best;
}

/** Excel's rounding, half away from zero, on the 15-digit value (ROUND(1.005, 2) = 1.01). */
function roundWith(x: number, digits: number, mode: 'round' | 'up' | 'down'): number | FormulaError {
  const d = Math.trunc(digits);
  if (Math.abs(d) > 15) return FormulaError.num;
  const factor = 10 ** Math.abs(d);
  const scaled = Number((Math.abs(x) * (d >= 0 ? factor : 1 / factor)).toPrecision(15));
  const whole = mode === 'round' ? Math.round(scaled) : mode === 'up' ? Math.ceil(scaled) : Math.floor(scaled);
  const back = d >= 0 ? whole / factor : whole * factor;
  return finite(Math.sign(x) * back);
}

function multipleOf(x: number, step: number, up: boolean): number | FormulaError {
  if (step === 0) return 0;
  if (x > 0 && step < 0) return FormulaError.num;
  const q = Number((x / step).toPrecision(15));
  return finite((up ? Math.ceil(q) : Math.floor(q)) * step);
}

const chars = (s: string): string[] => Array.from(s);

function dateParts(v: Scalar, env: FormulaEnv): Date | FormulaError {
  const d = toDate(v, env.clock);
  if (d instanceof FormulaError) return d;
  return new Date(d.wallMs);
}

function datedif(start: Date, end: Date, unit: string): Scalar {
  if (start.getTime() > end.getTime()) return FormulaError.num;
  const u = unit.toUpperCase();
  if (u === 'D') return Math.floor((end.getTime() - start.getTime()) / 86_400_000);
  let months = (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + (end.getUTCMonth() - start.getUTCMonth());
  if (end.getUTCDate() < start.getUTCDate()) months -= 1;
  if (u === 'M') return months;
  if (u === 'Y') return Math.floor(months / 12);
  return FormulaError.num;
}

const aggregate = (fn: (values: Scalar[]) => Scalar): FunctionDef => ({ min: 1, max: 255, kind: 'aggregate', aggregate: fn });
const scalar = (min: number, max: number, fn: (args: Scalar[], env: FormulaEnv) => Scalar, takesErrors = false): FunctionDef => ({
  min,
  max,
  kind: 'scalar',
  scalar: fn,
  takesErrors,
});
const lazy = (min: number, max: number, fn: (call: LazyCall) => Scalar): FunctionDef => ({ min, max, kind: 'lazy', lazy: fn });

/** Applies fn to numbers, answering the first argument's error or #VALUE!. */
function numeric(min: number, max: number, fn: (...n: number[]) => Scalar): FunctionDef {
  return scalar(min, max, (args) => {
    const ns: number[] = [];
    for (const a of args) {
      const n = num(a);
      if (n instanceof FormulaError) return n;
      ns.push(n);
    }
    return fn(...ns);
  });
}

const average = aggregate((values) => {
  const s = sumOf(values);
  if (s instanceof FormulaError) return s;
  // No values: blank rather than #DIV/0!, so an empty group's average shows nothing.
  return s.count === 0 ? null : finite(s.sum / s.count);
});
const count = aggregate((values) => values.filter((v) => !isBlank(v)).length);
const concat = aggregate((values) => {
  let out = '';
  for (const v of values) {
    if (v instanceof FormulaError) return v;
    out += toText(v);
    if (out.length > MAX_TEXT) return FormulaError.value;
  }
  return out;
});

function evalBoolean(node: FormulaNode, env: FormulaEnv): boolean | FormulaError {
  return toBoolean(evalNode(node, env));
}

function logical(every: boolean): FunctionDef {
  return lazy(1, 255, ({ env, args }) => {
    let seen = false;
    let result = every;
    for (const arg of args) {
      for (const v of evaluateMany(arg, env)) {
        if (isBlank(v)) continue;
        const b = toBoolean(v);
        if (b instanceof FormulaError) return b;
        seen = true;
        if (every ? !b : b) result = !every;
      }
    }
    return seen ? result : FormulaError.value;
  });
}

const FUNCTIONS = new Map<string, FunctionDef>([
  // Aggregates: a cell reference or ds.field argument stands for all its values in the context.
  [
    'SUM',
    aggregate((values) => {
      const s = sumOf(values);
      return s instanceof FormulaError ? s : s.sum;
    }),
  ],
  ['AVG', average],
  ['AVERAGE', average],
  ['COUNT', count],
  ['COUNTA', count],
  ['MAX', aggregate((values) => extreme(values, (a, b) => a > b))],
  ['MIN', aggregate((values) => extreme(values, (a, b) => a < b))],
  ['CONCAT', concat],
  ['CONCATENATE', concat],
  // Logic.
  [
    'IF',
    lazy(2, 3, ({ env, args }) => {
      const c = evalBoolean(args[0]!, env);
      if (c instanceof FormulaError) return c;
      if (c) return evalNode(args[1]!, env);
      return args[2] ? evalNode(args[2], env) : false;
    }),
  ],
  ['AND', logical(true)],
  ['OR', logical(false)],
  [
    'NOT',
    scalar(1, 1, ([v]) => {
      const b = toBoolean(v!);
      return b instanceof FormulaError ? b : !b;
    }),
  ],
  [
    'IFERROR',
    lazy(2, 2, ({ env, args }) => {
      const v = evalNode(args[0]!, env);
      return v instanceof FormulaError ? evalNode(args[1]!, env) : v;
    }),
  ],
  [
    'IFNULL',
    lazy(2, 2, ({ env, args }) => {
      const v = evalNode(args[0]!, env);
      return isBlank(v) ? evalNode(args[1]!, env) : v;
    }),
  ],
  [
    'COALESCE',
    lazy(1, 255, ({ env, args }) => {
      for (const arg of args) {
        const v = evalNode(arg, env);
        if (!isBlank(v)) return v;
      }
      return null;
    }),
  ],
  [
    'SWITCH',
    lazy(3, 255, ({ env, args }) => {
      const subject = evalNode(args[0]!, env);
      if (subject instanceof FormulaError) return subject;
      let i = 1;
      for (; i + 1 < args.length; i += 2) {
        const cmp = compareValues(subject, evalNode(args[i]!, env), env.clock);
        if (cmp === 0) return evalNode(args[i + 1]!, env);
      }
      return i < args.length ? evalNode(args[i]!, env) : FormulaError.na;
    }),
  ],
  ['ISBLANK', scalar(1, 1, ([v]) => isBlank(v!), true)],
  ['ISERROR', scalar(1, 1, ([v]) => v instanceof FormulaError, true)],
  ['ISNUMBER', scalar(1, 1, ([v]) => typeof v === 'number', true)],
  ['ISTEXT', scalar(1, 1, ([v]) => typeof v === 'string', true)],
  // Numbers.
  ['ROUND', numeric(1, 2, (x, d = 0) => roundWith(x!, d, 'round'))],
  ['ROUNDUP', numeric(1, 2, (x, d = 0) => roundWith(x!, d, 'up'))],
  ['ROUNDDOWN', numeric(1, 2, (x, d = 0) => roundWith(x!, d, 'down'))],
  ['INT', numeric(1, 1, (x) => Math.floor(x!))],
  ['ABS', numeric(1, 1, (x) => Math.abs(x!))],
  ['CEILING', numeric(1, 2, (x, s = 1) => multipleOf(x!, s, true))],
  ['FLOOR', numeric(1, 2, (x, s = 1) => multipleOf(x!, s, false))],
  ['MOD', numeric(2, 2, (a, b) => (b === 0 ? FormulaError.div0 : finite(a! - b! * Math.floor(a! / b!))))],
  ['POWER', numeric(2, 2, (a, b) => finite(a! ** b!))],
  ['SQRT', numeric(1, 1, (x) => (x! < 0 ? FormulaError.num : finite(Math.sqrt(x!))))],
  // Texts (lengths in characters, so a Chinese character or an emoji counts one).
  ['LEN', scalar(1, 1, ([v]) => chars(toText(v!)).length)],
  [
    'LEFT',
    scalar(1, 2, ([v, n]) => {
      const k = n === undefined ? 1 : num(n);
      if (k instanceof FormulaError) return k;
      return k < 0 ? FormulaError.value : chars(toText(v!)).slice(0, Math.trunc(k)).join('');
    }),
  ],
  [
    'RIGHT',
    scalar(1, 2, ([v, n]) => {
      const k = n === undefined ? 1 : num(n);
      if (k instanceof FormulaError) return k;
      if (k < 0) return FormulaError.value;
      const cs = chars(toText(v!));
      return Math.trunc(k) === 0 ? '' : cs.slice(-Math.trunc(k)).join('');
    }),
  ],
  [
    'MID',
    scalar(3, 3, ([v, s, n]) => {
      const start = num(s!);
      const len = num(n!);
      if (start instanceof FormulaError) return start;
      if (len instanceof FormulaError) return len;
      if (start < 1 || len < 0) return FormulaError.value;
      return chars(toText(v!))
        .slice(Math.trunc(start) - 1, Math.trunc(start) - 1 + Math.trunc(len))
        .join('');
    }),
  ],
  ['UPPER', scalar(1, 1, ([v]) => toText(v!).toUpperCase())],
  ['LOWER', scalar(1, 1, ([v]) => toText(v!).toLowerCase())],
  ['TRIM', scalar(1, 1, ([v]) => toText(v!).trim().replace(/ {2,}/g, ' '))],
  [
    'REPLACE',
    scalar(4, 4, ([v, s, n, w]) => {
      const start = num(s!);
      const len = num(n!);
      if (start instanceof FormulaError) return start;
      if (len instanceof FormulaError) return len;
      if (start < 1 || len < 0) return FormulaError.value;
      const cs = chars(toText(v!));
      cs.splice(Math.trunc(start) - 1, Math.trunc(len), toText(w!));
      return text(cs.join(''));
    }),
  ],
  [
    'SUBSTITUTE',
    scalar(3, 4, ([v, o, w, nth]) => {
      const source = toText(v!);
      const old = toText(o!);
      const replacement = toText(w!);
      if (old === '') return source;
      if (nth === undefined) return text(source.split(old).join(replacement));
      const k = num(nth);
      if (k instanceof FormulaError) return k;
      if (k < 1) return FormulaError.value;
      let at = -1;
      for (let i = 0; i < Math.trunc(k); i += 1) {
        at = source.indexOf(old, at + 1);
        if (at < 0) return source;
      }
      return text(source.slice(0, at) + replacement + source.slice(at + old.length));
    }),
  ],
  [
    'FIND',
    scalar(2, 3, ([f, w, s]) => {
      const start = s === undefined ? 1 : num(s);
      if (start instanceof FormulaError) return start;
      const from = Math.trunc(start);
      const within = chars(toText(w!));
      if (from < 1 || from > within.length + 1) return FormulaError.value;
      const rest = within.slice(from - 1).join('');
      const at = rest.indexOf(toText(f!));
      return at < 0 ? FormulaError.value : from + chars(rest.slice(0, at)).length;
    }),
  ],
  ['TEXT', scalar(2, 2, ([v, f]) => formatValue(v!, toText(f!)))],
  [
    'VALUE',
    scalar(1, 1, ([v]) => {
      if (typeof v === 'number') return v;
      if (v instanceof DateValue) return v.serial;
      const n = numberFromText(toText(v!).replace(/,/g, ''));
      return n === null ? FormulaError.value : n;
    }),
  ],
  // Dates (in the report's time zone).
  ['TODAY', scalar(0, 0, (_args, env) => new DateValue(Math.floor(env.now.wallMs / 86_400_000) * 86_400_000))],
  ['NOW', scalar(0, 0, (_args, env) => env.now)],
  [
    'YEAR',
    scalar(1, 1, ([v], env) => {
      const d = dateParts(v!, env);
      return d instanceof FormulaError ? d : d.getUTCFullYear();
    }),
  ],
  [
    'MONTH',
    scalar(1, 1, ([v], env) => {
      const d = dateParts(v!, env);
      return d instanceof FormulaError ? d : d.getUTCMonth() + 1;
    }),
  ],
  [
    'DAY',
    scalar(1, 1, ([v], env) => {
      const d = dateParts(v!, env);
      return d instanceof FormulaError ? d : d.getUTCDate();
    }),
  ],
  [
    'DATE',
    numeric(3, 3, (y, m, d) => {
      const ms = Date.UTC(Math.trunc(y!), Math.trunc(m!) - 1, Math.trunc(d!));
      return Number.isFinite(ms) && y! >= 0 && y! <= 9999 ? new DateValue(ms) : FormulaError.num;
    }),
  ],
  [
    'DATEDIF',
    scalar(3, 3, ([s, e, u], env) => {
      const start = dateParts(s!, env);
      const end = dateParts(e!, env);
      if (start instanceof FormulaError) return start;
      if (end instanceof FormulaError) return end;
      return datedif(start, end, toText(u!));
    }),
  ],
  // The report.
  ['ROWNUM', scalar(0, 0, (_args, env) => env.rowNumber())],
]);

/** The function names the language knows (upper case). */
export const FORMULA_FUNCTIONS: readonly string[] = [...FUNCTIONS.keys()];

// ---------------------------------------------------------------- parser

class Parser {
  private at = 0;
  private depth = 0;
  readonly cells: CellRef[] = [];
  readonly ranges: { from: CellRef; to: CellRef }[] = [];
  readonly fields: { dataSet: string; field: string }[] = [];
  readonly params: string[] = [];

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.at]!;
  }

  private next(): Token {
    const t = this.tokens[this.at]!;
    if (t.type !== 'end') this.at += 1;
    return t;
  }

  private expect(type: TokenType): Token {
    const t = this.next();
    if (t.type !== type) throw unexpected(t);
    return t;
  }

  private isOp(...ops: string[]): boolean {
    const t = this.peek();
    return t.type === 'op' && ops.includes(t.text);
  }

  private enter(t: Token): void {
    this.depth += 1;
    if (this.depth > FORMULA_MAX_DEPTH) throw new FormulaSyntaxError('tooDeep', t.pos, String(FORMULA_MAX_DEPTH));
  }

  parseFormula(): FormulaNode {
    const node = this.parseComparison();
    const t = this.peek();
    if (t.type !== 'end') throw unexpected(t);
    return node;
  }

  private parseComparison(): FormulaNode {
    let left = this.parseConcat();
    while (this.isOp('=', '<>', '<', '>', '<=', '>=')) {
      const op = this.next().text as BinaryOp;
      left = { type: 'binary', op, left, right: this.parseConcat() };
    }
    return left;
  }

  private parseConcat(): FormulaNode {
    let left = this.parseAdditive();
    while (this.isOp('&')) {
      this.next();
      left = { type: 'binary', op: '&', left, right: this.parseAdditive() };
    }
    return left;
  }

  private parseAdditive(): FormulaNode {
    let left = this.parseTerm();
    while (this.isOp('+', '-')) {
      const op = this.next().text as BinaryOp;
      left = { type: 'binary', op, left, right: this.parseTerm() };
    }
    return left;
  }

  private parseTerm(): FormulaNode {
    let left = this.parseUnary();
    while (this.isOp('*', '/')) {
      const op = this.next().text as BinaryOp;
      left = { type: 'binary', op, left, right: this.parseUnary() };
    }
    return left;
  }

  private parseUnary(): FormulaNode {
    if (this.isOp('-', '+')) {
      const t = this.next();
      this.enter(t);
      const arg = this.parseUnary();
      this.depth -= 1;
      return { type: 'unary', op: t.text as '-' | '+', arg };
    }
    const base = this.parsePrimary();
    if (this.isOp('^')) {
      const t = this.next();
      this.enter(t);
      const right = this.parseUnary();
      this.depth -= 1;
      return { type: 'binary', op: '^', left: base, right };
    }
    return base;
  }

  private parsePrimary(): FormulaNode {
    const t = this.next();
    switch (t.type) {
      case 'number':
        return { type: 'number', value: t.value! };
      case 'text':
        return { type: 'text', value: t.text };
      case 'param':
        this.params.push(t.text);
        return { type: 'param', name: t.text };
      case 'cell': {
        if (this.peek().type === ':') {
          this.next();
          const end = this.expect('cell');
          const from = { r: Math.min(t.ref!.r, end.ref!.r), c: Math.min(t.ref!.c, end.ref!.c) };
          const to = { r: Math.max(t.ref!.r, end.ref!.r), c: Math.max(t.ref!.c, end.ref!.c) };
          this.ranges.push({ from, to });
          return { type: 'range', from, to };
        }
        this.cells.push(t.ref!);
        return { type: 'cell', ref: t.ref! };
      }
      case '(': {
        this.enter(t);
        const inner = this.parseComparison();
        this.expect(')');
        this.depth -= 1;
        return inner;
      }
      case 'name':
        return this.parseName(t);
      default:
        throw unexpected(t);
    }
  }

  private parseName(t: Token): FormulaNode {
    const after = this.peek();
    if (after.type === '(') {
      const name = t.text.toUpperCase();
      const def = FUNCTIONS.get(name);
      if (!def) throw new FormulaSyntaxError('unknownFunction', t.pos, t.text);
      this.next();
      this.enter(t);
      const args: FormulaNode[] = [];
      if (this.peek().type !== ')') {
        args.push(this.parseComparison());
        while (this.peek().type === ',') {
          this.next();
          args.push(this.parseComparison());
        }
      }
      this.expect(')');
      this.depth -= 1;
      if (args.length < def.min || args.length > def.max) throw new FormulaSyntaxError('argCount', t.pos, name);
      return { type: 'call', name, args };
    }
    if (after.type === '.') {
      this.next();
      const f = this.next();
      if (f.type !== 'name' && f.type !== 'text' && f.type !== 'cell') throw unexpected(f);
      const field = f.text;
      if (!field) throw unexpected(f);
      this.fields.push({ dataSet: t.text, field });
      return { type: 'field', dataSet: t.text, field };
    }
    const upper = t.text.toUpperCase();
    if (upper === 'TRUE' || upper === 'FALSE') return { type: 'boolean', value: upper === 'TRUE' };
    if (upper === 'VALUE') return { type: 'value' };
    throw new FormulaSyntaxError('unknownName', t.pos, t.text);
  }
}

function unexpected(t: Token): FormulaSyntaxError {
  return t.type === 'end' ? new FormulaSyntaxError('unexpectedEnd', t.pos) : new FormulaSyntaxError('syntax', t.pos, t.text || t.type);
}

/**
 * Parses a formula (without its leading `=`; one is tolerated). Throws FormulaSyntaxError with the reason and the
 * 1-based position.
 */
export function parseFormula(source: string): ParsedFormula {
  if (source.length > REPORT_LIMITS.formula) throw new FormulaSyntaxError('tooLong', REPORT_LIMITS.formula + 1, String(REPORT_LIMITS.formula));
  const offset = source.match(/^\s*=/)?.[0].length ?? 0;
  const body = ' '.repeat(offset) + source.slice(offset);
  if (!body.trim()) throw new FormulaSyntaxError('empty', 1);
  const parser = new Parser(tokenize(body));
  const ast = parser.parseFormula();
  return { source, ast, cells: parser.cells, ranges: parser.ranges, fields: parser.fields, params: parser.params };
}

// ---------------------------------------------------------------- evaluation

/** What a formula reads from the report around it. */
export interface FormulaEnv {
  /** Values of a template cell in this context: all of them (aggregates) or only the first (`all` false). */
  cell(ref: CellRef, all: boolean): Scalar[];
  /** Values of the template cells in a rectangle, row by row. */
  range(from: CellRef, to: CellRef, all: boolean): Scalar[];
  /** The field's values over the data set's rows in this context; null when there is no such data set. */
  field(dataSet: string, field: string, all: boolean): Scalar[] | null;
  /** A parameter's value; undefined when the report has no such parameter. */
  param(name: string): Scalar | undefined;
  /** The cell's own value (`value`). */
  readonly value: Scalar;
  /** ROWNUM(): 1-based index of the current instance of the nearest down-expanding cell, null in an empty one. */
  rowNumber(): Scalar;
  readonly now: DateValue;
  readonly clock: ZoneClock;
}

/** The values an aggregate argument stands for: every value of a cell, range or field; one value otherwise. */
function evaluateMany(node: FormulaNode, env: FormulaEnv): Scalar[] {
  switch (node.type) {
    case 'cell':
      return env.cell(node.ref, true);
    case 'range':
      return env.range(node.from, node.to, true);
    case 'field':
      return env.field(node.dataSet, node.field, true) ?? [FormulaError.ref];
    default:
      return [evalNode(node, env)];
  }
}

function arithmetic(op: BinaryOp, a: Scalar, b: Scalar): Scalar {
  const x = toNumber(a);
  if (x instanceof FormulaError) return x;
  const y = toNumber(b);
  if (y instanceof FormulaError) return y;
  switch (op) {
    case '+':
    case '-': {
      const r = finite(op === '+' ? x + y : x - y);
      if (r instanceof FormulaError) return r;
      // A date plus or minus days is a date; a date minus a date is a number of days.
      const aDate = a instanceof DateValue;
      const bDate = b instanceof DateValue;
      if ((aDate && !bDate) || (bDate && !aDate && op === '+')) return DateValue.fromSerial(r);
      return r;
    }
    case '*':
      return finite(x * y);
    case '/':
      return y === 0 ? FormulaError.div0 : finite(x / y);
    default:
      return finite(x ** y);
  }
}

/**
 * Evaluates a parsed formula's tree in an environment; a number result is rounded to 15 significant digits (inside
 * the formula numbers keep full precision, so 1/3*3 is 1). Never throws for data: errors are values.
 */
export function evaluate(node: FormulaNode, env: FormulaEnv): Scalar {
  const v = evalNode(node, env);
  return typeof v === 'number' ? round15(v) : v;
}

function evalNode(node: FormulaNode, env: FormulaEnv): Scalar {
  switch (node.type) {
    case 'number':
    case 'text':
    case 'boolean':
      return node.value;
    case 'value':
      return env.value;
    case 'param': {
      const v = env.param(node.name);
      return v === undefined ? FormulaError.name : v;
    }
    case 'cell':
      return env.cell(node.ref, false)[0] ?? null;
    case 'range':
      return env.range(node.from, node.to, false)[0] ?? null;
    case 'field': {
      const values = env.field(node.dataSet, node.field, false);
      return values === null ? FormulaError.ref : (values[0] ?? null);
    }
    case 'unary': {
      const v = evalNode(node.arg, env);
      if (node.op === '+') return v;
      const n = toNumber(v);
      return n instanceof FormulaError ? n : n === 0 ? 0 : -n;
    }
    case 'binary': {
      const a = evalNode(node.left, env);
      if (a instanceof FormulaError) return a;
      const b = evalNode(node.right, env);
      if (b instanceof FormulaError) return b;
      switch (node.op) {
        case '&':
          return text(toText(a) + toText(b));
        case '=':
        case '<>':
        case '<':
        case '>':
        case '<=':
        case '>=': {
          const c = compareValues(a, b, env.clock);
          if (c instanceof FormulaError) return c;
          return node.op === '='
            ? c === 0
            : node.op === '<>'
              ? c !== 0
              : node.op === '<'
                ? c < 0
                : node.op === '>'
                  ? c > 0
                  : node.op === '<='
                    ? c <= 0
                    : c >= 0;
        }
        default:
          return arithmetic(node.op, a, b);
      }
    }
    case 'call': {
      const def = FUNCTIONS.get(node.name)!;
      if (def.kind === 'lazy') return def.lazy!({ env, args: node.args });
      if (def.kind === 'aggregate') {
        // One argument (SUM(C3)) is the common case: its list is used as it is, not copied.
        const values = node.args.length === 1 ? evaluateMany(node.args[0]!, env) : node.args.flatMap((a) => evaluateMany(a, env));
        return def.aggregate!(values);
      }
      const args = node.args.map((a) => evalNode(a, env));
      if (!def.takesErrors) {
        const error = args.find((a) => a instanceof FormulaError);
        if (error !== undefined) return error;
      }
      return def.scalar!(args, env);
    }
  }
}

/** A field cell's aggregate over its context's values: the same rules as SUM, COUNT, AVG, MAX and MIN. */
export function aggregateValues(kind: 'sum' | 'count' | 'avg' | 'max' | 'min', values: Scalar[]): Scalar {
  const v = FUNCTIONS.get(kind.toUpperCase())!.aggregate!(values);
  return typeof v === 'number' ? round15(v) : v;
}
