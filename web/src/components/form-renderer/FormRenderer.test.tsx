import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FieldError, FormField } from '@app/contracts';
import i18n from '../../lib/i18n';
import { FormRenderer } from './FormRenderer';
import { fieldRegistry } from './registry';
import { fieldEl, fld, inputOf, renderForm, schemeOf } from './testing';
import type { FieldProps, FormRuntime } from './types';
import { renderWithApp } from '../../test/helpers';

const idOf = (field: FormField) => field.__config__.formId;

/** Runs validate() and answers the rejection (or null when it resolved). */
async function errorsOf(validate: () => Promise<unknown>): Promise<FieldError[] | null> {
  let errors: FieldError[] | null = null;
  await act(async () => {
    await validate().catch((e: FieldError[]) => {
      errors = e;
    });
  });
  return errors;
}

/** Swaps a registry entry for a probe during one test (the registry is the renderer's only lookup). */
function withProbe(type: 'rate', probe: (props: FieldProps) => React.ReactNode) {
  const saved = fieldRegistry[type];
  fieldRegistry[type] = probe;
  return () => {
    fieldRegistry[type] = saved;
  };
}

let restore: (() => void) | undefined;
afterEach(async () => {
  restore?.();
  restore = undefined;
  if (i18n.language !== 'zh-CN') await i18n.changeLanguage('zh-CN');
});

describe('scheme checks', () => {
  it('shows the configuration alert for an empty scheme', () => {
    renderForm(schemeOf([]));
    expect(screen.getByText('表单配置异常，请检查数据格式')).toBeTruthy();
  });

  it('shows the alert for a scheme parseScheme refuses (duplicate formId) and refuses validate()', async () => {
    const a = fld('input', 'F_A');
    const b = fld('input', 'F_B');
    b.__config__.formId = a.__config__.formId;
    const { handle } = renderForm(schemeOf([a, b]));
    expect(screen.getByText('表单配置异常，请检查数据格式')).toBeTruthy();
    expect(await errorsOf(() => handle().validate())).toEqual([]);
  });

  it('shows the alert in English', async () => {
    await i18n.changeLanguage('en');
    renderForm({ data: 'not a list' } as never);
    expect(screen.getByText('Form configuration abnormal, please check the data format')).toBeTruthy();
  });
});

