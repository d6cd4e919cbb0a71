import { AppError } from '../../../core/errors.js';
import { DEFAULT_TIME_ZONE, localDate, localDateTime } from '../../../core/time-zone.js';

/**
 * The safe expression language of conditions and script tasks (docs/workflow-design.md "Expressions").
 * Scheme designers are not trusted with code, so this is a hand-written tokenizer, parser and tree-walking
 * interpreter: no eval, no Function, no `with`, no access to anything but the scope's own data. Member access
 * reads own properties of plain objects and arrays only, and the names that lead to prototypes are refused.
 */

export const MAX_EXPRESSION_LENGTH = 2000;
export const MAX_EXPRESSION_DEPTH = 50;

const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

type Node =
  | { k: 'lit'; v: unknown }
  | { k: 'name'; name: string }
  | { k: 'array'; items: Node[] }
  | { k: 'member'; obj: Node; prop: Node }
  | { k: 'call'; fn: string; args: Node[] }
  | { k: 'unary'; op: '!' | '-' | '+'; arg: Node }
  | { k: 'binary'; op: string; left: Node; right: Node }
  | { k: 'logical'; op: '&&' | '||'; left: Node; right: Node }
  | { k: 'cond'; test: Node; then: Node; else: Node };

export interface CompiledExpression {
  readonly text: string;
  /** @internal the syntax tree */
  readonly ast: Node;
}

function fail(detail: string): never {
  throw new AppError('workflow.expressionError', { detail });
}

// ---------- tokenizer ----------

type Token =
  | { t: 'num'; v: number; at: number }
  | { t: 'str'; v: string; at: number }
  | { t: 'id'; v: string; at: number }
  | { t: 'op'; v: string; at: number }
  | { t: 'eof'; at: number };

const OPERATORS = ['===', '!==', '==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '+', '-', '*', '/', '%', '?', ':', '.', ',', '(', ')', '[', ']'];
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '/': '/', '0': '\0' };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const at = i;
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const m = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i))!;
      tokens.push({ t: 'num', v: Number(m[0]), at });
      i += m[0].length;
      continue;
    }
    if (c === "'" || c === '"') {
      let v = '';
      i++;
      while (i < text.length && text[i] !== c) {
        if (text[i] === '\\') {
          const e = text[i + 1];
          if (e === undefined) break;
          v += ESCAPES[e] ?? e;
          i += 2;
        } else v += text[i++];
      }
      if (i >= text.length) fail(`unterminated string at ${at + 1}`);
      i++;
      tokens.push({ t: 'str', v, at });
      continue;
    }
    const id = /^[\p{L}_$][\p{L}\p{N}_$]*/u.exec(text.slice(i));
    if (id) {
      tokens.push({ t: 'id', v: id[0], at });
      i += id[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) fail(`unexpected character '${c}' at ${at + 1}`);
    tokens.push({ t: 'op', v: op, at });
    i += op.length;
  }
  tokens.push({ t: 'eof', at: text.length });
  return tokens;
}

// ---------- parser (precedence climbing, one function per level) ----------

