import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { reportDesign, reportPermissions, type ReportContentDetail, type ReportDesignInput, type ReportInfoRow } from '@app/contracts';
import { renderWithApp, stubApi } from '../../../test/helpers';
import { endSession } from '../../../lib/session';
import { signInForTest } from '../../../test/session';
import { interpretCell } from './convert';
import type { GridHandle } from './grid-types';
import DesignListPage from './DesignListPage';
import { ReportDesigner } from './ReportDesigner';
import { installGridSupport } from './test-canvas';

/**
 * The designer with the real grid (Fortune-sheet) in jsdom: jsdom has no canvas, so it gets a 2D context that draws
 * nothing (test-canvas.ts), and the tests select and read cells through the grid's handle and type into them with
 * the grid's own keyboard handling. Dragging a field onto a cell needs a real browser (layout): an end-to-end test.
 */
beforeAll(() => installGridSupport());
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const info: ReportInfoRow = {
  F_Id: 'r1',
  F_FolderId: '0',
  F_FolderName: '',
  F_Name: '销售月报',
  F_Code: 'sales',
  F_Description: '',
  F_EnabledMark: 1,
  F_ContentId: 'c3',
  F_Version: 3,
  F_CreateDate: '2026-01-01 10:00:00',
  F_CreateUserName: 'Admin',
  F_ModifyDate: null,
  F_ReleaseCount: 0,
};

const designInput: ReportDesignInput = {
  sheet: { rows: 3, cols: 3, cells: [{ r: 0, c: 0, text: '地区' }] },
  dataSets: [{ name: 'sales', kind: 'static', rows: [{ region: '华东', amount: 10 }], fields: [{ name: 'region' }, { name: 'amount', type: 'number' }] }],
};

function content(input: ReportDesignInput = designInput): ReportContentDetail {
  return {
    F_Id: 'c3',
    F_ReportId: 'r1',
    F_Version: 3,
    F_Note: '',
    F_IsCurrent: 1,
    F_CreateDate: '2026-01-01 10:00:00',
    F_CreateUserName: 'Admin',
    F_ReportName: '销售月报',
    F_Design: reportDesign.parse(input),
  };
}

type Answer = { status: number; body: unknown };
/** Answers a save: success by default, or what the test sets. */
function stubServer(opts: { save?: () => Answer } = {}) {
  const calls = stubApi([
    [/^GET \/report-info\/r1$/, () => info],
    [/^GET \/report-content\/c3$/, () => content()],
    [/^GET \/database-links\/group$/, () => [{ F_GroupName: '默认分组', children: [{ F_Id: 'l1', F_DBAlias: '业务库', F_DBName: 'biz' }] }]],
    [
      /^POST \/report-content\/data-preview$/,
      () => ({
        fields: [
          { name: 'region', type: 'text' },
          { name: 'amount', type: 'number' },
          { name: 'day', type: 'date' },
        ],
        rows: [{ region: '华东', amount: 10, day: '2026-01-02' }],
        truncated: false,
      }),
    ],
    [/^POST \/report-content$/, () => ({ F_Id: 'c4', F_Version: 4 })],
    [/^POST \/report-content\/check$/, () => []],
    [/^GET \/data-items\/tree$/, () => []],
  ]);
  if (opts.save) {
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      if ((init.method ?? 'GET') === 'POST' && url.pathname === '/api/report-content') {
        calls.push({ method: 'POST', path: '/report-content', url, body: JSON.parse(String(init.body)) });
        const a = opts.save!();
        return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
      }
      return inner(input, init);
    });
  }
  return calls;
}

async function openDesigner(permissions: string[] = [reportPermissions.designSave, reportPermissions.designPreview]) {
  signInForTest(permissions);
  const grid: { current: GridHandle | null } = { current: null };
  renderWithApp(
    <MemoryRouter>
      <div style={{ width: 1400, height: 800 }}>
        <ReportDesigner reportId="r1" onGridReady={(h) => (grid.current = h)} />
      </div>
    </MemoryRouter>,
  );
  await waitFor(() => expect(grid.current).not.toBeNull(), { timeout: 15_000 });
  return grid as { current: GridHandle };
}

async function selectCell(grid: { current: GridHandle }, r: number, c: number) {
  await act(async () => grid.current.select(r, c));
  await waitFor(() => expect(screen.getByTestId('rd-cell-name').textContent).toBe(`${String.fromCharCode(65 + c)}${r + 1}`));
}

