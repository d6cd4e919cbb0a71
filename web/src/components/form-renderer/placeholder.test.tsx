import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fld, renderForm, schemeOf } from './testing';
import { shownPlaceholder, withShownPlaceholders } from './placeholder';
describe('generic placeholders name the label', () => {
  it('a prompt naming the type names the label, in its own language; a written one stays', () => {
    expect(shownPlaceholder(fld('input', 'name', { placeholder: '请输入单行文本' }, { label: '姓名' }))).toBe('请输入姓名');
    expect(shownPlaceholder(fld('select', 'dept', { placeholder: '请选择下拉选择' }, { label: '部门' }))).toBe('请选择部门');
    expect(shownPlaceholder(fld('input', 'name', { placeholder: 'Enter Text' }, { label: 'Name' }))).toBe('Enter Name');
    expect(shownPlaceholder(fld('input', 'name', { placeholder: 'Please enter Text' }, { label: 'Name' }))).toBe('Please enter Name');
    expect(shownPlaceholder(fld('input', 'name', { placeholder: '请填写姓名' }, { label: '名字' }))).toBe('请填写姓名');
    expect(shownPlaceholder(fld('input', 'name', { placeholder: '请输入单行文本' }, { label: '' }))).toBe('请输入单行文本');
    // Unchanged schemes keep their identity (the renderer memoises on it).
    const data = [fld('input', 'a', { placeholder: '请输入姓名' }, { label: '姓名' })];
    expect(withShownPlaceholders(data)).toBe(data);
  });

  it('the renderer shows the label in the prompt and in the required message of an older form', async () => {
    const table = fld('table', 'items', {}, { label: '明细', children: [fld('input', 'item', { placeholder: '请输入单行文本' }, { label: '品名' })] });
    const { handle } = renderForm(schemeOf([fld('input', 'name', { placeholder: '请输入单行文本' }, { label: '姓名', required: true }), table]));
    expect(await screen.findByPlaceholderText('请输入姓名')).toBeTruthy();
    expect(screen.queryByPlaceholderText('请输入单行文本')).toBeNull();
    await handle()
      .validate()
      .catch(() => undefined);
    await waitFor(() => expect(screen.getByText('请输入姓名', { selector: ':not(input)' })).toBeTruthy());
  });
});
