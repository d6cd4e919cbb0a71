import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { componentOf } from './fieldComponent';
import { fieldEl, fld, inputOf, realize, renderForm, schemeOf } from './testing';
import type { FormRuntime } from './types';
import { stubApi } from '../../test/helpers';

/** Every basic field type renders and stores its value in the documented format (docs/forms-design.md). */

const options = [
  { label: '红', value: 'r' },
  { label: '绿', value: 'g' },
  { label: '蓝', value: 'b' },
];

/** Opens an antd select of a field and picks an option by its label. */
async function pick(container: HTMLElement, vModel: string, label: string) {
  realize(fieldEl(container, vModel));
  const input = fieldEl(container, vModel).querySelector('.ant-select input') as HTMLElement;
  // A multiple select stays open after a pick; a second mouse-down would close it.
  if (input.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(input);
  const option = await waitFor(() => {
    // The open popup opened last: an earlier select's popup stays in the document, hidden.
    const popup = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
    const found = [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find((o) => o.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

afterEach(() => vi.unstubAllGlobals());

describe('text fields', () => {
  it('input: prepend / append, maxlength, word count, clearable, placeholder', () => {
    const scheme = schemeOf([
      fld('input', 'F_A', { placeholder: '请输入', maxlength: 10, 'show-word-limit': true, clearable: true, __slot__: { prepend: 'http://', append: '.com' } }),
    ]);
    const { container, handle } = renderForm(scheme);
    const input = inputOf(container, 'F_A');
    expect(input.placeholder).toBe('请输入');
    expect(input.maxLength).toBe(10);
    expect(screen.getByText('http://')).toBeTruthy();
    expect(screen.getByText('.com')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(handle().getValues().F_A).toBe('abc');
    expect(fieldEl(container, 'F_A').textContent).toContain('3 / 10');
    expect(fieldEl(container, 'F_A').querySelector('.ant-input-clear-icon')).toBeTruthy();
  });

  it('textarea and password store text', () => {
    const scheme = schemeOf([fld('textarea', 'F_T'), fld('password', 'F_P')]);
    const { container, handle } = renderForm(scheme);
    expect(inputOf(container, 'F_T').tagName).toBe('TEXTAREA');
    expect(inputOf(container, 'F_P').type).toBe('password');
    fireEvent.change(inputOf(container, 'F_T'), { target: { value: 'line 1\nline 2' } });
    fireEvent.change(inputOf(container, 'F_P'), { target: { value: 's3cret' } });
    expect(handle().getValues()).toMatchObject({ F_T: 'line 1\nline 2', F_P: 's3cret' });
  });

  it('mobile keeps digits only, at most 11', () => {
    const { container, handle } = renderForm(schemeOf([fld('mobile', 'F_M')]));
    fireEvent.change(inputOf(container, 'F_M'), { target: { value: '+86 138-0013-8000 99' } });
    expect(handle().getValues().F_M).toBe('86138001380');
    fireEvent.change(inputOf(container, 'F_M'), { target: { value: '138 0013 8000' } });
    expect(handle().getValues().F_M).toBe('13800138000');
  });
});

describe('number', () => {
  it('stores a decimal string and shows the capital amount under it', async () => {
    const scheme = schemeOf([fld('number', 'F_N', { min: 0, max: 100000, precision: 2 }, { showCapitalizedValue: true })]);
    const { container, handle } = renderForm(scheme);
    const input = inputOf(container, 'F_N');
    fireEvent.change(input, { target: { value: '1234.56' } });
    expect(handle().getValues().F_N).toBe('1234.56');
    await waitFor(() => expect(fieldEl(container, 'F_N').textContent).toContain('壹仟贰佰叁拾肆元伍角陆分'));
    fireEvent.change(input, { target: { value: '' } });
    expect(handle().getValues().F_N).toBe('');
  });

  it('keeps decimals exact (no binary floating point)', () => {
    const { container, handle } = renderForm(schemeOf([fld('number', 'F_N')]));
    fireEvent.change(inputOf(container, 'F_N'), { target: { value: '0.30000000000000001' } });
    expect(handle().getValues().F_N).toBe('0.30000000000000001');
  });
});

describe('options', () => {
  it('select stores the value; multiple select is comma-joined', async () => {
    const scheme = schemeOf([fld('select', 'F_S', { __slot__: { options } }), fld('select', 'F_MS', { multiple: true, __slot__: { options } })]);
    const { container, handle } = renderForm(scheme);
    await pick(container, 'F_S', '绿');
    expect(handle().getValues().F_S).toBe('g');
    await pick(container, 'F_MS', '红');
    await pick(container, 'F_MS', '蓝');
    expect(handle().getValues().F_MS).toBe('r,b');
  });

  it('select shows a stored multi-value as tags', () => {
    const scheme = schemeOf([fld('select', 'F_MS', { multiple: true, __slot__: { options } })]);
    const { container } = renderForm(scheme, { mode: 'edit', initialValues: { F_MS: 'g,b' } });
    // Plain until touched: the labels as text; then antd's tags.
    expect(inputOf(container, 'F_MS').value).toBe('绿, 蓝');
    realize(fieldEl(container, 'F_MS'));
    const text = fieldEl(container, 'F_MS').textContent ?? '';
    expect(text).toContain('绿');
    expect(text).toContain('蓝');
    expect(text).not.toContain('红');
  });

  it('radio stores the value, checkbox group comma-joined', () => {
    const scheme = schemeOf([fld('radio', 'F_R', { __slot__: { options } }), fld('checkbox', 'F_C', { __slot__: { options } })]);
    const { container, handle } = renderForm(scheme);
    fireEvent.click(screen.getAllByText('蓝')[0]);
    expect(handle().getValues().F_R).toBe('b');
    const boxes = fieldEl(container, 'F_C').querySelectorAll('input[type="checkbox"]');
    fireEvent.click(boxes[2]);
    fireEvent.click(boxes[0]);
    // antd keeps a checkbox group's values in option order.
    expect(handle().getValues().F_C).toBe('r,b');
    fireEvent.click(boxes[2]);
    expect(handle().getValues().F_C).toBe('r');
  });

  it('remote search asks the source only with non-empty text', async () => {
    const calls = stubApi([[/POST \/form-scheme\/field-options/, () => ({ rows: [{ id: '1', name: '甲' }] })]]);
    const scheme = schemeOf([fld('select', 'F_RS', {}, { dataType: 'dataSource', dataSource: 'ds1', remote: true, filterable: true })]);
    const { container } = renderForm(scheme);
    await waitFor(() => expect(calls.length).toBe(1));
    const input = fieldEl(container, 'F_RS').querySelector('input') as HTMLInputElement;
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.change(input, { target: { value: '甲' } });
    await waitFor(() => expect(calls.map((c) => (c.body as { keyword: string }).keyword)).toEqual(['', '甲']));
  });
});

describe('switch, slider, rate', () => {
  it('switch stores its active / inactive value and shows the texts', () => {
    const scheme = schemeOf([
      fld('switch', 'F_W', { 'active-value': '1', 'inactive-value': '0', 'active-text': '开', 'inactive-text': '关' }, { defaultValue: '0' }),
    ]);
    const { container, handle } = renderForm(scheme);
    const sw = fieldEl(container, 'F_W').querySelector('button[role="switch"]') as HTMLElement;
    expect(sw.textContent).toContain('关');
    fireEvent.click(sw);
    expect(handle().getValues().F_W).toBe('1');
    expect(sw.textContent).toContain('开');
    fireEvent.click(sw);
    expect(handle().getValues().F_W).toBe('0');
  });

  it('slider stores a number (keyboard)', () => {
    const { container, handle } = renderForm(schemeOf([fld('slider', 'F_SL', { min: 0, max: 10, step: 2 })]));
    const thumb = fieldEl(container, 'F_SL').querySelector('[role="slider"]') as HTMLElement;
    expect(thumb.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(thumb, { key: 'ArrowRight', keyCode: 39, which: 39 });
    expect(handle().getValues().F_SL).toBe(2);
  });

  it('rate stores a number', () => {
    const { container, handle } = renderForm(schemeOf([fld('rate', 'F_RT')]));
    const stars = fieldEl(container, 'F_RT').querySelectorAll('.ant-rate-star');
    expect(stars.length).toBe(5);
    fireEvent.click(stars[2].firstElementChild as HTMLElement);
    expect(handle().getValues().F_RT).toBe(3);
  });
});

describe('date, time, colour', () => {
  it('date stores the value-format (yyyy-MM-dd converted), picked from the calendar', async () => {
    const scheme = schemeOf([fld('date', 'F_D', { type: 'date', 'value-format': 'yyyy-MM-dd' })]);
    const { container, handle } = renderForm(scheme, { mode: 'edit', initialValues: { F_D: '2026-11-05' } });
    const input = inputOf(container, 'F_D');
    expect(input.value).toBe('2026-11-05');
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    const cell = await waitFor(() => {
      const td = document.querySelector<HTMLElement>('td[title="2026-11-20"]');
      if (!td) throw new Error('calendar not open');
      return td;
    });
    fireEvent.click(cell);
    await waitFor(() => expect(handle().getValues().F_D).toBe('2026-11-20'));
  });

  it('datetime uses YYYY-MM-DD HH:mm:ss; ranges are comma-joined', () => {
    const scheme = schemeOf([fld('date', 'F_DT', { type: 'datetime' }), fld('date', 'F_DR', { type: 'daterange' })]);
    const { container } = renderForm(scheme, { mode: 'edit', initialValues: { F_DT: '2026-11-05 08:30:00', F_DR: '2026-11-01,2026-11-03' } });
    realize(container);
    expect(inputOf(container, 'F_DT').value).toBe('2026-11-05 08:30:00');
    const range = fieldEl(container, 'F_DR').querySelectorAll('input');
    expect([...range].map((i) => i.value)).toEqual(['2026-11-01', '2026-11-03']);
  });

  it('a date range picked in the calendar is stored comma-joined', async () => {
    const scheme = schemeOf([fld('date', 'F_DR', { type: 'daterange' })]);
    const { container, handle } = renderForm(scheme, { mode: 'edit', initialValues: { F_DR: '2026-11-01,2026-11-03' } });
    const first = fieldEl(container, 'F_DR').querySelector('input') as HTMLInputElement;
    fireEvent.mouseDown(first);
    fireEvent.click(first);
    const cell = (title: string) =>
      waitFor(() => {
        const td = document.querySelector<HTMLElement>(`td[title="${title}"]`);
        if (!td) throw new Error('calendar not open');
        return td;
      });
    fireEvent.click(await cell('2026-11-10'));
    fireEvent.click(await cell('2026-11-12'));
    await waitFor(() => expect(handle().getValues().F_DR).toBe('2026-11-10,2026-11-12'));
  });

  it('time and time ranges', () => {
    const scheme = schemeOf([fld('time', 'F_TM'), fld('time', 'F_TR', { 'is-range': true, 'value-format': 'HH:mm' })]);
    const { container } = renderForm(scheme, { mode: 'edit', initialValues: { F_TM: '08:30:15', F_TR: '08:00,17:30' } });
    expect(inputOf(container, 'F_TR').value).toBe('08:00 ~ 17:30');
    realize(container);
    expect(inputOf(container, 'F_TM').value).toBe('08:30:15');
    expect([...fieldEl(container, 'F_TR').querySelectorAll('input')].map((i) => i.value)).toEqual(['08:00', '17:30']);
  });

  it('time stores the typed time by value-format', async () => {
    const { container, handle } = renderForm(schemeOf([fld('time', 'F_TM', { 'value-format': 'HH:mm', format: 'HH:mm' })]));
    realize(container);
    const input = inputOf(container, 'F_TM');
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '09:15' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(handle().getValues().F_TM).toBe('09:15'));
  });

  it('colour stores a hex string picked in the panel', async () => {
    const { container, handle } = renderForm(schemeOf([fld('color', 'F_CL')]), { mode: 'edit', initialValues: { F_CL: '#1677ff' } });
    fireEvent.click(fieldEl(container, 'F_CL').querySelector('.ant-color-picker-trigger') as HTMLElement);
    const hex = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('.ant-color-picker-hex-input input');
      if (!input) throw new Error('panel not open');
      return input;
    });
    fireEvent.change(hex, { target: { value: 'ff0000' } });
    await waitFor(() => expect(handle().getValues().F_CL).toBe('#ff0000'));
  });

  it('colour shows the stored hex', () => {
    const { container } = renderForm(schemeOf([fld('color', 'F_CL')]), { mode: 'edit', initialValues: { F_CL: '#1677ff' } });
    expect(fieldEl(container, 'F_CL').textContent?.toLowerCase()).toContain('1677ff');
  });
});

describe('unsupported field', () => {
  it('renders a placeholder instead of crashing', () => {
    const field = fld('input', 'F_X');
    (field.__config__ as { avueType: string }).avueType = 'sketchpad';
    const Control = componentOf(field);
    render(<Control field={field} value="" onChange={() => undefined} disabled={false} form={{} as FormRuntime} />);
    expect(screen.getByText('暂不支持的字段类型：sketchpad')).toBeTruthy();
  });
});
