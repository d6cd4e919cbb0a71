import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp, stubApi } from '../../test/helpers';
import { UserPicker } from './UserPicker';
import { ForwarderTable } from './ForwarderTable';
import { DataListPicker } from './DataListPicker';
import { AreaPicker } from './AreaPicker';
import { ResizablePanel, clampWidth } from './ResizablePanel';
import type { OrgNode, UserBrief } from './types';

afterEach(() => vi.unstubAllGlobals());

const tree: OrgNode[] = [
  {
    id: 'c1',
    parentId: '0',
    title: '总公司',
    type: 'company',
    companyId: 'c1',
    children: [{ id: 'd1', parentId: '0', title: '研发部', type: 'department', companyId: 'c1', children: [] }],
  },
];
const u = (id: string, name: string, account: string, extra: Partial<UserBrief> = {}): UserBrief => ({
  F_UserId: id,
  F_Account: account,
  F_RealName: name,
  F_Gender: 0,
  F_HeadIcon: null,
  F_EnabledMark: 1,
  F_CompanyId: 'c1',
  F_DepartmentName: '研发部',
  ...extra,
});
const users = [
  u('u1', '张三', 'zhangsan'),
  u('u2', '李四', 'lisi', { F_Gender: 1 }),
  u('u3', '王五', 'wangwu', { F_EnabledMark: 0 }),
  u('me', '本人', 'me'),
  u('u4', '张三丰', 'zsf'),
];

