import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FieldError, FormField } from '@app/contracts';
import { fieldEl, fld, renderForm, schemeOf } from './testing';

const idOf = (field: FormField) => field.__config__.formId;

function itemsScheme(config: Record<string, unknown> = {}) {
  const item = fld('input', 'F_Item', {}, { label: '物品', required: true });
  const price = fld('number', 'F_Price', {}, { label: '单价' });
  const qty = fld('number', 'F_Qty', {}, { label: '数量' });
  const amount = fld(
    'computation',
    'F_Amount',
    {
      computationalConfiguration: [
        { formId: idOf(price), name: '单价' },
        { formId: 0, name: '*' },
        { formId: idOf(qty), name: '数量' },
      ],
    },
    { label: '金额' },
  );
  return schemeOf([fld('table', 'items', {}, { label: '明细', children: [item, price, qty, amount], ...config })]);
}

/** The input of a cell (row index, column __vModel__); a plain cell is focused first so its real control shows. */
function cell(container: HTMLElement, row: number, column: string): HTMLInputElement {
  const find = () => fieldEl(container, 'items').querySelector<HTMLInputElement>(`tr[data-row="${row}"] [data-cell="${column}"] input`);
  const el = find();
  if (!el) throw new Error(`no cell ${row}.${column}`);
  if (!el.classList.contains('fr-lite-cell') || el.disabled) return el;
  fireEvent.focus(el);
  return find() as HTMLInputElement;
}

/** What a cell shows without touching it. */
const shown = (container: HTMLElement, row: number, column: string) =>
  fieldEl(container, 'items').querySelector<HTMLInputElement>(`tr[data-row="${row}"] [data-cell="${column}"] input`)?.value;

const total = (container: HTMLElement, column: string) => fieldEl(container, 'items').querySelector(`[data-total="${column}"]`)?.textContent;

