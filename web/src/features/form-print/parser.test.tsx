import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import {
  formRelationSetting,
  type FormField,
  type FormSchemeDetail,
  type FormSchemeOption,
  type FormSchemeRow,
  type PublishedPageInfo,
  formPermissions,
  oaPermissions,
} from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { stubData } from '../data/test-stub';
import FormSchemePage from '../forms/FormSchemePage';
import { SystemFormHost } from './SystemFormHost';
import { registerSystemForm, type SystemFormHandle } from './system-forms';
import ParserPage from './ParserPage';
import SystemFormPage from './SystemFormPage';
import FormDetailPage from './FormDetailPage';

/** The form parser, system forms and the record detail, with the real renderer and antd over a fetch-level stub. */

const SLOW = 60_000;
const NOT_LOADED = '系统表单未加载完';

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const field = (formId: number, vModel: string, label: string, required = false) =>
  ({
    __vModel__: vModel,
    __config__: { formId, avueType: 'input', tag: 'el-input', label, required, bindTable: 'demo_leave', bindTableField: vModel },
  }) as unknown as FormField;

const form = (over: Partial<FormSchemeDetail> = {}): FormSchemeDetail => ({
  F_Id: 'f1',
  F_Name: '请假单',
  F_Type: 0,
  F_Category: '',
  F_Url: '',
  F_Description: '',
  F_SortCode: 0,
  F_EnabledMark: 1,
  F_IsDefault: 0,
  F_SchemeId: 'v2',
  F_Version: 2,
  F_CreateUserName: null,
  F_CreateDate: null,
  F_ModifyDate: null,
  F_HasTables: true,
  F_Scheme: { data: [field(1, 'F_Name', '姓名', true), field(2, 'F_Reason', '事由')] },
  tableInfo: [{ dbId: 'local', name: 'demo_leave', comment: '', type: 'main', primaryKey: 'F_Id' }],
  ...over,
});
const noticeForm = form({
  F_Id: 's1',
  F_Name: '通知表单',
  F_Type: 1,
  F_Url: 'oaNotice',
  F_SchemeId: 'sv1',
  F_Version: 1,
  F_HasTables: false,
  F_Scheme: { data: [] },
  tableInfo: [],
});
const option = (f: FormSchemeDetail): FormSchemeOption => ({
  F_Id: f.F_Id,
  F_Name: f.F_Name,
  F_Type: f.F_Type,
  F_Category: f.F_Category,
  F_Url: f.F_Url,
  F_SchemeId: f.F_SchemeId,
});

function Location() {
  const loc = useLocation();
  return <div data-testid="location">{loc.pathname + loc.search}</div>;
}

function show(ui: React.ReactNode, at: string, path = '*') {
  const view = renderWithApp(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path={path} element={ui} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
  const input = (vModel: string) => view.container.querySelector<HTMLInputElement>(`[data-field="${vModel}"] input`);
  return { ...view, input };
}
const location = () => screen.getByTestId('location').textContent;

describe('SystemFormHost', { timeout: SLOW }, () => {
  it("shows '系统表单未加载完' for an unknown address; validate and save reject with it", async () => {
    const ref = createRef<SystemFormHandle>();
    renderWithApp(<SystemFormHost ref={ref} form={{ F_Id: 'x', F_Type: 1, F_Url: 'noSuchForm' }} mode="add" />);
    expect((await screen.findByTestId('system-form-not-loaded')).textContent).toContain(NOT_LOADED);
    await expect(ref.current!.validate()).rejects.toThrow(NOT_LOADED);
    await expect(ref.current!.save()).rejects.toThrow(NOT_LOADED);
  });

  it('shows a spinner while the code loads and the same alert when its chunk fails to load', async () => {
    let fail!: (e: Error) => void;
    const remove = registerSystemForm({ address: 'brokenChunk', titleKey: 'x', fields: [], load: () => new Promise((_, reject) => (fail = reject)) });
    try {
      const ref = createRef<SystemFormHandle>();
      renderWithApp(<SystemFormHost ref={ref} form={{ F_Id: 'x', F_Type: 1, F_Url: 'BROKENCHUNK' }} mode="add" />);
      expect(await screen.findByTestId('system-form-loading')).toBeTruthy();
      await expect(ref.current!.save()).rejects.toThrow(NOT_LOADED);
      await act(async () => fail(new Error('Failed to fetch dynamically imported module')));
      expect((await screen.findByTestId('system-form-not-loaded')).textContent).toContain(NOT_LOADED);
      await expect(ref.current!.validate()).rejects.toThrow(NOT_LOADED);
    } finally {
      remove();
    }
  });

  it('an address-based form (F_Type 2) is rendered from its scheme and saved through /api/{address}', async () => {
    signInForTest([formPermissions.formData]);
    const calls = stubData([
      [/^GET \/form-scheme\/f2\/info$/, () => form({ F_Id: 'f2', F_Type: 2, F_Url: 'leave' })],
      [/^POST \/leave$/, () => ({ primaryKey: 'k5' })],
    ]);
    const ref = createRef<SystemFormHandle>();
    const { input } = show(<SystemFormHost ref={ref} form={{ F_Id: 'f2', F_Type: 2, F_Url: 'leave' }} mode="add" />, '/');
    await waitFor(() => expect(input('F_Name')).toBeTruthy());
    await expect(ref.current!.save()).rejects.toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(input('F_Name')!, { target: { value: '张三' } });
    let key = '';
    await act(async () => {
      key = await ref.current!.save();
    });
    expect(key).toBe('k5');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/leave', { formData: expect.objectContaining({ F_Name: '张三' }) }],
    ]);
  });
});

