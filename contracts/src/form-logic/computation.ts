import type { ComputationToken, FormField, FormValues } from '../forms.js';
import { formatDecimal, fractionOps, fractionOf, parseDecimal, type Fraction } from './decimal.js';
import { flattenFields, ownValue, setOwnValue, type FieldPlace } from './walk.js';

/**
 * Computed fields. The original client glued the tokens into a text and ran eval() on it, then cut the result to
 * 2 decimals in floating point. Here the tokens are read into a small expression language (numbers, + - * /,
 * parentheses, unary minus) and evaluated with exact fractions, so 0.1 + 0.2 is 0.30 and 19.99 * 3 is 59.97;
 * nothing is rounded before the final truncation. A referenced value is one operand (as if in parentheses), so
 * a negative value after '-' works where the original's text gluing ('5--3') would not.
 *
 * Result format: always exactly 2 decimals ('12.30', '-0.50', '0.00'), truncated toward zero (12.349 → '12.34',
 * -1.239 → '-1.23'), because computed values are money-like and a fixed format lines up in sub-table totals.
 */

/** Digits kept in a computed value. */
export const COMPUTATION_DECIMALS = 2;

type Lexeme = { kind: 'num'; value: Fraction } | { kind: 'op'; op: '+' | '-' | '*' | '/' | '(' | ')' };

const ZERO: Fraction = { num: 0n, den: 1n };

/** A token's formId as a number, 0 for operator / constant tokens, NaN when it is not a number at all. */
function referenceId(token: ComputationToken): number {
  if (token.type === 'operator') return 0;
  const raw = token.formId;
  if (typeof raw === 'number') return raw;
  const text = String(raw ?? '').trim();
  return text === '' ? 0 : Number(text);
}

/** Reads the text of an operator / constant token ('+', '(', '1.5', '* 2'); null when something else is in it. */
function lexText(text: string, out: Lexeme[]): boolean {
  const re = /\s*(?:(\d+(?:\.\d*)?|\.\d+)|([-+*/()]))/y;
  const body = text.trimEnd();
  let at = 0;
  while (at < body.length) {
    re.lastIndex = at;
    const m = re.exec(body);
    if (!m) return false;
    if (m[1] !== undefined) {
      const d = parseDecimal(m[1]);
      if (!d) return false;
      out.push({ kind: 'num', value: fractionOf(d) });
    } else {
      out.push({ kind: 'op', op: m[2] as '+' | '-' | '*' | '/' | '(' | ')' });
    }
    at = re.lastIndex;
  }
  return true;
}

/** A referenced field's value as an operand: empty, missing or non-numeric values count as 0 (spec 5). */
function operandOf(value: unknown): Fraction {
  const d = parseDecimal(value);
  return d ? fractionOf(d) : ZERO;
}

/**
 * The formula's lexemes. Consecutive operator / constant tokens are read as one text, as the original's text
 * gluing did, so a constant entered key by key ('1', '0', '.', '5') is 10.5; references and the tax rate stay
 * single operands.
 */
function lex(field: FormField, valueOf: (formId: number) => unknown): Lexeme[] | null {
  const out: Lexeme[] = [];
  let text = '';
  const flush = (): boolean => {
    const ok = lexText(text, out);
    text = '';
    return ok;
  };
  for (const token of field.computationalConfiguration ?? []) {
    const id = token.type === 'taxRate' ? 0 : referenceId(token);
    if (Number.isNaN(id)) return null;
    if (token.type !== 'taxRate' && id === 0) {
      text += token.name ?? '';
      continue;
    }
    if (!flush()) return null;
    if (token.type !== 'taxRate') {
      out.push({ kind: 'num', value: operandOf(valueOf(id)) });
      continue;
    }
    // The tax rate is a percentage; a negative (or missing) rate means "no tax rate" and adds nothing.
    const rate = parseDecimal(field.taxRate);
    if (rate && rate.units >= 0n) out.push({ kind: 'num', value: fractionOps.multiply(fractionOf(rate), { num: 1n, den: 100n }) });
  }
  return flush() ? out : null;
}

/**
 * Recursive descent over the lexemes:
 *   expr   := term (('+' | '-') term)*
 *   term   := factor (('*' | '/') factor)*
 *   factor := ('-' | '+') factor | number | '(' expr ')'
 * Any failure (unbalanced parentheses, two numbers in a row, division by zero) throws Malformed, answered as null.
 */
class Malformed extends Error {}

function evaluate(lexemes: Lexeme[]): Fraction {
  let at = 0;
  const peekOp = (): string | undefined => {
    const l = lexemes[at];
    return l && l.kind === 'op' ? l.op : undefined;
  };

  const factor = (): Fraction => {
    const l = lexemes[at];
    if (!l) throw new Malformed();
    at += 1;
    if (l.kind === 'num') return l.value;
    if (l.op === '-') return fractionOps.negate(factor());
    if (l.op === '+') return factor();
    if (l.op === '(') {
      const inner = expr();
      if (peekOp() !== ')') throw new Malformed();
      at += 1;
      return inner;
    }
    throw new Malformed();
  };

  const term = (): Fraction => {
    let value = factor();
    for (let op = peekOp(); op === '*' || op === '/'; op = peekOp()) {
      at += 1;
      const right = factor();
      if (op === '*') value = fractionOps.multiply(value, right);
      else {
        const q = fractionOps.divide(value, right);
        if (!q) throw new Malformed();
        value = q;
      }
    }
    return value;
  };

  const expr = (): Fraction => {
    let value = term();
    for (let op = peekOp(); op === '+' || op === '-'; op = peekOp()) {
      at += 1;
      const right = term();
      value = op === '+' ? fractionOps.add(value, right) : fractionOps.subtract(value, right);
    }
    return value;
  };

  const result = expr();
  if (at !== lexemes.length) throw new Malformed();
  return result;
}

