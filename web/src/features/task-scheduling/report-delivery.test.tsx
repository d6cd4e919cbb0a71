import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReportTreeNode, ReportViewMeta, TaskSchedulingDetail, UserBrief } from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { Fail, stubData, type Call } from '../data/test-stub';
import { taskSchedulingPermissions as P } from './permissions';
import TaskSchedulingPage from './TaskSchedulingPage';

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
      { id: 'r2', parentId: 'f1', title: '无参数报表', kind: 'report' },
      { id: 'r3', parentId: 'f1', title: '无权预览', kind: 'report' },
    ],
  },
];

const meta = (id: string, query: ReportViewMeta['query']): ReportViewMeta => ({
  F_ReportId: id,
  F_Name: id,
  query,
  canPrint: true,
  canExport: true,
  needsPassword: false,
});
const metas: Record<string, ReportViewMeta> = {
  r1: meta('r1', [
    { name: 'region', label: '区域', type: 'text', required: false, value: '华东' },
    { name: 'period', label: '期间', type: 'dateRange', required: true, value: ['2026-12-01', '2026-12-31'] },
    { name: 'me', label: '当前用户', type: 'currentUser', required: false, value: '' },
  ]),
  r2: meta('r2', []),
};

const user = (id: string, name: string): UserBrief => ({
  F_UserId: id,
  F_Account: id,
  F_RealName: name,
  F_Gender: 0,
  F_HeadIcon: null,
  F_EnabledMark: 1,
  F_CompanyId: 'c1',
  F_DepartmentName: '销售部',
});
const users = [user('u1', '张三'), user('u2', '李四')];

const detail: TaskSchedulingDetail = {
  F_Id: 't9',
  F_Name: '每周一发送销售日报',
  F_Type: 'reportDelivery',
  F_ScheduleType: 'cron',
  F_Cron: '0 8 * * 1',
  F_IntervalSeconds: null,
  F_RunAt: null,
  F_TimeZone: '',
  F_EnabledMark: 1,
  F_NextRunTime: null,
  F_LastRunTime: null,
  F_LastState: null,
  F_ConsecutiveFailures: 0,
  F_Description: '',
  F_CreateUserName: 'Admin',
  F_CreateDate: '2026-12-01 10:00:00',
  F_Config: { reportId: 'r1', params: { period: ['2026-11-01', '2026-11-30'] }, format: 'pdf', recipients: ['u2'] },
  F_Misfire: 'once',
  F_MisfireCap: 10,
  F_Overlap: 'skip',
  F_TimeoutSeconds: 300,
  F_RetryCount: 0,
  F_RetryDelaySeconds: 30,
  F_AlertAfter: 3,
  F_AlertUserIds: [],
  F_AlertUserNames: [],
};

function stubServer(): Call[] {
  return stubData([
    [/^GET \/task-scheduling$/, () => ({ Rows: [detail], Total: 1 })],
    [/^GET \/task-scheduling\/types$/, () => [{ key: 'sql' }, { key: 'reportDelivery' }]],
    [/^GET \/task-scheduling\/t9$/, () => detail],
    [/^POST \/task-scheduling\/preview$/, () => ({ times: ['2026-12-07 08:00:00'], timeZone: 'Asia/Shanghai' })],
    [/^POST \/task-scheduling$/, () => ({ F_Id: 'new' })],
    [/^PUT \/task-scheduling\/t9$/, () => ({ F_Id: 't9' })],
    [/^GET \/database-links\/group$/, () => []],
    [/^GET \/report-info\/tree$/, () => tree],
    [/^GET \/report-view\/r3\/meta$/, () => new Fail('没有预览此报表的权限', 10403)],
    [/^GET \/report-view\/(\w+)\/meta$/, (url) => metas[url.pathname.split('/')[3]]],
    [/^GET \/companies\/departments\/tree$/, () => [{ id: 'c1', parentId: '0', title: '总公司', type: 'company', companyId: 'c1', children: [] }]],
    [/^GET \/companies\/c1\/users$/, () => ({ Rows: users, Total: users.length })],
    [/^GET \/users\/multi\//, (url) => users.filter((u) => url.pathname.split('/').pop()!.split(',').includes(u.F_UserId))],
    [/^GET \/modules\/(vue|common)$/, () => []],
  ]);
}

const renderPage = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/system/task-scheduling/index']}>
      <TaskSchedulingPage />
    </MemoryRouter>,
  );

