import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FieldError } from '@app/contracts';
import { fieldEl, fld, inputOf, renderForm, schemeOf } from './testing';

describe('FormRenderer layout and values', () => {
  it('renders fields with labels and stores typed text', async () => {
    const scheme = schemeOf([fld('input', 'F_Name', { placeholder: '请输入姓名' }, { label: '姓名', span: 12 }), fld('textarea', 'F_Note', {}, { label: '备注' })]);
    const { container, handle } = renderForm(scheme);
    expect(screen.getByText('姓名')).toBeTruthy();
    fireEvent.change(inputOf(container, 'F_Name'), { target: { value: '张三' } });
    fireEvent.change(inputOf(container, 'F_Note'), { target: { value: 'note' } });
    expect(handle().getValues()).toMatchObject({ F_Name: '张三', F_Note: 'note' });
    await expect(handle().validate()).resolves.toMatchObject({ F_Name: '张三' });
  });

  it('shows the configuration alert for an empty or broken scheme', () => {
    renderForm(schemeOf([]));
    expect(screen.getByText('表单配置异常，请检查数据格式')).toBeTruthy();
  });

  it('rejects validate() with the errors and shows them', async () => {
    const scheme = schemeOf([fld('input', 'F_Name', {}, { label: '姓名', required: true })]);
    const { handle } = renderForm(scheme);
    let errors: FieldError[] = [];
    await act(async () => {
      await handle()
        .validate()
        .catch((e: FieldError[]) => (errors = e));
    });
    expect(errors.map((e) => e.key)).toEqual(['forms.rule.required']);
    await waitFor(() => expect(screen.getByText('姓名不能为空')).toBeTruthy());
    void within;
    void fieldEl;
  });
});
