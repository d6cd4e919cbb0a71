import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { FormField, FormSchemeDetail } from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { stubData } from '../data/test-stub';
import { formPermissions as P } from './permissions';
import { FORM_FILL_PATH } from './paths';
import FormFillPage from './FormFillPage';

/** The fill page with the real renderer (forms.test.tsx uses a stand-in): what a user sees and what is sent. */

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const field = (formId: number, vModel: string, label: string, required = false) =>
  ({
    __vModel__: vModel,
    __config__: { formId, avueType: 'input', tag: 'el-input', label, required, bindTable: 'demo_leave', bindTableField: vModel },
  }) as unknown as FormField;

const detail: FormSchemeDetail = {
  F_Id: 'f1',
  F_Name: '请假单',
  F_Type: 0,
  F_Category: '',
  F_Url: '',
  F_Description: '',
  F_SortCode: 0,
  F_EnabledMark: 1,
  F_IsDefault: 0,
  F_SchemeId: 'v1',
  F_Version: 1,
  F_CreateUserName: null,
  F_CreateDate: null,
  F_ModifyDate: null,
  F_HasTables: true,
  F_Scheme: { data: [field(1, 'F_Name', '姓名', true), field(2, 'F_Reason', '事由')] },
  tableInfo: [{ dbId: 'local', name: 'demo_leave', comment: '', type: 'main', primaryKey: 'F_Id' }],
};

function Location() {
  const loc = useLocation();
  return <div data-testid="location">{loc.pathname + loc.search}</div>;
}

function show(at: string) {
  const view = renderWithApp(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="*" element={<FormFillPage />} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
  const input = (vModel: string) => view.container.querySelector<HTMLInputElement>(`[data-field="${vModel}"] input`);
  return { ...view, input };
}

describe('fill page with the real renderer', { timeout: SLOW }, () => {
  it('refuses an empty required field, then adds and reopens the record in edit mode', async () => {
    signInForTest(Object.values(P));
    let stored: unknown = null;
    const calls = stubData([
      [/^GET \/form-scheme\/f1\/info$/, () => detail],
      [
        /^POST \/form-scheme\/f1\/instance-form-list$/,
        (_url, body) => {
          stored = (body as { formData: unknown }).formData;
          return { primaryKey: 'k1' };
        },
      ],
      [/^GET \/form-scheme\/f1\/instance-form-list\/k1$/, () => ({ primaryKey: 'k1', formData: stored })],
    ]);
    const { input } = show(`${FORM_FILL_PATH}?id=f1`);
    await waitFor(() => expect(input('F_Name')).toBeTruthy());
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('姓名不能为空')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(input('F_Name')!, { target: { value: '张三' } });
    fireEvent.change(input('F_Reason')!, { target: { value: '回家' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`${FORM_FILL_PATH}?id=f1&keyValue=k1&mode=edit`));
    const body = calls.find((c) => c.method === 'POST')!.body as { formData: Record<string, unknown> };
    expect(body.formData).toMatchObject({ F_Name: '张三', F_Reason: '回家' });
    await waitFor(() => expect(input('F_Name')?.value).toBe('张三'));
  });

  it('look mode shows the stored values read-only, without submit', async () => {
    signInForTest(Object.values(P));
    stubData([
      [/^GET \/form-scheme\/f1\/info$/, () => detail],
      [/^GET \/form-scheme\/f1\/instance-form-list\/k9$/, () => ({ primaryKey: 'k9', formData: { F_Name: '李四', F_Reason: '出差' } })],
    ]);
    const { container } = show(`${FORM_FILL_PATH}?id=f1&keyValue=k9&mode=look`);
    const shown = () => {
      const el = container.querySelector('[data-field="F_Name"]');
      return el?.querySelector('input')?.value ?? el?.textContent ?? '';
    };
    await waitFor(() => expect(shown()).toContain('李四'));
    const box = container.querySelector<HTMLInputElement>('[data-field="F_Name"] input');
    // Look mode may show a disabled box or plain text: either way nothing can be typed.
    if (box) expect(box.disabled || box.readOnly).toBe(true);
    expect(screen.queryByTestId('form-submit')).toBeNull();
  });
});
