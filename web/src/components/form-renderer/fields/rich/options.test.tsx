import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { DictionaryItem, FormField } from '@app/contracts';
import { setErrorToast } from '../../../../lib/api';
import { renderWithApp, stubApi } from '../../../../test/helpers';
import type { FormRuntime } from '../../types';
import { dictionaryOptions, rowOptions, useFieldOptions } from './options';
import { fakeForm, field } from './test-util';

afterEach(() => {
  vi.unstubAllGlobals();
  setErrorToast((text) => console.error(text));
});

/** Lists the hook's options (label=value) and offers a search box, as a select would use them. */
function Probe({ f, form }: { f: FormField; form: FormRuntime }) {
  const { options, loading, search } = useFieldOptions(f, form);
  return (
    <div>
      <input data-testid="search" onChange={(e) => search(e.target.value)} />
      <span data-testid="loading">{String(loading)}</span>
      <ul data-testid="options">
        {options.map((o) => (
          <li key={o.value}>{`${o.label}=${o.value}`}</li>
        ))}
      </ul>
    </div>
  );
}
const listed = () => Array.from(screen.getByTestId('options').querySelectorAll('li')).map((li) => li.textContent);
const render = (f: FormField, source?: FormRuntime['source']) => renderWithApp(<Probe f={f} form={fakeForm({ data: [f] }, { source }).runtime} />);

const item = (id: string, name: string, value: string, parent = '0'): DictionaryItem => ({
  F_ItemDetailId: id,
  F_ItemId: 'type',
  F_ParentId: parent,
  F_ItemName: name,
  F_ItemValue: value,
  F_ItemCode: value,
  F_SortCode: 0,
  F_EnabledMark: 1,
  F_Description: '',
});

describe('useFieldOptions', () => {
  it('static: __slot__.options (values as text), no call', () => {
    const calls = stubApi([]);
    render(
      field('select', 1, 'F_A', {
        __slot__: {
          options: [
            { label: '男', value: 1 },
            { label: '女', value: '2' },
          ],
        },
      }),
    );
    expect(listed()).toEqual(['男=1', '女=2']);
    expect(calls).toHaveLength(0);
  });

  it('dictionary: label F_ItemName, value F_ItemValue (flat for a select, nested for a cascader)', async () => {
    const calls = stubApi([[/^GET \/data-items\/Sex\/detail$/, () => [item('a', '男', 'm'), item('b', '女', 'f'), item('c', '其他', 'o', 'b')]]]);
    render(field('select', 1, 'F_A', {}, { dataType: 'dataItem', dataItem: 'Sex' }));
    await waitFor(() => expect(listed()).toEqual(['男=m', '女=f', '其他=o']));
    expect(calls.map((c) => c.path)).toEqual(['/data-items/Sex/detail']);
    const tree = dictionaryOptions([item('a', '男', 'm'), item('b', '女', 'f'), item('c', '其他', 'o', 'b')]);
    expect(tree.map((o) => [o.value, o.children?.map((c) => c.value)])).toEqual([
      ['m', undefined],
      ['f', ['o']],
    ]);
  });

  it('data source of a stored form: asked by field with the version, label showField, value saveField, the row kept', async () => {
    const calls = stubApi([
      [
        /^GET \/form-scheme\/s1\/field-options\/7$/,
        () => ({
          rows: [
            { F_Id: 'c1', F_Name: '甲公司', F_Tax: '0.13' },
            { F_Id: 'c2', F_Name: '乙公司', F_Tax: '0.06' },
          ],
        }),
      ],
    ]);
    const f = field('asso-select', 7, 'F_Customer', {}, { dataType: 'dataSource', dataSource: 'customers', showField: 'F_Name', saveField: 'F_Id' });
    render(f, { schemeId: 's1', versionId: 'v3' });
    await waitFor(() => expect(listed()).toEqual(['甲公司=c1', '乙公司=c2']));
    expect(calls[0].url.searchParams.get('versionId')).toBe('v3');
    expect(calls[0].url.searchParams.has('keyword')).toBe(false);
    const [first] = rowOptions([{ F_Id: 'c1', F_Name: '甲公司' }], f);
    expect(first.record).toEqual({ F_Id: 'c1', F_Name: '甲公司' });
  });

  it('SQL in the designer preview: posts the field itself; without showField / saveField the first columns are used', async () => {
    const calls = stubApi([
      [
        /^POST \/form-scheme\/field-options$/,
        () => ({
          rows: [
            { id: 1, name: '一' },
            { id: 2, name: '二' },
          ],
        }),
      ],
    ]);
    const f = field('select', 3, 'F_B', {}, { dataType: 'dataSql', database: 'localDB', sql: 'select id, name from t' });
    render(f);
    await waitFor(() => expect(listed()).toEqual(['一=1', '二=2']));
    expect(calls[0].body).toEqual({ field: f, keyword: '' });
  });

  it('remote search asks with the text; empty text asks nothing and keeps the options', async () => {
    const calls = stubApi([
      [
        /^GET \/form-scheme\/s1\/field-options\/7$/,
        (url) => {
          const k = url.searchParams.get('keyword') ?? '';
          return {
            rows: [
              { F_Id: 'c1', F_Name: '甲公司' },
              { F_Id: 'c2', F_Name: '乙公司' },
            ].filter((r) => r.F_Name.includes(k)),
          };
        },
      ],
    ]);
    render(field('asso-select', 7, 'F_C', {}, { dataType: 'dataSource', dataSource: 'customers', showField: 'F_Name', saveField: 'F_Id', remote: true }), {
      schemeId: 's1',
    });
    await waitFor(() => expect(listed()).toHaveLength(2));
    fireEvent.change(screen.getByTestId('search'), { target: { value: ' 乙 ' } });
    await waitFor(() => expect(listed()).toEqual(['乙公司=c2']));
    expect(calls.map((c) => c.url.searchParams.get('keyword'))).toEqual([null, '乙']);
    fireEvent.change(screen.getByTestId('search'), { target: { value: '   ' } });
    fireEvent.change(screen.getByTestId('search'), { target: { value: '' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(2);
    expect(listed()).toEqual(['乙公司=c2']);
  });

  it('a field without remote search filters locally: typing asks nothing', async () => {
    const calls = stubApi([[/^GET \/form-scheme\/s1\/field-options\/7$/, () => ({ rows: [{ F_Id: 'c1', F_Name: '甲' }] })]]);
    render(field('select', 7, 'F_C', {}, { dataType: 'dataSource', dataSource: 'x' }), { schemeId: 's1' });
    await waitFor(() => expect(listed()).toEqual(['甲=c1']));
    fireEvent.change(screen.getByTestId('search'), { target: { value: '甲' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
  });

  it('a failed load gives no options and no message', async () => {
    const toast = vi.fn();
    setErrorToast(toast);
    // No stub: the server answers 404 for every call.
    const calls = stubApi([]);
    render(field('select', 7, 'F_C', {}, { dataType: 'dataSource', dataSource: 'gone' }), { schemeId: 's1' });
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('loading').textContent).toBe('false'));
    render(field('select', 8, 'F_D', {}, { dataType: 'dataItem', dataItem: 'Gone' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    for (const list of screen.getAllByTestId('options')) expect(list.children).toHaveLength(0);
    expect(toast).not.toHaveBeenCalled();
  });
});
