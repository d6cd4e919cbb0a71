import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type DataRelationRow,
  type FormField,
  type FormRelationBody,
  type FormRelationDetail,
  type FormRelationRow,
  type FormSchemeDetail,
  type ModuleNode,
  formRelationPermissions,
} from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { stubData } from '../data/test-stub';
import FormRelationPage from './FormRelationPage';
import DataRelationPage from './DataRelationPage';

// antd drawers, tabs and selects under a loaded CI machine: the default 20 s is too tight.
const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const page = <T,>(rows: T[]) => ({ Rows: rows, Total: rows.length });

const fld = (formId: number, vModel: string, avueType: string, label: string, over: Record<string, unknown> = {}, config: Record<string, unknown> = {}) =>
  ({ __vModel__: vModel, ...over, __config__: { formId, avueType, label, span: 24, ...config } }) as unknown as FormField;

/** A form with two main fields, a tab holding a select, and a sub-table (its column is no list field). */
const scheme: FormSchemeDetail['F_Scheme'] = {
  data: [
    fld(101, 'F_Reason', 'input', '事由'),
    fld(102, 'F_Price', 'number', '单价'),
    {
      __config__: {
        formId: 103,
        avueType: 'tabs',
        label: 'tabs',
        option: { column: [{ label: 'A', prop: 'a' }] },
        childrenObj: { a: [fld(104, 'F_Kind', 'select', '类别', { __slot__: { options: [{ label: '甲', value: '1', group: 'g1' }] } })] },
      },
    } as unknown as FormField,
    fld(105, 'F_Province', 'radio', '省份'),
    {
      __vModel__: 'items',
      __config__: { formId: 110, avueType: 'table', label: '明细', children: [fld(111, 'F_Item', 'input', '项目')] },
    } as unknown as FormField,
  ],
};

const info = (over: Partial<FormSchemeDetail> = {}): FormSchemeDetail => ({
  F_Id: 'f1',
  F_Name: '费用报销',
  F_Type: 0,
  F_Category: '',
  F_Url: '',
  F_Description: '',
  F_SortCode: 0,
  F_EnabledMark: 1,
  F_IsDefault: 0,
  F_SchemeId: 'v1',
  F_Version: 1,
  F_CreateUserName: null,
  F_CreateDate: null,
  F_ModifyDate: null,
  F_HasTables: true,
  F_Scheme: scheme,
  tableInfo: [{ dbId: 'local', name: 'expense', comment: '', type: 'main', primaryKey: 'F_Id' }],
  ...over,
});

const relationRow = (over: Partial<FormRelationRow> = {}): FormRelationRow => ({
  F_Id: 'r1',
  F_Name: '报销台账',
  F_FormId: 'f1',
  F_FormName: '费用报销',
  F_ParentId: 'form-apps',
  F_ParentName: '业务表单',
  F_ModuleId: 'form-app-r1',
  F_EnCode: 'forms.app.r1',
  F_Icon: 'FileTextOutlined',
  F_SortCode: 3,
  F_EnabledMark: 1,
  F_Description: '',
  F_CreateUserName: '管理员',
  F_CreateDate: '2026-11-24 08:00:00',
  F_ModifyDate: '2026-11-24 09:00:00',
  ...over,
});

const modules = [
  { F_ModuleId: 'form-apps', F_FullName: '业务表单', F_Target: 'expand', children: [] },
  {
    F_ModuleId: 'qd',
    F_FullName: '快速开发',
    F_Target: 'expand',
    children: [{ F_ModuleId: 'form-relation', F_FullName: '表单发布', F_Target: '', children: [] }],
  },
] as unknown as ModuleNode[];

