import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ExcelImportRow, ExcelImportRun, MenuItem } from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { ListPage } from '../../components/ListPage';
import { stubData, type Call } from '../data/test-stub';
import { excelExportPermissions, excelImportPermissions } from './permissions';
import ImportTemplatesPage from './ImportTemplatesPage';
import './index';

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const row = (over: Partial<ExcelImportRow> = {}): ExcelImportRow => ({
  F_Id: 'x1',
  F_Name: '订单导入',
  F_ModuleId: 'form-app-r1',
  F_ModuleName: '订单列表',
  F_ButtonName: '',
  F_TargetKind: 'form',
  F_RelationId: 'r1',
  F_DbId: '',
  F_TableName: '',
  F_EnabledMark: 1,
  F_Description: '',
  F_CreateDate: '2026-11-28 10:00:00',
  F_CreateUserName: 'Admin',
  F_ErrorRule: 'skip',
  ...over,
});

const fields = [
  { field: 'F_Title', label: '标题', dataType: 'varchar', length: 50, required: true, dictionary: '', hasOptions: false, sub: null },
  { field: 'F_Level', label: '等级', dataType: 'varchar', length: 50, required: false, dictionary: 'Level', hasOptions: false, sub: null },
  { field: 'items.item_name', label: '明细.品名', dataType: 'varchar', length: 50, required: false, dictionary: '', hasOptions: false, sub: 'items' },
];

