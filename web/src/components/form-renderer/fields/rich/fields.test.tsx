import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnnexFile, CompanyNode, FormField, OrgNode, UserBrief } from '@app/contracts';
import { renderWithApp, stubApi } from '../../../../test/helpers';
import { signInForTest } from '../../../../test/session';
import { sessionStore } from '../../../../lib/session';
import { annex, stubXhr } from '../../../files/test-util';
import { richFields } from './index';
import { AreaField } from './AreaField';
import { AssoSelectField } from './AssoSelect';
import { CascaderField } from './CascaderField';
import { EditorField } from './EditorField';
import { InfoField, INFO_DATE_FORMAT } from './InfoField';
import { OrgField } from './OrgFields';
import { UploadFormField } from './UploadFormField';
import { UserField } from './UserField';
import { sanitizeHtml } from './sanitize';
import { FieldHost, fakeForm, field } from './test-util';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const value = (vModel: string) => screen.getByTestId(`value-${vModel}`).textContent;
const openSelect = (testId: string) => fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
const option = (text: string) => waitFor(() => screen.getAllByText(text).find((el) => el.closest('.ant-select-item-option'))!);

describe('registry', () => {
  it('registers every rich field type', () => {
    expect(Object.keys(richFields).sort()).toEqual(['area', 'asso-select', 'cascader', 'company', 'department', 'editor', 'info', 'map', 'upload', 'user']);
  });
});

describe('bound select (asso-select)', () => {
  const bound = field(
    'asso-select',
    1,
    'F_Customer',
    {},
    {
      dataType: 'dataSource',
      dataSource: 'customers',
      showField: 'F_Name',
      saveField: 'F_Id',
      // The original stores the mapping as a JSON string: target formId → column of the chosen record.
      autoBindFields: JSON.stringify({ 2: 'F_Phone', 31: 'f_address' }),
    },
  );
  const phone = field('input', 2, 'F_Phone');
  const address = field('input', 31, 'F_Address', {}, { defaultValue: '' });
  const amount = field('number', 32, 'F_Amount');
  const tabs: FormField = {
    __config__: {
      formId: 3,
      avueType: 'tabs',
      tag: '',
      label: 'tabs',
      showLabel: true,
      labelWidth: 120,
      span: 24,
      layout: 'rowFormItem',
      required: false,
      view: true,
      edit: true,
      regList: [],
      option: { column: [{ label: '地址', prop: 'tab1' }] },
      childrenObj: { tab1: [address, amount] },
    },
  } as FormField;
  const scheme = { data: [bound, phone, tabs] };
  const rows = [
    { F_Id: 'c1', F_Name: '甲公司', F_Phone: '13800000001', F_ADDRESS: '北京' },
    { F_Id: 'c2', F_Name: '乙公司', F_Phone: '13800000002', F_ADDRESS: '上海' },
  ];

  it('stores saveField and copies the record into two targets by formId, one inside a tab, in one broadcast', async () => {
    stubApi([[/^GET \/form-scheme\/s1\/field-options\/1$/, () => ({ rows })]]);
    const form = fakeForm(scheme, { source: { schemeId: 's1' } });
    renderWithApp(<FieldHost component={AssoSelectField} field={bound} form={form} />);
    openSelect('asso-select-1');
    fireEvent.click(await option('乙公司'));
    await waitFor(() => expect(value('F_Customer')).toBe('c2'));
    expect(form.broadcasts).toEqual([{ 2: '13800000002', 31: '上海' }]);
    expect(form.values()).toMatchObject({ F_Customer: 'c2', F_Phone: '13800000002', F_Address: '上海' });
  });

  it('clearing resets the bound targets to their empty defaults', async () => {
    stubApi([[/^GET \/form-scheme\/s1\/field-options\/1$/, () => ({ rows })]]);
    const form = fakeForm(scheme, { source: { schemeId: 's1' }, values: { F_Customer: 'c1', F_Phone: '13800000001', F_Address: '北京' } });
    renderWithApp(<FieldHost component={AssoSelectField} field={bound} form={form} />);
    await waitFor(() => expect(within(screen.getByTestId('asso-select-1')).getByText('甲公司')).toBeTruthy());
    const clear = screen.getByTestId('asso-select-1').querySelector('.ant-select-clear')!;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(value('F_Customer')).toBe(''));
    expect(form.broadcasts).toEqual([{ 2: '', 31: '' }]);
    expect(form.values()).toMatchObject({ F_Phone: '', F_Address: '' });
  });

  it('remote search: the chosen record stays shown when a later search answers without it', async () => {
    stubApi([[/^GET \/form-scheme\/s1\/field-options\/1$/, (url) => ({ rows: rows.filter((r) => r.F_Name.includes(url.searchParams.get('keyword') ?? '')) })]]);
    const remote = { ...bound, __config__: { ...bound.__config__, remote: true } } as FormField;
    const form = fakeForm(scheme, { source: { schemeId: 's1' } });
    renderWithApp(<FieldHost component={AssoSelectField} field={remote} form={form} />);
    openSelect('asso-select-1');
    fireEvent.click(await option('甲公司'));
    await waitFor(() => expect(value('F_Customer')).toBe('c1'));
    const box = within(screen.getByTestId('asso-select-1')).getByRole('combobox');
    fireEvent.change(box, { target: { value: '乙' } });
    await option('乙公司');
    fireEvent.blur(box);
    await waitFor(() => expect(within(screen.getByTestId('asso-select-1')).getByText('甲公司')).toBeTruthy());
  });

  it('read-only: cannot be opened', async () => {
    stubApi([[/^GET \/form-scheme\/s1\/field-options\/1$/, () => ({ rows })]]);
    const form = fakeForm(scheme, { source: { schemeId: 's1' }, values: { F_Customer: 'c1' } });
    renderWithApp(<FieldHost component={AssoSelectField} field={bound} form={form} disabled />);
    await waitFor(() => expect(within(screen.getByTestId('asso-select-1')).getByText('甲公司')).toBeTruthy());
    openSelect('asso-select-1');
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.ant-select-item-option')).toBeNull();
    expect(form.broadcasts).toEqual([]);
  });
});

