import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import dayjs from 'dayjs';
import type { ReportFolder, ReportInfoRow, ReportShareRow } from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { stubData, type Call } from '../../data/test-stub';
import { reportPermissions as P } from '../permissions';
import ManagePage from './ManagePage';

const SLOW = 60_000;
const ALL = Object.values(P);

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const folders: ReportFolder[] = [
  { F_Id: 'f1', F_ParentId: '0', F_Name: '销售', F_SortCode: 0, children: [{ F_Id: 'f2', F_ParentId: 'f1', F_Name: '日报', F_SortCode: 0 }] },
  { F_Id: 'f3', F_ParentId: '0', F_Name: '财务', F_SortCode: 1 },
];

const report = (over: Partial<ReportInfoRow> = {}): ReportInfoRow => ({
  F_Id: 'r1',
  F_FolderId: 'f2',
  F_FolderName: '日报',
  F_Name: '销售日报',
  F_Code: 'sales_daily',
  F_Description: '按区域汇总',
  F_EnabledMark: 1,
  F_ContentId: 'c3',
  F_Version: 3,
  F_CreateDate: '2026-12-01 09:00:00',
  F_CreateUserName: '张三',
  F_ModifyDate: '2026-12-05 10:30:00',
  F_ReleaseCount: 2,
  ...over,
});
const reports = [
  report(),
  report({ F_Id: 'r2', F_FolderId: 'f3', F_FolderName: '财务', F_Name: '费用明细', F_Code: 'expense', F_ContentId: '', F_Version: 0, F_ReleaseCount: 0 }),
];

const share = (over: Partial<ReportShareRow> = {}): ReportShareRow => ({
  F_Id: 's1',
  F_ReportId: 'r1',
  F_ReportName: '销售日报',
  F_ExpiresAt: dayjs().add(3, 'day').toISOString(),
  F_HasPassword: 1,
  F_Note: '给客户',
  F_CreateDate: '2026-12-05 11:00:00',
  F_CreateUserName: '张三',
  F_Url: '/report-frame/r1?share=old',
  ...over,
});

function stubServer() {
  const shares = [share()];
  const calls = stubData([
    [/^GET \/reports-file-info\/tree$/, () => folders],
    [/^POST \/reports-file-info$/, () => ({ F_Id: 'f9' })],
    [/^PUT \/reports-file-info\/f1$/, () => null],
    [/^DELETE \/reports-file-info\/f1$/, () => null],
    [
      /^GET \/reports-file$/,
      (url) => {
        const folder = url.searchParams.get('F_FolderId');
        const rows = folder ? reports.filter((r) => (folder === 'f1' ? ['f1', 'f2'] : [folder]).includes(r.F_FolderId)) : reports;
        return { Rows: rows, Total: rows.length };
      },
    ],
    [/^GET \/report-info\/tree$/, () => []],
    [/^POST \/report-info$/, () => ({ F_Id: 'r9' })],
    [/^PUT \/report-info\/r1$/, () => null],
    [/^GET \/report-share$/, () => ({ Rows: shares, Total: shares.length })],
    [
      /^POST \/report-share$/,
      (_url, body) => {
        const b = body as { F_ExpiresAt: string; F_Password: string; F_Note: string };
        const row = share({
          F_Id: 's2',
          F_ExpiresAt: b.F_ExpiresAt,
          F_HasPassword: b.F_Password ? 1 : 0,
          F_Note: b.F_Note,
          F_Url: '/report-frame/r1?share=abc',
        });
        shares.unshift(row);
        return row;
      },
    ],
    [/^DELETE \/report-share\/s1$/, () => null],
    // The menu (read by the list's toolbar extras).
    [/^GET \/modules\/(vue|common)$/, () => []],
  ]);
  return calls;
}

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname + location.search}</span>;
}

