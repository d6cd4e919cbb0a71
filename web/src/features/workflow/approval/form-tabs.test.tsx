import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import type { FormField, FormSchemeDetail, FormValueEntry } from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { stubData } from '../../data/test-stub';
import { FormTabs, type FormTabsHandle } from './FormTabs';

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const field = (formId: number, vModel: string, label: string, required = false) =>
  ({ __vModel__: vModel, __config__: { formId, avueType: 'input', tag: 'el-input', label, required } }) as unknown as FormField;

const detail = (id: string, data: FormField[]): FormSchemeDetail => ({
  F_Id: id,
  F_Name: id,
  F_Type: 0,
  F_Category: '',
  F_Url: '',
  F_Description: '',
  F_SortCode: 0,
  F_EnabledMark: 1,
  F_IsDefault: 0,
  F_SchemeId: `v-${id}`,
  F_Version: 1,
  F_CreateUserName: null,
  F_CreateDate: null,
  F_ModifyDate: null,
  F_HasTables: true,
  F_Scheme: { data },
  tableInfo: [],
});

describe('FormTabs', { timeout: SLOW }, () => {
  it('loads a scheme by id (launch), collects every tab and switches to the first invalid one', async () => {
    signInForTest([]);
    const calls = stubData([[/^GET \/form-scheme\/f2\/info$/, () => detail('f2', [field(1, 'F_Need', '必填项', true)])]]);
    const ref = createRef<FormTabsHandle>();
    renderWithApp(
      <FormTabs
        ref={ref}
        forms={[
          { F_FormId: 'f1', F_Type: 0, F_Name: '表一', F_Url: '', F_Scheme: { data: [field(1, 'F_A', 'A')] }, formData: { F_A: 'x' }, primaryKey: 'k1' },
          { F_FormId: 'f2', F_Type: 0, F_Name: '表二', F_Url: '' },
        ]}
      />,
    );
    expect(screen.getByTestId('wf-form-tab-0').textContent).toBe('表一');
    expect(screen.getByTestId('wf-form-tab-1').textContent).toBe('表二');
    await waitFor(() => expect(document.querySelector('[data-field="F_Need"]')).toBeTruthy());
    expect(calls.some((c) => c.path === '/form-scheme/f2/info')).toBe(true);

    let out: FormValueEntry[] | null = [];
    await act(async () => {
      out = await ref.current!.collect();
    });
    expect(out).toBeNull();
    // a draft takes the values as they are
    expect(ref.current!.values!()).toEqual([
      { F_FormId: 'f1', F_Type: 0, F_Id: 'k1', formData: { F_A: 'x' } },
      { F_FormId: 'f2', F_Type: 0, formData: { F_Need: '' } },
    ]);
    await waitFor(() => expect(screen.getByTestId('wf-form-tab-1').closest('.ant-tabs-tab')!.className).toContain('ant-tabs-tab-active'));
  });

  it('answers the formValue entries (F_Id only with a record key)', async () => {
    signInForTest([]);
    stubData([]);
    const ref = createRef<FormTabsHandle>();
    renderWithApp(
      <FormTabs
        ref={ref}
        forms={[
          { F_FormId: 'f1', F_Type: 0, F_Name: '表一', F_Url: '', F_Scheme: { data: [field(1, 'F_A', 'A', true)] }, formData: { F_A: 'x' }, primaryKey: 'k1' },
          { F_FormId: 'f3', F_Type: 0, F_Name: '表三', F_Url: '', F_Scheme: { data: [field(1, 'F_B', 'B')] }, formData: { F_B: 'y' } },
        ]}
      />,
    );
    await waitFor(() => expect(document.querySelector('[data-field="F_B"]')).toBeTruthy());
    let out: FormValueEntry[] | null = null;
    await act(async () => {
      out = await ref.current!.collect();
    });
    expect(out).toEqual([
      { F_FormId: 'f1', F_Type: 0, F_Id: 'k1', formData: { F_A: 'x' } },
      { F_FormId: 'f3', F_Type: 0, formData: { F_B: 'y' } },
    ]);
  });
});
