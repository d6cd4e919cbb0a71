/**
 * Decimal arithmetic on strings via BigInt (never binary floating point): money and computed fields must give the
 * same digits in the browser and on the server, and 0.1 + 0.2 must be 0.3.
 *
 * A `Decimal` is `units / 10^scale` with integer `units`. Texts are plain decimals ('12.345', '-0.5'); exponent
 * notation is refused in texts (a user typing '1e5' into a money field is a mistake), but JavaScript numbers are
 * taken through their shortest round-trip string, which may use an exponent (1e21, 1e-7) and is expanded exactly.
 */

/** A decimal number as text: optional '-', digits, optional '.' and digits ('12.5', '-0.05'). */
export type DecimalText = string;

export interface Decimal {
  readonly units: bigint;
  /** Digits after the point (≥ 0). */
  readonly scale: number;
}

/** The scale divideDecimals() answers with unless told otherwise. */
export const DIVISION_SCALE = 20;

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

const TEN = 10n;
function pow10(n: number): bigint {
  return TEN ** BigInt(n);
}

function fromParts(sign: string, intDigits: string, fracDigits: string, exponent = 0): Decimal {
  const digits = `${intDigits}${fracDigits}`.replace(/^0+(?=\d)/, '') || '0';
  let units = BigInt(digits);
  let scale = fracDigits.length - exponent;
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  return normalizeDecimal({ units: sign === '-' ? -units : units, scale });
}

/** Drops trailing zero digits after the point so equal values have one shape. */
export function normalizeDecimal(d: Decimal): Decimal {
  let { units, scale } = d;
  while (scale > 0 && units % TEN === 0n) {
    units /= TEN;
    scale -= 1;
  }
  return { units, scale };
}

/**
 * Reads a decimal from a text (trimmed; '12', '-0.5', '.5', '5.'), a finite number or a bigint. Anything else —
 * empty text, NaN, Infinity, exponent texts, '1,000', booleans, objects — answers null.
 */
export function parseDecimal(value: unknown): Decimal | null {
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String() gives the shortest text that reads back as the same double: what a person typed.
    const m = NUMBER_TEXT.exec(String(value));
    if (!m) return null;
    return fromParts(m[1], m[2], m[3] ?? '', m[4] ? Number(m[4]) : 0);
  }
  if (typeof value !== 'string') return null;
  const m = PLAIN.exec(value.trim());
  if (!m) return null;
  const intDigits = m[2];
  const fracDigits = m[3] ?? '';
  if (intDigits === '' && fracDigits === '') return null;
  return fromParts(m[1], intDigits, fracDigits);
}

/** The canonical text of a value ('12.50' → '12.5', '-0' → '0'), or null when it is not a decimal. */
export function toDecimal(value: unknown): DecimalText | null {
  const d = parseDecimal(value);
  return d ? formatDecimal(d) : null;
}

export function isDecimal(value: unknown): boolean {
  return parseDecimal(value) !== null;
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return normalizeDecimal({ units: x + y, scale });
}

export function subtractDecimals(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return normalizeDecimal({ units: x - y, scale });
}

export function multiplyDecimals(a: Decimal, b: Decimal): Decimal {
  return normalizeDecimal({ units: a.units * b.units, scale: a.scale + b.scale });
}

/** a / b cut (toward zero) after `scale` digits; null when b is 0. */
export function divideDecimals(a: Decimal, b: Decimal, scale = DIVISION_SCALE): Decimal | null {
  if (b.units === 0n) return null;
  // a/b = (a.units · 10^b.scale) / (b.units · 10^a.scale); BigInt division truncates toward zero.
  const units = (a.units * pow10(b.scale + scale)) / (b.units * pow10(a.scale));
  return normalizeDecimal({ units, scale });
}

export function negateDecimal(a: Decimal): Decimal {
  return { units: -a.units, scale: a.scale };
}

/** -1, 0 or 1. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Keeps at most `digits` digits after the point, dropping the rest (toward zero: -1.239 → -1.23). */
export function truncateDecimal(a: Decimal, digits: number): Decimal {
  if (a.scale <= digits) return a;
  return normalizeDecimal({ units: a.units / pow10(a.scale - digits), scale: digits });
}

/**
 * The text of a decimal: shortest form by default ('12.3'), or exactly `fixed` digits after the point ('12.30';
 * extra digits are truncated, not rounded). Never '-0'.
 */
export function formatDecimal(a: Decimal, fixed?: number): DecimalText {
  let { units, scale } = a;
  if (fixed !== undefined) {
    const cut = truncateDecimal(a, fixed);
    units = cut.units * pow10(fixed - cut.scale);
    scale = fixed;
  }
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const intPart = digits.slice(0, digits.length - scale);
  const fracPart = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative && units !== 0n ? '-' : ''}${intPart}${fracPart}`;
}

/** Sum of decimal values; empty and non-numeric values count as 0 (sub-table totals). */
export function sumDecimals(values: readonly unknown[]): DecimalText {
  let total: Decimal = { units: 0n, scale: 0 };
  for (const v of values) {
    const d = parseDecimal(v);
    if (d) total = addDecimals(total, d);
  }
  return formatDecimal(total);
}

// ---------- exact fractions (the computed-field evaluator) ----------

/**
 * An exact fraction `num / den` (den > 0, reduced). Computed fields evaluate with fractions so a formula like
 * a / 3 * 3 gives a exactly: no digits are dropped until the final truncation to 2 decimals.
 */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function reduce(num: bigint, den: bigint): Fraction {
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const g = gcd(num, den);
  return g > 1n ? { num: num / g, den: den / g } : { num, den };
}

export function fractionOf(d: Decimal): Fraction {
  return reduce(d.units, pow10(d.scale));
}

export const fractionOps = {
  add: (a: Fraction, b: Fraction): Fraction => reduce(a.num * b.den + b.num * a.den, a.den * b.den),
  subtract: (a: Fraction, b: Fraction): Fraction => reduce(a.num * b.den - b.num * a.den, a.den * b.den),
  multiply: (a: Fraction, b: Fraction): Fraction => reduce(a.num * b.num, a.den * b.den),
  /** null when b is 0. */
  divide: (a: Fraction, b: Fraction): Fraction | null => (b.num === 0n ? null : reduce(a.num * b.den, a.den * b.num)),
  negate: (a: Fraction): Fraction => ({ num: -a.num, den: a.den }),
  /** The fraction cut (toward zero) to `digits` decimals. */
  truncate: (a: Fraction, digits: number): Decimal => normalizeDecimal({ units: (a.num * pow10(digits)) / a.den, scale: digits }),
};
