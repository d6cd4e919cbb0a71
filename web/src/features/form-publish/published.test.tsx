import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { formRelationSetting, type FormField, type FormSchemeDetail, type ImportReport, type PublishedPageInfo } from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { rendered } from '../forms/test-renderer';
import { publishedPath } from './paths';
import PublishedListPage from './PublishedListPage';

// The renderer has its own tests: the page is tested on what it hands to it and does with its handle.
vi.mock('../../components/form-renderer', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  FormRenderer: (await import('../forms/test-renderer')).FakeRenderer,
}));
vi.mock('../form-print/PrintDialog', () => ({
  PrintDialog: (p: { relationId: string; keyValue: string }) => <div data-testid="print-dialog-stub">{`${p.relationId}/${p.keyValue}`}</div>,
}));

// antd tables and modals under a loaded CI machine: the default 20 s is too tight.
const SLOW = 60_000;

const field = (formId: number, vModel: string, avueType: string, label: string, extra: Partial<FormField> = {}): FormField =>
  ({
    __vModel__: vModel,
    ...extra,
    __config__: {
      formId,
      avueType,
      tag: '',
      label,
      showLabel: true,
      labelWidth: 120,
      span: 24,
      layout: 'colFormItem',
      required: false,
      view: true,
      edit: true,
      regList: [],
    },
  }) as FormField;

const form: FormSchemeDetail = {
  F_Id: 'form1',
  F_Name: '报销单',
  F_Type: 0,
  F_Category: '',
  F_Url: '',
  F_Description: '',
  F_SortCode: 0,
  F_EnabledMark: 1,
  F_IsDefault: 0,
  F_SchemeId: 'ver3',
  F_Version: 3,
  F_CreateUserName: null,
  F_CreateDate: null,
  F_ModifyDate: null,
  F_HasTables: true,
  F_Scheme: {
    data: [
      field(1, 'F_Reason', 'input', '报销事由'),
      field(2, 'F_Kind', 'select', '类别', {
        __slot__: {
          options: [
            { label: '差旅', value: 'trip' },
            { label: '办公', value: 'office' },
          ],
        },
      }),
      field(3, 'F_Price', 'number', '单价'),
      field(4, 'F_Code', 'input', '编号'),
    ],
  },
  tableInfo: [{ dbId: 'local', name: 'exp', comment: '', type: 'main', primaryKey: 'F_Id' }],
} as FormSchemeDetail;

function pageInfo(setting: Partial<Parameters<typeof formRelationSetting.parse>[0]> = {}): PublishedPageInfo {
  return {
    F_Id: 'r1',
    F_Name: '报销台账',
    F_ModuleId: 'form-app-r1',
    F_EnCode: 'forms.app.r1',
    form,
    setting: formRelationSetting.parse({
      queryFields: [{ field: 'F_Reason' }, { field: 'F_Kind', label: '费用类别' }, { field: 'F_Price' }, { field: 'F_Code', match: 'in' }],
      columns: [
        { field: 'F_Reason' },
        { field: 'F_Kind', label: '费用类别', width: 120 },
        { field: 'F_Price', sortable: true, align: 'right' },
        { field: 'F_CreateDate' },
      ],
      buttons: ['add', 'edit', 'view', 'delete', 'export', 'import', 'print'],
      pageSize: 10,
      ...setting,
    }),
  };
}

const rows = [
  { F_Id: 'k1', F_Reason: '客户拜访', F_Kind: 'trip', F_Price: '19.99', F_CreateDate: '2026-11-24 08:00:00' },
  { F_Id: 'k2', F_Reason: '采购纸张', F_Kind: 'office', F_Price: '88.5', F_CreateDate: '2026-11-24 09:00:00' },
];

interface Call {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  /** The raw body (FormData for uploads). */
  raw: unknown;
}
type Answer = unknown | Response | { fail: string; status?: number };

