/**
 * The values a report works with, and how they turn into one another.
 *
 * A cell value is a `Scalar`: a number, a text, a boolean, blank (null), a date (`DateValue`, a wall-clock time in
 * the report's time zone) or an error (`FormulaError`, shown as `#DIV/0!` …). Data-set rows may hold anything a
 * driver answers; `fromData` maps those onto scalars (a JavaScript Date becomes a DateValue in the report's zone).
 *
 * Numbers are doubles, computed at full precision inside a formula; a formula's result, an aggregate and a shown
 * number are rounded to 15 significant digits (what Excel keeps), and numbers equal to 15 digits compare equal, so
 * 0.1 + 0.2 is 0.3 and a sum of a hundred thousand amounts does not show binary noise.
 */

export type ErrorCode = '#DIV/0!' | '#VALUE!' | '#REF!' | '#NAME?' | '#N/A' | '#NUM!';

/** An Excel-like error value: it flows through operators and functions and is shown as its code. */
export class FormulaError {
  private constructor(readonly code: ErrorCode) {}
  static readonly div0 = new FormulaError('#DIV/0!');
  static readonly value = new FormulaError('#VALUE!');
  static readonly ref = new FormulaError('#REF!');
  static readonly name = new FormulaError('#NAME?');
  static readonly na = new FormulaError('#N/A');
  static readonly num = new FormulaError('#NUM!');
}

const MS_PER_DAY = 86_400_000;
/** Excel's serial number of 1970-01-01 (serial 1 = 1900-01-01, with Excel's 1900 leap-year quirk). */
const EXCEL_EPOCH_1970 = 25569;

/** A date and time as read on a wall clock of the report's zone: milliseconds of that wall time counted as UTC. */
export class DateValue {
  constructor(readonly wallMs: number) {}
  /** The Excel serial number (days since 1899-12-30, time as the fraction). */
  get serial(): number {
    return this.wallMs / MS_PER_DAY + EXCEL_EPOCH_1970;
  }
  static fromSerial(serial: number): DateValue {
    return new DateValue(Math.round((serial - EXCEL_EPOCH_1970) * MS_PER_DAY));
  }
  get hasTime(): boolean {
    return this.wallMs % MS_PER_DAY !== 0;
  }
  /** `2024-05-01`, or `2024-05-01T08:30:00` when it has a time of day. */
  toIso(): string {
    if (!Number.isFinite(this.wallMs)) return '';
    const days = Math.floor(this.wallMs / MS_PER_DAY);
    const date = civilDate(days);
    if (!this.hasTime) return date;
    const seconds = Math.floor((this.wallMs - days * MS_PER_DAY) / 1000);
    return `${date}T${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}`;
  }
  /** `2024-05-01`, or `2024-05-01 08:30:00`: how a date shows without a number format. */
  toText(): string {
    return this.toIso().replace('T', ' ');
  }
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** yyyy-mm-dd of a day count since 1970-01-01 (H. Hinnant's days-to-civil; much cheaper than a Date per value). */
function civilDate(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  const year = y >= 0 && y <= 9999 ? String(y).padStart(4, '0') : String(y);
  return `${year}-${pad2(m)}-${pad2(d)}`;
}

export type Scalar = number | string | boolean | null | DateValue | FormulaError;

export const isBlank = (v: Scalar): boolean => v === null || v === '';

/** Rounds away binary noise: 15 significant digits, and no negative zero. */
export function round15(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x === 0 ? 0 : x;
  // Integers of up to 15 digits are exact already (and the common case: counts, quantities, ids).
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return x;
  const r = Number(x.toPrecision(15));
  return r === 0 ? 0 : r;
}

/** A finite number, or the #NUM! error (overflow, 0^-1, square root of a negative …). */
export function finite(x: number): number | FormulaError {
  return Number.isFinite(x) ? x : FormulaError.num;
}

const NUMERIC_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** A number read from a text ('12.50', ' -3 ', '1e3'), or null. Databases answer decimals as text. */
export function numberFromText(text: string): number | null {
  return NUMERIC_TEXT.test(text) ? Number(text) : null;
}

/** Number coercion of operators: blank is 0, TRUE is 1, a numeric text its number, a date its serial. */
export function toNumber(v: Scalar): number | FormulaError {
  if (typeof v === 'number') return v;
  if (v === null || v === '') return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof DateValue) return v.serial;
  if (v instanceof FormulaError) return v;
  const n = numberFromText(v);
  return n === null ? FormulaError.value : n;
}

/** The number an aggregate counts: numbers, numeric texts and dates; anything else is skipped (null). */
export function aggregateNumber(v: Scalar): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return numberFromText(v);
  if (v instanceof DateValue) return v.serial;
  return null;
}

