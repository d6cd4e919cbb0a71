import SSF from 'ssf';
import { DateValue, FormulaError, numberFromText, toText, type Scalar } from './values.js';

/**
 * Shown text of a value under an Excel number format (`#,##0.00`, `0.0%`, `yyyy-mm-dd`, `yyyy"年"m"月"d"日"` …),
 * through SheetJS's SSF (Apache-2.0), the formatter the .xlsx world agrees with. Without a format: numbers with 15
 * significant digits, dates as `yyyy-mm-dd` (and the time when there is one), booleans as TRUE / FALSE.
 */
export function formatValue(v: Scalar, numFmt: string | undefined): string {
  if (v === null) return '';
  if (v instanceof FormulaError) return v.code;
  const fmt = numFmt?.trim();
  if (!fmt || fmt.toLowerCase() === 'general') return toText(v);
  if (typeof v === 'number') return ssf(fmt, v) ?? toText(v);
  if (v instanceof DateValue) return ssf(fmt, v.serial) ?? toText(v);
  if (typeof v === 'string') {
    // Databases answer decimals as text: a numeric text under a number format is formatted as its number.
    const n = numberFromText(v);
    if (n !== null && !fmt.includes('@')) return ssf(fmt, n) ?? v;
    return fmt.includes('@') ? (ssf(fmt, v) ?? v) : v;
  }
  return toText(v);
}

/** True for formats that show a date or a time (`yyyy-mm-dd`, `hh:mm`). */
const dateFormats = new Map<string, boolean>();
export function isDateFormat(numFmt: string | undefined): boolean {
  if (!numFmt) return false;
  let known = dateFormats.get(numFmt);
  if (known === undefined) {
    try {
      known = SSF.is_date(numFmt);
    } catch {
      known = false;
    }
    if (dateFormats.size > 1000) dateFormats.clear();
    dateFormats.set(numFmt, known);
  }
  return known;
}

/**
 * Chinese text in a format is literal text, as Excel's Chinese edition reads `yyyy年m月d日`; SSF wants it quoted
 * (`yyyy"年"m"月"d"日"`), so unquoted runs of CJK characters are quoted here.
 */
const quoted = new Map<string, string>();
function quoteCjk(fmt: string): string {
  let out = quoted.get(fmt);
  if (out !== undefined) return out;
  out = '';
  let inQuote = false;
  let run = '';
  const flush = () => {
    if (run) out += `"${run}"`;
    run = '';
  };
  for (let i = 0; i < fmt.length; i += 1) {
    const ch = fmt[i]!;
    if (!inQuote && /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/u.test(ch)) {
      run += ch;
      continue;
    }
    flush();
    if (ch === '\\' && i + 1 < fmt.length) {
      out += ch + fmt[i + 1];
      i += 1;
      continue;
    }
    if (ch === '"') inQuote = !inQuote;
    out += ch;
  }
  flush();
  if (quoted.size > 1000) quoted.clear();
  quoted.set(fmt, out);
  return out;
}

function ssf(fmt: string, v: number | string): string | null {
  try {
    return SSF.format(quoteCjk(fmt), v);
  } catch {
    // A format SSF cannot read shows the value as it is rather than failing the report.
    return null;
  }
}