/** fetch stub: the first matching route answers an envelope, or a Response as it is (files). Records every call. */
function stub(routes: [RegExp, (url: URL, call: Call) => Answer][]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const call = { method, path, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined, raw: init.body };
      calls.push(call);
      const route = routes.find(([re]) => re.test(`${method} ${path}`));
      const answer = route ? route[1](url, call) : { fail: `no stub for ${method} ${path}`, status: 404 };
      if (answer instanceof Response) return answer;
      if (answer && typeof answer === 'object' && 'fail' in answer) {
        const f = answer as { fail: string; status?: number };
        return new Response(JSON.stringify({ code: f.status === 404 ? 10404 : 10400, success: false, data: null, msg: f.fail }), {
          status: f.status ?? 400,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(JSON.stringify({ code: 200, success: true, data: answer ?? null, msg: '' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const listRoute = (list = rows): [RegExp, () => Answer] => [/^GET \/form-relation\/r1\/list$/, () => ({ Rows: list, Total: 23 })];
const infoRoute = (info = pageInfo()): [RegExp, () => Answer] => [/^GET \/form-relation\/r1\/page-info$/, () => info];
const listCalls = (calls: Call[]) => calls.filter((c) => c.path === '/form-relation/r1/list');

function show() {
  renderWithApp(
    <MemoryRouter initialEntries={[publishedPath('r1')]}>
      <Routes>
        <Route path="*" element={<PublishedListPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Opens an antd select inside `container` and picks the option with this label. */
async function pick(container: HTMLElement, label: string) {
  fireEvent.mouseDown(within(container).getByRole('combobox'));
  fireEvent.click(await waitFor(() => screen.getAllByText(label).find((el) => el.closest('.ant-select-item-option'))!));
}

beforeEach(() => {
  rendered.length = 0;
  signInForTest([]);
});
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

describe('published list page', { timeout: SLOW }, () => {
  it('builds the query bar, columns and buttons from page-info; cells show option labels; the page size is the setting', async () => {
    const calls = stub([infoRoute(), listRoute()]);
    show();
    const first = await screen.findByTestId('published-row-k1');
    expect(screen.getByTestId('published-page')).toBeTruthy();
    // Query bar: one control per query field, labelled (configured label or the field's).
    for (const f of ['F_Reason', 'F_Kind', 'F_Price', 'F_Code']) expect(screen.getByTestId(`published-query-${f}`)).toBeTruthy();
    expect(screen.getByText('费用类别', { selector: 'label' })).toBeTruthy();
    expect(within(screen.getByTestId('published-query-F_Price')).getAllByRole('spinbutton')).toHaveLength(2);
    // Columns: labels, system column, actions.
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['报销事由', '费用类别', '单价', '创建时间', '操作']);
    // Cells: the option's label, numbers and dates as stored.
    const cells = [...first.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(0, 4)).toEqual(['客户拜访', '差旅', '19.99', '2026-11-24 08:00:00']);
    expect(within(screen.getByTestId('published-row-k2')).getByText('办公')).toBeTruthy();
    // Buttons.
    for (const id of ['toolbar-add', 'toolbar-export', 'toolbar-import', 'row-edit-k1', 'row-view-k1', 'row-delete-k1', 'row-print-k1'])
      expect(screen.getByTestId(id)).toBeTruthy();
    expect(screen.getByText('共 23 条')).toBeTruthy();
    expect(Object.fromEntries(listCalls(calls)[0].url.searchParams)).toEqual({ limit: '1', size: '10' });
    // Search with nothing changed reads the list again (rows added meanwhile show up).
    fireEvent.click(screen.getByTestId('published-search'));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('shows only the buttons in the setting', async () => {
    stub([infoRoute(pageInfo({ buttons: ['edit'] })), listRoute()]);
    show();
    await screen.findByTestId('row-edit-k1');
    for (const id of ['toolbar-add', 'toolbar-export', 'toolbar-import', 'row-view-k1', 'row-delete-k1', 'row-print-k1'])
      expect(screen.queryByTestId(id)).toBeNull();
  });

  it('a page the user may not open shows a 404 result', async () => {
    stub([[/^GET \/form-relation\/r1\/page-info$/, () => ({ fail: '页面不存在', status: 404 })]]);
    show();
    const result = await screen.findByTestId('published-error');
    expect(result.className).toContain('ant-result-404');
    expect(within(result).getByText('页面不存在')).toBeTruthy();
  });

  it('sends the query as JSON and the sort as sidx / sord; Reset clears the query', async () => {
    const calls = stub([infoRoute(), listRoute()]);
    show();
    await screen.findByTestId('published-row-k1');
    fireEvent.change(within(screen.getByTestId('published-query-F_Reason')).getByRole('textbox'), { target: { value: ' 采购 ' } });
    await pick(screen.getByTestId('published-query-F_Kind'), '办公');
    const [from] = within(screen.getByTestId('published-query-F_Price')).getAllByRole('spinbutton');
    fireEvent.change(from, { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('published-search'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('query')).not.toBeNull());
    expect(JSON.parse(listCalls(calls).at(-1)!.url.searchParams.get('query')!)).toEqual({ F_Reason: '采购', F_Kind: 'office', F_Price: ['10', null] });

    // Sorting by the sortable column: ascending, then descending, on the server; back to page 1.
    fireEvent.click(screen.getByText('单价', { selector: 'th *' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('sord')).toBe('asc'));
    expect(listCalls(calls).at(-1)!.url.searchParams.get('sidx')).toBe('F_Price');
    fireEvent.click(screen.getByText('单价', { selector: 'th *' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('sord')).toBe('desc'));
    // The filters stay with the sort.
    expect(listCalls(calls).at(-1)!.url.searchParams.get('query')).not.toBeNull();

    fireEvent.click(screen.getByTestId('published-reset'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('query')).toBeNull());
    expect(Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams)).toEqual({ limit: '1', size: '10', sidx: 'F_Price', sord: 'desc' });
  });

  it('an "in" query field takes several values and sends a list', async () => {
    const calls = stub([infoRoute(), listRoute()]);
    show();
    await screen.findByTestId('published-row-k1');
    const input = within(screen.getByTestId('published-query-F_Code')).getByRole('combobox');
    for (const code of ['A1', 'B2']) {
      fireEvent.change(input, { target: { value: code } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    }
    fireEvent.click(screen.getByTestId('published-search'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('query')).not.toBeNull());
    expect(JSON.parse(listCalls(calls).at(-1)!.url.searchParams.get('query')!)).toEqual({ F_Code: ['A1', 'B2'] });
  });

  it('adds through the form renderer (validated first) and edits a stored record', async () => {
    const calls = stub([
      infoRoute(),
      listRoute(),
      [/^POST \/form-relation\/r1\/data$/, () => ({ primaryKey: 'k3' })],
      [/^GET \/form-relation\/r1\/data\/k2$/, () => ({ primaryKey: 'k2', formData: { F_Reason: '采购纸张', F_Kind: 'office' } })],
      [/^PUT \/form-relation\/r1\/data\/k2$/, () => null],
    ]);
    show();
    await screen.findByTestId('published-row-k1');
    fireEvent.click(screen.getByTestId('toolbar-add'));
    const renderer = await screen.findByTestId('renderer');
    expect(renderer.dataset.mode).toBe('add');
    expect(rendered.at(-1)!.source).toEqual({ schemeId: 'form1', versionId: 'ver3' });
    fireEvent.change(within(renderer).getByLabelText('报销事由'), { target: { value: '展会' } });
    const before = listCalls(calls).length;
    fireEvent.click(screen.getByTestId('published-form-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ formData: { F_Reason: '展会' } });
    expect(await screen.findByText('新增成功')).toBeTruthy();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));

    fireEvent.click(screen.getByTestId('row-edit-k2'));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('报销事由').value).toBe('采购纸张'));
    expect(screen.getByTestId('renderer').dataset.mode).toBe('edit');
    fireEvent.change(screen.getByLabelText('报销事由'), { target: { value: '采购纸张（二）' } });
    fireEvent.click(screen.getByTestId('published-form-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ formData: { F_Reason: '采购纸张（二）', F_Kind: 'office' } });
    expect(await screen.findByText('更新成功')).toBeTruthy();
  });

  it('views a record read-only, deletes after confirming, and prints through the print dialog', async () => {
    const calls = stub([
      infoRoute(),
      listRoute(),
      [/^GET \/form-relation\/r1\/data\/k1$/, () => ({ primaryKey: 'k1', formData: { F_Reason: '客户拜访' } })],
      [/^DELETE \/form-relation\/r1\/data\/k1$/, () => null],
    ]);
    show();
    await screen.findByTestId('published-row-k1');
    fireEvent.click(screen.getByTestId('row-view-k1'));
    await waitFor(() => expect(screen.getByTestId('renderer').dataset.mode).toBe('look'));
    expect(screen.queryByTestId('published-form-ok')).toBeNull();
    fireEvent.click(screen.getByTestId('published-form-close'));

    fireEvent.click(screen.getByTestId('row-delete-k1'));
    expect(await screen.findByText('此操作将永久删除【客户拜访】，是否继续？')).toBeTruthy();
    fireEvent.click(screen.getByTestId('delete-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/form-relation/r1/data/k1')).toBe(true));
    expect(await screen.findByText('删除成功')).toBeTruthy();

    fireEvent.click(screen.getByTestId('row-print-k2'));
    expect((await screen.findByTestId('print-dialog-stub')).textContent).toBe('r1/k2');
  });

  it('exports the current filters and sort as a file', async () => {
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    try {
      const calls = stub([
        infoRoute(),
        listRoute(),
        [
          /^GET \/form-relation\/r1\/export$/,
          () =>
            new Response(new Blob(['xlsx']), {
              status: 200,
              headers: {
                'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                'content-disposition': 'attachment; filename="x.xlsx"; filename*=UTF-8\'\'%E6%8A%A5%E9%94%80.xlsx',
              },
            }),
        ],
      ]);
      show();
      await screen.findByTestId('published-row-k1');
      fireEvent.change(within(screen.getByTestId('published-query-F_Reason')).getByRole('textbox'), { target: { value: '采购' } });
      fireEvent.click(screen.getByTestId('published-search'));
      // The form validates before it submits: the search lands a moment later.
      await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('query')).not.toBeNull());
      fireEvent.click(screen.getByText('单价', { selector: 'th *' }));
      await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('sidx')).toBe('F_Price'));
      fireEvent.click(screen.getByTestId('toolbar-export'));
      await waitFor(() => expect(clicked).toEqual(['报销.xlsx']));
      const exported = calls.find((c) => c.path === '/form-relation/r1/export')!;
      expect(Object.fromEntries(exported.url.searchParams)).toEqual({ query: JSON.stringify({ F_Reason: '采购' }), sidx: 'F_Price', sord: 'asc' });
    } finally {
      click.mockRestore();
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    }
  });

  it('imports a file: the report lists refused rows, nothing is stored, and "keep valid" sends the same file again', async () => {
    const refused: ImportReport = { total: 3, imported: 0, errors: [{ row: 3, messages: ['报销事由不能为空', '单价必须是数字'] }] };
    const kept: ImportReport = { total: 3, imported: 2, errors: refused.errors };
    const calls = stub([
      infoRoute(),
      listRoute(),
      [/^POST \/form-relation\/r1\/import$/, (url) => (url.searchParams.get('keepValid') === '1' ? kept : refused)],
    ]);
    show();
    await screen.findByTestId('published-row-k1');
    fireEvent.click(screen.getByTestId('toolbar-import'));
    const file = new File(['xlsx bytes'], '报销.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(await screen.findByTestId('import-file'), { target: { files: [file] } });

    const report = await screen.findByTestId('import-report');
    expect(within(report).getByText('存在错误的行，本次未导入任何数据')).toBeTruthy();
    expect(within(screen.getByTestId('import-error-3')).getByText('报销事由不能为空；单价必须是数字')).toBeTruthy();
    const first = calls.filter((c) => c.path === '/form-relation/r1/import');
    expect(first).toHaveLength(1);
    expect(first[0].url.searchParams.get('keepValid')).toBe('0');
    expect((first[0].raw as FormData).get('file')).toBeInstanceOf(File);
    expect(((first[0].raw as FormData).get('file') as File).name).toBe('报销.xlsx');

    const before = listCalls(calls).length;
    fireEvent.click(within(report).getByTestId('import-keep-valid'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/form-relation/r1/import')).toHaveLength(2));
    const second = calls.filter((c) => c.path === '/form-relation/r1/import')[1];
    expect(second.url.searchParams.get('keepValid')).toBe('1');
    expect(((second.raw as FormData).get('file') as File).name).toBe('报销.xlsx');
    expect(await screen.findByText('导入成功，共导入 2 行')).toBeTruthy();
    // The stored rows are listed; the offer is gone (the good rows are in).
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByTestId('import-keep-valid')).toBeNull());
  });
});
