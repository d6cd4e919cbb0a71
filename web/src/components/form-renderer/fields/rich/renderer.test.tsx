import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormField, FormSchemeContent, FormValues } from '@app/contracts';
import { renderWithApp, stubApi } from '../../../../test/helpers';
import { FormRenderer } from '../../FormRenderer';
import type { FormRendererHandle } from '../../types';
import { field } from './test-util';

afterEach(() => vi.unstubAllGlobals());

describe('bound select through FormRenderer', () => {
  it('copies the chosen record into a main field and a field inside a tab, and the form hears it', async () => {
    stubApi([[/^GET \/form-scheme\/s1\/field-options\/1$/, () => ({ rows: [{ F_Id: 'c1', F_Name: '甲公司', F_Phone: '13800000001', F_City: '杭州' }] })]]);
    const bound = field(
      'asso-select',
      1,
      'F_Customer',
      {},
      { dataType: 'dataSource', dataSource: 'customers', showField: 'F_Name', saveField: 'F_Id', autoBindFields: '{"2":"F_Phone","31":"F_City"}' },
    );
    const tabs = {
      __config__: {
        formId: 3,
        avueType: 'tabs',
        label: 'tabs',
        layout: 'rowFormItem',
        option: {
          column: [
            { label: '基本', prop: 't0' },
            { label: '地址', prop: 't1' },
          ],
        },
        childrenObj: { t0: [], t1: [field('input', 31, 'F_City')] },
      },
    } as unknown as FormField;
    const scheme = {
      data: [bound, field('input', 2, 'F_Phone'), tabs],
      formConf: { labelWidth: 120, labelPosition: 'right', gutter: 15, size: 'medium' },
    } as FormSchemeContent;
    const ref = createRef<FormRendererHandle>();
    const changes: FormValues[] = [];
    renderWithApp(<FormRenderer ref={ref} scheme={scheme} mode="add" source={{ schemeId: 's1' }} onValuesChange={(v) => changes.push(v)} />);
    const select = await screen.findByTestId('asso-select-1');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    fireEvent.click(await waitFor(() => screen.getAllByText('甲公司').find((el) => el.closest('.ant-select-item-option'))!));
    await waitFor(() => expect(ref.current!.getValues()).toMatchObject({ F_Customer: 'c1', F_Phone: '13800000001', F_City: '杭州' }));
    expect(changes.at(-1)).toMatchObject({ F_Customer: 'c1', F_Phone: '13800000001', F_City: '杭州' });
    fireEvent.click(screen.getByText('地址'));
    await waitFor(() => expect(screen.getByDisplayValue('杭州')).toBeTruthy());
    expect(screen.getByDisplayValue('13800000001')).toBeTruthy();
  });
});