describe('/parser', { timeout: SLOW }, () => {
  it('renders a designed form, refuses an empty required field, saves through instance-form-list and reopens the record', async () => {
    signInForTest([formPermissions.formData]);
    let stored: unknown = null;
    const calls = stubData([
      [/^GET \/form-scheme\/f1\/info$/, () => form()],
      [
        /^POST \/form-scheme\/f1\/instance-form-list$/,
        (_url, body) => {
          stored = (body as { formData: unknown }).formData;
          return { primaryKey: 'k1' };
        },
      ],
      [/^GET \/form-scheme\/f1\/instance-form-list\/k1$/, () => ({ primaryKey: 'k1', formData: stored })],
      [/^PUT \/form-scheme\/f1\/instance-form-list\/k1$/, () => null],
    ]);
    const { input } = show(<ParserPage />, '/parser?formId=f1');
    await waitFor(() => expect(input('F_Name')).toBeTruthy());
    expect(screen.getByTestId('form-fill-mode').textContent).toBe('新增');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('姓名不能为空')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(input('F_Name')!, { target: { value: '张三' } });
    fireEvent.change(input('F_Reason')!, { target: { value: '回家' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(location()).toBe('/parser?formId=f1&keyValue=k1&mode=edit'));
    expect((calls.find((c) => c.method === 'POST')!.body as { formData: unknown }).formData).toMatchObject({ F_Name: '张三', F_Reason: '回家' });
    await waitFor(() => expect(input('F_Name')?.value).toBe('张三'));

    fireEvent.change(input('F_Reason')!, { target: { value: '看病' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((calls.find((c) => c.method === 'PUT')!.body as { formData: unknown }).formData).toMatchObject({ F_Name: '张三', F_Reason: '看病' });

    fireEvent.click(screen.getByTestId('form-mode-look'));
    await waitFor(() => expect(location()).toBe('/parser?formId=f1&keyValue=k1&mode=look'));
    expect(screen.queryByTestId('form-submit')).toBeNull();
  });

  it('a version reads that version (getBySchemeId) and stores with ?versionId', async () => {
    signInForTest([formPermissions.formData]);
    const calls = stubData([
      [/^GET \/form-scheme\/getBySchemeId\/v1$/, () => form({ F_SchemeId: 'v1', F_Version: 1 })],
      [/^POST \/form-scheme\/f1\/instance-form-list$/, () => ({ primaryKey: 'k2' })],
      [/^GET \/form-scheme\/f1\/instance-form-list\/k2$/, () => ({ primaryKey: 'k2', formData: { F_Name: '李四' } })],
    ]);
    const { input } = show(<ParserPage />, '/parser?formId=f1&versionId=v1');
    await waitFor(() => expect(input('F_Name')).toBeTruthy());
    fireEvent.change(input('F_Name')!, { target: { value: '李四' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(location()).toBe('/parser?formId=f1&keyValue=k2&mode=edit&versionId=v1'));
    expect(calls.find((c) => c.method === 'POST')!.url.searchParams.get('versionId')).toBe('v1');
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path.endsWith('/k2') && c.url.searchParams.get('versionId') === 'v1')).toBe(true));
    expect(calls.some((c) => c.path === '/form-scheme/f1/info')).toBe(false);
  });

  it('a system form (F_Type 1) is hosted: its own component, saved through its own API', async () => {
    signInForTest([oaPermissions.noticeAdd, oaPermissions.noticeEdit]);
    const calls = stubData([
      [/^GET \/form-scheme\/s1\/info$/, () => noticeForm],
      [/^POST \/notice$/, () => ({ F_NoticeId: 'n1' })],
      [
        /^GET \/notice\/n1$/,
        () => ({
          F_NoticeId: 'n1',
          F_FullHead: '停电通知',
          F_Content: '周六停电',
          F_SendTime: null,
          F_EnabledMark: 0,
          F_CreateUserName: null,
          F_CreateDate: '2026-11-24 08:00:00',
        }),
      ],
    ]);
    show(<ParserPage />, '/parser?formId=s1');
    expect(await screen.findByTestId('system-form-oaNotice')).toBeTruthy();
    fireEvent.change(screen.getByTestId('notice-form-title'), { target: { value: '停电通知' } });
    fireEvent.change(screen.getByTestId('notice-form-content'), { target: { value: '周六停电' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(location()).toBe('/parser?formId=s1&keyValue=n1&mode=edit'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([['/notice', { F_FullHead: '停电通知', F_Content: '周六停电' }]]);
    await waitFor(() => expect((screen.getByTestId('notice-form-title') as HTMLInputElement).value).toBe('停电通知'));
  });
});

describe('/system-form/<address>Form', { timeout: SLOW }, () => {
  it('finds the form by its address, saves a new notice through its API, reads it back by key and updates it', async () => {
    signInForTest([oaPermissions.noticeAdd, oaPermissions.noticeEdit]);
    const notices: Record<string, { F_FullHead: string; F_Content: string }> = {};
    const calls = stubData([
      [/^GET \/form-scheme\/systemform$/, () => [option(form({ F_Id: 'f9', F_Type: 2, F_Url: 'other' })), option(noticeForm)]],
      [/^GET \/form-scheme\/s1\/info$/, () => noticeForm],
      [
        /^POST \/notice$/,
        (_url, body) => {
          notices.n7 = body as { F_FullHead: string; F_Content: string };
          return { F_NoticeId: 'n7' };
        },
      ],
      [
        /^PUT \/notice\/n7$/,
        (_url, body) => {
          notices.n7 = body as { F_FullHead: string; F_Content: string };
          return null;
        },
      ],
      [
        /^GET \/notice\/n7$/,
        () => ({ F_NoticeId: 'n7', ...notices.n7, F_SendTime: null, F_EnabledMark: 0, F_CreateUserName: null, F_CreateDate: '2026-11-24 08:00:00' }),
      ],
    ]);
    show(<SystemFormPage />, '/system-form/oaNoticeForm', '/system-form/*');
    const title = (await screen.findByTestId('notice-form-title')) as HTMLInputElement;
    expect(screen.getByText('通知表单')).toBeTruthy();

    // The form's own rule: nothing is sent without a title.
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('标题不能为空')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(title, { target: { value: '放假通知' } });
    fireEvent.change(screen.getByTestId('notice-form-content'), { target: { value: '元旦放假' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(location()).toBe('/system-form/oaNoticeForm?keyValue=n7&mode=edit'));
    await waitFor(() => expect((screen.getByTestId('notice-form-title') as HTMLInputElement).value).toBe('放假通知'));
    expect((screen.getByTestId('notice-form-content') as HTMLTextAreaElement).value).toBe('元旦放假');

    fireEvent.change(screen.getByTestId('notice-form-content'), { target: { value: '元旦放假三天' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ F_FullHead: '放假通知', F_Content: '元旦放假三天' }]));

    fireEvent.click(screen.getByTestId('form-mode-look'));
    await waitFor(() => expect((screen.getByTestId('notice-form-content') as HTMLTextAreaElement).disabled).toBe(true));
    expect(screen.queryByTestId('form-submit')).toBeNull();
  });

  it('an address no form of the tenant has says so', async () => {
    signInForTest([]);
    stubData([[/^GET \/form-scheme\/systemform$/, () => [option(noticeForm)]]]);
    show(<SystemFormPage />, '/system-form/unknownForm', '/system-form/*');
    expect((await screen.findByTestId('system-form-unknown')).textContent).toContain('unknown');
  });

  it('a registered row whose address has no component shows the alert and saving toasts it', async () => {
    signInForTest([]);
    const ghost = form({ F_Id: 'g1', F_Name: '幽灵', F_Type: 1, F_Url: 'ghost', F_HasTables: false, F_Scheme: { data: [] }, tableInfo: [] });
    stubData([
      [/^GET \/form-scheme\/systemform$/, () => [option(ghost)]],
      [/^GET \/form-scheme\/g1\/info$/, () => ghost],
    ]);
    show(<SystemFormPage />, '/system-form/ghostForm', '/system-form/*');
    expect((await screen.findByTestId('system-form-not-loaded')).textContent).toContain(NOT_LOADED);
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(screen.getAllByText(NOT_LOADED).length).toBeGreaterThan(1));
  });
});

describe('/form-detail/index', { timeout: SLOW }, () => {
  const page = (buttons: PublishedPageInfo['setting']['buttons']): PublishedPageInfo => ({
    F_Id: 'r1',
    F_Name: '请假列表',
    F_ModuleId: 'form-app-r1',
    F_EnCode: 'forms.app.r1',
    form: form(),
    setting: formRelationSetting.parse({ columns: [{ field: 'F_Name', label: '姓名' }], buttons }),
  });

  it('a published record read-only, with Print when the page grants it (the print dialog opens)', async () => {
    signInForTest([]);
    stubData([
      [/^GET \/form-relation\/r1\/page-info$/, () => page(['view', 'print'])],
      [/^GET \/form-relation\/r1\/data\/k1$/, () => ({ primaryKey: 'k1', formData: { F_Name: '王五', F_Reason: '探亲' } })],
      [/^GET \/form-relation\/r1\/print\/k1$/, () => null],
    ]);
    const { container } = show(<FormDetailPage />, '/form-detail/index?relationId=r1&keyValue=k1');
    await waitFor(() =>
      expect(
        container.querySelector('[data-field="F_Name"]')?.querySelector('input')?.value ?? container.querySelector('[data-field="F_Name"]')?.textContent,
      ).toContain('王五'),
    );
    expect(screen.getByText('请假列表')).toBeTruthy();
    expect(screen.queryByTestId('form-submit')).toBeNull();
    fireEvent.click(screen.getByTestId('form-detail-print'));
    expect(await screen.findByTestId('print-dialog')).toBeTruthy();
  });

  it('no Print without the button; a designed form record by formId; failures show the message', async () => {
    signInForTest([]);
    stubData([
      [/^GET \/form-relation\/r1\/page-info$/, () => page(['view'])],
      [/^GET \/form-relation\/r1\/data\/k1$/, () => ({ primaryKey: 'k1', formData: { F_Name: '王五' } })],
    ]);
    const first = show(<FormDetailPage />, '/form-detail/index?relationId=r1&keyValue=k1');
    expect(await screen.findByText('请假列表')).toBeTruthy();
    expect(screen.queryByTestId('form-detail-print')).toBeNull();
    first.unmount();

    const calls = stubData([
      [/^GET \/form-scheme\/f1\/info$/, () => form()],
      [/^GET \/form-scheme\/f1\/instance-form-list\/k3$/, () => ({ primaryKey: 'k3', formData: { F_Name: '赵六' } })],
    ]);
    const second = show(<FormDetailPage />, '/form-detail/index?formId=f1&keyValue=k3');
    await waitFor(() => expect(second.container.textContent).toContain('记录 k3'));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/form-scheme/f1/info', '/form-scheme/f1/instance-form-list/k3'])));
    expect(screen.queryByTestId('form-detail-print')).toBeNull();
    second.unmount();

    show(<FormDetailPage />, '/form-detail/index?formId=f1&keyValue=nope');
    expect((await screen.findByTestId('form-detail-error')).textContent).toContain('no stub for GET /form-scheme/f1/instance-form-list/nope');
  });
});

describe('form scheme list: system forms', { timeout: SLOW }, () => {
  const row = (over: Partial<FormSchemeRow>): FormSchemeRow => ({
    F_Id: 's1',
    F_Name: '通知表单',
    F_Type: 1,
    F_Category: 'oa',
    F_Url: 'oaNotice',
    F_Description: '',
    F_SortCode: 3,
    F_EnabledMark: 1,
    F_IsDefault: 0,
    F_SchemeId: 'sv1',
    F_Version: 1,
    F_CreateUserName: null,
    F_CreateDate: null,
    F_ModifyDate: null,
    F_HasTables: false,
    ...over,
  });
  const ALL = [
    formPermissions.formList,
    formPermissions.formAdd,
    formPermissions.formEdit,
    formPermissions.formDelete,
    formPermissions.formData,
    formPermissions.formHistory,
  ];

  it('registers a system form: the address is picked from the registry addresses not yet registered', async () => {
    signInForTest(ALL);
    let registered = false;
    const calls = stubData([
      [/^GET \/form-scheme\/page$/, () => (registered ? { Rows: [row({})], Total: 1 } : { Rows: [], Total: 0 })],
      [
        /^POST \/form-scheme$/,
        () => {
          registered = true;
          return { F_Id: 's1', F_SchemeId: 'sv1', F_Version: 1, tables: [] };
        },
      ],
    ]);
    show(<FormSchemePage />, '/quick-development/form-design/index');
    fireEvent.click(await screen.findByTestId('form-register-system'));
    const modal = await screen.findByTestId('form-register-modal');
    fireEvent.mouseDown(within(modal).getByRole('combobox', { name: '地址' }));
    fireEvent.click(await waitFor(() => screen.getAllByText('通知公告（oaNotice）').find((el) => el.closest('.ant-select-item-option'))!));
    fireEvent.change(within(modal).getByTestId('form-register-name'), { target: { value: '通知表单' } });
    fireEvent.change(within(modal).getByTestId('form-register-category'), { target: { value: 'oa' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { F_Name: '通知表单', F_Category: 'oa', F_Url: 'oaNotice', F_Description: '', F_Type: 1, F_SortCode: 0, F_Scheme: { data: [] } },
    ]);

    // The list shows its type; opening it goes to its route, not the designer; once registered its address is no longer offered.
    const listed = await screen.findByTestId('form-row-通知表单');
    expect(within(listed).getByText('系统表单')).toBeTruthy();
    expect(within(listed).getByText('页面')).toBeTruthy();
    expect(within(listed).queryByTestId('form-design-通知表单')).toBeNull();
    expect(within(listed).queryByTestId('form-history-通知表单')).toBeNull();
    fireEvent.click(screen.getByTestId('form-register-system'));
    const again = await screen.findByTestId('form-register-modal');
    fireEvent.mouseDown(within(again).getByRole('combobox', { name: '地址' }));
    expect(await screen.findByText('所有系统表单页面都已注册')).toBeTruthy();
    fireEvent.click(again.closest('.ant-modal')!.querySelector('.ant-modal-close')!);

    fireEvent.click(within(listed).getByTestId('form-open-通知表单'));
    expect(location()).toBe('/system-form/oaNoticeForm');
  });

  it('edits a registration with PUT (its own address still offered, sort order kept)', async () => {
    signInForTest(ALL);
    const calls = stubData([
      [/^GET \/form-scheme\/page$/, () => ({ Rows: [row({})], Total: 1 })],
      [/^PUT \/form-scheme\/s1$/, () => ({ F_Id: 's1', F_SchemeId: 'sv2', F_Version: 2, tables: [] })],
    ]);
    show(<FormSchemePage />, '/quick-development/form-design/index');
    fireEvent.click(await screen.findByTestId('form-edit-通知表单'));
    const modal = await screen.findByTestId('form-register-modal');
    expect((within(modal).getByTestId('form-register-name') as HTMLInputElement).value).toBe('通知表单');
    fireEvent.change(within(modal).getByTestId('form-register-name'), { target: { value: '公告表单' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/form-scheme/s1', { F_Name: '公告表单', F_Category: 'oa', F_Url: 'oaNotice', F_Description: '', F_Type: 1, F_SortCode: 3, F_Scheme: { data: [] } }],
    ]);
  });
});