function refuseName(name: string): void {
  if (FORBIDDEN_NAMES.has(name)) fail(`'${name}' is not allowed`);
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.pos]!;
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t.t === 'op' && t.v === v;
  }
  private isWord(v: string): boolean {
    const t = this.peek();
    return t.t === 'id' && t.v === v;
  }
  private expectOp(v: string): void {
    if (!this.isOp(v)) this.unexpected();
    this.pos++;
  }
  private unexpected(): never {
    const t = this.peek();
    fail(t.t === 'eof' ? 'unexpected end of expression' : `unexpected '${'v' in t ? String(t.v) : ''}' at ${t.at + 1}`);
  }
  /** Guards recursion: deeply nested input must not exhaust the stack. */
  private enter(): void {
    if (++this.depth > MAX_EXPRESSION_DEPTH) fail(`nested deeper than ${MAX_EXPRESSION_DEPTH}`);
  }

  parse(): Node {
    if (this.peek().t === 'eof') fail('empty expression');
    const node = this.ternary();
    if (this.peek().t !== 'eof') this.unexpected();
    return node;
  }

  private ternary(): Node {
    this.enter();
    const test = this.or();
    let node = test;
    if (this.isOp('?')) {
      this.pos++;
      const then = this.ternary();
      this.expectOp(':');
      node = { k: 'cond', test, then, else: this.ternary() };
    }
    this.depth--;
    return node;
  }
  private or(): Node {
    let left = this.and();
    while (this.isOp('||') || this.isWord('or')) {
      this.pos++;
      left = { k: 'logical', op: '||', left, right: this.and() };
    }
    return left;
  }
  private and(): Node {
    let left = this.equality();
    while (this.isOp('&&') || this.isWord('and')) {
      this.pos++;
      left = { k: 'logical', op: '&&', left, right: this.equality() };
    }
    return left;
  }
  private equality(): Node {
    let left = this.comparison();
    for (;;) {
      const t = this.peek();
      if (t.t !== 'op' || !['==', '!=', '===', '!=='].includes(t.v)) return left;
      this.pos++;
      left = { k: 'binary', op: t.v, left, right: this.comparison() };
    }
  }
  private comparison(): Node {
    let left = this.additive();
    for (;;) {
      const t = this.peek();
      if (t.t === 'id' && t.v === 'in') {
        this.pos++;
        left = { k: 'binary', op: 'in', left, right: this.additive() };
      } else if (t.t === 'op' && ['<', '<=', '>', '>='].includes(t.v)) {
        this.pos++;
        left = { k: 'binary', op: t.v, left, right: this.additive() };
      } else return left;
    }
  }
  private additive(): Node {
    let left = this.multiplicative();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.tokens[this.pos++] as { v: string }).v;
      left = { k: 'binary', op, left, right: this.multiplicative() };
    }
    return left;
  }
  private multiplicative(): Node {
    let left = this.unary();
    while (this.isOp('*') || this.isOp('/') || this.isOp('%')) {
      const op = (this.tokens[this.pos++] as { v: string }).v;
      left = { k: 'binary', op, left, right: this.unary() };
    }
    return left;
  }
  private unary(): Node {
    if (this.isOp('!') || this.isWord('not') || this.isOp('-') || this.isOp('+')) {
      const t = this.tokens[this.pos++] as { v: string };
      this.enter();
      const arg = this.unary();
      this.depth--;
      return { k: 'unary', op: t.v === 'not' ? '!' : (t.v as '!' | '-' | '+'), arg };
    }
    return this.postfix();
  }
  private postfix(): Node {
    let node = this.primary();
    for (;;) {
      if (this.isOp('.')) {
        this.pos++;
        const t = this.peek();
        if (t.t !== 'id') this.unexpected();
        refuseName(t.v);
        this.pos++;
        node = { k: 'member', obj: node, prop: { k: 'lit', v: t.v } };
      } else if (this.isOp('[')) {
        this.pos++;
        const prop = this.ternary();
        if (prop.k === 'lit' && typeof prop.v === 'string') refuseName(prop.v);
        this.expectOp(']');
        node = { k: 'member', obj: node, prop };
      } else if (this.isOp('(')) {
        // Only the fixed functions can be called, by their bare name: nothing reachable from data is callable.
        if (node.k !== 'name' || !Object.hasOwn(FUNCTIONS, node.name)) fail('only the built-in functions can be called');
        this.pos++;
        const args = this.list(')');
        node = { k: 'call', fn: node.name, args };
      } else return node;
    }
  }
  /** Comma-separated expressions up to the closing bracket (consumed); the opening one is already read. */
  private list(close: string): Node[] {
    const items: Node[] = [];
    if (!this.isOp(close)) {
      items.push(this.ternary());
      while (this.isOp(',')) {
        this.pos++;
        items.push(this.ternary());
      }
    }
    this.expectOp(close);
    return items;
  }
  private primary(): Node {
    const t = this.peek();
    if (t.t === 'num' || t.t === 'str') {
      this.pos++;
      return { k: 'lit', v: t.v };
    }
    if (t.t === 'id') {
      this.pos++;
      if (t.v === 'true') return { k: 'lit', v: true };
      if (t.v === 'false') return { k: 'lit', v: false };
      if (t.v === 'null') return { k: 'lit', v: null };
      if (['and', 'or', 'not', 'in'].includes(t.v)) fail(`unexpected '${t.v}' at ${t.at + 1}`);
      refuseName(t.v);
      return { k: 'name', name: t.v };
    }
    if (this.isOp('(')) {
      this.pos++;
      const inner = this.ternary();
      this.expectOp(')');
      return inner;
    }
    if (this.isOp('[')) {
      this.pos++;
      return { k: 'array', items: this.list(']') };
    }
    this.unexpected();
  }
}