/** Text of a number without a format: 15 significant digits, no exponent for ordinary sizes. */
export function numberText(n: number): string {
  return Number.isFinite(n) ? String(round15(n)) : FormulaError.num.code;
}

/** Text coercion of `&` and text functions. */
export function toText(v: Scalar): string {
  if (v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof DateValue) return v.toText();
  return v.code;
}

/** Truthiness of IF, AND, OR, NOT and conditions: like Excel, a text other than TRUE/FALSE is an error. */
export function toBoolean(v: Scalar): boolean | FormulaError {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (v === null || v === '') return false;
  if (v instanceof DateValue) return true;
  if (v instanceof FormulaError) return v;
  const upper = v.trim().toUpperCase();
  if (upper === 'TRUE') return true;
  if (upper === 'FALSE') return false;
  const n = numberFromText(v);
  return n === null ? FormulaError.value : n !== 0;
}

const DATE_TEXT = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/** Converts instants to the wall clock of one time zone; offsets are cached per hour (zones change on the hour). */
export class ZoneClock {
  private readonly parts: Intl.DateTimeFormat;
  private readonly offsets = new Map<number, number>();

  constructor(timeZone: string) {
    this.parts = zoneFormat(timeZone);
  }

  wallMs(instantMs: number): number {
    const hour = Math.floor(instantMs / 3_600_000);
    let offset = this.offsets.get(hour);
    if (offset === undefined) {
      const probe = hour * 3_600_000;
      const p: Record<string, number> = {};
      for (const part of this.parts.formatToParts(new Date(probe))) if (part.type !== 'literal') p[part.type] = Number(part.value);
      offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!) - probe;
      if (this.offsets.size > 10_000) this.offsets.clear();
      this.offsets.set(hour, offset);
    }
    return instantMs + offset;
  }

  dateOf(instant: Date): DateValue | null {
    const ms = instant.getTime();
    return Number.isNaN(ms) ? null : new DateValue(this.wallMs(ms));
  }

  /** A date text (`2024-05-01`, `2024-05-01 08:30`, ISO with a zone) as a date; null when it is not one. */
  parseDate(text: string): DateValue | null {
    const m = DATE_TEXT.exec(text.trim());
    if (!m) return null;
    const [, y, mo, d, h, mi, s, frac, zone] = m;
    const month = Number(mo) - 1;
    const day = Number(d);
    const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
    const wall = Date.UTC(Number(y), month, day, Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), ms);
    const check = new Date(Date.UTC(Number(y), month, day));
    if (check.getUTCMonth() !== month || check.getUTCDate() !== day || Number(h ?? 0) > 23) return null;
    if (!zone) return new DateValue(wall);
    const offsetMinutes = zone === 'Z' ? 0 : zoneMinutes(zone);
    return new DateValue(this.wallMs(wall - offsetMinutes * 60_000));
  }
}

function zoneMinutes(zone: string): number {
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    // An unknown zone name must not stop the report: dates are then shown in UTC.
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  }
}

/** A value from a data-set row (whatever the driver answered) as a scalar. */
export function fromData(raw: unknown, clock: ZoneClock): Scalar {
  if (raw === undefined || raw === null) return null;
  switch (typeof raw) {
    case 'number':
      return Number.isFinite(raw) ? raw : null;
    case 'string':
    case 'boolean':
      return raw;
    case 'bigint':
      return Number.isSafeInteger(Number(raw)) ? Number(raw) : String(raw);
    default:
      if (raw instanceof Date) return clock.dateOf(raw);
      // Objects and lists (JSON columns) are shown as their JSON text, never interpreted.
      try {
        return JSON.stringify(raw) ?? null;
      } catch {
        return null;
      }
  }
}

