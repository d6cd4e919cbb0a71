import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import {
  type DictionaryItem,
  type WfRelationRow,
  type WfSchemeRow,
  type WfVersionChangeTestRow,
  type WfVersionRow,
  workflowSchemePermissions,
} from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { setErrorToast } from '../../../lib/api';
import { Fail, stubData } from '../../data/test-stub';
import SchemePage, { type ImportState } from './SchemePage';
import RelationPage, { toRelationBody } from './RelationPage';
import type { SimpleOpenState } from '../simple/paths';

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ALL = Object.values(workflowSchemePermissions);
const page = <T,>(rows: T[]) => ({ Rows: rows, Total: rows.length });
const item = (value: string, name: string): DictionaryItem => ({
  F_ItemDetailId: value,
  F_ItemId: 'i',
  F_ParentId: '0',
  F_ItemName: name,
  F_ItemValue: value,
  F_ItemCode: value,
  F_SortCode: 0,
  F_EnabledMark: 1,
  F_Description: '',
});
const scheme = (over: Partial<WfSchemeRow> = {}): WfSchemeRow => ({
  F_Id: 's1',
  F_Code: 'leave',
  F_Name: '请假流程',
  F_Category: 'hr',
  F_CategoryName: '人事',
  F_Icon: '',
  F_Description: '请假审批',
  EnabledMark: 1,
  F_AuthType: 0,
  F_Sort: 0,
  F_Version: 2,
  F_State: 'published',
  F_DraftVersion: 0,
  F_RunningCount: 3,
  F_CreateUserName: 'Admin',
  F_CreateDate: '2026-11-24 08:00:00',
  F_ModifyDate: '2026-11-24 09:00:00',
  ...over,
});
const version = (n: number, current: boolean): WfVersionRow => ({
  F_Id: `v${n}`,
  F_Version: n,
  F_CreateDate: `2026-11-2${n} 08:00:00`,
  F_CreateUserName: 'Admin',
  F_IsCurrent: current,
  F_InstanceCount: n,
  F_DiagramUrl: `/api/workflow-scheme-info/read-resource?F_Id=s1&versionId=v${n}&sig=x${n}`,
});

const base = (rows: WfSchemeRow[]): Parameters<typeof stubData>[0] => [
  [/^GET \/workflow-scheme-info$/, () => page(rows)],
  [/^GET \/data-items\/FlowSort\/detail$/, () => [item('hr', '人事'), item('finance', '财务')]],
];