const cache = new Map<string, CompiledExpression>();
const CACHE_LIMIT = 1000;

/** Parses an expression once (conditions are evaluated often); throws workflow.expressionError on bad syntax. */
export function compileExpression(text: string): CompiledExpression {
  const hit = cache.get(text);
  if (hit) return hit;
  if (typeof text !== 'string') fail('not a text');
  if (text.length > MAX_EXPRESSION_LENGTH) fail(`longer than ${MAX_EXPRESSION_LENGTH} characters`);
  const compiled: CompiledExpression = Object.freeze({ text, ast: new Parser(tokenize(text)).parse() });
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(text, compiled);
  return compiled;
}

// ---------- values ----------

const NUMERIC_TEXT = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** A number, or text that spells one (form values are stored as text): that number; otherwise undefined. */
function numericValue(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && NUMERIC_TEXT.test(v)) return Number(v);
  return undefined;
}
function toNumber(v: unknown): number {
  const n = numericValue(v);
  if (n !== undefined) return n;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null || v === undefined || v === '') return 0;
  return NaN;
}
function toText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(toText).join(',');
  return JSON.stringify(v) ?? '';
}
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * Truth of a condition: false, null, undefined, 0, NaN, '' and the text 'false' are false (a checkbox stored as
 * text), and so is an empty array (a multi-select with nothing chosen); everything else is true.
 */
export function isTruthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === '' || v === 'false') return false;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/** `==`: numbers and numeric text compare as numbers, null equals undefined, other primitives as text. */
function looseEquals(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'object' || typeof b === 'object') return a === b;
  const na = numericValue(a);
  const nb = numericValue(b);
  if (na !== undefined && nb !== undefined) return na === nb;
  return toText(a) === toText(b);
}

function compare(op: string, a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  const na = numericValue(a);
  const nb = numericValue(b);
  let x: number | string;
  let y: number | string;
  if (na !== undefined && nb !== undefined) [x, y] = [na, nb];
  else if (typeof a === 'string' && typeof b === 'string') [x, y] = [a, b];
  else [x, y] = [toNumber(a), toNumber(b)];
  switch (op) {
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    default:
      return x >= y;
  }
}

function member(obj: unknown, key: unknown): unknown {
  if (typeof key !== 'string' && typeof key !== 'number') return undefined;
  const name = String(key);
  if (FORBIDDEN_NAMES.has(name)) fail(`'${name}' is not allowed`);
  if (typeof obj === 'string') return name === 'length' ? obj.length : undefined;
  if (Array.isArray(obj)) {
    if (name === 'length') return obj.length;
    return /^\d+$/.test(name) && Object.hasOwn(obj, name) ? (obj[Number(name)] as unknown) : undefined;
  }
  if (isPlainObject(obj) && Object.hasOwn(obj, name)) return obj[name];
  return undefined;
}

function contains(container: unknown, item: unknown): boolean {
  if (Array.isArray(container)) return container.some((x) => looseEquals(x, item));
  if (typeof container === 'string') return container.includes(toText(item));
  if (isPlainObject(container)) return Object.hasOwn(container, toText(item));
  return false;
}

// ---------- functions ----------

/** 'yyyy-MM-dd[ HH:mm[:ss]]' (or ISO, or epoch milliseconds) as a Date; undefined when unreadable. */
function toDate(v: unknown): Date | undefined {
  if (typeof v === 'number') return new Date(v);
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v.trim());
  const d = m ? new Date(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) : new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}
const UNIT_MS: Record<string, number> = { day: 86_400_000, days: 86_400_000, hour: 3_600_000, hours: 3_600_000, minute: 60_000, minutes: 60_000 };

const numbersOf = (args: unknown[]) => args.flatMap((a) => (Array.isArray(a) ? a : [a])).map(toNumber);

let clockZone = DEFAULT_TIME_ZONE;
/** The time zone today() and now() answer in (the app's TIME_ZONE, set when the app is built). */
export function setExpressionTimeZone(timeZone: string): void {
  clockZone = timeZone;
}

