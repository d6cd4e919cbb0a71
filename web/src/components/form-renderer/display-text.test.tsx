import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { FormField } from '@app/contracts';
import { setLanguage } from '../../lib/i18n';
import { stubApi } from '../../test/helpers';
import { useDisplayText } from './display-text';
import { field } from './fields/rich/test-util';

const item = (value: string, name: string) => ({
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

const fields: FormField[] = [
  field('select', 101, 'color', {
    __slot__: {
      options: [
        { label: '红', value: 'r' },
        { label: '绿', value: 'g' },
      ],
    },
  }),
  field('checkbox', 102, 'tags', {
    __slot__: {
      options: [
        { label: '甲', value: 'a' },
        { label: '乙', value: 'b' },
      ],
    },
  }),
  field('radio', 103, 'level', {}, { dataType: 'dataItem', dataItem: 'Level' }),
  field('select', 104, 'customer', {}, { dataType: 'dataSql', sql: 'select 1', saveField: 'F_Id', showField: 'F_Name' }),
  field('switch', 105, 'on', { 'active-value': '1', 'inactive-value': '0', 'active-text': '开启' }),
  field('user', 106, 'owner', { multiple: true }),
  field('department', 107, 'dept'),
  field('company', 108, 'company'),
  field('area', 109, 'place'),
  field('date', 110, 'period', { type: 'daterange' }),
  field('number', 111, 'amount'),
  field('editor', 112, 'body'),
  field('upload', 113, 'files'),
  field('info', 114, 'creator', { infoType: 'user' }),
];
const byVModel = (v: string) => fields.find((f) => f.__vModel__ === v) as FormField;

const values: Record<string, unknown> = {
  color: 'g',
  tags: 'a,b,z',
  level: '2',
  customer: 'c1',
  on: '1',
  owner: 'u1,u2',
  dept: 'd1',
  company: 'c9',
  place: '11,1101,110101',
  period: '2026-01-01,2026-01-31',
  amount: '120.5',
  body: '<p>Hello <b>world</b></p>',
  files: 'folder1',
  creator: 'u2',
};

function Texts({ source }: { source?: { schemeId: string } }) {
  const text = useDisplayText(fields, source);
  return (
    <>
      {Object.entries(values).map(([k, v]) => (
        <span key={k} data-testid={`t-${k}`}>
          {text(byVModel(k), v)}
        </span>
      ))}
      <span data-testid="t-off">{text(byVModel('on'), '0')}</span>
      <span data-testid="t-empty">{text(byVModel('color'), null)}</span>
    </>
  );
}

function routes() {
  return stubApi([
    [/^GET \/data-items\/Level\/detail$/, () => [item('1', '一级'), item('2', '二级')]],
    [/^GET \/form-scheme\/s1\/field-options\/104$/, () => ({ rows: [{ F_Id: 'c1', F_Name: '客户一' }] })],
    [
      /^GET \/users\/multi\//,
      () => [
        { F_UserId: 'u1', F_Account: 'a1', F_RealName: '张三' },
        { F_UserId: 'u2', F_Account: 'a2', F_RealName: '李四' },
      ],
    ],
    [
      /^GET \/companies\/departments\/tree$/,
      () => [{ id: 'c1', type: 'company', title: '总公司', children: [{ id: 'd1', type: 'department', title: '财务部', children: [] }] }],
    ],
    [/^GET \/companies\/tree$/, () => [{ F_CompanyId: 'c9', F_FullName: '分公司', children: [] }]],
    [/^GET \/areas\/province$/, () => [{ F_AreaId: '11', F_AreaName: '北京市' }]],
    [/^GET \/areas\/11\/child$/, () => [{ F_AreaId: '1101', F_AreaName: '市辖区' }]],
    [/^GET \/areas\/1101\/child$/, () => [{ F_AreaId: '110101', F_AreaName: '东城区' }]],
    [
      /^GET \/annexes-files\/url\/folder1$/,
      () => [
        { F_Id: 'f1', F_FileName: 'a.pdf' },
        { F_Id: 'f2', F_FileName: 'b.png' },
      ],
    ],
  ]);
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => setLanguage('zh-CN'));
});

const show = (source?: { schemeId: string }) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Texts source={source} />
    </QueryClientProvider>,
  );

describe('useDisplayText', () => {
  it('shows labels and names instead of stored values', async () => {
    const calls = routes();
    const view = show({ schemeId: 's1' });
    const text = (k: string) => view.getByTestId(`t-${k}`).textContent;
    // Static options need no look-up; unknown values show as stored.
    expect(text('color')).toBe('绿');
    expect(text('tags')).toBe('甲，乙，z');
    expect(text('on')).toBe('开启');
    expect(text('off')).toBe('否');
    expect(text('empty')).toBe('');
    expect(text('period')).toBe('2026-01-01 ~ 2026-01-31');
    expect(text('amount')).toBe('120.5');
    expect(text('body')).toBe('Hello world');
    await waitFor(() => expect(text('level')).toBe('二级'));
    await waitFor(() => expect(text('customer')).toBe('客户一'));
    await waitFor(() => expect(text('owner')).toBe('张三，李四'));
    await waitFor(() => expect(text('creator')).toBe('李四'));
    await waitFor(() => expect(text('dept')).toBe('财务部'));
    await waitFor(() => expect(text('company')).toBe('分公司'));
    await waitFor(() => expect(text('place')).toBe('北京市 / 市辖区 / 东城区'));
    await waitFor(() => expect(text('files')).toBe('a.pdf, b.png'));
    // Users of every cell are asked together, once.
    expect(calls.filter((c) => c.path.startsWith('/users/multi/')).length).toBe(1);
  });

  it('joins multi-values with the English comma in English', async () => {
    routes();
    act(() => setLanguage('en'));
    const view = show({ schemeId: 's1' });
    expect(view.getByTestId('t-tags').textContent).toBe('甲, 乙, z');
    expect(view.getByTestId('t-off').textContent).toBe('No');
  });

  it('shows stored values when look-ups fail (silently)', async () => {
    stubApi([]);
    const view = show({ schemeId: 's1' });
    await waitFor(() => expect(view.getByTestId('t-owner').textContent).toBe('u1，u2'));
    expect(view.getByTestId('t-level').textContent).toBe('2');
    expect(view.getByTestId('t-customer').textContent).toBe('c1');
  });
});
