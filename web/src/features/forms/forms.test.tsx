import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { FormSchemeDetail, FormSchemeHistoryRow, FormSchemeRow } from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { Fail, stubData } from '../data/test-stub';
import { formPermissions as P } from './permissions';
import { FORM_FILL_PATH, FORM_LIST_PATH } from './paths';
import { rendered } from './test-renderer';
import FormSchemePage from './FormSchemePage';
import FormFillPage from './FormFillPage';

vi.mock('../../components/form-renderer', async () => ({ FormRenderer: (await import('./test-renderer')).FakeRenderer }));

// antd tables, drawers and modals under a loaded CI machine: the default 20 s is too tight.
const SLOW = 60_000;
const ALL = Object.values(P);

beforeEach(() => {
  rendered.length = 0;
});
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const page = <T,>(rows: T[]) => ({ Rows: rows, Total: rows.length });

const row = (over: Partial<FormSchemeRow>): FormSchemeRow => ({
  F_Id: 'f1',
  F_Name: '请假单',
  F_Type: 0,
  F_Category: 'hr',
  F_Url: '',
  F_Description: '',
  F_SortCode: 0,
  F_EnabledMark: 1,
  F_IsDefault: 0,
  F_SchemeId: 'v2',
  F_Version: 2,
  F_CreateUserName: '管理员',
  F_CreateDate: '2026-11-23 08:00:00',
  F_ModifyDate: '2026-11-23 09:00:00',
  F_HasTables: true,
  ...over,
});
const leave = row({});
const system = row({ F_Id: 'f2', F_Name: '报销单', F_Type: 2, F_Url: 'expense', F_EnabledMark: 0, F_IsDefault: 1, F_SchemeId: 'v9', F_Version: 1 });

const detail = (over: Partial<FormSchemeDetail> = {}): FormSchemeDetail => ({
  ...leave,
  F_Scheme: {
    data: [
      {
        __vModel__: 'F_Name',
        __config__: {
          formId: 1,
          avueType: 'input',
          tag: 'el-input',
          label: '姓名',
          showLabel: true,
          labelWidth: 120,
          span: 24,
          layout: 'colFormItem',
          required: true,
          view: true,
          edit: true,
          regList: [],
        },
      },
      {
        __vModel__: 'F_Days',
        __config__: {
          formId: 2,
          avueType: 'number',
          tag: 'el-input-number',
          label: '天数',
          showLabel: true,
          labelWidth: 120,
          span: 24,
          layout: 'colFormItem',
          required: false,
          view: true,
          edit: true,
          regList: [],
        },
      },
    ],
  },
  tableInfo: [{ dbId: 'local', name: 'demo_leave', comment: '', type: 'main', primaryKey: 'F_Id' }],
  ...over,
});

function Location() {
  const loc = useLocation();
  return <div data-testid="location">{loc.pathname + loc.search}</div>;
}

