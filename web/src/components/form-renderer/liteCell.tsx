import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { splitMulti, type FormField } from '@app/contracts';

/**
 * Sub-table cells (and main-form selects, date and time pickers) start as a plain <input> showing the value's text and become the real field control
 * when the pointer enters or the cell gets focus. A 100-row table has 500+ cells; mounting as many antd selects,
 * date pickers and number inputs costs several hundred milliseconds, a plain input a tenth of that (the
 * 300 ms budget of a 200-field form with a 100-row sub-table). Read-only cells (look mode, edit flag 2, no edit
 * authority) stay plain. In the main form only the popup controls (select, date, time) start plain: they cost
 * most, and the other types show more than a text (radio / checkbox options, switches, prefixes). Types whose text cannot be worked out without loading (dictionary or server options)
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

/** Popup controls of the main form that start plain. */
const MAIN_PLAIN_TYPES = new Set(['select', 'date', 'time']);

/** The plain text of a main-form field, or null when it mounts its real control. */
export function mainLiteText(field: FormField, value: unknown): string | null {
  return MAIN_PLAIN_TYPES.has(field.__config__.avueType) ? liteText(field, value) : null;
}

interface PlainOrRealProps {
  /** The plain text, or null: the real control at once. */
  text: string | null;
  disabled: boolean;
  placeholder?: string;
  invalid: boolean;
  /** The real control. */
  children: ReactNode;
}

/**
 * A plain box until touched, then the real control for good. How it was touched decides what the real control
 * gets: 'hover' nothing, 'focus' the focus with its text selected (as tabbing into a box does), 'press' the focus
 * and the press (a select or date picker opens as if it had been clicked). Read-only boxes stay plain.
 */
export function PlainOrReal({ text, disabled, placeholder, invalid, children }: PlainOrRealProps) {
  const [state, setState] = useState<'plain' | 'hover' | 'focus' | 'press'>('plain');
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (state !== 'focus' && state !== 'press') return;
    const target = box.current?.querySelector<HTMLElement>('input, textarea, [tabindex]:not([tabindex="-1"])');
    target?.focus();
    if (state === 'focus' && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) target.select();
  }, [state]);
  useEffect(() => {
    if (state !== 'press') return;
    // Outside the press that swapped the box (a select ignores a press nested in another one's handling).
    const timer = setTimeout(() => {
      const target = box.current?.querySelector('input, textarea');
      for (const type of ['mousedown', 'mouseup', 'click']) target?.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true }));
    });
    return () => clearTimeout(timer);
  }, [state]);
  if (text === null || state !== 'plain') return <div ref={box}>{children}</div>;
  return (
    <div ref={box}>
      <input
        className="fr-lite-cell"
        // Not readOnly: to a browser (and a test driver) this is an editable box; the first focus swaps in the
        // real control and moves the focus there before any key arrives.
        onChange={() => setState('focus')}
        disabled={disabled}
        value={text}
        placeholder={placeholder}
        aria-invalid={invalid ? true : undefined}
        onMouseEnter={disabled ? undefined : () => setState((s) => (s === 'plain' ? 'hover' : s))}
        // A press swaps before the browser focuses the plain box (a box removed during its own focus event leaves
        // the focus nowhere).
        onMouseDown={
          disabled
            ? undefined
            : (e) => {
                e.preventDefault();
                setState('press');
              }
        }
        onFocus={disabled ? undefined : () => setState('focus')}
      />
    </div>
  );
}
