import type { ReportParam, ReportParamValues, ReportQueryField } from '@app/contracts';
import { AppError } from '../../core/errors.js';
import { localDate } from '../../core/time-zone.js';

/** Who views, for the current user / department / company parameters. */
export interface Viewer {
  userId: string;
  departmentId: string;
  companyId: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `yyyy-MM-dd` of a day `days` after the given local date. */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function validDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** A date default: today, monthStart, yearStart, or a written date. */
function defaultDate(word: string, today: string): string {
  if (word === 'today') return today;
  if (word === 'monthStart') return `${today.slice(0, 8)}01`;
  if (word === 'yearStart') return `${today.slice(0, 5)}01-01`;
  return validDate(word) ? word : '';
}

/** A date-range default: thisMonth, lastMonth, thisYear, today, or `begin,end`. */
function defaultRange(word: string, today: string): [string, string] {
  const monthStart = `${today.slice(0, 8)}01`;
  const nextMonth = addDays(`${today.slice(0, 8)}28`, 4).slice(0, 8) + '01';
  switch (word) {
    case 'today':
      return [today, today];
    case 'thisMonth':
      return [monthStart, addDays(nextMonth, -1)];
    case 'lastMonth': {
      const lastMonthEnd = addDays(monthStart, -1);
      return [`${lastMonthEnd.slice(0, 8)}01`, lastMonthEnd];
    }
    case 'thisYear':
      return [`${today.slice(0, 5)}01-01`, `${today.slice(0, 5)}12-31`];
    default: {
      const [begin = '', end = ''] = word.split(',').map((s) => s.trim());
      return validDate(begin) && validDate(end) ? [begin, end] : ['', ''];
    }
  }
}

const shown = (p: ReportParam) => !p.type.startsWith('current');

/** The value a parameter starts with in the query bar. */
export function defaultValue(p: ReportParam, today: string): string | string[] {
  if (p.type === 'date') return defaultDate(p.default, today);
  if (p.type === 'dateRange') {
    const [begin, end] = defaultRange(p.default, today);
    return begin ? [begin, end] : [];
  }
  return p.default;
}

/** The query bar: the shown parameters with their defaults and a dictionary's options. */
export function queryFields(params: ReportParam[], now: Date, timeZone: string, options: Map<string, { label: string; value: string }[]>): ReportQueryField[] {
  const today = localDate(now, timeZone);
  return params.filter(shown).map((p) => ({
    name: p.name,
    label: p.label || p.name,
    type: p.type,
    required: p.required,
    value: defaultValue(p, today),
    ...(p.type === 'dict' ? { options: options.get((p.dictionary ?? '').toLowerCase()) ?? [] } : {}),
  }));
}

/**
 * The values the data sets bind (`@name`, and `@name_begin` / `@name_end` for a date range) and the formulas read.
 * Values not given take their default; a given value is checked against its type; current user / department /
 * company always come from the viewer, whatever is sent. Unknown names are ignored.
 */
export function resolveParams(params: ReportParam[], given: ReportParamValues, viewer: Viewer, now: Date, timeZone: string): Record<string, unknown> {
  const today = localDate(now, timeZone);
  const values: Record<string, unknown> = {};
  for (const p of params) {
    const label = p.label || p.name;
    const sent = Object.hasOwn(given, p.name) ? given[p.name] : undefined;
    const raw = sent === undefined ? defaultValue(p, today) : sent;
    switch (p.type) {
      case 'currentUser':
        values[p.name] = viewer.userId;
        break;
      case 'currentDepartment':
        values[p.name] = viewer.departmentId;
        break;
      case 'currentCompany':
        values[p.name] = viewer.companyId;
        break;
      case 'dateRange': {
        const [begin = '', end = ''] = Array.isArray(raw) ? raw : String(raw).split(',');
        if (!begin && !end) {
          if (p.required) throw new AppError('report.paramRequired', { label }, 400);
          values[`${p.name}_begin`] = null;
          values[`${p.name}_end`] = null;
          break;
        }
        if (!validDate(begin) || !validDate(end) || begin > end) throw new AppError('report.paramInvalid', { label }, 400);
        values[`${p.name}_begin`] = begin;
        values[`${p.name}_end`] = end;
        break;
      }
      default: {
        const text = Array.isArray(raw) ? (raw[0] ?? '') : String(raw);
        if (text === '') {
          if (p.required) throw new AppError('report.paramRequired', { label }, 400);
          // Empty texts bind as '' (`@dept = '' or dept = @dept` works on every database); numbers and dates as null.
          values[p.name] = p.type === 'text' || p.type === 'dict' ? '' : null;
          break;
        }
        if (p.type === 'number') {
          const n = Number(text);
          if (!Number.isFinite(n)) throw new AppError('report.paramInvalid', { label }, 400);
          values[p.name] = n;
        } else if (p.type === 'date') {
          if (!validDate(text)) throw new AppError('report.paramInvalid', { label }, 400);
          values[p.name] = text;
        } else {
          values[p.name] = text;
        }
      }
    }
  }
  return values;
}
