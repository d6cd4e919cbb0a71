import { AppError } from '../../core/errors.js';

/** Table and column names (same rule as `identifier` in contracts/src/data.ts). */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export function assertIdentifier(name: string, kind: 'table' | 'column' = 'table'): string {
  if (!IDENTIFIER.test(name)) {
    throw kind === 'table' ? new AppError('dataLink.tableNotFound', { table: name }, 404) : new AppError('dataLink.columnNotFound', { column: name }, 400);
  }
  return name;
}

export class MissingParamError extends AppError {
  constructor(readonly param: string) {
    super('dataLink.missingParam', { name: param }, 400);
  }
}

export interface BindOptions {
  /** MySQL/MariaDB strings treat backslash as an escape ('it\'s'); PostgreSQL's standard strings do not. */
  backslashEscapes?: boolean;
  /** SQL Server quotes names in [brackets]; elsewhere brackets are array syntax (PostgreSQL `array[@a]`). */
  bracketQuotes?: boolean;
}

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_]/;

/**
 * `@name` in user SQL → the driver's bound placeholder, each occurrence its own parameter, values in order.
 * Skipped: string literals ('…', E'…', $tag$…$tag$), quoted names ("…", `…`, and […] on SQL Server), comments (-- and /* *\/),
 * system variables (@@name) and operators that contain @ (PostgreSQL's @>, <@, @@). A name without a value throws
 * MissingParamError, so a typo never silently becomes null.
 */
export function bindNamedParams(
  text: string,
  values: Record<string, unknown>,
  placeholder: (n: number) => string,
  options: BindOptions = {},
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  let out = '';
  let i = 0;
  const n = text.length;
  const copyQuoted = (close: string, backslash: boolean) => {
    // Copies from the opening quote (at i) to the matching close, doubled closes being escapes.
    let j = i + 1;
    while (j < n) {
      const ch = text[j];
      if (backslash && ch === '\\') {
        j += 2;
        continue;
      }
      if (ch === close) {
        if (text[j + 1] === close) {
          j += 2;
          continue;
        }
        j += 1;
        break;
      }
      j += 1;
    }
    out += text.slice(i, j);
    i = j;
  };
  while (i < n) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === "'") {
      const escaped = options.backslashEscapes || (i > 0 && /[eE]/.test(text[i - 1]) && !IDENT_PART.test(text[i - 2] ?? ' '));
      copyQuoted("'", !!escaped);
    } else if (ch === '"') copyQuoted('"', false);
    else if (ch === '`') copyQuoted('`', false);
    else if (ch === '[' && options.bracketQuotes) copyQuoted(']', false);
    else if (ch === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      const j = end < 0 ? n : end;
      out += text.slice(i, j);
      i = j;
    } else if (ch === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const j = end < 0 ? n : end + 2;
      out += text.slice(i, j);
      i = j;
    } else if (ch === '$' && !IDENT_PART.test(text[i - 1] ?? ' ')) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        const j = end < 0 ? n : end + tag[0].length;
        out += text.slice(i, j);
        i = j;
      } else {
        out += ch;
        i += 1;
      }
    } else if (ch === '@') {
      const prev = text[i - 1] ?? ' ';
      if (next === '@') {
        // @@version, or the @@ operator: copy both characters and the name that follows.
        let j = i + 2;
        while (j < n && IDENT_PART.test(text[j])) j += 1;
        out += text.slice(i, j);
        i = j;
      } else if (next !== undefined && IDENT_START.test(next) && prev !== '<' && !IDENT_PART.test(prev)) {
        let j = i + 1;
        while (j < n && IDENT_PART.test(text[j])) j += 1;
        const name = text.slice(i + 1, j);
        if (!Object.prototype.hasOwnProperty.call(values, name)) throw new MissingParamError(name);
        params.push(values[name]);
        out += placeholder(params.length);
        i = j;
      } else {
        out += ch;
        i += 1;
      }
    } else {
      out += ch;
      i += 1;
    }
  }
  return { sql: out, params };
}

/** JSON-safe cell values: big integers and binary data do not survive JSON as themselves. */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  return value;
}

/**
 * The rows of a driver's answer (at most `limit`), JSON-safe, in an array of our own; the driver's own array is
 * emptied. V8 allocates a driver's result arrays straight into the old generation once it has seen such arrays live
 * long (allocation-site pretenuring). Such an array, dead but not yet collected, kept every row it had held alive
 * through each young-generation collection, so a big read in batches (an export) copied every batch into the old
 * generation: about 200 MB of garbage for a million rows. Emptied, it holds nothing, and each batch dies young.
 */
export function takeRows<T extends Record<string, unknown>>(rows: T[], limit = rows.length): Record<string, unknown>[] {
  const own: Record<string, unknown>[] = rows.slice(0, limit);
  for (const row of own) jsonSafeRow(row);
  rows.length = 0;
  return own;
}

/** In place: rows come fresh from the driver and are not shared. */
export function jsonSafeRow(row: Record<string, unknown>): Record<string, unknown> {
  for (const k in row) {
    const v = row[k];
    if (typeof v === 'bigint' || v instanceof Uint8Array) row[k] = jsonSafe(v);
  }
  return row;
}

/** Errors that reach the user as text: first line only, no stack. */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] || 'unknown error').slice(0, 500);
}