/** Evaluates a formula text of decimals, + - * / and parentheses ('(1.5 + 2) * 3' → '10.50'); null when invalid. */
export function evaluateFormula(text: string): string | null {
  const lexemes: Lexeme[] = [];
  if (!lexText(text, lexemes) || lexemes.length === 0) return null;
  return run(lexemes);
}

function run(lexemes: Lexeme[]): string | null {
  try {
    return formatDecimal(fractionOps.truncate(evaluate(lexemes), COMPUTATION_DECIMALS), COMPUTATION_DECIMALS);
  } catch {
    // Malformed, or parentheses nested deep enough to exhaust the stack: either way not a usable formula.
    return null;
  }
}

/** The formIds a computed field refers to (tokens with formId ≠ 0), in formula order. */
export function computationReferences(field: FormField): number[] {
  const ids: number[] = [];
  for (const token of field.computationalConfiguration ?? []) {
    if (token.type === 'taxRate') continue;
    const id = referenceId(token);
    if (!Number.isNaN(id) && id !== 0) ids.push(id);
  }
  return ids;
}

/** Whether a field is computed: a computation field, or a number with a formula. */
export function isComputed(field: FormField): boolean {
  const type = field.__config__.avueType;
  return type === 'computation' || (type === 'number' && (field.computationalConfiguration?.length ?? 0) > 0);
}

/**
 * The value of a computed field: its formula tokens with referenced values (missing = 0), the tax rate as
 * rate × 0.01 when non-negative, evaluated in decimal arithmetic and truncated (not rounded) to 2 decimals.
 * `valueOf(formId)` gives the referenced field's current value. Answers null when the formula is not valid
 * (also when it is empty). The text always has 2 decimals: '12.30'.
 */
export function computeField(field: FormField, valueOf: (formId: number) => unknown): string | null {
  const lexemes = lex(field, valueOf);
  if (!lexemes || lexemes.length === 0) return null;
  return run(lexemes);
}

// ---------- resolving references and recomputing a whole form ----------

/** The fields of a scheme by formId (sub-table columns with their table). */
export type FieldIndex = ReadonlyMap<number, FieldPlace>;

export function indexFields(data: FormField[]): FieldIndex {
  const index = new Map<number, FieldPlace>();
  for (const place of flattenFields(data)) index.set(place.field.__config__.formId, place);
  return index;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The `valueOf` a computed field needs. A reference to a main-form field reads `values`. A reference to a column of
 * the sub-table the computed field itself sits in reads the same row (`current`). A sub-table column referred to
 * from anywhere else (the main form, another sub-table) has no single value and counts as missing (0), as in the
 * renderer's store; containers and unknown formIds likewise.
 */
export function valueResolver(
  index: FieldIndex,
  values: FormValues,
  current?: { table: FormField; row: Record<string, unknown> },
): (formId: number) => unknown {
  return (formId) => {
    const place = index.get(formId);
    const vModel = place?.field.__vModel__;
    if (!place || !vModel || place.field.__config__.avueType === 'table') return undefined;
    if (!place.table) return ownValue(values, vModel);
    return current && current.table === place.table ? ownValue(current.row, vModel) : undefined;
  };
}

/** A copy of the values whose sub-table rows can be written without touching the caller's objects. */
function copyValues(data: FormField[], values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const { field } of flattenFields(data)) {
    const key = field.__vModel__;
    if (field.__config__.avueType !== 'table' || !key) continue;
    const rows = ownValue(out, key);
    if (Array.isArray(rows))
      setOwnValue(
        out,
        key,
        rows.map((r: unknown) => (isRecord(r) ? { ...r } : r)),
      );
  }
  return out;
}

/**
 * The values with every computed field (main form and each sub-table row) set from its formula; an invalid formula
 * gives ''. Computed fields may refer to other computed fields: passes repeat until nothing changes (at most one
 * pass per computed field, so a cycle cannot loop forever). The given values are not changed.
 */
export function recomputeValues(data: FormField[], values: FormValues): FormValues {
  const index = indexFields(data);
  const computed = [...index.values()].filter((p) => isComputed(p.field) && p.field.__vModel__);
  const out = copyValues(data, values);
  for (let pass = 0; pass <= computed.length; pass += 1) {
    let changed = false;
    for (const { field, table } of computed) {
      const key = field.__vModel__ ?? '';
      if (!table) {
        const value = computeField(field, valueResolver(index, out)) ?? '';
        if (ownValue(out, key) !== value) {
          setOwnValue(out, key, value);
          changed = true;
        }
        continue;
      }
      const rows = table.__vModel__ ? ownValue(out, table.__vModel__) : undefined;
      if (!Array.isArray(rows)) continue;
      for (const row of rows) {
        if (!isRecord(row)) continue;
        const value = computeField(field, valueResolver(index, out, { table, row })) ?? '';
        if (ownValue(row, key) !== value) {
          setOwnValue(row, key, value);
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  return out;
}