describe('sub-table', () => {
  it('adds rows, computes each row on its own, sums number and computed columns', () => {
    const { container, handle } = renderForm(itemsScheme());
    expect(screen.getByText('暂无数据')).toBeTruthy();
    fireEvent.click(screen.getByText('添加行'));
    fireEvent.click(screen.getByText('添加行'));
    fireEvent.change(cell(container, 0, 'F_Item'), { target: { value: '笔' } });
    fireEvent.change(cell(container, 0, 'F_Price'), { target: { value: '19.99' } });
    fireEvent.change(cell(container, 0, 'F_Qty'), { target: { value: '3' } });
    fireEvent.change(cell(container, 1, 'F_Item'), { target: { value: '纸' } });
    fireEvent.change(cell(container, 1, 'F_Price'), { target: { value: '0.1' } });
    fireEvent.change(cell(container, 1, 'F_Qty'), { target: { value: '0.2' } });
    expect(shown(container, 0, 'F_Amount')).toBe('59.97');
    expect(shown(container, 1, 'F_Amount')).toBe('0.02');
    expect(screen.getByText('合计')).toBeTruthy();
    expect(total(container, 'F_Price')).toBe('20.09');
    expect(total(container, 'F_Qty')).toBe('3.2');
    expect(total(container, 'F_Amount')).toBe('59.99');
    expect(total(container, 'F_Item')).toBe('');
    expect(handle().getValues().items).toEqual([
      { F_Item: '笔', F_Price: '19.99', F_Qty: '3', F_Amount: '59.97' },
      { F_Item: '纸', F_Price: '0.1', F_Qty: '0.2', F_Amount: '0.02' },
    ]);
  });

  it('deletes a row (the totals follow) and keeps the other rows as they are', () => {
    const { container, handle } = renderForm(itemsScheme(), {
      mode: 'edit',
      initialValues: {
        items: [
          { F_Item: 'a', F_Price: '1', F_Qty: '1' },
          { F_Item: 'b', F_Price: '2', F_Qty: '2' },
          { F_Item: 'c', F_Price: '3', F_Qty: '3' },
        ],
      },
    });
    // Computed columns are filled from the loaded rows.
    expect(total(container, 'F_Amount')).toBe('14.00');
    fireEvent.click(screen.getAllByLabelText('删除')[1]);
    expect(handle().getValues().items).toEqual([
      { F_Item: 'a', F_Price: '1', F_Qty: '1', F_Amount: '1.00' },
      { F_Item: 'c', F_Price: '3', F_Qty: '3', F_Amount: '9.00' },
    ]);
    expect(shown(container, 1, 'F_Item')).toBe('c');
    expect(total(container, 'F_Amount')).toBe('10.00');
  });

  it('validates every row: errors show in their cells and follow their row when a row above is deleted', async () => {
    const { container, handle } = renderForm(itemsScheme(), { mode: 'edit', initialValues: { items: [{ F_Item: 'a' }, { F_Item: '' }] } });
    let errors: FieldError[] = [];
    await act(async () => {
      await handle()
        .validate()
        .catch((e: FieldError[]) => (errors = e));
    });
    expect(errors).toMatchObject([{ vModel: 'F_Item', row: 1, key: 'forms.rule.required' }]);
    const rowError = () => fieldEl(container, 'items').querySelector('tr[data-row="0"]')?.textContent ?? '';
    await waitFor(() => expect(fieldEl(container, 'items').textContent).toContain('物品不能为空'));
    fireEvent.click(screen.getAllByLabelText('删除')[0]);
    expect(rowError()).toContain('物品不能为空');
    fireEvent.change(cell(container, 0, 'F_Item'), { target: { value: 'b' } });
    await waitFor(() => expect(rowError()).not.toContain('物品不能为空'));
  });

  it('no totals row when showSummary is false; none without number columns unless showSummary', () => {
    const { container, unmount } = renderForm(itemsScheme({ showSummary: false }));
    expect(fieldEl(container, 'items').querySelector('.fr-subtable-totals')).toBeNull();
    unmount();
    const text = schemeOf([fld('table', 'items', {}, { children: [fld('input', 'F_Item')] })]);
    const second = renderForm(text);
    expect(second.container.querySelector('.fr-subtable-totals')).toBeNull();
    second.unmount();
    const asked = schemeOf([fld('table', 'items', {}, { showSummary: true, children: [fld('input', 'F_Item')] })]);
    expect(renderForm(asked).container.querySelector('.fr-subtable-totals')).toBeTruthy();
  });

  it('a column formula may read a main-form field; rows recompute when it changes', () => {
    const rate = fld('number', 'F_Rate');
    const qty = fld('number', 'F_Qty');
    const cost = fld('computation', 'F_Cost', {
      computationalConfiguration: [
        { formId: idOf(qty), name: 'q' },
        { formId: 0, name: '*' },
        { formId: idOf(rate), name: 'r' },
      ],
    });
    const scheme = schemeOf([rate, fld('table', 'items', {}, { children: [qty, cost] })]);
    const { container, handle } = renderForm(scheme, { mode: 'edit', initialValues: { F_Rate: '2', items: [{ F_Qty: '3' }, { F_Qty: '4' }] } });
    expect(handle().getValues().items).toEqual([
      { F_Qty: '3', F_Cost: '6.00' },
      { F_Qty: '4', F_Cost: '8.00' },
    ]);
    fireEvent.change(fieldEl(container, 'F_Rate').querySelector('input') as HTMLInputElement, { target: { value: '0.5' } });
    expect(shown(container, 1, 'F_Cost')).toBe('2.00');
  });

  it('cells start plain (the value as text) and turn into the real control on pointer or focus, keeping the focus', () => {
    const kind = fld('select', 'F_Kind', { __slot__: { options: [{ label: '办公', value: 'o' }] } }, { label: '类别' });
    const scheme = schemeOf([fld('table', 'items', {}, { children: [fld('input', 'F_Item'), kind] })]);
    const { container } = renderForm(scheme, { mode: 'edit', initialValues: { items: [{ F_Item: '笔', F_Kind: 'o' }] } });
    const plain = (column: string) => fieldEl(container, 'items').querySelector<HTMLInputElement>(`[data-cell="${column}"] input`);
    expect(plain('F_Item')?.classList.contains('fr-lite-cell')).toBe(true);
    expect(plain('F_Kind')?.value).toBe('办公');
    fireEvent.focus(plain('F_Item') as HTMLInputElement);
    const real = plain('F_Item') as HTMLInputElement;
    expect(real.classList.contains('fr-lite-cell')).toBe(false);
    expect(document.activeElement).toBe(real);
    fireEvent.mouseEnter(plain('F_Kind') as HTMLInputElement);
    expect(fieldEl(container, 'items').querySelector('[data-cell="F_Kind"] .ant-select')).toBeTruthy();
  });

  it('a press on a plain select cell opens the real select', async () => {
    const kind = fld('select', 'F_Kind', {
      __slot__: {
        options: [
          { label: '办公', value: 'o' },
          { label: '差旅', value: 't' },
        ],
      },
    });
    const { container, handle } = renderForm(schemeOf([fld('table', 'items', {}, { children: [kind] })]), {
      mode: 'edit',
      initialValues: { items: [{ F_Kind: 'o' }] },
    });
    fireEvent.mouseDown(fieldEl(container, 'items').querySelector('[data-cell="F_Kind"] input') as HTMLInputElement);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === '差旅');
      if (!found) throw new Error('not open');
      return found;
    });
    fireEvent.click(option);
    expect(handle().getValues().items).toEqual([{ F_Kind: 't' }]);
  });

  it('read-only cells stay plain and disabled', () => {
    const { container } = renderForm(itemsScheme(), { mode: 'look', initialValues: { items: [{ F_Item: '笔', F_Price: '1' }] } });
    const input = fieldEl(container, 'items').querySelector<HTMLInputElement>('[data-cell="F_Item"] input') as HTMLInputElement;
    expect(input.disabled).toBe(true);
    fireEvent.mouseEnter(input);
    expect(input.classList.contains('fr-lite-cell')).toBe(true);
  });
});
