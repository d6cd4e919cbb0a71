import { splitMulti, type FormField } from '@app/contracts';

/**
 * Sub-table cells start as a plain <input> showing the value's text and become the real field control
 * when the pointer enters or the cell gets focus. A 100-row table has 500+ cells; mounting as many antd selects,
 * date pickers and number inputs costs several hundred milliseconds, a plain input a tenth of that (the
 * 300 ms budget of a 200-field form with a 100-row sub-table). Read-only cells (look mode, edit flag 2, no edit
 * authority) stay plain. Types whose text cannot be worked out without loading (dictionary or server options)
 * or that are not text-like (switch, rate, upload, pickers…) are mounted as real controls from the start.
 */

const TEXT_TYPES = new Set(['input', 'textarea', 'mobile', 'number', 'computation']);
const OPTION_TYPES = new Set(['select', 'radio', 'checkbox']);

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The text a plain cell shows for the value, or null when the column needs its real control. */
export function liteText(column: FormField, value: unknown): string | null {
  const type = column.__config__.avueType;
  if (TEXT_TYPES.has(type)) return text(value);
  if (type === 'password') return '•'.repeat(text(value).length);
  if (type === 'date' || type === 'time') return splitMulti(value).join(' ~ ');
  if (OPTION_TYPES.has(type)) {
    const source = column.__config__.dataType;
    if (source !== undefined && source !== 'static') return null;
    const options = column.__slot__?.options ?? [];
    return splitMulti(value)
      .map((v) => options.find((o) => String(o.value) === v)?.label ?? v)
      .join(', ');
  }
  return null;
}