const FUNCTIONS: Record<string, (...args: unknown[]) => unknown> = {
  contains: (a, b) => contains(a, b),
  startsWith: (s, p) => toText(s).startsWith(toText(p)),
  endsWith: (s, p) => toText(s).endsWith(toText(p)),
  len: (v) => (typeof v === 'string' || Array.isArray(v) ? v.length : isPlainObject(v) ? Object.keys(v).length : 0),
  number: (v) => toNumber(v),
  string: (v) => toText(v),
  abs: (v) => Math.abs(toNumber(v)),
  round: (v, digits) => {
    const f = 10 ** Math.max(0, Math.min(10, Math.trunc(toNumber(digits ?? 0))));
    return Math.round(toNumber(v) * f) / f;
  },
  min: (...args) => (args.length ? Math.min(...numbersOf(args)) : null),
  max: (...args) => (args.length ? Math.max(...numbersOf(args)) : null),
  // The users' calendar (TIME_ZONE), not the server process's: a condition on today() must not change at 08:00 Shanghai.
  today: () => localDate(new Date(), clockZone),
  now: () => localDateTime(new Date(), clockZone),
  /** dateDiff(from, to, unit = 'day'): (to − from) in whole days / hours / minutes, null when a date is unreadable. */
  dateDiff: (from, to, unit) => {
    const a = toDate(from);
    const b = toDate(to);
    const ms = UNIT_MS[toText(unit ?? 'day')] ?? UNIT_MS.day!;
    return a && b ? Math.trunc((b.getTime() - a.getTime()) / ms) : null;
  },
};
Object.freeze(FUNCTIONS);

// ---------- interpreter ----------

function run(node: Node, scope: Record<string, unknown>): unknown {
  switch (node.k) {
    case 'lit':
      return node.v;
    case 'name':
      return Object.hasOwn(scope, node.name) ? scope[node.name] : undefined;
    case 'array':
      return node.items.map((n) => run(n, scope));
    case 'member':
      return member(run(node.obj, scope), run(node.prop, scope));
    case 'call':
      return FUNCTIONS[node.fn]!(...node.args.map((n) => run(n, scope)));
    case 'unary': {
      const v = run(node.arg, scope);
      return node.op === '!' ? !isTruthy(v) : node.op === '-' ? -toNumber(v) : toNumber(v);
    }
    case 'logical': {
      const left = run(node.left, scope);
      if (node.op === '&&') return isTruthy(left) ? run(node.right, scope) : left;
      return isTruthy(left) ? left : run(node.right, scope);
    }
    case 'cond':
      return isTruthy(run(node.test, scope)) ? run(node.then, scope) : run(node.else, scope);
    case 'binary': {
      const a = run(node.left, scope);
      const b = run(node.right, scope);
      switch (node.op) {
        case '==':
          return looseEquals(a, b);
        case '!=':
          return !looseEquals(a, b);
        case '===':
          return a === b;
        case '!==':
          return a !== b;
        case '<':
        case '<=':
        case '>':
        case '>=':
          return compare(node.op, a, b);
        case 'in':
          return contains(b, a);
        case '+': {
          // Form values are text: '5' + 1 is 6, while 'a' + 1 is 'a1'.
          const na = numericValue(a);
          const nb = numericValue(b);
          if ((na !== undefined || a == null || typeof a === 'boolean') && (nb !== undefined || b == null || typeof b === 'boolean'))
            return toNumber(a) + toNumber(b);
          return toText(a) + toText(b);
        }
        case '-':
          return toNumber(a) - toNumber(b);
        case '*':
          return toNumber(a) * toNumber(b);
        case '/':
          return toNumber(a) / toNumber(b);
        default:
          return toNumber(a) % toNumber(b);
      }
    }
  }
}

/** Evaluates an expression over a scope (variables, form values, starter). Syntax errors throw workflow.expressionError. */
export function evaluate(expression: string | CompiledExpression, scope: Record<string, unknown> = {}): unknown {
  const compiled = typeof expression === 'string' ? compileExpression(expression) : expression;
  return run(compiled.ast, scope);
}

/** A condition's truth (isTruthy of its value). */
export function evaluateCondition(expression: string | CompiledExpression, scope: Record<string, unknown> = {}): boolean {
  return isTruthy(evaluate(expression, scope));
}