describe('cascader', () => {
  it('static options in the original shape; the chosen path is stored comma-joined and shown back', async () => {
    stubApi([]);
    const f = field('cascader', 5, 'F_Place', {
      options: [{ label: '浙江', value: 'zj', children: [{ label: '杭州', value: 'hz', children: [{ label: '西湖', value: 'xh' }] }] }],
    } as Partial<FormField>);
    const form = fakeForm({ data: [f] });
    renderWithApp(<FieldHost component={CascaderField} field={f} form={form} />);
    fireEvent.mouseDown(within(screen.getByTestId('cascader-5')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('浙江'));
    fireEvent.click(await screen.findByText('杭州'));
    fireEvent.click(await screen.findByText('西湖'));
    await waitFor(() => expect(value('F_Place')).toBe('zj,hz,xh'));
    expect(within(screen.getByTestId('cascader-5')).getByText('浙江 / 杭州 / 西湖')).toBeTruthy();
  });

  it('a dictionary cascader walks the items by parent', async () => {
    const it = (id: string, name: string, v: string, parent = '0') => ({
      F_ItemDetailId: id,
      F_ItemId: 't',
      F_ParentId: parent,
      F_ItemName: name,
      F_ItemValue: v,
      F_ItemCode: v,
      F_SortCode: 0,
      F_EnabledMark: 1,
      F_Description: '',
    });
    stubApi([[/^GET \/data-items\/Region\/detail$/, () => [it('1', '华东', 'east'), it('2', '上海', 'sh', '1')]]]);
    const f = field('cascader', 6, 'F_Region', {}, { dataType: 'dataItem', dataItem: 'Region' });
    renderWithApp(<FieldHost component={CascaderField} field={f} form={fakeForm({ data: [f] }, { values: { F_Region: 'east,sh' } })} />);
    await waitFor(() => expect(within(screen.getByTestId('cascader-6')).getByText('华东 / 上海')).toBeTruthy());
  });
});

describe('area', () => {
  it("stores 'provinceId,cityId,districtId'", async () => {
    const area = (id: string, name: string, level: number) => ({
      F_AreaId: id,
      F_AreaName: name,
      F_ParentId: '0',
      F_Level: level,
      F_SortCode: 0,
      hasChildren: level < 3,
    });
    stubApi([
      [/^GET \/areas\/province$/, () => [area('11', '北京市', 1)]],
      [/^GET \/areas\/11\/child$/, () => [area('1101', '市辖区', 2)]],
      [/^GET \/areas\/1101\/child$/, () => [area('110101', '东城区', 3)]],
    ]);
    const f = field('area', 9, 'F_Area');
    renderWithApp(<FieldHost component={AreaField} field={f} form={fakeForm({ data: [f] })} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('北京市'));
    fireEvent.click(await screen.findByText('市辖区'));
    fireEvent.click(await screen.findByText('东城区'));
    await waitFor(() => expect(value('F_Area')).toBe('11,1101,110101'));
  });

  it('a stored path shows its names before the picker is opened', async () => {
    const area = (id: string, name: string, level: number) => ({
      F_AreaId: id,
      F_AreaName: name,
      F_ParentId: '0',
      F_Level: level,
      F_SortCode: 0,
      hasChildren: level < 3,
    });
    stubApi([
      [/^GET \/areas\/province$/, () => [area('11', '北京市', 1)]],
      [/^GET \/areas\/11\/child$/, () => [area('1101', '市辖区', 2)]],
      [/^GET \/areas\/1101\/child$/, () => [area('110101', '东城区', 3)]],
    ]);
    const f = field('area', 10, 'F_Area');
    renderWithApp(
      <FieldHost component={AreaField} field={f} form={fakeForm({ data: [f] }, { mode: 'look', values: { F_Area: '11,1101,110101' } })} disabled />,
    );
    expect(await screen.findByText('北京市 / 市辖区 / 东城区')).toBeTruthy();
  });
});

describe('upload', () => {
  const f = field('upload', 11, 'F_Files', { accept: '.pdf', multiple: true, limit: 3 }, { fileSize: 500, sizeUnit: 'KB' });

  it('uploads with the field’s limits; the value is the folder id', async () => {
    const listed: AnnexFile[] = [];
    stubApi([[/^GET \/annexes-files\/url\/new1$/, () => listed]]);
    const sent = stubXhr((x) => {
      const files = [annex({ F_FolderId: 'new1' })];
      listed.push(...files);
      x.respond({ code: 200, success: true, msg: '', data: { FileUrl: 'u', FileIds: ['x1'], FolderId: 'new1', Files: files } });
    });
    renderWithApp(<FieldHost component={UploadFormField} field={f} form={fakeForm({ data: [f] })} />);
    expect(screen.getByTestId('upload-11-tip').textContent).toBe('只能上传不超过 500KB 的 .pdf 文件');
    fireEvent.change(screen.getByTestId('upload-11-input'), { target: { files: [new File(['%PDF'], '报告.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(value('F_Files')).toBe('new1'));
    expect(sent[0].url).toBe('/api/upload?purpose=form&limit=500&unit=KB&accept=.pdf');
    expect(await screen.findByText('报告.pdf')).toBeTruthy();
  });

  it('in a saved form, names the form, its version and the field: the server applies the stored limits', async () => {
    stubApi([[/^GET \/annexes-files\/url\/new1$/, () => []]]);
    const sent = stubXhr((x) =>
      x.respond({ code: 200, success: true, msg: '', data: { FileUrl: 'u', FileIds: ['x1'], FolderId: 'new1', Files: [annex({ F_FolderId: 'new1' })] } }),
    );
    renderWithApp(<FieldHost component={UploadFormField} field={f} form={fakeForm({ data: [f] }, { source: { schemeId: 'form1', versionId: 'v2' } })} />);
    fireEvent.change(screen.getByTestId('upload-11-input'), { target: { files: [new File(['%PDF'], '报告.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].url).toBe('/api/upload?purpose=form&limit=500&unit=KB&accept=.pdf&formId=form1&schemeId=v2&fieldId=11');
  });

  it('default limit 2 MB; read-only refuses upload and delete', async () => {
    const calls = stubApi([[/^GET \/annexes-files\/url\/f1$/, () => [annex()]]]);
    const sent = stubXhr();
    const plain = field('upload', 12, 'F_Doc');
    renderWithApp(<FieldHost component={UploadFormField} field={plain} form={fakeForm({ data: [plain] }, { values: { F_Doc: 'f1' } })} disabled />);
    expect(screen.getByTestId('upload-12-tip').textContent).toBe('只能上传不超过 2MB 的文件');
    fireEvent.click(screen.getByTestId('upload-12-button'));
    expect(await screen.findByText('您没有权限上传')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('attachment-delete-x1'));
    expect(await screen.findByText('您没有权限删除')).toBeTruthy();
    expect(sent).toHaveLength(0);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(value('F_Doc')).toBe('f1');
  });
});

describe('editor', () => {
  it('read-only shows the cleaned HTML and loads no editor', () => {
    stubApi([]);
    const f = field('editor', 13, 'F_Body');
    const html = '<p onclick="steal()">正文<script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src="x.png" onerror="alert(2)"></p>';
    renderWithApp(<FieldHost component={EditorField} field={f} form={fakeForm({ data: [f] }, { mode: 'look', values: { F_Body: html } })} disabled />);
    const box = screen.getByTestId('editor-13');
    expect(box.innerHTML).toBe('<p>正文<a>链接</a><img src="x.png"></p>');
    expect(document.querySelector('.rich-editor, .ProseMirror, [contenteditable]')).toBeNull();
  });

  it('sanitizeHtml keeps formatting and drops what could run', () => {
    expect(sanitizeHtml('<h2 style="color:red">标题</h2><table><tbody><tr><td colspan="2">1</td></tr></tbody></table>')).toBe(
      '<h2 style="color:red">标题</h2><table><tbody><tr><td colspan="2">1</td></tr></tbody></table>',
    );
    expect(sanitizeHtml('<a href="https://e.com" target="_blank">x</a>')).toBe('<a href="https://e.com" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<div style="background:url(http://e/x)"><iframe src="http://e"></iframe><custom>保留</custom></div>')).toBe('<div>保留</div>');
    expect(sanitizeHtml('<a href=" java\tscript:alert(1)">x</a><img src="data:image/png;base64,AA==">')).toBe('<a>x</a><img src="data:image/png;base64,AA==">');
  });
});

const companies: CompanyNode[] = [
  {
    F_CompanyId: 'c1',
    F_ParentId: '0',
    F_FullName: '总公司',
    F_CompanyName: '总',
    F_EnCode: 'HQ',
    F_Nature: null,
    F_SortCode: 0,
    F_EnabledMark: 1,
    children: [
      {
        F_CompanyId: 'c2',
        F_ParentId: 'c1',
        F_FullName: '分公司',
        F_CompanyName: '分',
        F_EnCode: 'BR',
        F_Nature: null,
        F_SortCode: 0,
        F_EnabledMark: 1,
        children: [],
      },
    ],
  },
];
const org: OrgNode[] = [
  {
    id: 'c1',
    parentId: '0',
    title: '总公司',
    type: 'company',
    companyId: 'c1',
    children: [
      { id: 'd1', parentId: '0', title: '研发部', type: 'department', companyId: 'c1', children: [] },
      { id: 'd2', parentId: '0', title: '财务部', type: 'department', companyId: 'c1', children: [] },
    ],
  },
];
const user = (id: string, name: string): UserBrief => ({
  F_UserId: id,
  F_Account: id,
  F_RealName: name,
  F_Gender: 0,
  F_HeadIcon: null,
  F_EnabledMark: 1,
  F_CompanyId: 'c1',
  F_DepartmentName: '研发部',
});
const users = [user('u1', '张三'), user('u2', '李四'), user('u3', '王五')];
const stubOrg = () =>
  stubApi([
    [/^GET \/companies\/tree$/, () => companies],
    [/^GET \/companies\/departments\/tree$/, () => org],
    [/^GET \/(companies|departments)\/[^/]+\/users$/, () => ({ Rows: users, Total: users.length })],
    [/^GET \/users\/multi\//, (url) => users.filter((x) => decodeURIComponent(url.pathname.split('/').pop()!).split(',').includes(x.F_UserId))],
  ]);

describe('company / department pickers', () => {
  it('company: a tree select storing the id; shows the name', async () => {
    stubOrg();
    const f = field('company', 14, 'F_Company', {}, { tagIcon: 'company' });
    renderWithApp(<FieldHost component={OrgField} field={f} form={fakeForm({ data: [f] })} />);
    fireEvent.mouseDown(within(screen.getByTestId('company-14')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('分公司'));
    await waitFor(() => expect(value('F_Company')).toBe('c2'));
  });

  it('department, multiple: ids comma-joined; companies only group', async () => {
    stubOrg();
    const f = field('department', 15, 'F_Depts', { multiple: true }, { tagIcon: 'department' });
    renderWithApp(<FieldHost component={OrgField} field={f} form={fakeForm({ data: [f] }, { values: { F_Depts: 'd1' } })} />);
    await waitFor(() => expect(within(screen.getByTestId('department-15')).getByText('研发部')).toBeTruthy());
    fireEvent.mouseDown(within(screen.getByTestId('department-15')).getByRole('combobox'));
    const tree = await waitFor(() => document.querySelector('.ant-select-tree') as HTMLElement);
    fireEvent.click(within(tree).getByText('总公司'));
    await new Promise((r) => setTimeout(r, 50));
    expect(value('F_Depts')).toBe('d1');
    fireEvent.click(within(tree).getByText('财务部'));
    await waitFor(() => expect(value('F_Depts')).toBe('d1,d2'));
  });
});

describe('user picker field', () => {
  it('multiple: chosen in the user picker, stored comma-joined, shown by name', async () => {
    stubOrg();
    const f = field('user', 16, 'F_Users', { multiple: true });
    renderWithApp(<FieldHost component={UserField} field={f} form={fakeForm({ data: [f] }, { values: { F_Users: 'u1' } })} />);
    expect(await screen.findByText('张三')).toBeTruthy();
    fireEvent.click(screen.getByTestId('user-16-choose'));
    fireEvent.click(await screen.findByTestId('user-picker-row-u2'));
    fireEvent.click(screen.getByTestId('user-picker-row-u3'));
    await waitFor(() => expect(screen.getByTestId('user-picker-selected-u1')).toBeTruthy());
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    await waitFor(() => expect(value('F_Users')).toBe('u1,u2,u3'));
    await waitFor(() => expect(within(screen.getByTestId('user-16')).getByText('王五')).toBeTruthy());
    fireEvent.click(within(screen.getByTestId('user-16-tag-u2')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(value('F_Users')).toBe('u1,u3'));
  });

  it('single mode refuses a second person; read-only has no chooser', async () => {
    stubOrg();
    const f = field('user', 17, 'F_User');
    const { unmount } = renderWithApp(<FieldHost component={UserField} field={f} form={fakeForm({ data: [f] })} />);
    fireEvent.click(screen.getByTestId('user-17-choose'));
    fireEvent.click(await screen.findByTestId('user-picker-row-u1'));
    fireEvent.click(screen.getByTestId('user-picker-row-u2'));
    expect(await screen.findByText('只能选择一个，不允许多选')).toBeTruthy();
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    await waitFor(() => expect(value('F_User')).toBe('u1'));
    unmount();
    renderWithApp(<FieldHost component={UserField} field={f} form={fakeForm({ data: [f] }, { values: { F_User: 'u2' } })} disabled />);
    expect(await screen.findByText('李四')).toBeTruthy();
    expect(screen.queryByTestId('user-17-choose')).toBeNull();
    expect(screen.getByTestId('user-17').querySelector('.ant-tag-close-icon')).toBeNull();
  });
});

describe('info fields', () => {
  const signIn = () => {
    signInForTest();
    sessionStore.set(
      (s) =>
        s && {
          ...s,
          userInfo: { ...s.userInfo, F_Company: { F_CompanyId: 'c1', F_FullName: '总公司' }, F_Department: [{ F_DepartmentId: 'd1', F_FullName: '研发部' }] },
        },
    );
  };
  const infos = [
    field('info', 21, 'F_Co', { infoType: 'company' }),
    field('info', 22, 'F_Dept', { infoType: 'department' }),
    field('info', 23, 'F_Who', { infoType: 'user' }),
    field('info', 24, 'F_When', { infoType: 'date' }),
  ];
  const renderAll = (form: ReturnType<typeof fakeForm>) =>
    renderWithApp(
      <>
        {infos.map((f) => (
          <FieldHost key={f.__vModel__} component={InfoField} field={f} form={form} />
        ))}
      </>,
    );
  const shown = (formId: number) => (screen.getByTestId(`info-${formId}`) as HTMLInputElement).value;

  it('add mode fills the signed-in user’s company, department, id and the current time (ids stored, names shown, read-only)', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 23, 9, 5, 7), shouldAdvanceTime: true });
    signIn();
    const calls = stubOrg();
    renderAll(fakeForm({ data: infos }, { mode: 'add' }));
    await waitFor(() => expect(value('F_When')).toBe('2026-11-23 09:05:07'));
    expect([value('F_Co'), value('F_Dept'), value('F_Who')]).toEqual(['c1', 'd1', 'u1']);
    expect([shown(21), shown(22), shown(23), shown(24)]).toEqual(['总公司', '研发部', 'Admin', '2026-11-23 09:05:07']);
    expect((screen.getByTestId('info-21') as HTMLInputElement).disabled).toBe(true);
    expect(INFO_DATE_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    // The user's own names need no look-up.
    expect(calls).toHaveLength(0);
  });

  it('add mode keeps a value already there; edit and look never fill, and show stored ids as names', async () => {
    signIn();
    stubOrg();
    const stored = { F_Co: 'c2', F_Dept: 'd2', F_Who: 'u3', F_When: '2025-01-02 03:04:05' };
    const { unmount } = renderAll(fakeForm({ data: infos }, { mode: 'add', values: { F_Who: 'u3' } }));
    await waitFor(() => expect(value('F_Co')).toBe('c1'));
    expect(value('F_Who')).toBe('u3');
    unmount();
    for (const mode of ['edit', 'look'] as const) {
      const form = fakeForm({ data: infos }, { mode });
      const view = renderAll(form);
      await new Promise((r) => setTimeout(r, 30));
      expect(form.values()).toEqual({});
      view.unmount();
    }
    renderAll(fakeForm({ data: infos }, { mode: 'look', values: stored }));
    await waitFor(() => expect([shown(21), shown(22), shown(23), shown(24)]).toEqual(['分公司', '财务部', '王五', '2025-01-02 03:04:05']));
    expect(screen.getAllByTestId(/^changes-/).map((e) => e.textContent)).toEqual(['0', '0', '0', '0']);
  });
});

describe('every rich field mounts read-only in look mode', () => {
  it('renders without crashing', async () => {
    stubApi([
      [/^GET \/companies\/tree$/, () => companies],
      [/^GET \/companies\/departments\/tree$/, () => org],
      [/^GET \/areas\/province$/, () => []],
    ]);
    const all = Object.entries(richFields).map(([type, Field], i) => ({ Field, f: field(type as FormField['__config__']['avueType'], 100 + i, `F_${i}`) }));
    const form = fakeForm({ data: all.map((a) => a.f) }, { mode: 'look' });
    renderWithApp(
      <>
        {all.map(({ Field, f }) => (
          <FieldHost key={f.__vModel__} component={Field!} field={f} form={form} disabled />
        ))}
      </>,
    );
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(await screen.findByTestId('leaflet-map')).toBeTruthy();
  });
});