/** The page answers every address, so it stays on screen after it navigates (the address is shown below it). */
function show(ui: React.ReactNode, at: string) {
  renderWithApp(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('form scheme list', { timeout: SLOW }, () => {
  it('lists forms with type, category, version, creator and date, and filters by type, keyword and category', async () => {
    signInForTest(ALL);
    const calls = stubData([
      [
        /^GET \/form-scheme\/page$/,
        (url) => {
          const type = url.searchParams.get('F_Type');
          return page([leave, system].filter((r) => type === null || (type === '0' ? r.F_Type === 0 : r.F_Type !== 0)));
        },
      ],
    ]);
    show(<FormSchemePage />, FORM_LIST_PATH);
    const first = await screen.findByTestId('form-row-请假单');
    expect(within(first).getByText('自定义表单')).toBeTruthy();
    expect(within(first).getByText('hr')).toBeTruthy();
    expect(within(first).getByText('V2')).toBeTruthy();
    expect(within(first).getByText('管理员')).toBeTruthy();
    expect(within(first).getByText('2026-11-23 09:00:00')).toBeTruthy();
    expect(within(screen.getByTestId('form-row-报销单')).getByText('系统表单')).toBeTruthy();
    expect(calls[0].url.searchParams.has('F_Type')).toBe(false);

    fireEvent.mouseDown(within(screen.getByTestId('form-filter-type')).getByRole('combobox'));
    fireEvent.click(await waitFor(() => screen.getAllByText('系统表单').find((el) => el.closest('.ant-select-item-option'))!));
    fireEvent.change(screen.getByTestId('list-keyword'), { target: { value: '报销' } });
    fireEvent.change(screen.getByTestId('form-filter-category'), { target: { value: 'finance' } });
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(screen.queryByTestId('form-row-请假单')).toBeNull());
    expect(screen.getByTestId('form-row-报销单')).toBeTruthy();
    const last = calls.filter((c) => c.path === '/form-scheme/page').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toMatchObject({ F_Type: '1', keyword: '报销', F_Category: 'finance', limit: '1' });
  });

  it('the enable and default switches call set-enable / set-default with 0 or 1', async () => {
    signInForTest(ALL);
    const calls = stubData([
      [/^GET \/form-scheme\/page$/, () => page([leave, system])],
      [/^PATCH \/form-scheme\/f[12]\/set-(enable|default)\/[01]$/, () => null],
    ]);
    show(<FormSchemePage />, FORM_LIST_PATH);
    fireEvent.click(await screen.findByTestId('form-enable-请假单'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.path === '/form-scheme/f1/set-enable/0')).toBe(true));
    fireEvent.click(screen.getByTestId('form-enable-报销单'));
    fireEvent.click(screen.getByTestId('form-default-请假单'));
    fireEvent.click(screen.getByTestId('form-default-报销单'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.path)).toEqual([
        '/form-scheme/f1/set-enable/0',
        '/form-scheme/f2/set-enable/1',
        '/form-scheme/f1/set-default/1',
        '/form-scheme/f2/set-default/0',
      ]),
    );
    // Each switch re-reads the list.
    await waitFor(() => expect(calls.filter((c) => c.path === '/form-scheme/page').length).toBeGreaterThanOrEqual(5));
  });

  it('design, fill and add navigate to the designer and the fill page; delete asks and deletes', async () => {
    signInForTest(ALL);
    const calls = stubData([
      [/^GET \/form-scheme\/page$/, () => page([leave])],
      [/^DELETE \/form-scheme\/f1$/, () => null],
    ]);
    show(<FormSchemePage />, FORM_LIST_PATH);
    fireEvent.click(await screen.findByTestId('form-design-请假单'));
    expect(location()).toBe('/quick-development/form-design/designer?id=f1');
    fireEvent.click(await screen.findByTestId('form-fill-请假单'));
    expect(location()).toBe(`${FORM_FILL_PATH}?id=f1`);
    fireEvent.click(await screen.findByTestId('form-add'));
    expect(location()).toBe('/quick-development/form-design/designer');
    fireEvent.click(await screen.findByTestId('form-delete-请假单'));
    expect(await screen.findByText('此操作将永久删除【请假单】，是否继续？')).toBeTruthy();
    fireEvent.click(screen.getByTestId('delete-ok'));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/form-scheme/f1']);
  });

  it('history: lists versions with the current marker, previews one read-only and restores an older one after confirming', async () => {
    signInForTest(ALL);
    const versions: FormSchemeHistoryRow[] = [
      { F_Id: 'v2', F_SchemeInfoId: 'f1', F_Version: 2, F_Current: true, F_CreateUserName: '管理员', F_CreateDate: '2026-11-23 09:00:00' },
      { F_Id: 'v1', F_SchemeInfoId: 'f1', F_Version: 1, F_Current: false, F_CreateUserName: '张三', F_CreateDate: '2026-11-23 08:00:00' },
    ];
    const calls = stubData([
      [/^GET \/form-scheme\/page$/, () => page([leave])],
      [/^GET \/form-scheme\/f1\/history$/, () => page(versions)],
      [/^GET \/form-scheme\/getBySchemeId\/v1$/, () => detail({ F_SchemeId: 'v1', F_Version: 1 })],
      [
        /^POST \/form-scheme\/f1\/history\/v1\/restore$/,
        () => {
          versions.forEach((v) => (v.F_Current = false));
          versions.unshift({
            F_Id: 'v3',
            F_SchemeInfoId: 'f1',
            F_Version: 3,
            F_Current: true,
            F_CreateUserName: '管理员',
            F_CreateDate: '2026-11-23 10:00:00',
          });
          return { F_Id: 'f1', F_SchemeId: 'v3', F_Version: 3, tables: [] };
        },
      ],
    ]);
    show(<FormSchemePage />, FORM_LIST_PATH);
    fireEvent.click(await screen.findByTestId('form-history-请假单'));
    const v2 = await screen.findByTestId('form-version-2');
    expect(within(v2).getByText('当前')).toBeTruthy();
    expect(within(v2).queryByTestId('form-version-restore-2')).toBeNull();
    const v1 = screen.getByTestId('form-version-1');
    expect(within(v1).queryByText('当前')).toBeNull();
    expect(within(v1).getByText('张三')).toBeTruthy();

    fireEvent.click(within(v1).getByTestId('form-version-preview-1'));
    const preview = await screen.findByTestId('form-preview');
    expect(within(preview).getByTestId('renderer').dataset.mode).toBe('look');
    expect((within(preview).getByLabelText('姓名') as HTMLInputElement).disabled).toBe(true);
    expect(rendered.at(-1)!.source).toEqual({ schemeId: 'f1', versionId: 'v1' });
    fireEvent.click(preview.closest('.ant-modal')!.querySelector('.ant-modal-close')!);
    await waitFor(() => expect(screen.queryByTestId('form-preview')).toBeNull());

    fireEvent.click(within(v1).getByTestId('form-version-restore-1'));
    expect(await screen.findByText('确定将【请假单】恢复到 V1？恢复会生成一个新版本。')).toBeTruthy();
    fireEvent.click(screen.getByTestId('form-restore-ok'));
    expect(await screen.findByText('已恢复为新版本 V3')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/form-scheme/f1/history/v1/restore']);
    const v3 = await screen.findByTestId('form-version-3');
    expect(within(v3).getByText('当前')).toBeTruthy();
    expect(within(screen.getByTestId('form-version-1')).getByTestId('form-version-restore-1')).toBeTruthy();
  });

  it('without the keys, no add, design, fill, history, delete or switches (the flags are shown as text)', async () => {
    signInForTest([P.formList]);
    stubData([[/^GET \/form-scheme\/page$/, () => page([leave, system])]]);
    show(<FormSchemePage />, FORM_LIST_PATH);
    const first = await screen.findByTestId('form-row-请假单');
    for (const id of [
      'form-add',
      'form-design-请假单',
      'form-fill-请假单',
      'form-history-请假单',
      'form-delete-请假单',
      'form-enable-请假单',
      'form-default-请假单',
    ]) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
    expect(
      within(first)
        .getAllByText(/^(是|否)$/)
        .map((e) => e.textContent),
    ).toEqual(['是', '否']);
  });

  it('each button follows its own key', async () => {
    signInForTest([P.formList, P.formData, P.formHistory]);
    stubData([[/^GET \/form-scheme\/page$/, () => page([leave])]]);
    show(<FormSchemePage />, FORM_LIST_PATH);
    expect(await screen.findByTestId('form-fill-请假单')).toBeTruthy();
    expect(screen.getByTestId('form-history-请假单')).toBeTruthy();
    expect(screen.queryByTestId('form-design-请假单')).toBeNull();
    expect(screen.queryByTestId('form-delete-请假单')).toBeNull();
    expect(screen.queryByTestId('form-add')).toBeNull();
  });
});

