import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { FormField } from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { stubData } from '../../data/test-stub';
import FormDesignerPage from './FormDesignerPage';
import { generatedTableName, IDENTIFIER } from './scheme-ops';

const PATH = '/quick-development/form-design/designer';

beforeEach(() => signInForTest([]));
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

function renderDesigner() {
  return renderWithApp(
    <MemoryRouter initialEntries={[PATH]}>
      <Routes>
        <Route path={PATH} element={<FormDesignerPage />} />
      </Routes>
    </MemoryRouter>,
  );
}
const add = (type: string) => {
  fireEvent.click(screen.getByTestId('designer-canvas'));
  fireEvent.click(screen.getByTestId(`palette-${type}`));
};
const select = (formId: number) => fireEvent.click(screen.getByTestId(`canvas-field-${formId}`));
const prop = (key: string) => screen.getByTestId(`prop-${key}`);
const typeInto = (key: string, value: string) => fireEvent.change(prop(key), { target: { value } });
const value = (key: string) => (prop(key) as HTMLInputElement).value;

describe('form designer defaults (first-hour issue)', { timeout: 60_000 }, () => {
  it('placeholders follow the label until the user writes their own', async () => {
    stubData([]);
    renderDesigner();
    add('input');
    add('select');
    select(101);
    expect(value('placeholder')).toBe('请输入单行文本');
    typeInto('label', '姓名');
    expect(value('placeholder')).toBe('请输入姓名');
    expect(screen.getByTestId('canvas-field-101').textContent).toContain('请输入姓名');
    typeInto('placeholder', '请填写身份证上的姓名');
    typeInto('label', '名字');
    expect(value('placeholder')).toBe('请填写身份证上的姓名');

    select(102);
    typeInto('label', '部门类别');
    expect(value('placeholder')).toBe('请选择部门类别');
  });

  it('keeps internals folded under 高级 and shows a hidden field dimmed with a tag', async () => {
    stubData([]);
    renderDesigner();
    add('input');
    select(101);
    const advanced = prop('advanced');
    expect(advanced.contains(prop('tag'))).toBe(true);
    expect(advanced.querySelector('.ant-collapse-item-active')).toBeNull();
    expect(screen.getByTestId('field-properties').textContent).toContain('高级');

    expect(screen.queryByTestId('canvas-hidden-101')).toBeNull();
    fireEvent.click(prop('view'));
    expect(screen.getByTestId('canvas-hidden-101').textContent).toBe('隐藏');
    expect(screen.getByTestId('canvas-field-101').dataset.hidden).toBe('true');
    fireEvent.click(prop('view'));
    expect(screen.queryByTestId('canvas-hidden-101')).toBeNull();
  });

  it('saves a simple form without a table name typed: one is generated, shown and sent', async () => {
    const calls = stubData([[/^POST \/form-scheme\/customtable$/, () => ({ F_Id: 'f1', F_SchemeId: 's1', F_Version: 1, tables: [] })]]);
    renderDesigner();
    add('input');
    fireEvent.click(screen.getByTestId('designer-tab-form'));
    typeInto('F_Name', '请假单');
    expect(value('mainTable')).toBe('');
    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    const body = calls[0].body as { tableInfo: { name: string }[]; F_Scheme: { data: FormField[] } };
    const name = body.tableInfo[0].name;
    expect(name).toMatch(/^form_[a-z0-9]+$/);
    expect(IDENTIFIER.test(name)).toBe(true);
    expect(body.F_Scheme.data[0].__config__.bindTable).toBe(name);
    expect(value('mainTable')).toBe(name);
    await waitFor(() => expect(screen.queryByTestId('designer-dirty')).toBeNull());
  });

  it('derives generated table names from the form name when it has letters, always a safe identifier', () => {
    const now = Date.UTC(2026, 10, 27);
    expect(generatedTableName('Leave request', now, 0)).toMatch(/^leave_request_[a-z0-9]{7}$/);
    expect(generatedTableName('请假单', now, 0.5)).toMatch(/^form_[a-z0-9]{7}$/);
    expect(generatedTableName('2024 预算 Budget', now, 0.99)).toMatch(/^f_2024_budget_[a-z0-9]{7}$/);
    expect(generatedTableName('Ünïcode café', now, 0)).toMatch(/^unicode_cafe_/);
    expect(generatedTableName('x'.repeat(200), now, 0).length).toBeLessThanOrEqual(40);
    for (const n of ['', '---', '请假单', 'a b', '9']) expect(IDENTIFIER.test(generatedTableName(n))).toBe(true);
    expect(generatedTableName('请假单', now, 0.1)).not.toBe(generatedTableName('请假单', now, 0.2));
  });
});