/** Types into a cell as a user does: a key opens the cell's editor, Enter commits it. */
async function typeInCell(grid: { current: GridHandle }, r: number, c: number, text: string) {
  await selectCell(grid, r, c);
  const sheet = document.querySelector('.fortune-container')!;
  await act(async () => {
    fireEvent.keyDown(sheet, { key: 'a', code: 'KeyA', keyCode: 65 });
  });
  const input = document.querySelector<HTMLElement>('.luckysheet-cell-input')!;
  input.textContent = text;
  await act(async () => {
    fireEvent.keyDown(sheet, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
}

/** Opens an antd select and picks the option with that text. */
async function pick(testId: string, option: string) {
  const root = screen.getByTestId(testId);
  fireEvent.mouseDown(root.querySelector('.ant-select-selector') ?? root.querySelector('input') ?? root);
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]!);
}

describe('report designer', () => {
  it('binds a cell from the property panel: data set and field, then expand and aggregate', async () => {
    stubServer();
    const grid = await openDesigner();
    await selectCell(grid, 1, 1);
    expect(screen.getByTestId('rd-cell-kind').textContent).toBe('文本');

    await pick('rd-cell-kind-select', '数据字段');
    await pick('rd-bind-ds', 'sales');
    const field = within(screen.getByTestId('rd-bind-field')).getByRole('combobox');
    fireEvent.change(field, { target: { value: 'amount' } });
    fireEvent.blur(field);

    await waitFor(() => expect(grid.current.cell(1, 1)?.v).toBe('#{sales.amount}'));
    expect(interpretCell(grid.current.cell(1, 1))).toMatchObject({
      kind: 'field',
      binding: { dataSet: 'sales', field: 'amount', expand: 'down', mode: 'group' },
    });
    expect(screen.getByTestId('rd-cell-kind').textContent).toBe('数据字段');

    // Not expanding, summed: the grid shows ${…} and the binding keeps the aggregate.
    fireEvent.click(within(screen.getByTestId('rd-bind-expand')).getByText('不扩展'));
    await waitFor(() => expect(grid.current.cell(1, 1)?.v).toBe('${sales.amount}'));
    await pick('rd-bind-aggregate', '求和');
    await waitFor(() => expect(grid.current.cell(1, 1)?.rd?.binding).toMatchObject({ expand: 'none', aggregate: 'sum' }));
    expect(screen.getByTestId('rd-dirty')).toBeTruthy();
  });

  it('typing shorthand in cells: #{ds.field} expands down, ${ds.field} does not, = is a formula kept as written', async () => {
    const calls = stubServer();
    const grid = await openDesigner();
    await typeInCell(grid, 1, 0, '#{sales.region}');
    await waitFor(() => expect(grid.current.cell(1, 0)?.v).toBe('#{sales.region}'));
    await typeInCell(grid, 1, 1, '${sales.amount}');
    await waitFor(() => expect(grid.current.cell(1, 1)?.v).toBe('${sales.amount}'));
    await typeInCell(grid, 2, 1, '=SUM(B2)');
    // The grid's own formula engine does not take it: the text stays, no result computed.
    await waitFor(() => expect(grid.current.cell(2, 1)).toMatchObject({ v: '=SUM(B2)' }));
    expect(grid.current.cell(2, 1)?.f).toBeUndefined();
    await typeInCell(grid, 2, 0, '合计');

    await selectCell(grid, 1, 0);
    expect(screen.getByTestId('rd-cell-kind').textContent).toBe('数据字段');
    expect(within(screen.getByTestId('rd-bind-expand')).getByText('纵向').closest('label')?.className).toContain('checked');

    fireEvent.click(screen.getByTestId('rd-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/report-content')).toBe(true));
    const design = reportDesign.parse((calls.find((c) => c.method === 'POST' && c.path === '/report-content')!.body as { F_Design: unknown }).F_Design);
    const at = (r: number, c: number) => design.sheet.cells.find((x) => x.r === r && x.c === c);
    expect(at(1, 0)).toMatchObject({ kind: 'field', binding: { dataSet: 'sales', field: 'region', expand: 'down', mode: 'group' } });
    expect(at(1, 1)).toMatchObject({ kind: 'field', binding: { dataSet: 'sales', field: 'amount', expand: 'none' } });
    expect(at(2, 1)).toMatchObject({ kind: 'formula', text: 'SUM(B2)' });
    expect(at(2, 0)).toMatchObject({ kind: 'text', text: '合计' });
  });

  it('double-clicking a field binds it to the selected cell as a list (down, group)', async () => {
    stubServer();
    const grid = await openDesigner();
    await selectCell(grid, 2, 0);
    fireEvent.doubleClick(await screen.findByTestId('rd-field-sales-region'));
    await waitFor(() => expect(grid.current.cell(2, 0)?.v).toBe('#{sales.region}'));
    expect(interpretCell(grid.current.cell(2, 0))?.binding).toMatchObject({ expand: 'down', mode: 'group' });
  });

  it('saves a SQL data set whose fields it found through the preview call', async () => {
    const calls = stubServer();
    await openDesigner();
    fireEvent.click(screen.getByTestId('rd-ds-add'));
    const dialog = await screen.findByTestId('rd-ds-dialog');
    fireEvent.change(within(dialog).getByTestId('rd-ds-name'), { target: { value: 'orders' } });
    fireEvent.change(within(dialog).getByTestId('rd-ds-label'), { target: { value: '订单' } });
    await pick('rd-ds-link', '业务库');
    fireEvent.change(within(dialog).getByTestId('rd-ds-sql'), { target: { value: 'select region, amount, day from orders' } });

    fireEvent.click(within(dialog).getByTestId('rd-ds-discover'));
    await waitFor(() => expect(within(dialog).getByDisplayValue('day')).toBeTruthy());
    const preview = calls.find((c) => c.path === '/report-content/data-preview');
    expect(preview?.body).toMatchObject({ dataSet: { name: 'orders', kind: 'sql', linkId: 'l1', sql: 'select region, amount, day from orders' } });

    fireEvent.click(screen.getByTestId('rd-ds-ok'));
    const node = await screen.findByTestId('rd-ds-node-orders');
    expect(node.textContent).toContain('订单');
    expect(screen.getByTestId('rd-field-orders-amount')).toBeTruthy();
    expect(screen.getByTestId('rd-field-orders-day').textContent).toContain('日期');

    // Saved with the design: the data set with its fields.
    fireEvent.click(screen.getByTestId('rd-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/report-content')).toBe(true));
    const saved = calls.find((c) => c.method === 'POST' && c.path === '/report-content')!.body as { F_Design: { dataSets: unknown[] } };
    expect(saved.F_Design.dataSets).toContainEqual(
      expect.objectContaining({
        name: 'orders',
        label: '订单',
        kind: 'sql',
        linkId: 'l1',
        fields: [
          { name: 'region', type: 'text' },
          { name: 'amount', type: 'number' },
          { name: 'day', type: 'date' },
        ],
      }),
    );
  });

  it('saves with the version it opened and then the one it saved', async () => {
    const calls = stubServer();
    const grid = await openDesigner();
    await selectCell(grid, 1, 0);
    fireEvent.doubleClick(await screen.findByTestId('rd-field-sales-region'));
    await waitFor(() => expect(grid.current.cell(1, 0)?.v).toBe('#{sales.region}'));

    fireEvent.click(screen.getByTestId('rd-save'));
    await waitFor(() => expect(screen.getByTestId('rd-version').textContent).toContain('v4'));
    const first = calls.filter((c) => c.path === '/report-content' && c.method === 'POST')[0]!.body as {
      F_BaseVersion: number;
      F_ReportId: string;
      F_Design: unknown;
    };
    expect(first.F_BaseVersion).toBe(3);
    expect(first.F_ReportId).toBe('r1');
    const design = reportDesign.parse(first.F_Design);
    expect(design.sheet.cells).toContainEqual(
      expect.objectContaining({ r: 1, c: 0, kind: 'field', binding: expect.objectContaining({ dataSet: 'sales', field: 'region', expand: 'down' }) }),
    );
    expect(design.sheet.cells).toContainEqual(expect.objectContaining({ r: 0, c: 0, kind: 'text', text: '地区' }));
    expect(screen.queryByTestId('rd-dirty')).toBeNull();

    await waitFor(() => expect(screen.getByTestId('rd-save').className).not.toContain('ant-btn-loading'));
    fireEvent.click(screen.getByTestId('rd-save'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/report-content' && c.method === 'POST')).toHaveLength(2));
    expect((calls.filter((c) => c.path === '/report-content' && c.method === 'POST')[1]!.body as { F_BaseVersion: number }).F_BaseVersion).toBe(4);
  });

  it('tells of a version conflict and can overwrite with the latest version as the base', async () => {
    let conflict = true;
    const calls = stubServer({
      save: () =>
        conflict
          ? { status: 409, body: { code: 409, success: false, data: null, msg: '报表已被他人修改', key: 'report.versionConflict' } }
          : { status: 200, body: { code: 200, success: true, data: { F_Id: 'c6', F_Version: 6 }, msg: '' } },
    });
    await openDesigner();
    fireEvent.click(screen.getByTestId('rd-save'));
    expect((await screen.findByTestId('rd-conflict')).textContent).toContain('其他人保存了新的版本');
    expect((calls.find((c) => c.path === '/report-content' && c.method === 'POST')!.body as { F_BaseVersion: number }).F_BaseVersion).toBe(3);

    // Meanwhile the report is at version 5: overwriting saves over it.
    info.F_Version = 5;
    conflict = false;
    fireEvent.click(screen.getByTestId('rd-conflict-overwrite'));
    await waitFor(() => expect(screen.getByTestId('rd-version').textContent).toContain('v6'));
    const saves = calls.filter((c) => c.path === '/report-content' && c.method === 'POST');
    expect((saves[1]!.body as { F_BaseVersion: number }).F_BaseVersion).toBe(5);
    info.F_Version = 3;
  });

  it('marks rows as header or page break and saves them as row flags', async () => {
    const calls = stubServer();
    const grid = await openDesigner();
    await selectCell(grid, 0, 0);
    fireEvent.mouseEnter(screen.getByTestId('rd-flags'));
    fireEvent.click(await screen.findByText('设为表头（每页重复）'));
    await selectCell(grid, 2, 1);
    fireEvent.mouseEnter(screen.getByTestId('rd-flags'));
    fireEvent.click(await screen.findByText('此行之后分页'));
    fireEvent.click(screen.getByTestId('rd-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/report-content')).toBe(true));
    const saved = calls.find((c) => c.method === 'POST' && c.path === '/report-content')!.body as {
      F_Design: { sheet: { rowFlags: unknown[]; rows: number } };
    };
    expect(saved.F_Design.sheet.rowFlags).toEqual([
      { r: 0, header: true },
      { r: 2, pageBreakAfter: true },
    ]);
  });

  it('lists the problems of the design check; a cell name selects that cell', async () => {
    stubApi([
      [/^GET \/report-info\/r1$/, () => info],
      [/^GET \/report-content\/c3$/, () => content()],
      [/^POST \/report-content\/check$/, () => [{ cell: 'C2', msg: '公式有误：SUM(' }, { msg: '数据集 x 没有字段' }]],
      [/^GET \/data-items\/tree$/, () => []],
    ]);
    await openDesigner();
    fireEvent.click(screen.getByTestId('rd-check'));
    const box = await screen.findByTestId('rd-problems');
    expect(box.textContent).toContain('发现 2 个问题');
    expect(box.textContent).toContain('公式有误：SUM(');
    fireEvent.click(within(box).getByTestId('rd-problem-0'));
    await waitFor(() => expect(screen.getByTestId('rd-cell-name').textContent).toBe('C2'));
  });

  it('without the save permission there is no save button', async () => {
    stubServer();
    await openDesigner([reportPermissions.designList]);
    expect(screen.queryByTestId('rd-save')).toBeNull();
    expect(screen.queryByTestId('rd-preview')).toBeNull();
  });

  it('the design list opens a chosen report in a tab titled by its name', async () => {
    stubServer();
    stubApiMore();
    signInForTest([reportPermissions.designSave]);
    renderWithApp(
      <MemoryRouter>
        <DesignListPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('从左侧选择一个报表开始设计')).toBeTruthy();
    fireEvent.click(await screen.findByText('销售月报'));
    const tab = await screen.findByTestId('rd-tab-r1');
    expect(tab.textContent).toBe('销售月报');
    expect(await screen.findByTestId('rd-designer')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('rd-save').hasAttribute('disabled')).toBe(false), { timeout: 15_000 });
  });
});

/** The report tree on top of stubServer's answers. */
function stubApiMore() {
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/report-info/tree') {
      const data = [{ id: 'f1', parentId: '0', title: '销售', kind: 'folder', children: [{ id: 'r1', parentId: 'f1', title: '销售月报', kind: 'report' }] }];
      return new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return inner(input, init);
  });
}
