import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DictionaryItem } from '@app/contracts';
import { setLanguage } from '../lib/i18n';
import { stubApi } from '../test/helpers';
import { useDictionary, useDictionaryLabel } from './dictionary';

const item = (value: string, name: string): DictionaryItem => ({
  F_ItemDetailId: value,
  F_ItemId: 'i',
  F_ParentId: '0',
  F_ItemName: name,
  F_ItemValue: value,
  F_ItemCode: value,
  F_SortCode: 0,
  F_EnabledMark: 1,
  F_Description: '',
});

function Names({ code }: { code: string }) {
  const { data = [] } = useDictionary(code);
  const label = useDictionaryLabel(code);
  return (
    <span data-testid={`names-${code}`}>
      {data.map((i) => i.F_ItemName).join(',')}|{label('1')}
    </span>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage('zh-CN');
});

describe('useDictionary', () => {
  it('asks the server once per code and language', async () => {
    const calls = stubApi([
      [
        /^GET \/data-items\/CompanyNature\/detail$/,
        (_u, init) => ((init.headers as Record<string, string>)['Accept-Language'] === 'en' ? [item('1', 'State-owned')] : [item('1', '国有')]),
      ],
      [/^GET \/data-items\/DepartmentNature\/detail$/, () => [item('1', '职能')]],
    ]);
    const client = new QueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Names code="CompanyNature" />
        <Names code="CompanyNature" />
        <Names code="DepartmentNature" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(view.getAllByTestId('names-CompanyNature')[0].textContent).toBe('国有|国有'));
    await waitFor(() => expect(view.getByTestId('names-DepartmentNature').textContent).toBe('职能|职能'));
    const count = (code: string) => calls.filter((c) => c.path === `/data-items/${code}/detail`).length;
    expect(count('CompanyNature')).toBe(1);
    expect(count('DepartmentNature')).toBe(1);
    // A second mount of the same code is served from the cache.
    view.rerender(
      <QueryClientProvider client={client}>
        <Names code="CompanyNature" />
      </QueryClientProvider>,
    );
    expect(count('CompanyNature')).toBe(1);
    // Another language is another cache entry.
    act(() => setLanguage('en'));
    await waitFor(() => expect(view.getByTestId('names-CompanyNature').textContent).toBe('State-owned|State-owned'));
    expect(count('CompanyNature')).toBe(2);
  });

  it('ignores a failed look-up silently (no items, value shown as is)', async () => {
    stubApi([]);
    const view = render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Names code="Missing" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(view.getByTestId('names-Missing').textContent).toBe('|1'));
  });
});
