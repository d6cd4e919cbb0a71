import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { ModuleNode, ReportReleaseRow, ReportTreeNode } from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { stubData, type Call } from '../../data/test-stub';
import { reportPermissions as P } from '../permissions';
import ReleasePage from './ReleasePage';

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const tree: ReportTreeNode[] = [
  {
    id: 'f1',
    parentId: '0',
    title: '销售',
    kind: 'folder',
    children: [
      { id: 'r1', parentId: 'f1', title: '销售日报', kind: 'report' },
      { id: 'r2', parentId: 'f1', title: '销售月报', kind: 'report' },
    ],
  },
  { id: 'f2', parentId: '0', title: '空目录', kind: 'folder', children: [] },
];

const module = (id: string, name: string, target: string, children: ModuleNode[] = []): ModuleNode => ({
  F_ModuleId: id,
  F_ParentId: '0',
  F_SystemId: '0',
  F_EnCode: id,
  F_FullName: name,
  F_Icon: '',
  F_UrlAddress: '',
  F_Target: target,
  F_IsMenu: 1,
  F_IsCommon: 0,
  F_KeepAlive: 0,
  F_EnabledMark: 1,
  F_SortCode: 0,
  F_I18nKey: null,
  F_Description: '',
  F_CreateDate: '',
  children,
});
const modules = [
  module('report', '报表', 'expand', [module('report-center', '报表中心', 'expand'), module('report-manage', '报表管理', '')]),
  module('oa', '办公', 'expand'),
];

const release = (over: Partial<ReportReleaseRow> = {}): ReportReleaseRow => ({
  F_Id: 'rel1',
  F_ReportId: 'r1',
  F_ReportName: '销售日报',
  F_Name: '每日销售',
  F_ParentId: 'report-center',
  F_ParentName: '报表中心',
  F_Icon: 'BarChartOutlined',
  F_SortCode: 1,
  F_EnabledMark: 1,
  F_Description: '',
  F_ModuleId: 'm1',
  F_EnCode: 'report.release.rel1',
  F_CreateDate: '2026-12-06 09:00:00',
  ...over,
});

function stubServer() {
  return stubData([
    [/^GET \/reports-release$/, () => ({ Rows: [release()], Total: 1 })],
    [/^POST \/reports-release$/, () => ({ F_Id: 'rel2', F_ModuleId: 'm2' })],
    [/^PUT \/reports-release\/rel1$/, () => null],
    [/^DELETE \/reports-release\/rel1$/, () => null],
    [/^GET \/report-info\/tree$/, () => tree],
    [/^GET \/modules$/, () => modules],
    [/^GET \/modules\/(vue|common)$/, () => []],
  ]);
}

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname}</span>;
}

const renderPage = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/report/release/index']}>
      <ReleasePage />
      <Where />
    </MemoryRouter>,
  );

const last = (calls: Call[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).at(-1)?.body;

/** Opens a TreeSelect and clicks the node with that title. */
async function pickTreeNode(testId: string, title: string) {
  fireEvent.mouseDown(within(await screen.findByTestId(testId)).getByRole('combobox'));
  const node = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-tree-title')].find((n) => n.textContent === title);
    if (!found) throw new Error(`no node ${title}`);
    return found;
  });
  fireEvent.click(node);
}

describe('report releases', { timeout: SLOW }, () => {
  it('lists the releases and opens the released page', async () => {
    signInForTest(Object.values(P));
    stubServer();
    renderPage();
    const row = await screen.findByTestId('release-row-rel1');
    expect(row.textContent).toContain('每日销售');
    expect(row.textContent).toContain('销售日报');
    expect(row.textContent).toContain('报表中心');
    fireEvent.click(screen.getByTestId('release-open-rel1'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/report/view/rel1/index'));
  });

  it('releases a report: the report picked from the tree names the entry, under 报表中心 unless another group is chosen', async () => {
    signInForTest(Object.values(P));
    const calls = stubServer();
    renderPage();
    fireEvent.click(await screen.findByTestId('release-add'));
    await screen.findByTestId('release-form');
    // The parent starts as 报表中心; only menu groups are offered.
    await waitFor(() => expect(within(screen.getByTestId('release-parent')).getByText('报表中心')).toBeTruthy());

    fireEvent.click(screen.getByTestId('modal-ok'));
    expect(await screen.findByText('请选择报表')).toBeTruthy();

    await pickTreeNode('release-report', '销售月报');
    await waitFor(() => expect((screen.getByTestId('release-name') as HTMLInputElement).value).toBe('销售月报'));
    await pickTreeNode('release-parent', '办公');
    fireEvent.change(screen.getByTestId('release-icon'), { target: { value: 'FileTextOutlined' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(last(calls, 'POST', '/reports-release')).toBeTruthy());
    expect(last(calls, 'POST', '/reports-release')).toEqual({
      F_ReportId: 'r2',
      F_Name: '销售月报',
      F_ParentId: 'oa',
      F_Icon: 'FileTextOutlined',
      F_SortCode: 0,
      F_EnabledMark: 1,
      F_Description: '',
    });
    // The new entry is read with the menu again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/reports-release').length).toBeGreaterThan(1));
  });

  it('edits a release with its stored values, and deletes it', async () => {
    signInForTest(Object.values(P));
    const calls = stubServer();
    renderPage();
    fireEvent.click(await screen.findByTestId('release-edit-rel1'));
    await waitFor(() => expect((screen.getByTestId('release-name') as HTMLInputElement).value).toBe('每日销售'));
    fireEvent.change(screen.getByTestId('release-name'), { target: { value: '销售日报（每日）' } });
    fireEvent.click(screen.getByTestId('release-enabled'));
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(last(calls, 'PUT', '/reports-release/rel1')).toBeTruthy());
    expect(last(calls, 'PUT', '/reports-release/rel1')).toEqual({
      F_ReportId: 'r1',
      F_Name: '销售日报（每日）',
      F_ParentId: 'report-center',
      F_Icon: 'BarChartOutlined',
      F_SortCode: 1,
      F_EnabledMark: 0,
      F_Description: '',
    });

    fireEvent.click(await screen.findByTestId('release-delete-rel1'));
    fireEvent.click(await screen.findByTestId('delete-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/reports-release/rel1')).toBe(true));
  });

  it('hides what the user may not do', async () => {
    signInForTest([P.releaseList]);
    stubServer();
    renderPage();
    await screen.findByTestId('release-row-rel1');
    for (const id of ['release-add', 'release-edit-rel1', 'release-delete-rel1']) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId('release-open-rel1')).toBeTruthy();
  });
});
