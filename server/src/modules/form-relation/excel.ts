import { splitMulti, type FormField } from '@app/contracts';

/**
 * Cell texts of a published list's Excel export and import (docs "Published list" › Export / Import), pure: option
 * fields show their labels, a label read back becomes its value again.
 */

const MULTI = new Set(['checkbox', 'cascader']);

export interface CellOption {
  label: string;
  value: string;
}

/**
 * The options of an option field (label → value pairs): its static options and switch texts, plus `loaded` (its
 * dictionary items, read by the service), or none.
 */
export function optionsOf(field: FormField | undefined, loaded: CellOption[] = []): CellOption[] {
  if (!field) return [];
  const slot = (field as { __slot__?: { options?: unknown } }).__slot__;
  const options = Array.isArray(slot?.options) ? (slot.options as { label?: unknown; value?: unknown }[]) : [];
  const list = options
    .filter((o) => o && o.value !== undefined && o.value !== null)
    .map((o) => ({ label: String(o.label ?? o.value), value: String(o.value) }));
  if (field.__config__.avueType === 'switch') {
    const f = field as Record<string, unknown>;
    for (const [flag, text] of [
      ['active-value', 'active-text'],
      ['inactive-value', 'inactive-text'],
    ]) {
      if (f[flag] !== undefined && typeof f[text] === 'string' && f[text]) list.push({ label: String(f[text]), value: String(f[flag]) });
    }
  }
  return [...list, ...loaded];
}

const isMulti = (field: FormField) => MULTI.has(field.__config__.avueType) || (field as { multiple?: unknown }).multiple === true;

/** What an export cell shows for a value as the form holds it: labels for options, text otherwise. */
export function cellText(field: FormField | undefined, value: unknown, loaded?: CellOption[]): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  const options = optionsOf(field, loaded);
  if (field && options.length) {
    const label = (v: string) => options.find((o) => o.value === v)?.label ?? v;
    return isMulti(field) ? splitMulti(value).map(label).join(',') : label(String(value));
  }
  if (typeof value === 'number') return value;
  return Array.isArray(value) ? value.join(',') : String(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell's value read from a sheet as text (dates as yyyy-MM-dd, with the time when it has one). */
export function readCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time =
      value.getUTCHours() || value.getUTCMinutes() || value.getUTCSeconds()
        ? ` ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`
        : '';
    return date + time;
  }
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[]; hyperlink?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (v.result !== undefined) return readCell(v.result);
    if (v.text !== undefined) return readCell(v.text);
    return '';
  }
  return String(value).trim();
}

/** A cell's text as the form value: option labels (or values) back to values; lists for multi-value fields. */
export function fieldValue(field: FormField, text: string, loaded?: CellOption[]): unknown {
  if (text === '') return undefined;
  const options = optionsOf(field, loaded);
  const valueOf = (t: string) => {
    const item = t.trim();
    return options.find((o) => o.label === item)?.value ?? options.find((o) => o.value === item)?.value ?? item;
  };
  if (isMulti(field)) return text.split(/[,，]/).map(valueOf).filter(Boolean);
  if (!options.length) {
    const type = field.__config__.avueType;
    if (type === 'rate' || type === 'slider') return Number.isFinite(Number(text)) ? Number(text) : text;
    return text;
  }
  return valueOf(text);
}