describe('fill page', { timeout: SLOW }, () => {
  it('add: validates, posts {formData}, then the address carries the new key in edit mode and the record is read back', async () => {
    signInForTest(ALL);
    const stored: Record<string, unknown> = {};
    const calls = stubData([
      [/^GET \/form-scheme\/f1\/info$/, () => detail()],
      [
        /^POST \/form-scheme\/f1\/instance-form-list$/,
        (_url, body) => {
          stored.k1 = (body as { formData: unknown }).formData;
          return { primaryKey: 'k1' };
        },
      ],
      [/^GET \/form-scheme\/f1\/instance-form-list\/k1$/, () => ({ primaryKey: 'k1', formData: stored.k1 })],
    ]);
    show(<FormFillPage />, `${FORM_FILL_PATH}?id=f1`);
    const form = await screen.findByTestId('renderer');
    expect(form.dataset.mode).toBe('add');
    expect(rendered.at(-1)!.source).toEqual({ schemeId: 'f1', versionId: 'v2' });
    expect(screen.queryByTestId('form-mode-edit')).toBeNull();
    expect(calls.some((c) => c.path.includes('instance-form-list'))).toBe(false);

    // The renderer refuses an empty required field: nothing is sent.
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('姓名不能为空')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '张三' } });
    fireEvent.change(screen.getByLabelText('天数'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ formData: { F_Name: '张三', F_Days: '3' } }]);
    await waitFor(() => expect(location()).toBe(`${FORM_FILL_PATH}?id=f1&keyValue=k1&mode=edit`));
    await waitFor(() => expect(screen.getByTestId('renderer').dataset.mode).toBe('edit'));
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('张三');
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path === '/form-scheme/f1/instance-form-list/k1')).toBe(true));
    expect(screen.getByTestId('form-mode-edit')).toBeTruthy();
    expect(screen.getByTestId('form-mode-look')).toBeTruthy();
  });

  it('edit: opens the stored record and puts {formData} to its key; reset goes back to the stored values', async () => {
    signInForTest(ALL);
    const calls = stubData([
      [/^GET \/form-scheme\/f1\/info$/, () => detail()],
      [/^GET \/form-scheme\/f1\/instance-form-list\/k9$/, () => ({ primaryKey: 'k9', formData: { F_Name: '李四', F_Days: '2' } })],
      [/^PUT \/form-scheme\/f1\/instance-form-list\/k9$/, () => null],
    ]);
    show(<FormFillPage />, `${FORM_FILL_PATH}?id=f1&keyValue=k9`);
    const name = (await screen.findByLabelText('姓名')) as HTMLInputElement;
    expect(screen.getByTestId('renderer').dataset.mode).toBe('edit');
    expect(name.value).toBe('李四');
    fireEvent.change(name, { target: { value: '王五' } });
    fireEvent.click(screen.getByTestId('form-reset'));
    await waitFor(() => expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('李四'));
    fireEvent.change(screen.getByLabelText('天数'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/form-scheme/f1/instance-form-list/k9', { formData: { F_Name: '李四', F_Days: '5' } }],
    ]);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(location()).toBe(`${FORM_FILL_PATH}?id=f1&keyValue=k9`);
  });

  it('look: read-only, no submit or reset; the mode links switch between look and edit', async () => {
    signInForTest(ALL);
    stubData([
      [/^GET \/form-scheme\/f1\/info$/, () => detail()],
      [/^GET \/form-scheme\/f1\/instance-form-list\/k9$/, () => ({ primaryKey: 'k9', formData: { F_Name: '李四' } })],
    ]);
    show(<FormFillPage />, `${FORM_FILL_PATH}?id=f1&keyValue=k9&mode=look`);
    const name = (await screen.findByLabelText('姓名')) as HTMLInputElement;
    expect(screen.getByTestId('renderer').dataset.mode).toBe('look');
    expect(name.disabled).toBe(true);
    expect(name.value).toBe('李四');
    expect(screen.queryByTestId('form-submit')).toBeNull();
    expect(screen.queryByTestId('form-reset')).toBeNull();
    fireEvent.click(screen.getByTestId('form-mode-edit'));
    await waitFor(() => expect(screen.getByTestId('renderer').dataset.mode).toBe('edit'));
    expect(location()).toBe(`${FORM_FILL_PATH}?id=f1&keyValue=k9&mode=edit`);
    expect((screen.getByLabelText('姓名') as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByTestId('form-submit')).toBeTruthy();
    fireEvent.click(screen.getByTestId('form-mode-look'));
    await waitFor(() => expect(screen.getByTestId('renderer').dataset.mode).toBe('look'));
    fireEvent.click(screen.getByTestId('form-mode-add'));
    await waitFor(() => expect(screen.getByTestId('renderer').dataset.mode).toBe('add'));
    expect(location()).toBe(`${FORM_FILL_PATH}?id=f1`);
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('');
  });

  it('a form without tables says its data cannot be stored and offers no submit', async () => {
    signInForTest(ALL);
    const calls = stubData([[/^GET \/form-scheme\/f1\/info$/, () => detail({ F_HasTables: false, tableInfo: [] })]]);
    show(<FormFillPage />, `${FORM_FILL_PATH}?id=f1`);
    expect((await screen.findByTestId('form-no-tables')).textContent).toContain('此表单未绑定数据表，填写的数据无法保存');
    expect(screen.getByTestId('renderer')).toBeTruthy();
    expect(screen.queryByTestId('form-submit')).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/form-scheme/f1/info']);
  });

  it('without the data key the form is shown but not submitted', async () => {
    signInForTest([P.formList]);
    stubData([[/^GET \/form-scheme\/f1\/info$/, () => detail()]]);
    show(<FormFillPage />, `${FORM_FILL_PATH}?id=f1`);
    expect(await screen.findByTestId('renderer')).toBeTruthy();
    expect(screen.queryByTestId('form-submit')).toBeNull();
  });

  it('load failures show the server message', async () => {
    signInForTest(ALL);
    stubData([[/^GET \/form-scheme\/f1\/info$/, () => new Fail('表单配置异常，请检查数据格式', 400)]]);
    show(<FormFillPage />, `${FORM_FILL_PATH}?id=f1`);
    expect((await screen.findByTestId('form-fill-error')).textContent).toContain('表单配置异常，请检查数据格式');
    expect(screen.queryByTestId('renderer')).toBeNull();
  });

  it('a missing record shows the server message instead of an empty form', async () => {
    signInForTest(ALL);
    stubData([
      [/^GET \/form-scheme\/f2\/info$/, () => detail({ F_Id: 'f2' })],
      [/^GET \/form-scheme\/f2\/instance-form-list\/gone$/, () => new Fail('数据不存在')],
    ]);
    show(<FormFillPage />, `${FORM_FILL_PATH}?id=f2&keyValue=gone`);
    expect((await screen.findByTestId('form-fill-error')).textContent).toContain('数据不存在');
    expect(screen.queryByTestId('renderer')).toBeNull();
  });
});
