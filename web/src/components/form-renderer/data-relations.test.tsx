import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import type { DataRelationRow, FormField } from '@app/contracts';
import { renderWithApp, stubApi } from '../../test/helpers';
import { FormRenderer } from './FormRenderer';
import { fieldEl, fld, realize, schemeOf } from './testing';
import type { FormMode, FormRendererHandle } from './types';

/** Data relations (docs/form-publishing-design.md "Data relations") through the real renderer. */

afterEach(() => vi.unstubAllGlobals());

const relation = (source: FormField, target: FormField, filter: string, over: Partial<DataRelationRow> = {}): DataRelationRow => ({
  F_Id: `r${target.__config__.formId}`,
  F_FormId: 's1',
  F_Name: 'cascade',
  F_SourceFormId: source.__config__.formId,
  F_TargetFormId: target.__config__.formId,
  F_FilterField: filter,
  F_EnabledMark: 1,
  F_Description: '',
  F_FormName: 'form',
  F_CreateDate: null,
  ...over,
});

const provinces = [
  { label: '浙江', value: 'zj' },
  { label: '江苏', value: 'js' },
];
const cities = [
  { label: '杭州', value: 'hz', province: 'zj' },
  { label: '宁波', value: 'nb', province: 'zj' },
  { label: '南京', value: 'nj', province: 'js' },
];

function show(
  data: FormField[],
  relations: DataRelationRow[],
  opts: { mode?: FormMode; initialValues?: Record<string, unknown>; extra?: Parameters<typeof stubApi>[0] } = {},
) {
  const calls = stubApi([[/^GET \/data-relation\/form\/s1$/, () => relations], ...(opts.extra ?? [])]);
  const ref = createRef<FormRendererHandle>();
  const view = renderWithApp(
    <FormRenderer ref={ref} scheme={schemeOf(data)} mode={opts.mode ?? 'add'} initialValues={opts.initialValues} source={{ schemeId: 's1' }} />,
  );
  return { ...view, calls, values: () => ref.current!.getValues() };
}

const CHOICES = '.ant-radio-wrapper, .ant-checkbox-wrapper';
const labels = (el: HTMLElement) => [...el.querySelectorAll(CHOICES)].map((l) => l.textContent);
const radio = (el: HTMLElement, label: string) => [...el.querySelectorAll(CHOICES)].find((l) => l.textContent === label)!.querySelector('input')!;