function stubAdmin(): Call[] {
  return stubData([
    [/^GET \/excel-import$/, () => ({ Rows: [row(), row({ F_Id: 'x2', F_Name: '停用模板', F_EnabledMark: 0 })], Total: 2 })],
    [/^GET \/excel-import\/target-fields$/, () => fields],
    [/^GET \/form-relation$/, () => ({ Rows: [{ F_Id: 'r1', F_Name: '订单列表', F_ModuleId: 'form-app-r1' }], Total: 1 })],
    [/^GET \/modules\/all$/, () => [{ F_ModuleId: 'form-app-r1', F_ParentId: '0', F_FullName: '订单列表', children: [], buttons: [], columns: [], forms: [] }]],
    [/^POST \/excel-import$/, () => ({ F_Id: 'new' })],
    [/^PATCH \/excel-import\/(start|stop)\//, () => null],
  ]);
}

const openOptions = () => {
  const popup = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
  return [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
};

async function choose(testId: string, text: string) {
  const select = await screen.findByTestId(testId);
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = openOptions().find((o) => o.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

describe('import templates screen', () => {
  it(
    'lists templates with their screen and state, adds one with every field of a published form, and stops one',
    async () => {
      signInForTest(Object.values(excelImportPermissions));
      const calls = stubAdmin();
      renderWithApp(
        <MemoryRouter initialEntries={['/system/excel-import/index']}>
          <ImportTemplatesPage />
        </MemoryRouter>,
      );
      const first = await screen.findByTestId('excel-row-订单导入');
      expect(first.textContent).toContain('订单列表');
      expect(first.textContent).toContain('跳过错误行');
      expect((await screen.findByTestId('excel-row-停用模板')).textContent).toContain('停用');

      fireEvent.click(screen.getByTestId('excel-toggle-订单导入'));
      await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.path === '/excel-import/stop/x1')).toBe(true));

      fireEvent.click(screen.getByTestId('toolbar-add'));
      fireEvent.change(await screen.findByTestId('excel-template-name'), { target: { value: '新导入' } });
      await choose('excel-template-relation', '订单列表');
      await waitFor(() => expect((screen.getByTestId('excel-column-add-all') as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(screen.getByTestId('excel-column-add-all'));
      expect(await screen.findByTestId('excel-column-2')).toBeTruthy();
      fireEvent.click(screen.getByTestId('excel-column-0-unique'));
      fireEvent.click(screen.getByTestId('modal-ok'));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/excel-import')).toBe(true));
      const body = calls.find((c) => c.method === 'POST' && c.path === '/excel-import')!.body as Record<string, unknown>;
      expect(body).toMatchObject({ F_Name: '新导入', F_TargetKind: 'form', F_RelationId: 'r1', F_ModuleId: 'form-app-r1', F_ErrorRule: 'skip' });
      expect(body.F_Columns).toEqual([
        expect.objectContaining({ header: '标题', field: 'F_Title', required: true, unique: true, type: 'text' }),
        expect.objectContaining({ header: '等级', field: 'F_Level', unique: false }),
        expect.objectContaining({ header: '明细.品名', field: 'items.item_name' }),
      ]);
    },
    SLOW,
  );

  it('hides what the user may not do', async () => {
    signInForTest([excelImportPermissions.importList]);
    stubAdmin();
    renderWithApp(
      <MemoryRouter initialEntries={['/system/excel-import/index']}>
        <ImportTemplatesPage />
      </MemoryRouter>,
    );
    await screen.findByTestId('excel-row-订单导入');
    expect(screen.queryByTestId('toolbar-add')).toBeNull();
    expect(screen.queryByTestId('excel-edit-订单导入')).toBeNull();
    expect(screen.queryByTestId('excel-delete-订单导入')).toBeNull();
  });
});

const menu: MenuItem[] = [
  {
    F_ModuleId: 'form-app-r1',
    F_FullName: '订单列表',
    F_EnCode: 'forms.app.r1',
    label: '订单列表',
    path: '/orders',
    icon: '',
    target: '',
    group: [],
    query: {},
    keepAlive: true,
    meta: { roles: null, i18n: null, moduleid: 'form-app-r1', isTab: true, isAuth: true, keepAlive: true },
    children: [],
  },
];

const run = (over: Partial<ExcelImportRun>): ExcelImportRun => ({
  F_Id: 'run1',
  F_TemplateId: 'x1',
  F_FileName: 'data.xlsx',
  state: 'running',
  read: 0,
  valid: 0,
  stored: 0,
  total: 3,
  invalid: 0,
  message: null,
  hasErrors: false,
  errors: [],
  startedAt: '2026-11-28 10:00:00',
  finishedAt: null,
  ...over,
});

describe('the bound screen: 导入 / 导出 buttons on any ListPage', () => {
  it(
    'shows the screen templates, uploads a file, follows the progress and shows the result with the error workbook',
    async () => {
      signInForTest([]);
      let polls = 0;
      const calls = stubData([
        [/^GET \/modules\/vue$/, () => menu],
        [/^GET \/modules\/common$/, () => []],
        [
          /^GET \/excel-import\/module\/form-app-r1$/,
          () => ({
            imports: [{ F_Id: 'x1', F_Name: '订单导入', F_ButtonName: '批量导入' }],
            exports: [{ F_Id: 'e1', F_Name: '订单导出', F_ButtonName: '', F_ApplyQuery: 1 }],
          }),
        ],
        [/^POST \/excel-import\/x1\/import$/, () => run({})],
        [
          /^GET \/excel-import\/x1\/runs\/run1$/,
          () =>
            ++polls < 2
              ? run({ read: 2, valid: 1 })
              : run({ state: 'done', read: 3, valid: 2, stored: 2, invalid: 1, hasErrors: true, errors: [{ row: 4, messages: ['等级没有选项「中」'] }] }),
        ],
        [/^GET \/list$/, () => ({ Rows: [], Total: 0 })],
      ]);
      renderWithApp(
        <MemoryRouter initialEntries={['/orders/index']}>
          <ListPage queryKey="orders" fetch={() => Promise.resolve({ Rows: [], Total: 0 })} columns={[{ title: 'x', dataIndex: 'x' }]} rowKey={'x' as never} />
        </MemoryRouter>,
      );
      const importButton = await screen.findByTestId('excel-import-x1', {}, { timeout: 10_000 });
      expect(importButton.textContent).toContain('批量导入');
      expect(screen.getByTestId('excel-export-e1').textContent).toContain('导出');

      fireEvent.click(importButton);
      const input = (await screen.findByTestId('excel-import-dialog')).querySelector('input[type=file]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(['x'], 'data.xlsx')] } });
      fireEvent.click(await screen.findByTestId('excel-import-start'));
      expect((await screen.findByTestId('excel-import-counts', {}, { timeout: 5000 })).textContent).toMatch(/已读取 \d 行/);
      const result = await screen.findByTestId('excel-import-result', {}, { timeout: 5000 });
      expect(result.textContent).toBe('共 3 行：导入 2 行，错误 1 行');
      expect(screen.getByTestId('excel-import-errors-list').textContent).toContain('第 4 行：等级没有选项「中」');
      expect(screen.getByTestId('excel-import-errors')).toBeTruthy();
      expect(calls.filter((c) => c.path === '/excel-import/x1/runs/run1').length).toBeGreaterThanOrEqual(2);
    },
    SLOW,
  );

  it('shows nothing on a screen without templates or outside the menu', async () => {
    signInForTest([]);
    const calls = stubData([
      [/^GET \/modules\/vue$/, () => menu],
      [/^GET \/modules\/common$/, () => []],
      [/^GET \/excel-import\/module\/form-app-r1$/, () => ({ imports: [], exports: [] })],
    ]);
    renderWithApp(
      <MemoryRouter initialEntries={['/elsewhere/index']}>
        <ListPage queryKey="other" fetch={() => Promise.resolve({ Rows: [], Total: 0 })} columns={[{ title: 'x', dataIndex: 'x' }]} rowKey={'x' as never} />
      </MemoryRouter>,
    );
    await screen.findByTestId('list-refresh');
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.some((c) => c.path.startsWith('/excel-import/module'))).toBe(false);
    expect(document.querySelector('[data-testid^="excel-import-"]')).toBeNull();
    void excelExportPermissions;
  });
});