const openOptions = () => {
  const popup = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
  return [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
};
async function choose(testId: string, text: string) {
  fireEvent.mouseDown(within(await screen.findByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await waitFor(() => openOptions().find((o) => o.textContent === text) ?? Promise.reject(new Error(`no option ${text}`))));
}
async function pickReport(title: string) {
  fireEvent.mouseDown(within(await screen.findByTestId('task-report')).getByRole('combobox'));
  const node = await waitFor(
    () => [...document.querySelectorAll('.ant-select-tree-title')].find((n) => n.textContent === title) ?? Promise.reject(new Error(title)),
  );
  fireEvent.click(node);
}
const posted = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).at(-1)?.body as Record<string, unknown>;

describe('scheduled report delivery', { timeout: SLOW }, () => {
  it('picks the report, fills in its parameters (empty ones keep the default), the format and the recipients', async () => {
    signInForTest(Object.values(P));
    const calls = stubServer();
    renderPage();
    fireEvent.click(await screen.findByTestId('task-add'));
    await screen.findByTestId('task-form');
    await choose('task-type', '发送报表');
    await waitFor(() => expect(screen.getByTestId('task-form').textContent).toContain('放入每位接收人的「我的文件」'));

    await pickReport('销售日报');
    const region = await screen.findByTestId('task-report-param-region');
    // The report's own defaults show as placeholders; parameters the server fills in are not asked.
    expect((region as HTMLInputElement).placeholder).toBe('华东');
    expect((screen.getByTestId('task-report-param-period') as HTMLInputElement).placeholder).toBe('2026-12-01,2026-12-31');
    expect(screen.queryByTestId('task-report-param-me')).toBeNull();
    fireEvent.change(region, { target: { value: '华南' } });

    fireEvent.click(screen.getByTestId('task-report-format-pdf').closest('label')!.querySelector('input')!);

    fireEvent.change(screen.getByTestId('task-name'), { target: { value: '每天发送销售日报' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect(await screen.findByText('请选择接收人')).toBeTruthy();

    fireEvent.click(screen.getByTestId('task-report-recipients'));
    fireEvent.click(await screen.findByTestId('user-picker-row-u1'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    expect((await screen.findByTestId('task-report-recipient-u1')).textContent).toBe('张三');

    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(posted(calls, 'POST', '/task-scheduling')).toBeTruthy());
    expect(posted(calls, 'POST', '/task-scheduling')).toMatchObject({
      F_Name: '每天发送销售日报',
      F_Type: 'reportDelivery',
      F_Config: { reportId: 'r1', params: { region: '华南' }, format: 'pdf', recipients: ['u1'] },
    });
  });

  it('says so when a report has no parameters, or when its parameters cannot be read', async () => {
    signInForTest(Object.values(P));
    stubServer();
    renderPage();
    fireEvent.click(await screen.findByTestId('task-add'));
    await choose('task-type', '发送报表');
    await pickReport('无参数报表');
    await waitFor(() => expect(screen.getByTestId('task-report-params').textContent).toContain('此报表没有查询参数'));
    await pickReport('无权预览');
    expect((await screen.findByTestId('task-report-params-error')).textContent).toContain('没有预览此报表的权限');
  });

  it('edits a stored delivery: its report, values, format and recipients by name', async () => {
    signInForTest(Object.values(P));
    const calls = stubServer();
    renderPage();
    fireEvent.click(await screen.findByTestId('task-edit-t9'));
    const period = await screen.findByTestId('task-report-param-period');
    await waitFor(() => expect((period as HTMLInputElement).value).toBe('2026-11-01,2026-11-30'));
    expect((await screen.findByTestId('task-report-recipient-u2')).textContent).toBe('李四');
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(posted(calls, 'PUT', '/task-scheduling/t9')).toBeTruthy());
    expect(posted(calls, 'PUT', '/task-scheduling/t9').F_Config).toEqual({
      reportId: 'r1',
      params: { period: '2026-11-01,2026-11-30' },
      format: 'pdf',
      recipients: ['u2'],
    });
  });
});