describe('data relations in the renderer', () => {
  it('static options: the target lists the rows of the source value, none while the source is empty, and a value no longer offered is cleared', async () => {
    const province = fld('radio', 'F_Province', { __slot__: { options: provinces } });
    const city = fld('radio', 'F_City', { __slot__: { options: cities } });
    const { container, calls, values } = show([province, city], [relation(province, city, 'province')]);
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/data-relation/form/s1']));
    const cityEl = () => fieldEl(container, 'F_City');
    await waitFor(() => expect(labels(cityEl())).toEqual([]));

    fireEvent.click(radio(fieldEl(container, 'F_Province'), '浙江'));
    await waitFor(() => expect(labels(cityEl())).toEqual(['杭州', '宁波']));
    fireEvent.click(radio(cityEl(), '宁波'));
    expect(values()).toMatchObject({ F_Province: 'zj', F_City: 'nb' });

    fireEvent.click(radio(fieldEl(container, 'F_Province'), '江苏'));
    await waitFor(() => expect(labels(cityEl())).toEqual(['南京']));
    await waitFor(() => expect(values().F_City).toBe(''));
    // Still one call: the relations are loaded once per form.
    expect(calls).toHaveLength(1);
  });

  it('a multi-value source matches any of its values; a multi-value target keeps the values still offered', async () => {
    const province = fld('checkbox', 'F_Provinces', { __slot__: { options: provinces } });
    const city = fld('checkbox', 'F_Cities', { __slot__: { options: cities } });
    const { container, values } = show([province, city], [relation(province, city, 'province')], {
      initialValues: { F_Provinces: 'zj,js', F_Cities: 'hz,nj' },
    });
    await waitFor(() => expect(labels(fieldEl(container, 'F_Cities'))).toEqual(['杭州', '宁波', '南京']));
    fireEvent.click(radio(fieldEl(container, 'F_Provinces'), '浙江'));
    await waitFor(() => expect(labels(fieldEl(container, 'F_Cities'))).toEqual(['南京']));
    await waitFor(() => expect(values().F_Cities).toBe('nj'));
  });

  it('look mode filters but never clears; a disabled relation or none leaves the options alone', async () => {
    const province = fld('radio', 'F_Province', { __slot__: { options: provinces } });
    const city = fld('radio', 'F_City', { __slot__: { options: cities } });
    const other = fld('radio', 'F_Other', { __slot__: { options: cities } });
    const { container, values } = show(
      [province, city, other],
      [relation(province, city, 'province'), relation(province, other, 'province', { F_EnabledMark: 0 })],
      {
        mode: 'look',
        initialValues: { F_Province: 'js', F_City: 'hz' },
      },
    );
    await waitFor(() => expect(labels(fieldEl(container, 'F_City'))).toEqual(['南京']));
    expect(labels(fieldEl(container, 'F_Other'))).toEqual(['杭州', '宁波', '南京']);
    expect(values().F_City).toBe('hz');
  });

  it('dictionary options: filtered by an item column (F_ParentId here)', async () => {
    const item = (id: string, name: string, value: string, parent: string) => ({
      F_ItemDetailId: id,
      F_ItemId: 'city',
      F_ParentId: parent,
      F_ItemName: name,
      F_ItemValue: value,
      F_ItemCode: value,
      F_SortCode: 0,
      F_EnabledMark: 1,
      F_Description: '',
    });
    const province = fld('radio', 'F_Province', {
      __slot__: {
        options: [
          { label: '浙江', value: 'p1' },
          { label: '江苏', value: 'p2' },
        ],
      },
    });
    const city = fld('radio', 'F_City', {}, { dataType: 'dataItem', dataItem: 'City' });
    const { container } = show([province, city], [relation(province, city, 'F_ParentId')], {
      extra: [[/^GET \/data-items\/City\/detail$/, () => [item('p1', '浙江', 'zj', '0'), item('c1', '杭州', 'hz', 'p1'), item('c2', '南京', 'nj', 'p2')]]],
    });
    fireEvent.click(radio(fieldEl(container, 'F_Province'), '江苏'));
    await waitFor(() => expect(labels(fieldEl(container, 'F_City'))).toEqual(['南京']));
  });

  it('server options: asked with parentValue, not asked while the source is empty', async () => {
    const province = fld('radio', 'F_Province', { __slot__: { options: provinces } });
    const city = fld('select', 'F_City', {}, { dataType: 'dataSource', dataSource: 'cities', showField: 'F_Name', saveField: 'F_Code' });
    const cityId = city.__config__.formId;
    const { container, calls } = show([province, city], [relation(province, city, 'F_Province')], {
      extra: [
        [
          new RegExp(`^GET /form-scheme/s1/field-options/${cityId}$`),
          (url) => ({ rows: url.searchParams.get('parentValue') === 'zj' ? [{ F_Code: 'hz', F_Name: '杭州' }] : [{ F_Code: 'nj', F_Name: '南京' }] }),
        ],
      ],
    });
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/data-relation/form/s1'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path.includes('field-options'))).toHaveLength(0);

    fireEvent.click(radio(fieldEl(container, 'F_Province'), '浙江'));
    await waitFor(() => expect(calls.filter((c) => c.path.includes('field-options')).map((c) => c.url.searchParams.get('parentValue'))).toEqual(['zj']));
    realize(fieldEl(container, 'F_City'));
    const input = fieldEl(container, 'F_City').querySelector('.ant-select input') as HTMLElement;
    fireEvent.mouseDown(input);
    await waitFor(() => {
      const popup = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
      expect([...(popup?.querySelectorAll('.ant-select-item-option') ?? [])].map((o) => o.textContent)).toEqual(['杭州']);
    });
  });
});