describe('modes', () => {
  const scheme = () =>
    schemeOf([
      fld('input', 'F_Name', {}, { label: '姓名', required: true, defaultValue: '默认' }),
      fld('number', 'F_Count', {}, { defaultValue: 5 }),
      fld('table', 'items', {}, { label: '明细', children: [fld('input', 'F_Item', {}, { label: '物品' })] }),
    ]);

  it('add: defaults from the scheme', () => {
    const { container, handle } = renderForm(scheme());
    expect(inputOf(container, 'F_Name').value).toBe('默认');
    expect(handle().getValues()).toEqual({ F_Name: '默认', F_Count: 5, items: [] });
  });

  it('edit: the initial values, fields editable', () => {
    const { container, handle } = renderForm(scheme(), { mode: 'edit', initialValues: { F_Name: '李四', F_Count: '7', items: [{ F_Item: '笔' }] } });
    expect(inputOf(container, 'F_Name').value).toBe('李四');
    expect(inputOf(container, 'F_Name').disabled).toBe(false);
    expect(handle().getValues()).toMatchObject({ F_Name: '李四', F_Count: '7', items: [{ F_Item: '笔' }] });
    expect(screen.getByText('添加行')).toBeTruthy();
  });

  it('look: everything read-only, sub-tables included; validate resolves without checking', async () => {
    const { container, handle } = renderForm(scheme(), { mode: 'look', initialValues: { F_Name: '', items: [{ F_Item: '笔' }] } });
    expect(inputOf(container, 'F_Name').disabled).toBe(true);
    expect(inputOf(container, 'F_Count').disabled).toBe(true);
    expect((fieldEl(container, 'items').querySelector('input') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByText('添加行')).toBeNull();
    expect(screen.queryByLabelText('删除')).toBeNull();
    expect(await errorsOf(() => handle().validate())).toBeNull();
  });

  it('edit flag 2: everything read-only, sub-tables included', () => {
    const { container } = renderForm(scheme(), { mode: 'edit', editFlag: 2, initialValues: { F_Name: 'x', items: [{ F_Item: '笔' }] } });
    expect(inputOf(container, 'F_Name').disabled).toBe(true);
    expect((fieldEl(container, 'items').querySelector('input') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByText('添加行')).toBeNull();
  });

  it('initial values loaded after the form replace the values; the same content again does not reset typing', () => {
    const s = scheme();
    const { container, rerender, handle } = renderForm(s, { mode: 'edit' });
    rerender(<FormRenderer scheme={s} mode="edit" initialValues={{ F_Name: '王五' }} />);
    expect(inputOf(container, 'F_Name').value).toBe('王五');
    fireEvent.change(inputOf(container, 'F_Name'), { target: { value: '王五五' } });
    rerender(<FormRenderer scheme={s} mode="edit" initialValues={{ F_Name: '王五' }} />);
    expect(inputOf(container, 'F_Name').value).toBe('王五五');
    expect(handle).toBeTruthy();
  });

  it('setValues, reset and onValuesChange', () => {
    const { container, handle, changes } = renderForm(scheme(), { mode: 'edit', initialValues: { F_Name: '甲' } });
    act(() => handle().setValues({ F_Name: '乙' }));
    expect(inputOf(container, 'F_Name').value).toBe('乙');
    fireEvent.change(inputOf(container, 'F_Name'), { target: { value: '丙' } });
    expect(changes.at(-1)).toMatchObject({ F_Name: '丙' });
    act(() => handle().reset());
    expect(inputOf(container, 'F_Name').value).toBe('甲');
  });

  it('reset clears shown errors; setValues is one change for onValuesChange', async () => {
    const { container, handle, changes } = renderForm(scheme(), { mode: 'edit', initialValues: { F_Name: '' } });
    await errorsOf(() => handle().validate());
    expect(screen.getByText('姓名不能为空')).toBeTruthy();
    act(() => handle().reset());
    expect(container.querySelector('.fr-explain')).toBeNull();
    const before = changes.length;
    act(() => handle().setValues({ F_Name: 'a', F_Count: '2' }));
    expect(changes.length).toBe(before + 1);
  });

  it('drops sub-table rows that are not objects', () => {
    const { handle } = renderForm(scheme(), { mode: 'edit', initialValues: { items: [{ F_Item: 'a' }, null, 'x'] } });
    expect(handle().getValues().items).toEqual([{ F_Item: 'a' }]);
  });
});

describe('fields named like Object.prototype members (schemes stored before the save refused them)', () => {
  const scheme = () =>
    schemeOf([
      fld('input', 'constructor', {}, { label: '甲', required: true }),
      fld('input', 'toString', {}, { label: '乙' }),
      fld('input', '__proto__', {}, { label: '丙' }),
      fld('table', 'items', {}, { label: '明细', children: [fld('input', 'hasOwnProperty', {}, { label: '丁' })] }),
    ]);

  it('keeps their values as own keys: defaults, typing, validation and the values handed out', async () => {
    const { container, handle } = renderForm(scheme(), { mode: 'edit' });
    expect(JSON.stringify(handle().getValues())).toBe('{"constructor":"","toString":"","__proto__":"","items":[]}');
    expect(await errorsOf(() => handle().validate())).toMatchObject([{ vModel: 'constructor', key: 'forms.rule.required' }]);
    fireEvent.change(inputOf(container, 'constructor'), { target: { value: 'a' } });
    fireEvent.change(inputOf(container, '__proto__'), { target: { value: 'c' } });
    fireEvent.click(screen.getByText('添加行'));
    const cell = () => fieldEl(container, 'items').querySelector<HTMLInputElement>('tr[data-row="0"] [data-cell="hasOwnProperty"] input')!;
    fireEvent.focus(cell()); // a plain cell shows its real control once focused
    fireEvent.change(cell(), { target: { value: 'd' } });
    expect(await errorsOf(() => handle().validate())).toBeNull();
    expect(JSON.stringify(handle().getValues())).toBe('{"constructor":"a","toString":"","__proto__":"c","items":[{"hasOwnProperty":"d"}]}');
  });
});

describe('authority', () => {
  it('view false hides (not rendered, not validated, not in the values); edit false disables; required from the list', async () => {
    const hidden = fld('input', 'F_Hidden', {}, { label: '隐藏', required: true });
    const locked = fld('input', 'F_Locked', {}, { label: '锁定' });
    const needed = fld('input', 'F_Needed', {}, { label: '必填' });
    const { container, handle } = renderForm(schemeOf([hidden, locked, needed]), {
      mode: 'edit',
      initialValues: { F_Hidden: 'secret', F_Locked: 'x' },
      authority: [
        { formId: idOf(hidden), view: false, edit: true, required: false },
        { formId: idOf(locked), view: true, edit: false, required: false },
        { formId: String(idOf(needed)), view: true, edit: true, required: true },
      ],
    });
    expect(container.querySelector('[data-field="F_Hidden"]')).toBeNull();
    expect(inputOf(container, 'F_Locked').disabled).toBe(true);
    expect(handle().getValues()).not.toHaveProperty('F_Hidden');
    const errors = await errorsOf(() => handle().validate());
    expect(errors?.map((e) => e.vModel)).toEqual(['F_Needed']);
    expect(screen.getByText('必填不能为空')).toBeTruthy();
    fireEvent.change(inputOf(container, 'F_Needed'), { target: { value: 'ok' } });
    const values = await act(() => handle().validate());
    expect(values).toEqual({ F_Locked: 'x', F_Needed: 'ok' });
  });

  it('a hidden tab hides its fields; a hidden sub-table column is left out of the rows', () => {
    const inTab = fld('input', 'F_InTab');
    const tabs = fld('tabs', undefined, {}, { option: { column: [{ label: '一', prop: 't1' }] }, childrenObj: { t1: [inTab] } });
    const col = fld('input', 'F_Secret');
    const table = fld('table', 'items', {}, { children: [fld('input', 'F_Item'), col] });
    const { container, handle } = renderForm(schemeOf([tabs, table, fld('input', 'F_A')]), {
      mode: 'edit',
      initialValues: { F_InTab: 'x', items: [{ F_Item: '笔', F_Secret: 's' }] },
      authority: [
        { formId: idOf(tabs), view: false, edit: true, required: false },
        { formId: idOf(col), view: false, edit: true, required: false },
      ],
    });
    expect(container.querySelector('[data-field="F_InTab"]')).toBeNull();
    expect(fieldEl(container, 'items').textContent).not.toContain('F_Secret');
    expect(handle().getValues()).toEqual({ F_A: '', items: [{ F_Item: '笔' }] });
  });
});

describe('validation messages', () => {
  async function messageAfterValidate(field: FormField, value?: unknown): Promise<string> {
    const { container, handle } = renderForm(schemeOf([field]), {
      mode: 'edit',
      initialValues: value === undefined ? {} : { [field.__vModel__ ?? '']: value },
    });
    await errorsOf(() => handle().validate());
    return fieldEl(container, field.__vModel__ ?? '').querySelector('.fr-explain')?.textContent ?? '';
  }

  it('required: "{label}不能为空", or the placeholder', async () => {
    expect(await messageAfterValidate(fld('input', 'F_A', {}, { label: '姓名', required: true }))).toBe('姓名不能为空');
    expect(await messageAfterValidate(fld('input', 'F_B', { placeholder: '请输入姓名' }, { label: '姓名', required: true }))).toBe('请输入姓名');
  });

  it('checkbox group: "{label}必须填写"', async () => {
    const field = fld('checkbox', 'F_C', { __slot__: { options: [{ label: 'a', value: 'a' }] } }, { label: '爱好', required: true });
    expect(await messageAfterValidate(field)).toBe('爱好必须填写');
  });

  it('pattern: the configured message, else "校验未通过"', async () => {
    const withMessage = fld('input', 'F_P', {}, { regList: [{ pattern: '^\\d+$', message: '只能输入数字' }] });
    expect(await messageAfterValidate(withMessage, 'abc')).toBe('只能输入数字');
    const plain = fld('input', 'F_Q', {}, { regList: [{ pattern: '^\\d+$', message: '' }] });
    expect(await messageAfterValidate(plain, 'abc')).toBe('校验未通过');
  });

  it('pattern is checked on change and the message clears when fixed', async () => {
    const { container } = renderForm(schemeOf([fld('input', 'F_P', {}, { regList: [{ pattern: '^\\d+$', message: '只能输入数字' }] })]));
    fireEvent.change(inputOf(container, 'F_P'), { target: { value: 'x' } });
    await waitFor(() => expect(screen.getByText('只能输入数字')).toBeTruthy());
    fireEvent.change(inputOf(container, 'F_P'), { target: { value: '12' } });
    await waitFor(() => expect(screen.queryByText('只能输入数字')).toBeNull());
  });

  it('mobile: empty, length, format', async () => {
    const mobile = () => fld('mobile', 'F_M', {}, { label: '手机', required: true });
    expect(await messageAfterValidate(mobile())).toBe('手机号码不能为空');
    expect(await messageAfterValidate(mobile(), '138')).toBe('手机号码长度不为11位');
    expect(await messageAfterValidate(mobile(), '12345678901')).toBe('手机号码格式不正确');
  });

  it('number validates on blur, not on change', async () => {
    const { container } = renderForm(schemeOf([fld('number', 'F_N', {}, { label: '数量', required: true })]));
    const input = inputOf(container, 'F_N');
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.change(input, { target: { value: '' } });
    expect(fieldEl(container, 'F_N').querySelector('.fr-explain')).toBeNull();
    fireEvent.blur(input);
    await waitFor(() => expect(fieldEl(container, 'F_N').querySelector('.fr-explain')?.textContent).toBe('数量不能为空'));
  });

  it('number: out-of-range typing is held to min / max by the control (as the original does)', async () => {
    const { container, handle } = renderForm(schemeOf([fld('number', 'F_N', { min: 1, max: 10 }, { label: '数量' })]));
    const input = inputOf(container, 'F_N');
    fireEvent.change(input, { target: { value: '20' } });
    fireEvent.blur(input);
    await waitFor(() => expect(handle().getValues().F_N).toBe('10'));
  });

  it('number: a stored value out of range shows the range message', async () => {
    expect(await messageAfterValidate(fld('number', 'F_N', { min: 1, max: 10 }, { label: '数量' }), '20')).toBe('数量必须在 1 到 10 之间');
  });

  it('English messages', async () => {
    await i18n.changeLanguage('en');
    expect(await messageAfterValidate(fld('input', 'F_A', {}, { label: 'Name', required: true }))).toBe('Name cannot be empty');
  });
});

describe('computed fields', () => {
  function taxScheme() {
    const price = fld('number', 'F_Price', {}, { label: '单价' });
    const qty = fld('number', 'F_Qty', {}, { label: '数量' });
    const total = fld(
      'computation',
      'F_Total',
      {
        taxRate: 13,
        computationalConfiguration: [
          { type: 'formId', formId: idOf(price), name: '单价' },
          { formId: 0, name: '*' },
          { type: 'formId', formId: idOf(qty), name: '数量' },
          { formId: 0, name: '*' },
          { formId: 0, name: '(' },
          { formId: 0, name: '1' },
          { formId: 0, name: '+' },
          { type: 'taxRate', formId: 0, name: '税率' },
          { formId: 0, name: ')' },
        ],
      },
      { label: '含税金额', showCapitalizedValue: true },
    );
    return schemeOf([price, qty, total]);
  }

  it('computes with the tax rate, truncated to 2 decimals, live, with the capital amount', async () => {
    const { container, handle } = renderForm(taxScheme());
    fireEvent.change(inputOf(container, 'F_Price'), { target: { value: '19.99' } });
    expect(inputOf(container, 'F_Total').value).toBe('0.00');
    fireEvent.change(inputOf(container, 'F_Qty'), { target: { value: '3' } });
    // 19.99 × 3 × 1.13 = 67.7661 → 67.76 (truncated, never rounded up)
    expect(inputOf(container, 'F_Total').value).toBe('67.76');
    expect(handle().getValues().F_Total).toBe('67.76');
    await waitFor(() => expect(fieldEl(container, 'F_Total').textContent).toContain('陆拾柒元柒角陆分'));
    expect(inputOf(container, 'F_Total').readOnly).toBe(true);
  });

  it('is computed from initial values (edit) and inside a tab that was never opened', () => {
    const price = fld('number', 'F_Price');
    const doubled = fld('computation', 'F_Double', {
      computationalConfiguration: [
        { formId: idOf(price), name: 'p' },
        { formId: 0, name: '*' },
        { formId: 0, name: '2' },
      ],
    });
    const tabs = fld(
      'tabs',
      undefined,
      {},
      {
        option: {
          column: [
            { label: '一', prop: 't1' },
            { label: '二', prop: 't2' },
          ],
        },
        childrenObj: { t1: [price], t2: [doubled] },
      },
    );
    const { handle } = renderForm(schemeOf([tabs]), { mode: 'edit', initialValues: { F_Price: '1.005' } });
    expect(handle().getValues().F_Double).toBe('2.01');
  });
});

describe('tabs and the runtime', () => {
  it('renders tabs from option.column and setByFormId fills fields inside tabs and broadcasts', async () => {
    let runtime: FormRuntime | undefined;
    restore = withProbe('rate', ({ form }) => {
      runtime = form;
      return <span>probe</span>;
    });
    const a = fld('input', 'F_A');
    const b = fld('input', 'F_B');
    const tabs = fld(
      'tabs',
      undefined,
      {},
      {
        option: {
          column: [
            { label: '基本', prop: 't1' },
            { label: '其他', prop: 't2' },
          ],
        },
        childrenObj: { t1: [a], t2: [b] },
        tabsType: 'card',
      },
    );
    const { container, handle } = renderForm(schemeOf([fld('rate', 'F_Probe'), tabs]), { mode: 'edit' });
    expect(screen.getByRole('tab', { name: '基本' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '其他' })).toBeTruthy();
    expect(container.querySelector('.ant-tabs-card')).toBeTruthy();
    if (!runtime) throw new Error('no runtime');
    const heard: unknown[] = [];
    const form = runtime;
    form.subscribe(() => heard.push(form.getValue('F_B')));
    act(() => form.setByFormId({ [idOf(b)]: '来自绑定', [idOf(a)]: 'A' }));
    expect(handle().getValues()).toMatchObject({ F_A: 'A', F_B: '来自绑定' });
    expect(form.getValueByFormId(idOf(b))).toBe('来自绑定');
    expect(heard).toContain('来自绑定');
    fireEvent.click(screen.getByRole('tab', { name: '其他' }));
    await waitFor(() => expect(inputOf(container, 'F_B').value).toBe('来自绑定'));
  });
});

describe('layout', () => {
  it('spans, label width and position, required stars', () => {
    const scheme = schemeOf(
      [fld('input', 'F_A', {}, { span: 12, label: '甲', required: true }), fld('input', 'F_B', {}, { span: 8, label: '乙', showLabel: false })],
      { labelWidth: 90 },
    );
    const { container } = renderForm(scheme);
    expect(fieldEl(container, 'F_A').className).toContain('fr-col-12');
    expect(fieldEl(container, 'F_B').className).toContain('fr-col-8');
    const label = fieldEl(container, 'F_A').querySelector('label') as HTMLElement;
    expect(label.style.flex).toBe('0 0 90px');
    expect(label.querySelector('.fr-star')).toBeTruthy();
    expect(fieldEl(container, 'F_B').querySelector('label')).toBeNull();
  });

  it('labels on top', () => {
    const { container } = renderForm(schemeOf([fld('input', 'F_A')], { labelPosition: 'top' }));
    expect(fieldEl(container, 'F_A').querySelector('label')?.className).toContain('fr-label-top');
  });

  it('passes the source to the runtime', () => {
    let runtime: FormRuntime | undefined;
    restore = withProbe('rate', ({ form }) => {
      runtime = form;
      return null;
    });
    renderWithApp(<FormRenderer scheme={schemeOf([fld('rate', 'F_P')])} mode="edit" source={{ schemeId: 's1', versionId: 'v2' }} />);
    expect(runtime?.source).toEqual({ schemeId: 's1', versionId: 'v2' });
    expect(runtime?.mode).toBe('edit');
  });
});
