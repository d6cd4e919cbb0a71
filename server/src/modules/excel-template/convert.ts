import type { ExcelCellType } from '@app/contracts';

/**
 * Cell values of an import file turned into stored values, pure (docs/excel-templates.md "Columns"). Dates are read
 * in the spellings Chinese users type (2026-11-28, 2026/11/28, 2026.11.28, 2026年11月28日, 20261128, with an optional
 * time) and as Excel date serials or the dates a workbook library hands over; they are written in the column's format.
 */

export interface DateParts {
  y: number;
  m: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function valid(p: DateParts): DateParts | null {
  if (p.y < 1000 || p.y > 9999 || p.m < 1 || p.m > 12 || p.d < 1 || p.h > 23 || p.mi > 59 || p.s > 59) return null;
  const days = new Date(Date.UTC(p.y, p.m, 0)).getUTCDate();
  return p.d <= days ? p : null;
}

/** Days since 1899-12-30 (Excel's serial, the 1900 leap-year bug included) with the fraction as the time of day. */
function fromSerial(serial: number): DateParts | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const ms = Math.round((serial - 25_569) * 86_400_000);
  return fromUtc(new Date(ms));
}

const fromUtc = (date: Date): DateParts => ({
  y: date.getUTCFullYear(),
  m: date.getUTCMonth() + 1,
  d: date.getUTCDate(),
  h: date.getUTCHours(),
  mi: date.getUTCMinutes(),
  s: date.getUTCSeconds(),
});

const DATE_TEXT = /^(\d{4})\s*(?:[-/.年])\s*(\d{1,2})\s*(?:[-/.月])\s*(\d{1,2})\s*日?(?:[\sT]+(\d{1,2})(?:[:：时](\d{1,2})(?:[:：分](\d{1,2})秒?)?)?分?)?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:\s*(\d{2}):?(\d{2})(?::?(\d{2}))?)?$/;

/** A date (and time) from a cell: Date (exceljs gives UTC wall-clock), Excel serial, or text in the usual spellings. */
export function parseDateCell(value: unknown): DateParts | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : valid(fromUtc(value));
  if (typeof value === 'number') return fromSerial(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!text) return null;
  const m = DATE_TEXT.exec(text) ?? COMPACT.exec(text);
  if (m) return valid({ y: +m[1]!, m: +m[2]!, d: +m[3]!, h: +(m[4] ?? 0), mi: +(m[5] ?? 0), s: +(m[6] ?? 0) });
  // A serial typed as text ("46354").
  if (/^\d{4,5}(\.\d+)?$/.test(text)) return fromSerial(Number(text));
  return null;
}

/** yyyy MM dd HH mm ss in a format; the default is yyyy-MM-dd (HH:mm:ss for datetime). */
export function formatDate(p: DateParts, format: string, type: 'date' | 'datetime'): string {
  const f = format || (type === 'datetime' ? 'yyyy-MM-dd HH:mm:ss' : 'yyyy-MM-dd');
  return f.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) =>
    token === 'yyyy' ? pad(p.y, 4) : token === 'MM' ? pad(p.m) : token === 'dd' ? pad(p.d) : token === 'HH' ? pad(p.h) : token === 'mm' ? pad(p.mi) : pad(p.s),
  );
}

/** A cell's value as text (rich text joined, formula results taken, dates as yyyy-MM-dd[ HH:mm:ss]). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const p = fromUtc(value);
    return formatDate(p, '', p.h || p.mi || p.s ? 'datetime' : 'date');
  }
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[]; error?: unknown };
    if (Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (v.result !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    return '';
  }
  return String(value).trim();
}

export const isFormulaCell = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !(value instanceof Date) && ('formula' in value || 'sharedFormula' in value);

const TRUE = new Set(['1', 'true', 'yes', 'y', '是', '对', '√', 'on', '启用', '有效']);
const FALSE = new Set(['0', 'false', 'no', 'n', '否', '不', '×', 'off', '停用', '无效']);

export type Converted = { ok: true; value: string | number | null } | { ok: false; key: 'cellNumber' | 'cellInteger' | 'cellDate' | 'cellBoolean' };

/** A cell converted to its column's type; `raw` keeps dates and numbers as the workbook gave them. */
export function convertCell(type: ExcelCellType, format: string, raw: unknown, text: string): Converted {
  if (text === '') return { ok: true, value: null };
  switch (type) {
    case 'text':
      return { ok: true, value: text };
    case 'number': {
      const n = typeof raw === 'number' ? raw : Number(text.replace(/[,，\s]/g, ''));
      if (!Number.isFinite(n)) return { ok: false, key: 'cellNumber' };
      const decimals = /^0\.(0+)$/.exec(format)?.[1]?.length;
      return { ok: true, value: decimals === undefined ? n : Number(n.toFixed(decimals)) };
    }
    case 'integer': {
      const n = typeof raw === 'number' ? raw : Number(text.replace(/[,，\s]/g, ''));
      return Number.isSafeInteger(n) ? { ok: true, value: n } : { ok: false, key: 'cellInteger' };
    }
    case 'date':
    case 'datetime': {
      const p = parseDateCell(raw instanceof Date || typeof raw === 'number' ? raw : text);
      return p ? { ok: true, value: formatDate(p, format, type) } : { ok: false, key: 'cellDate' };
    }
    case 'boolean': {
      const t = text.toLowerCase();
      return TRUE.has(t) ? { ok: true, value: 1 } : FALSE.has(t) ? { ok: true, value: 0 } : { ok: false, key: 'cellBoolean' };
    }
  }
}

/** Label → value translation (dictionary or data source): a label, or the stored value itself; comma-joined lists item by item. */
export function translate(options: Map<string, string>, values: Set<string>, text: string): string | null {
  const hit = options.get(text) ?? (values.has(text) ? text : undefined);
  if (hit !== undefined) return hit;
  if (!/[,，]/.test(text)) return null;
  const parts = text
    .split(/[,，]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const part of parts) {
    const one = options.get(part) ?? (values.has(part) ? part : undefined);
    if (one === undefined) return null;
    out.push(one);
  }
  return out.join(',');
}