/** A scalar as a date (dates, date texts, serial numbers), for date functions and date formats. */
export function toDate(v: Scalar, clock: ZoneClock): DateValue | FormulaError {
  if (v instanceof DateValue) return v;
  if (v instanceof FormulaError) return v;
  if (typeof v === 'number') return DateValue.fromSerial(v);
  if (typeof v === 'string') {
    const n = numberFromText(v);
    if (n !== null) return DateValue.fromSerial(n);
    return clock.parseDate(v) ?? FormulaError.value;
  }
  return FormulaError.value;
}

/** The value under a shown cell for exports: numbers stay numbers, dates become ISO text, errors their code. */
export function exportValue(v: Scalar): string | number | boolean | null {
  if (v instanceof DateValue) return v.toIso();
  if (v instanceof FormulaError) return v.code;
  return v;
}

/** Groups equal values: a key per value that tells types apart (1 and '1' are different groups). */
export function groupKey(v: Scalar): string {
  if (v === null || v === '') return '';
  if (typeof v === 'number') return `n${v}`;
  if (typeof v === 'string') return `s${v}`;
  if (typeof v === 'boolean') return v ? 'b1' : 'b0';
  if (v instanceof DateValue) return `d${v.wallMs}`;
  return `e${v.code}`;
}

const collator = new Intl.Collator('zh-CN', { numeric: true });
const typeRank = (v: Scalar): number => (typeof v === 'number' ? 0 : v instanceof DateValue ? 1 : typeof v === 'boolean' ? 2 : typeof v === 'string' ? 3 : 4);

/**
 * The order of group values: numbers by value, dates by time, texts by the Chinese collation (pinyin, digits as
 * numbers) with the code points deciding ties, so the order never depends on the input order. Blanks sort last.
 */
export function compareForOrder(a: Scalar, b: Scalar): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof DateValue && b instanceof DateValue) return a.wallMs - b.wallMs;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
  return 0;
}

/**
 * Comparison of `=`, `<` …: numbers (and numeric texts against numbers, as databases answer decimals as text) by
 * value, dates by time (a date text against a date is read as a date), texts case-insensitively by code point,
 * blank as 0 against a number and as '' against a text. Answers -1, 0 or 1.
 */
export function compareValues(a: Scalar, b: Scalar, clock: ZoneClock): number | FormulaError {
  if (a instanceof FormulaError) return a;
  if (b instanceof FormulaError) return b;
  if (a instanceof DateValue || b instanceof DateValue) {
    const da = a === null ? null : toDate(a, clock);
    const db = b === null ? null : toDate(b, clock);
    if (da === null || db === null) return da === db ? 0 : da === null ? -1 : 1;
    if (da instanceof FormulaError || db instanceof FormulaError) return textCompare(toText(a), toText(b));
    return Math.sign(da.wallMs - db.wallMs);
  }
  if (typeof a === 'number' || typeof b === 'number' || typeof a === 'boolean' || typeof b === 'boolean') {
    const na = comparableNumber(a);
    const nb = comparableNumber(b);
    if (na !== null && nb !== null) return compareNumbers(na, nb);
    // A number against a non-numeric text: Excel orders numbers before texts.
    return na !== null ? -1 : 1;
  }
  return textCompare(a ?? '', b ?? '');
}

/** Numbers equal to 15 significant digits are equal (0.1 + 0.2 = 0.3), as in Excel. */
function compareNumbers(a: number, b: number): number {
  if (a === b) return 0;
  // Only numbers this close can round to the same 15 digits; the rest need no rounding (and no toPrecision).
  if (Math.abs(a - b) <= 1e-13 * Math.max(Math.abs(a), Math.abs(b))) {
    const ra = round15(a);
    const rb = round15(b);
    if (ra === rb) return 0;
    return ra < rb ? -1 : 1;
  }
  return a < b ? -1 : 1;
}

function comparableNumber(v: Scalar): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null || v === '') return 0;
  if (typeof v === 'string') return numberFromText(v);
  return null;
}

function textCompare(a: string, b: string): number {
  const ua = a.toUpperCase();
  const ub = b.toUpperCase();
  return ua < ub ? -1 : ua > ub ? 1 : 0;
}