function stubOrg() {
  return stubApi([
    [/^GET \/companies\/departments\/tree$/, () => tree],
    // The stub ignores the keyword: the picker must still match exactly.
    [/^GET \/(companies|departments)\/[^/]+\/users$/, () => ({ Rows: users, Total: users.length })],
    [/^GET \/users\/multi\//, (url) => users.filter((x) => url.pathname.split('/').pop()!.split(',').includes(x.F_UserId))],
  ]);
}

const selectedNames = () =>
  Array.from(screen.getByTestId('user-picker-selected').querySelectorAll('[data-testid^="user-picker-selected-"]')).map((e) => e.textContent);

describe('UserPicker', () => {
  it('allows one person in single mode with the spec message', async () => {
    stubOrg();
    const onOk = vi.fn();
    renderWithApp(<UserPicker open single onOk={onOk} onCancel={() => undefined} />);
    fireEvent.click(await screen.findByTestId('user-picker-row-u1'));
    fireEvent.click(screen.getByTestId('user-picker-row-u2'));
    expect(await screen.findByText('只能选择一个，不允许多选')).toBeTruthy();
    expect(selectedNames()).toEqual(['张三']);
    fireEvent.click(screen.getByTestId('user-picker-all'));
    expect(selectedNames()).toEqual(['张三']);
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    expect(onOk).toHaveBeenCalledWith(['u1'], [expect.objectContaining({ F_UserId: 'u1' })]);
  });

  it('matches the keyword exactly on real name or account; an empty keyword restores the list', async () => {
    const calls = stubOrg();
    renderWithApp(<UserPicker open onOk={() => undefined} onCancel={() => undefined} />);
    await screen.findByTestId('user-picker-row-u4');
    const el = screen.getByTestId('user-picker-search');
    const box = el.tagName === 'INPUT' ? el : el.querySelector('input')!;
    fireEvent.change(box, { target: { value: '张三' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    fireEvent.keyUp(box, { key: 'Enter', keyCode: 13 });
    expect(await screen.findByTestId('user-picker-row-u1')).toBeTruthy();
    expect(screen.queryByTestId('user-picker-row-u4')).toBeNull();
    expect(calls.some((c) => c.url.searchParams.get('keyword') === '张三')).toBe(true);
    fireEvent.change(box, { target: { value: 'lisi' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    fireEvent.keyUp(box, { key: 'Enter', keyCode: 13 });
    expect(await screen.findByTestId('user-picker-row-u2')).toBeTruthy();
    expect(screen.queryByTestId('user-picker-row-u1')).toBeNull();
    fireEvent.change(box, { target: { value: '' } });
    expect(await screen.findByTestId('user-picker-row-u4')).toBeTruthy();
    expect(screen.getByTestId('user-picker-row-u1')).toBeTruthy();
  });

  it('selects all, none and inverts on the current page; skips disabled and excluded users', async () => {
    stubOrg();
    renderWithApp(<UserPicker open excludeUserIds={['me']} onOk={() => undefined} onCancel={() => undefined} />);
    await screen.findByTestId('user-picker-row-u1');
    expect(screen.queryByTestId('user-picker-row-me')).toBeNull();
    expect(screen.getByTestId('user-picker-disabled-u3')).toBeTruthy();
    fireEvent.click(screen.getByTestId('user-picker-row-u3'));
    expect(selectedNames()).toEqual([]);
    fireEvent.click(screen.getByTestId('user-picker-all'));
    expect(selectedNames()).toEqual(['张三', '李四', '张三丰']);
    fireEvent.click(screen.getByTestId('user-picker-none'));
    expect(selectedNames()).toEqual([]);
    fireEvent.click(screen.getByTestId('user-picker-row-u2'));
    fireEvent.click(screen.getByTestId('user-picker-invert'));
    expect(selectedNames().sort()).toEqual(['张三', '张三丰'].sort());
  });

  it('resolves initial ids with /users/multi and shows gender icons', async () => {
    const calls = stubOrg();
    renderWithApp(<UserPicker open value={['u2', 'me']} excludeUserIds={['me']} onOk={() => undefined} onCancel={() => undefined} />);
    await waitFor(() => expect(selectedNames()).toEqual(['李四']));
    expect(calls.find((c) => c.path.startsWith('/users/multi/'))?.path).toBe('/users/multi/u2');
    const row = await screen.findByTestId('user-picker-row-u2');
    expect(within(row).getByTestId('gender-female')).toBeTruthy();
    expect(within(screen.getByTestId('user-picker-row-u1')).getByTestId('gender-male')).toBeTruthy();
  });
});

describe('ForwarderTable', () => {
  it('keeps initial rows and lets added rows be deleted', async () => {
    stubOrg();
    const initial = [{ F_Id: 'r0', F_ObjId: 'x', F_ObjName: '初始人员', F_ObjType: '3' as const }];
    renderWithApp(<ForwarderTable initialRows={initial} />);
    expect(screen.getByTestId('forwarder-row-x')).toBeTruthy();
    expect(screen.queryByTestId('forwarder-delete-x')).toBeNull();
    fireEvent.click(screen.getByTestId('forwarder-add-person'));
    fireEvent.click(await screen.findByTestId('user-picker-row-u1'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    expect(await screen.findByTestId('forwarder-row-u1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('forwarder-delete-u1'));
    await waitFor(() => expect(screen.queryByTestId('forwarder-row-u1')).toBeNull());
    expect(screen.getByTestId('forwarder-row-x')).toBeTruthy();
  });
});

describe('DataListPicker', () => {
  it('asks for 8 per page and confirm does nothing without a selection', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: `r${i}`, name: `行${i}` }));
    const fetch = vi.fn(async (q: { limit: number; size: number }) => ({ Rows: rows.slice((q.limit - 1) * q.size, q.limit * q.size), Total: rows.length }));
    const onOk = vi.fn();
    renderWithApp(
      <DataListPicker open queryKey="t" rowKey="id" columns={[{ title: 'name', dataIndex: 'name' }]} fetch={fetch} onOk={onOk} onCancel={() => undefined} />,
    );
    await screen.findByTestId('data-list-picker-row-r7');
    expect(fetch).toHaveBeenCalledWith(expect.objectContaining({ limit: 1, size: 8 }));
    expect(screen.queryByTestId('data-list-picker-row-r8')).toBeNull();
    fireEvent.click(screen.getByTestId('data-list-picker-ok'));
    expect(onOk).not.toHaveBeenCalled();
    expect(screen.getByTestId('data-list-picker')).toBeTruthy();
    fireEvent.click(screen.getByTestId('data-list-picker-row-r3'));
    fireEvent.click(screen.getByTestId('data-list-picker-ok'));
    expect(onOk).toHaveBeenCalledWith({ id: 'r3', name: '行3' });
  });
});

describe('AreaPicker', () => {
  it('loads provinces first and each level on demand', async () => {
    const area = (id: string, name: string, level: number) => ({
      F_AreaId: id,
      F_AreaName: name,
      F_ParentId: '0',
      F_Level: level,
      F_SortCode: 0,
      hasChildren: level < 3,
    });
    const calls = stubApi([
      [/^GET \/areas\/province$/, () => [area('11', '北京市', 1)]],
      [/^GET \/areas\/11\/child$/, () => [area('1101', '市辖区', 2)]],
      [/^GET \/areas\/1101\/child$/, () => [area('110101', '东城区', 3)]],
    ]);
    const onChange = vi.fn();
    renderWithApp(<AreaPicker onChange={onChange} />);
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/areas/province']));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('北京市'));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/areas/11/child'));
    expect(calls.map((c) => c.path)).not.toContain('/areas/1101/child');
    fireEvent.click(await screen.findByText('市辖区'));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/areas/1101/child'));
    fireEvent.click(await screen.findByText('东城区'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('11,1101,110101', '北京市,市辖区,东城区'));
    expect(calls.filter((c) => c.path === '/areas/11/child')).toHaveLength(1);
  });
});

describe('ResizablePanel', () => {
  it('clamps the dragged width to 200..800 px', () => {
    expect(clampWidth(50)).toBe(200);
    expect(clampWidth(5000)).toBe(800);
    renderWithApp(
      <ResizablePanel side={<div>side</div>} defaultWidth={300}>
        main
      </ResizablePanel>,
    );
    const side = screen.getByTestId('resizable-panel-side');
    const handle = screen.getByTestId('resizable-panel-handle');
    expect(side.style.width).toBe('300px');
    fireEvent.mouseDown(handle, { clientX: 300 });
    act(() => void window.dispatchEvent(new MouseEvent('mousemove', { clientX: 2000 })));
    expect(side.style.width).toBe('800px');
    act(() => void window.dispatchEvent(new MouseEvent('mousemove', { clientX: -500 })));
    expect(side.style.width).toBe('200px');
    act(() => void window.dispatchEvent(new MouseEvent('mousemove', { clientX: 450 })));
    expect(side.style.width).toBe('450px');
    act(() => void window.dispatchEvent(new MouseEvent('mouseup')));
    act(() => void window.dispatchEvent(new MouseEvent('mousemove', { clientX: 0 })));
    expect(side.style.width).toBe('450px');
  });

  it('on a phone the side panel is a drawer opened from a button; picking a tree node closes it', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width'), media: query })) as typeof window.matchMedia;
    try {
      renderWithApp(
        <ResizablePanel
          side={
            <div className="ant-tree-node-content-wrapper" data-testid="node">
              技术部
            </div>
          }
        >
          <div data-testid="main">main</div>
        </ResizablePanel>,
      );
      expect(screen.getByTestId('resizable-panel').dataset.layout).toBe('phone');
      expect(screen.getByTestId('main')).toBeTruthy();
      expect(screen.queryByTestId('resizable-panel-handle')).toBeNull();
      fireEvent.click(screen.getByTestId('resizable-panel-open'));
      expect(screen.getByTestId('resizable-panel-open').textContent).toContain('显示目录');
      await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeTruthy());
      fireEvent.click(screen.getByTestId('node'));
      await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    } finally {
      window.matchMedia = original;
    }
  });
});