/** The texts of the options of the select opened last. */
const openOptions = () => {
  const popup = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
  return [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
};
async function choose(testId: string, text: string) {
  fireEvent.mouseDown(within(await screen.findByTestId(testId)).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = openOptions().find((o) => o.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

/** Where the list navigated to: the designer route shows its id and the import state. */
function DesignerProbe() {
  const { id } = useParams();
  const state = useLocation().state as ImportState | null;
  return (
    <div data-testid="designer-probe">
      {id}|{state?.fileName ?? ''}|{state?.importXml ?? ''}
    </div>
  );
}
/** The simple designer's route: its id and what the list handed it. */
function SimpleProbe() {
  const { id } = useParams();
  const state = useLocation().state as SimpleOpenState | null;
  return (
    <div data-testid="simple-probe" data-state={JSON.stringify(state)}>
      {id}
    </div>
  );
}
function renderList() {
  return renderWithApp(
    <MemoryRouter initialEntries={['/workflow/scheme/index']}>
      <Routes>
        <Route path="/workflow/scheme/index" element={<SchemePage />} />
        <Route path="/workflow/scheme/design/:id" element={<DesignerProbe />} />
        <Route path="/workflow/scheme/simple/:id" element={<SimpleProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('scheme list', { timeout: SLOW }, () => {
  it('lists schemes with version and status; buttons follow the permissions', async () => {
    signInForTest(ALL);
    stubData(base([scheme(), scheme({ F_Id: 's2', F_Code: 'expense', F_Name: '报销', EnabledMark: 0, F_Version: 1 })]));
    renderList();
    const first = await screen.findByTestId('wf-scheme-row-leave');
    expect(within(first).getByTestId('wf-scheme-version-leave').textContent).toBe('v2');
    expect(within(first).getByTestId('wf-scheme-status-leave').textContent).toBe('启用');
    expect(within(first).getByTestId('wf-scheme-toggle-leave').textContent?.replace(/\s/g, '')).toBe('停用');
    expect(within(first).getByText('人事')).toBeTruthy();
    expect(within(screen.getByTestId('wf-scheme-row-expense')).getByTestId('wf-scheme-toggle-expense').textContent?.replace(/\s/g, '')).toBe('启用');
    for (const id of [
      'wf-scheme-add',
      'wf-scheme-import',
      'wf-scheme-edit-leave',
      'wf-scheme-delete-leave',
      'wf-scheme-history-leave',
      'wf-scheme-export-leave',
    ]) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
    endSession();
  });

  it('hides add, edit, start / stop and delete without their permissions', async () => {
    signInForTest([workflowSchemePermissions.workflowSchemeList]);
    stubData(base([scheme()]));
    renderList();
    await screen.findByTestId('wf-scheme-row-leave');
    for (const id of ['wf-scheme-add', 'wf-scheme-import', 'wf-scheme-edit-leave', 'wf-scheme-delete-leave', 'wf-scheme-toggle-leave']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
    expect(screen.getByTestId('wf-scheme-history-leave')).toBeTruthy();
  });

  it('sends the category and enabled filters', async () => {
    signInForTest(ALL);
    const calls = stubData(base([scheme()]));
    renderList();
    await screen.findByTestId('wf-scheme-row-leave');
    await choose('wf-scheme-filter-category', '财务');
    await choose('wf-scheme-filter-enabled', '停用');
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/workflow-scheme-info').at(-1)!;
      expect(last.url.searchParams.get('F_Category')).toBe('finance');
      expect(last.url.searchParams.get('EnabledMark')).toBe('0');
    });
  });

  it('starts and stops through the PATCH routes', async () => {
    signInForTest(ALL);
    const calls = stubData([
      ...base([scheme(), scheme({ F_Id: 's2', F_Code: 'expense', EnabledMark: 0 })]),
      [/^PATCH \/workflow-scheme-info\/s\d\/(start|stop)$/, () => null],
    ]);
    renderList();
    fireEvent.click(await screen.findByTestId('wf-scheme-toggle-leave'));
    fireEvent.click(screen.getByTestId('wf-scheme-toggle-expense'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.method === 'PATCH')
          .map((c) => c.path)
          .sort(),
      ).toEqual(['/workflow-scheme-info/s1/stop', '/workflow-scheme-info/s2/start']),
    );
  });

  it('edit opens the designer', async () => {
    signInForTest(ALL);
    stubData(base([scheme()]));
    renderList();
    fireEvent.click(await screen.findByTestId('wf-scheme-edit-leave'));
    expect((await screen.findByTestId('designer-probe')).textContent).toBe('s1||');
  });

  it('shows draft, published and unpublished changes; publishes a draft; a draft is not started by the switch', async () => {
    signInForTest(ALL);
    const calls = stubData([
      ...base([
        scheme(),
        scheme({ F_Id: 's2', F_Code: 'trip', EnabledMark: 0, F_State: 'draft', F_Version: 1 }),
        scheme({ F_Id: 's3', F_Code: 'buy', F_State: 'changed', F_Version: 2, F_DraftVersion: 3 }),
      ]),
      [/^POST \/workflow-scheme-info\/s2\/publish$/, () => ({ F_Id: 's2', F_Version: 1, versionId: 'v', newVersion: false, F_State: 'published' })],
    ]);
    renderList();
    await screen.findByTestId('wf-scheme-row-trip');
    expect(['leave', 'trip', 'buy'].map((c) => screen.getByTestId(`wf-scheme-state-${c}`).textContent)).toEqual(['已发布', '草稿', '有未发布的修改 v3']);
    expect(screen.queryByTestId('wf-scheme-publish-leave')).toBeNull();
    expect(screen.getByTestId('wf-scheme-publish-buy')).toBeTruthy();
    expect(screen.queryByTestId('wf-scheme-toggle-trip')).toBeNull();
    fireEvent.click(screen.getByTestId('wf-scheme-publish-trip'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/workflow-scheme-info/s2/publish')).toBe(true));
  });

  it('new model: the dialog posts new-model and opens the new scheme in the designer', async () => {
    signInForTest(ALL);
    const calls = stubData([
      ...base([scheme()]),
      [/^POST \/workflow-scheme-info\/new-model$/, () => ({ F_Id: 'new1', F_Version: 1, versionId: 'nv1', newVersion: true, F_State: 'draft' })],
    ]);
    renderList();
    fireEvent.click(await screen.findByTestId('wf-scheme-add'));
    fireEvent.click(await screen.findByTestId('wf-new-model-mode-bpmn'));
    fireEvent.change(await screen.findByTestId('wf-new-model-code'), { target: { value: 'trip' } });
    fireEvent.change(screen.getByTestId('wf-new-model-name'), { target: { value: '出差' } });
    await choose('wf-new-model-category', '人事');
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect((await screen.findByTestId('designer-probe')).textContent).toBe('new1||');
    expect(calls.find((c) => c.path === '/workflow-scheme-info/new-model')?.body).toMatchObject({ F_Code: 'trip', F_Name: '出差', F_Category: 'hr' });
  });

  it('new model, simple designer (the default), blank: new-model, then the simple designer of the new scheme', async () => {
    signInForTest(ALL);
    const calls = stubData([
      ...base([scheme()]),
      [/^POST \/workflow-scheme-info\/new-model$/, () => ({ F_Id: 'new1', F_Version: 1, versionId: 'nv1', newVersion: true, F_State: 'draft' })],
    ]);
    renderList();
    fireEvent.click(await screen.findByTestId('wf-scheme-add'));
    fireEvent.change(await screen.findByTestId('wf-new-model-code'), { target: { value: 'trip' } });
    fireEvent.change(screen.getByTestId('wf-new-model-name'), { target: { value: '出差' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect((await screen.findByTestId('simple-probe')).textContent).toBe('new1');
    expect(calls.find((c) => c.path === '/workflow-scheme-info/new-model')?.body).toMatchObject({ F_Code: 'trip', F_Name: '出差' });
  });

  it('new model from a template: its form is created with unique tables and the simple designer opens with the chain and the form bound', async () => {
    signInForTest(ALL);
    const calls = stubData([
      ...base([scheme()]),
      [/^POST \/form-scheme\/customtable$/, () => ({ F_Id: 'form1', F_SchemeId: 'fs1', F_Version: 1, tables: [] })],
    ]);
    renderList();
    fireEvent.click(await screen.findByTestId('wf-scheme-add'));
    fireEvent.change(await screen.findByTestId('wf-new-model-code'), { target: { value: 'leave2' } });
    fireEvent.change(screen.getByTestId('wf-new-model-name'), { target: { value: '请假' } });
    fireEvent.mouseDown(within(screen.getByTestId('wf-new-model-template')).getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('wf-new-model-template-leave'));
    fireEvent.click(screen.getByTestId('modal-ok'));
    const probe = await screen.findByTestId('simple-probe');
    expect(probe.textContent).toBe('new');
    const state = JSON.parse(probe.dataset.state!) as SimpleOpenState;
    expect(state.forms).toEqual([{ F_FormId: 'form1', F_Type: 0, F_Url: '', F_Name: '请假' }]);
    expect(state.scheme).toMatchObject({ F_Code: 'leave2', F_Name: '请假', F_Category: 'hr' });
    expect(state.model?.nodes.length).toBeGreaterThan(0);
    const body = calls.find((c) => c.path === '/form-scheme/customtable')?.body as { F_Name: string; tableInfo: { name: string }[] };
    expect(body.F_Name).toBe('请假');
    expect(body.tableInfo[0]!.name).toMatch(/^tpl_leave_[a-z0-9]{1,6}$/);
    expect(calls.some((c) => c.path === '/workflow-scheme-info/new-model')).toBe(false);
  });

  it('row action 简易设计 opens the scheme in the simple designer', async () => {
    signInForTest(ALL);
    stubData(base([scheme()]));
    renderList();
    fireEvent.click(await screen.findByTestId('wf-scheme-simple-leave'));
    expect((await screen.findByTestId('simple-probe')).textContent).toBe('s1');
  });

  it('new model: a bad code is refused before sending', async () => {
    signInForTest(ALL);
    const calls = stubData(base([scheme()]));
    renderList();
    fireEvent.click(await screen.findByTestId('wf-scheme-add'));
    fireEvent.change(await screen.findByTestId('wf-new-model-code'), { target: { value: 'a b' } });
    fireEvent.change(screen.getByTestId('wf-new-model-name'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect(await screen.findByText('编号只能包含字母、数字、_ . -')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('delete: a refusal while instances run shows the server message', async () => {
    signInForTest(ALL);
    const toast = vi.fn();
    setErrorToast(toast);
    const calls = stubData([...base([scheme()]), [/^DELETE \/workflow-scheme-info\/s1$/, () => new Fail('流程有运行中的实例，不能删除', 10409)]]);
    renderList();
    fireEvent.click(await screen.findByTestId('wf-scheme-delete-leave'));
    fireEvent.click(await screen.findByTestId('delete-ok'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('流程有运行中的实例，不能删除'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    // The confirmation closes; the list is not reloaded as if deleted.
    await waitFor(() => expect(screen.queryByTestId('delete-ok')).toBeNull());
  });

  it('import: the file text goes to the designer in the navigation state', async () => {
    signInForTest(ALL);
    stubData(base([scheme()]));
    renderList();
    await screen.findByTestId('wf-scheme-row-leave');
    const xml = '<?xml version="1.0"?><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"/>';
    fireEvent.change(screen.getByTestId('wf-scheme-import-input'), { target: { files: [new File([xml], 'trip.bpmn', { type: 'application/xml' })] } });
    expect((await screen.findByTestId('designer-probe')).textContent).toBe(`new|trip.bpmn|${xml}`);
  });

  it('export: downloads the current version XML as {code}.bpmn', async () => {
    signInForTest(ALL);
    const calls = stubData(base([scheme()]));
    const stubbed = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (String(input).includes('/read-resource')) {
          calls.push({ method: 'GET', path: '/workflow-scheme-info/read-resource', url: new URL(input, 'http://localhost'), body: undefined });
          return new Response('<definitions/>', { status: 200, headers: { 'content-type': 'application/xml' } });
        }
        return stubbed(input, init);
      }),
    );
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => undefined }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderList();
    fireEvent.click(await screen.findByTestId('wf-scheme-export-leave'));
    await waitFor(() => expect(names).toEqual(['leave.bpmn']));
    const url = calls.find((c) => c.path.endsWith('/read-resource'))!.url;
    expect(url.searchParams.get('F_Id')).toBe('s1');
    expect(url.searchParams.get('format')).toBe('xml');
    expect(created[0].type).toBe('application/xml');
    expect(created[0].size).toBe('<definitions/>'.length);
  });
});

describe('scheme versions', { timeout: SLOW }, () => {
  const tests: WfVersionChangeTestRow[] = [
    { processInstanceId: 'p1', name: '请假-张三', state: 'running', F_Version: 2, movable: true, missingNodes: [] },
    { processInstanceId: 'p2', name: '请假-李四', state: 'suspended', F_Version: 2, movable: false, missingNodes: ['hrCheck'] },
  ];

  it('lists versions with the current mark and previews the diagram of the clicked one', async () => {
    signInForTest(ALL);
    stubData([...base([scheme()]), [/^GET \/workflow-scheme-info\/hisitory$/, () => page([version(2, true), version(1, false)])]]);
    renderList();
    fireEvent.click(await screen.findByTestId('wf-scheme-history-leave'));
    const dialog = await screen.findByTestId('wf-version-dialog');
    await within(dialog).findByTestId('wf-version-row-2');
    expect(within(dialog).getByTestId('wf-version-current-2')).toBeTruthy();
    expect(within(dialog).queryByTestId('wf-version-current-1')).toBeNull();
    expect(within(dialog).queryByTestId('wf-version-set-current-2')).toBeNull();
    expect(within(dialog).getByTestId('wf-version-preview-img').getAttribute('src')).toContain('versionId=v2');
    fireEvent.click(within(dialog).getByTestId('wf-version-row-1'));
    await waitFor(() => expect(within(dialog).getByTestId('wf-version-preview-img').getAttribute('src')).toContain('versionId=v1'));
  });

  it('设为当前 patches current-version', async () => {
    signInForTest(ALL);
    const calls = stubData([
      ...base([scheme()]),
      [/^GET \/workflow-scheme-info\/hisitory$/, () => page([version(2, true), version(1, false)])],
      [/^PATCH \/workflow-scheme-info\/s1\/current-version$/, () => null],
    ]);
    renderList();
    fireEvent.click(await screen.findByTestId('wf-scheme-history-leave'));
    fireEvent.click(await screen.findByTestId('wf-version-set-current-1'));
    fireEvent.click(await screen.findByTestId('wf-version-current-ok'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.url.searchParams.get('versionId')).toBe('v1'));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/hisitory')).length).toBeGreaterThan(1));
  });

  it('版本变更 tests first, then applies and shows the moved / skipped counts', async () => {
    signInForTest(ALL);
    let applied = false;
    const calls = stubData([
      ...base([scheme()]),
      [/^GET \/workflow-scheme-info\/hisitory$/, () => page([version(2, true), version(1, false)])],
      [/^POST \/workflow-scheme-info\/change-processversion-test$/, () => (applied ? [tests[1]] : tests)],
      [/^POST \/workflow-scheme-info\/change-processversion$/, () => ((applied = true), { moved: 1, skipped: 1 })],
    ]);
    renderList();
    fireEvent.click(await screen.findByTestId('wf-scheme-history-leave'));
    fireEvent.click(await screen.findByTestId('wf-version-change-1'));
    const dialog = await screen.findByTestId('wf-version-change-dialog');
    await within(dialog).findByTestId('wf-version-change-row-p1');
    expect(within(dialog).getByTestId('wf-version-change-row-p2').textContent).toContain('hrCheck');
    expect(within(dialog).getByTestId('wf-version-change-row-p2').textContent).toContain('不可迁移');
    expect(within(dialog).getByTestId('wf-version-change-summary').textContent).toBe('运行中的流程 2 个：可迁移 1 个，不可迁移 1 个');
    const testCall = calls.find((c) => c.path.endsWith('/change-processversion-test'))!;
    expect(testCall.url.searchParams.get('schemeId')).toBe('s1');
    expect(testCall.url.searchParams.get('versionId')).toBe('v1');
    expect(calls.some((c) => c.path.endsWith('/change-processversion'))).toBe(false);

    const apply = screen.getByTestId('wf-version-change-apply');
    await waitFor(() => expect((apply as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(apply);
    await waitFor(() => expect(screen.getByTestId('wf-version-change-summary').textContent).toBe('已迁移 1 个，跳过 1 个'));
    expect(calls.find((c) => c.path.endsWith('/change-processversion'))!.url.searchParams.get('versionId')).toBe('v1');
    await waitFor(() => expect((screen.getByTestId('wf-version-change-apply') as HTMLButtonElement).disabled).toBe(true));
  });

  it('版本变更 cannot apply when no instance can move', async () => {
    signInForTest(ALL);
    stubData([
      ...base([scheme()]),
      [/^GET \/workflow-scheme-info\/hisitory$/, () => page([version(2, true), version(1, false)])],
      [/^POST \/workflow-scheme-info\/change-processversion-test$/, () => [tests[1]]],
    ]);
    renderList();
    fireEvent.click(await screen.findByTestId('wf-scheme-history-leave'));
    fireEvent.click(await screen.findByTestId('wf-version-change-1'));
    await screen.findByTestId('wf-version-change-row-p2');
    expect((screen.getByTestId('wf-version-change-apply') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('relation list', { timeout: SLOW }, () => {
  const relation = (over: Partial<WfRelationRow> = {}): WfRelationRow => ({
    F_Id: 'r1',
    F_SchemeInfoId: 's1',
    F_SchemeName: '请假流程',
    F_FormId: 'f1',
    F_FormName: '请假单',
    F_Type: 0,
    F_Url: '',
    F_Name: '请假单',
    F_Sort: 1,
    ...over,
  });
  const forms = [
    { F_Id: 'f1', F_Name: '请假单', F_Type: 0, F_Category: '', F_Url: '', F_SchemeId: 'fv1' },
    { F_Id: 'sys1', F_Name: '合同', F_Type: 1, F_Category: '', F_Url: '/oa/contract', F_SchemeId: '' },
    { F_Id: 'addr1', F_Name: '外部单', F_Type: 2, F_Category: '', F_Url: 'https://x.example/form', F_SchemeId: '' },
  ];
  const routes = (rows: WfRelationRow[]): Parameters<typeof stubData>[0] => [
    [/^GET \/workflow-relation$/, () => page(rows)],
    [/^GET \/workflow-scheme-info$/, () => page([scheme()])],
    [
      /^GET \/form-scheme$/,
      (url) => forms.filter((f) => (Number(url.searchParams.get('F_Type')) === 1 ? f.F_Type >= 1 : f.F_Type === Number(url.searchParams.get('F_Type')))),
    ],
  ];

  it('toRelationBody trims and defaults', () => {
    expect(toRelationBody({ F_SchemeInfoId: 's1', F_FormId: 'f1', F_Name: ' a ' })).toEqual({
      F_SchemeInfoId: 's1',
      F_FormId: 'f1',
      F_Type: 0,
      F_Url: '',
      F_Name: 'a',
      F_Sort: 0,
    });
  });

  it('adds a relation: scheme, form type, a form of that type (name and address filled from it)', async () => {
    signInForTest(ALL);
    const calls = stubData([...routes([relation()]), [/^POST \/workflow-relation$/, () => ({ F_Id: 'r2' })]]);
    renderWithApp(<RelationPage />);
    await screen.findByTestId('wf-relation-row-r1');
    fireEvent.click(screen.getByTestId('wf-relation-add'));
    await choose('wf-relation-scheme', '请假流程 (leave)');
    fireEvent.click(within(await screen.findByTestId('wf-relation-type')).getByText('系统表单'));
    // Type 1 lists system forms only (the options read answers address forms too).
    fireEvent.mouseDown(within(await screen.findByTestId('wf-relation-form-select')).getByRole('combobox'));
    await waitFor(() => expect(openOptions().map((o) => o.textContent)).toEqual(['合同']));
    fireEvent.click(openOptions()[0]);
    await waitFor(() => expect((screen.getByTestId('wf-relation-url') as HTMLInputElement).value).toBe('/oa/contract'));
    expect((screen.getByTestId('wf-relation-name') as HTMLInputElement).value).toBe('合同');
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        F_SchemeInfoId: 's1',
        F_FormId: 'sys1',
        F_Type: 1,
        F_Url: '/oa/contract',
        F_Name: '合同',
        F_Sort: 0,
      }),
    );
  });

  it('edits and deletes a relation; the scheme filter is sent', async () => {
    signInForTest(ALL);
    const calls = stubData([...routes([relation()]), [/^PUT \/workflow-relation\/r1$/, () => null], [/^DELETE \/workflow-relation\/r1$/, () => null]]);
    renderWithApp(<RelationPage />);
    fireEvent.click(await screen.findByTestId('wf-relation-edit-r1'));
    const name = await screen.findByTestId('wf-relation-name');
    fireEvent.change(name, { target: { value: '请假' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ F_SchemeInfoId: 's1', F_FormId: 'f1', F_Type: 0, F_Name: '请假', F_Sort: 1 }),
    );

    fireEvent.click(screen.getByTestId('wf-relation-delete-r1'));
    fireEvent.click(await screen.findByTestId('delete-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/workflow-relation/r1')).toBe(true));

    await choose('wf-relation-filter-scheme', '请假流程 (leave)');
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/workflow-relation')
          .at(-1)!
          .url.searchParams.get('schemeId'),
      ).toBe('s1'),
    );
  });

  it('hides add, edit and delete without their permissions', async () => {
    signInForTest([workflowSchemePermissions.workflowRelationList]);
    stubData(routes([relation()]));
    renderWithApp(<RelationPage />);
    await screen.findByTestId('wf-relation-row-r1');
    for (const id of ['wf-relation-add', 'wf-relation-edit-r1', 'wf-relation-delete-r1']) expect(screen.queryByTestId(id)).toBeNull();
  });
});