const renderPage = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/report/manage/index']}>
      <ManagePage />
      <Where />
    </MemoryRouter>,
  );

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/reports-file');
const posted = (calls: Call[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path).at(-1)?.body as Record<string, unknown> | undefined;

describe('report management', { timeout: SLOW }, () => {
  it('lists every report under 全部报表, and a folder’s reports when it is chosen', async () => {
    signInForTest(ALL);
    const calls = stubServer();
    renderPage();
    const row = await screen.findByTestId('report-row-r1');
    expect(listCalls(calls)[0].url.searchParams.get('F_FolderId')).toBeNull();
    expect(row.textContent).toContain('销售日报');
    expect(row.textContent).toContain('sales_daily');
    expect(row.textContent).toContain('日报');
    expect(screen.getByTestId('report-version-r1').textContent).toBe('v3');
    expect(row.textContent).toContain('已发布 2 处');
    expect(row.textContent).toContain('2026-12-05 10:30:00');
    expect(row.textContent).toContain('张三');
    expect(screen.getByTestId('report-row-r2').textContent).toContain('未设计');
    // A report not designed yet cannot be previewed.
    expect((screen.getByTestId('report-preview-r2') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(await screen.findByTestId('report-folder-f1'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('F_FolderId')).toBe('f1'));
    await waitFor(() => expect(screen.queryByTestId('report-row-r2')).toBeNull());
    expect(screen.getByTestId('report-row-r1')).toBeTruthy();

    // The enabled state filter goes with the query.
    fireEvent.mouseDown(within(screen.getByTestId('report-state-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('停用', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('F_EnabledMark')).toBe('0'));
    expect(listCalls(calls).at(-1)!.url.searchParams.get('F_FolderId')).toBe('f1');
  });

  it('adds a folder under the chosen one, renames it and deletes it', async () => {
    signInForTest(ALL);
    const calls = stubServer();
    renderPage();
    fireEvent.click(await screen.findByTestId('report-folder-f1'));
    fireEvent.click(screen.getByTestId('report-folder-add'));
    fireEvent.change(await screen.findByTestId('report-folder-name'), { target: { value: '周报' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(posted(calls, '/reports-file-info')).toEqual({ F_Name: '周报', F_ParentId: 'f1', F_SortCode: 0 }));

    fireEvent.click(await screen.findByTestId('report-folder-f1'));
    fireEvent.click(screen.getByTestId('report-folder-edit'));
    const name = await screen.findByTestId('report-folder-name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('销售'));
    fireEvent.change(name, { target: { value: '销售分析' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ F_Name: '销售分析', F_ParentId: '0', F_SortCode: 0 }));

    fireEvent.click(await screen.findByTestId('report-folder-f1'));
    fireEvent.click(screen.getByTestId('report-folder-delete'));
    fireEvent.click(await screen.findByTestId('delete-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/reports-file-info/f1')).toBe(true));
  });

  it('opens the designer and the preview as pages, and copies a report with its design', async () => {
    signInForTest(ALL);
    const calls = stubServer();
    renderPage();
    fireEvent.click(await screen.findByTestId('report-design-r1'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/report/design/edit/r1'));
    fireEvent.click(screen.getByTestId('report-preview-r1'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/report-frame/r1'));

    fireEvent.click(screen.getByTestId('report-copy-r1'));
    expect((await screen.findByTestId('report-copy-help')).textContent).toContain('销售日报');
    await waitFor(() => expect((screen.getByTestId('report-name') as HTMLInputElement).value).toBe('销售日报 - 副本'));
    fireEvent.change(screen.getByTestId('report-code'), { target: { value: 'bad code!' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect(await screen.findByText('报表编码只能包含字母、数字、下划线（_）和短横线（-）')).toBeTruthy();
    fireEvent.change(screen.getByTestId('report-code'), { target: { value: 'sales_daily_2' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(posted(calls, '/report-info')).toBeTruthy());
    expect(posted(calls, '/report-info')).toEqual({
      F_Name: '销售日报 - 副本',
      F_Code: 'sales_daily_2',
      F_FolderId: 'f2',
      F_Description: '按区域汇总',
      F_EnabledMark: 1,
      copyFrom: 'r1',
    });
  });

  it('shares a report: lists its links, makes one with an expiry and a password, and shows its address', async () => {
    signInForTest(ALL);
    const calls = stubServer();
    renderPage();
    fireEvent.click(await screen.findByTestId('report-share-r1'));
    const dialog = await screen.findByTestId('share-dialog');
    const old = await within(dialog).findByTestId('share-row-s1');
    expect(old.textContent).toContain('有密码');
    expect(old.textContent).toContain('给客户');
    expect(calls.find((c) => c.path === '/report-share')!.url.searchParams.get('F_ReportId')).toBe('r1');

    fireEvent.change(screen.getByTestId('share-password'), { target: { value: 'p@ss' } });
    fireEvent.change(screen.getByTestId('share-note'), { target: { value: '月度会议' } });
    fireEvent.click(screen.getByTestId('share-create'));
    await waitFor(() => expect(posted(calls, '/report-share')).toBeTruthy());
    const body = posted(calls, '/report-share')!;
    expect(body).toMatchObject({ F_ReportId: 'r1', F_Password: 'p@ss', F_Note: '月度会议' });
    // Seven days ahead by default, to the end of that day.
    expect(dayjs(body.F_ExpiresAt as string).format('YYYY-MM-DD HH:mm')).toBe(dayjs().add(7, 'day').endOf('day').format('YYYY-MM-DD HH:mm'));

    const address = await screen.findByTestId('share-new-url');
    expect(address.textContent).toBe(`${window.location.origin}/report-frame/r1?share=abc`);
    expect(screen.getByTestId('share-made').textContent).toContain('打开时需输入访问密码');
    expect(await within(dialog).findByTestId('share-row-s2')).toBeTruthy();

    fireEvent.click(screen.getByTestId('share-revoke-s1'));
    fireEvent.click(await screen.findByTestId('share-revoke-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/report-share/s1')).toBe(true));
  });

  it('hides what the user may not do', async () => {
    signInForTest([P.manageList]);
    stubServer();
    renderPage();
    await screen.findByTestId('report-row-r1');
    for (const id of [
      'report-add',
      'report-folder-add',
      'report-design-r1',
      'report-preview-r1',
      'report-edit-r1',
      'report-copy-r1',
      'report-share-r1',
      'report-delete-r1',
    ])
      expect(screen.queryByTestId(id), id).toBeNull();
  });
});