/** The routes every editor needs: designed forms, which have tables, a form's scheme and the menu groups. */
const formRoutes = (infoOf: (id: string) => FormSchemeDetail = () => info()): Parameters<typeof stubData>[0] => [
  [
    /^GET \/form-scheme$/,
    () => [
      { F_Id: 'f1', F_Name: '费用报销', F_Type: 0, F_Category: '', F_Url: '', F_SchemeId: 'v1' },
      { F_Id: 'f2', F_Name: '无表单', F_Type: 0, F_Category: '', F_Url: '', F_SchemeId: 'v2' },
    ],
  ],
  [
    /^GET \/form-scheme\/page$/,
    () =>
      page([
        { ...info(), F_Id: 'f1', F_HasTables: true },
        { ...info(), F_Id: 'f2', F_Name: '无表单', F_HasTables: false },
      ]),
  ],
  [/^GET \/form-scheme\/f\d\/info$/, (url) => infoOf(url.pathname.split('/')[3])],
  [/^GET \/modules$/, () => modules],
];

/** The texts of the options of the select opened last (earlier popups stay in the document, hidden). */
const openOptions = () => {
  const popup = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
  return [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
};

/** Opens an antd select (by the test id on it) and picks the option with this text. */
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

const ALL_RELATION = [
  formRelationPermissions.formRelationList,
  formRelationPermissions.formRelationAdd,
  formRelationPermissions.formRelationEdit,
  formRelationPermissions.formRelationDelete,
];

describe('form relation screen', { timeout: SLOW }, () => {
  it('lists relations with form, parent menu, enabled and modified date; without the keys no add, edit or delete', async () => {
    signInForTest([formRelationPermissions.formRelationList]);
    const calls = stubData([
      [
        /^GET \/form-relation$/,
        () => page([relationRow(), relationRow({ F_Id: 'r2', F_Name: '停用台账', F_EnabledMark: 0, F_FormName: null, F_ModifyDate: null })]),
      ],
    ]);
    renderWithApp(<FormRelationPage />);
    const row = await screen.findByTestId('relation-row-报销台账');
    for (const text of ['费用报销', '业务表单', '是', '2026-11-24 09:00:00']) expect(within(row).getByText(text)).toBeTruthy();
    const other = screen.getByTestId('relation-row-停用台账');
    expect(within(other).getByText('表单已删除')).toBeTruthy();
    expect(within(other).getByText('2026-11-24 08:00:00')).toBeTruthy();
    for (const id of ['toolbar-add', 'relation-edit-报销台账', 'relation-delete-报销台账']) expect(screen.queryByTestId(id)).toBeNull();
    expect(calls[0].url.searchParams.get('limit')).toBe('1');
  });

  it(
    'publishes a form: base data, columns with order and sortable, a query field, buttons, page size, a condition and print style; the answer names the indexes',
    { timeout: 3 * SLOW },
    async () => {
      signInForTest(ALL_RELATION);
      let posted: FormRelationBody | undefined;
      const calls = stubData([
        [/^GET \/form-relation$/, () => page([])],
        [
          /^POST \/form-relation$/,
          (_, body) => {
            posted = body as FormRelationBody;
            return { F_Id: 'r9', F_ModuleId: 'form-app-r9', F_EnCode: 'forms.app.r9', indexes: ['ix_expense_ab12'] };
          },
        ],
        ...formRoutes(),
      ]);
      renderWithApp(<FormRelationPage />);
      fireEvent.click(await screen.findByTestId('toolbar-add'));
      fireEvent.change(await screen.findByTestId('relation-name'), { target: { value: '报销台账' } });
      await choose('relation-form', '费用报销');
      // Forms without tables cannot be chosen.
      const noTables = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === '无表单')!;
      expect(noTables.className).toContain('disabled');
      await waitFor(() => expect(calls.some((c) => c.path === '/form-scheme/f1/info')).toBe(true));

      fireEvent.click(screen.getByTestId('relation-tab-columns'));
      // Main-form fields (tabs opened) and the system columns; not the sub-table or its column.
      fireEvent.click(screen.getByTestId('relation-columns-add'));
      fireEvent.mouseDown(within(await screen.findByTestId('relation-columns-field-new')).getByRole('combobox'));
      await waitFor(() => expect(openOptions().map((o) => o.textContent)).toEqual(['事由', '单价', '类别', '省份', '创建时间', '修改时间']));
      fireEvent.keyDown(within(screen.getByTestId('relation-columns-field-new')).getByRole('combobox'), { key: 'Escape' });
      await choose('relation-columns-field-new', '单价');
      fireEvent.click(screen.getByTestId('relation-columns-add'));
      await choose('relation-columns-field-new', '事由');
      fireEvent.click(screen.getByTestId('relation-columns-add'));
      await choose('relation-columns-field-new', '创建时间');
      fireEvent.click(within(screen.getByTestId('relation-column-F_Price')).getByTestId('relation-column-F_Price-sortable'));
      fireEvent.change(screen.getByTestId('relation-column-F_Price-width'), { target: { value: '120' } });
      // 事由 moves up to be first.
      fireEvent.click(within(screen.getByTestId('relation-column-F_Reason')).getByLabelText('上移'));

      fireEvent.click(screen.getByTestId('relation-tab-query'));
      fireEvent.click(screen.getByTestId('relation-query-add'));
      await choose('relation-query-field-new', '单价');
      expect(within(screen.getByTestId('relation-query-F_Price')).getByText('范围')).toBeTruthy();

      fireEvent.click(screen.getByTestId('relation-tab-buttons'));
      expect(screen.queryByTestId('relation-button-workflow')).toBeNull();
      fireEvent.click(screen.getByTestId('relation-button-export'));
      fireEvent.click(screen.getByTestId('relation-button-delete'));
      await choose('relation-pagesize', '50');

      fireEvent.click(screen.getByTestId('relation-tab-conditions'));
      fireEvent.click(screen.getByTestId('relation-condition-add'));
      await choose('relation-condition-0-field', '省份');
      fireEvent.change(within(screen.getByTestId('relation-condition-0-value')).getByRole('combobox'), { target: { value: '@companyId' } });

      fireEvent.click(screen.getByTestId('relation-tab-print'));
      await choose('relation-print-style', '公文');
      await choose('relation-print-type', 'A4 横向');

      fireEvent.click(screen.getByTestId('relation-save'));
      expect(await screen.findByText('新增成功，已建索引：ix_expense_ab12')).toBeTruthy();
      expect(posted).toEqual({
        F_Name: '报销台账',
        F_FormId: 'f1',
        F_ParentId: 'form-apps',
        F_Icon: 'FileTextOutlined',
        F_SortCode: 0,
        F_EnabledMark: 1,
        F_Description: '',
        F_Setting: {
          columns: [
            { field: 'F_Reason', label: '', align: 'left', sortable: false },
            { field: 'F_Price', label: '', align: 'left', sortable: true, width: 120 },
            { field: 'F_CreateDate', label: '', align: 'left', sortable: false },
          ],
          queryFields: [{ field: 'F_Price', label: '', match: 'range' }],
          sort: null,
          buttons: ['add', 'edit', 'view', 'export'],
          pageSize: 50,
          conditions: [{ field: 'F_Province', operator: 'eq', value: '@companyId' }],
          print: { style: 1, type: 2, titleUnderline: 1, borderColor: '#7e7e7e', title: '' },
          workflowSchemeId: '',
        },
      });
      await waitFor(() => expect(screen.queryByTestId('relation-save')).toBeNull());
    },
  );

  it('refuses to save without a name, a form or a column (Chinese messages, the tab of the first error opens)', async () => {
    signInForTest(ALL_RELATION);
    const calls = stubData([[/^GET \/form-relation$/, () => page([])], ...formRoutes()]);
    renderWithApp(<FormRelationPage />);
    fireEvent.click(await screen.findByTestId('toolbar-add'));
    fireEvent.click(await screen.findByTestId('relation-save'));
    expect(await screen.findByText('请填写名称')).toBeTruthy();
    expect(screen.getByText('请填写表单')).toBeTruthy();

    fireEvent.change(screen.getByTestId('relation-name'), { target: { value: '报销台账' } });
    await choose('relation-form', '费用报销');
    fireEvent.click(screen.getByTestId('relation-save'));
    expect(await screen.findByText('请至少添加一个列表字段')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('relation-tab-columns').closest('.ant-tabs-tab')!.className).toContain('active'));
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('a form whose scheme has no main table is refused before saving', async () => {
    signInForTest(ALL_RELATION);
    stubData([[/^GET \/form-relation$/, () => page([])], ...formRoutes(() => info({ tableInfo: [] }))]);
    renderWithApp(<FormRelationPage />);
    fireEvent.click(await screen.findByTestId('toolbar-add'));
    await choose('relation-form', '费用报销');
    expect(await screen.findByTestId('relation-form-no-tables')).toBeTruthy();
  });

  it('edits a relation (its setting loaded, saved with PUT) and deletes one after confirming', async () => {
    signInForTest(ALL_RELATION);
    const detail: FormRelationDetail = {
      ...relationRow(),
      F_Setting: {
        columns: [{ field: 'F_Reason', label: '事由列', align: 'center', sortable: false }],
        queryFields: [{ field: 'F_Reason', label: '', match: 'like' }],
        sort: { field: 'F_Price', order: 'desc' },
        buttons: ['add', 'view'],
        pageSize: 10,
        conditions: [],
        print: { style: 2, titleUnderline: 0, type: 3, borderColor: '#112233', title: '报销单' },
        workflowSchemeId: '',
      },
    };
    let put: FormRelationBody | undefined;
    const calls = stubData([
      [/^GET \/form-relation$/, () => page([relationRow()])],
      [/^GET \/form-relation\/r1$/, () => detail],
      [
        /^PUT \/form-relation\/r1$/,
        (_, body) => {
          put = body as FormRelationBody;
          return { F_Id: 'r1', F_ModuleId: 'form-app-r1', F_EnCode: 'forms.app.r1', indexes: [] };
        },
      ],
      [/^DELETE \/form-relation\/r1$/, () => null],
      ...formRoutes(),
    ]);
    renderWithApp(<FormRelationPage />);
    fireEvent.click(await screen.findByTestId('relation-edit-报销台账'));
    expect(((await screen.findByTestId('relation-name')) as HTMLInputElement).value).toBe('报销台账');
    fireEvent.click(screen.getByTestId('relation-tab-columns'));
    expect(((await screen.findByTestId('relation-column-F_Reason-label')) as HTMLInputElement).value).toBe('事由列');
    fireEvent.change(screen.getByTestId('relation-name'), { target: { value: '报销台账二' } });
    fireEvent.click(screen.getByTestId('relation-save'));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(put).toMatchObject({
      F_Name: '报销台账二',
      F_SortCode: 3,
      F_Setting: { ...detail.F_Setting, columns: [{ field: 'F_Reason', label: '事由列', align: 'center', sortable: false }] },
    });

    fireEvent.click(await screen.findByTestId('relation-delete-报销台账'));
    fireEvent.click(await screen.findByTestId('delete-ok'));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/form-relation/r1']);
  });
});

const dataRow = (over: Partial<DataRelationRow> = {}): DataRelationRow => ({
  F_Id: 'd1',
  F_FormId: 'f1',
  F_FormName: '费用报销',
  F_Name: '省份类别',
  F_SourceFormId: 105,
  F_TargetFormId: 104,
  F_FilterField: 'group',
  F_EnabledMark: 1,
  F_Description: '',
  F_CreateDate: '2026-11-24 08:00:00',
  ...over,
});

const ALL_DATA = [formRelationPermissions.dataRelationList, formRelationPermissions.dataRelationEdit, formRelationPermissions.dataRelationDelete];

describe('data relation screen', { timeout: SLOW }, () => {
  it('lists relations with the fields by label and filters by form', async () => {
    signInForTest(ALL_DATA);
    const calls = stubData([[/^GET \/data-relation$/, () => page([dataRow()])], ...formRoutes()]);
    renderWithApp(<DataRelationPage />);
    const row = await screen.findByTestId('data-relation-row-省份类别');
    await waitFor(() => expect(within(row).getByText('省份')).toBeTruthy());
    for (const text of ['费用报销', '类别', 'group', '是']) expect(within(row).getByText(text)).toBeTruthy();
    await choose('data-relation-filter-form', '费用报销');
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/data-relation')
          .at(-1)!
          .url.searchParams.get('F_FormId'),
      ).toBe('f1'),
    );
  });

  it('adds a relation with a new id by PUT: option fields only as targets, filter suggestions from the target options', async () => {
    signInForTest(ALL_DATA);
    const uuid = vi.spyOn(crypto, 'randomUUID').mockReturnValue('00000000-0000-4000-8000-000000000001');
    let put: { path: string; body: unknown } | undefined;
    stubData([
      [/^GET \/data-relation$/, () => page([])],
      [
        /^PUT \/data-relation\/[\w-]+$/,
        (url, body) => {
          put = { path: url.pathname, body };
          return null;
        },
      ],
      ...formRoutes(),
    ]);
    renderWithApp(<DataRelationPage />);
    fireEvent.click(await screen.findByTestId('toolbar-add'));
    await choose('data-relation-form-id', '费用报销');
    fireEvent.change(screen.getByTestId('data-relation-name'), { target: { value: '省份类别' } });
    await choose('data-relation-source', '省份 (F_Province)');
    fireEvent.mouseDown(within(screen.getByTestId('data-relation-target')).getByRole('combobox'));
    // Option fields other than the source: the select in the tab.
    await waitFor(() => expect(openOptions().map((o) => o.textContent)).toEqual(['类别 (F_Kind)']));
    fireEvent.click(openOptions()[0]);
    // Suggestions: the keys of the target's static options.
    const filter = within(screen.getByTestId('data-relation-filter')).getByRole('combobox');
    fireEvent.mouseDown(filter);
    fireEvent.change(filter, { target: { value: 'g' } });
    await waitFor(() => expect(openOptions().map((o) => o.textContent)).toEqual(['label', 'value', 'group']));
    fireEvent.click(openOptions()[2]);
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(put).toEqual({
      path: '/api/data-relation/00000000-0000-4000-8000-000000000001',
      body: { F_FormId: 'f1', F_Name: '省份类别', F_SourceFormId: 105, F_TargetFormId: 104, F_FilterField: 'group', F_EnabledMark: 1, F_Description: '' },
    });
    uuid.mockRestore();
  });

  it('edits a relation under its own id and deletes one; without the keys no add, edit or delete', async () => {
    signInForTest(ALL_DATA);
    const calls = stubData([
      [/^GET \/data-relation$/, () => page([dataRow()])],
      [/^PUT \/data-relation\/d1$/, () => null],
      [/^DELETE \/data-relation\/d1$/, () => null],
      ...formRoutes(),
    ]);
    const view = renderWithApp(<DataRelationPage />);
    fireEvent.click(await screen.findByTestId('data-relation-edit-省份类别'));
    expect(((await screen.findByTestId('data-relation-name')) as HTMLInputElement).value).toBe('省份类别');
    fireEvent.click(screen.getByTestId('data-relation-enabled'));
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ F_EnabledMark: 0, F_FilterField: 'group', F_SourceFormId: 105, F_TargetFormId: 104 });
    fireEvent.click(screen.getByTestId('data-relation-delete-省份类别'));
    fireEvent.click(await screen.findByTestId('delete-ok'));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/data-relation/d1']);
    view.unmount();

    endSession();
    signInForTest([formRelationPermissions.dataRelationList]);
    stubData([[/^GET \/data-relation$/, () => page([dataRow()])], ...formRoutes()]);
    renderWithApp(<DataRelationPage />);
    await screen.findByTestId('data-relation-row-省份类别');
    for (const id of ['toolbar-add', 'data-relation-edit-省份类别', 'data-relation-delete-省份类别']) expect(screen.queryByTestId(id)).toBeNull();
  });
});
