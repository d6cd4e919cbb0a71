import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { FIELD_TYPES, type FormField, type FormSchemeDetail } from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { Fail, stubData, type Call } from '../../data/test-stub';
import FormDesignerPage from './FormDesignerPage';
import { canvasRenders } from './Canvas';
import { newField } from './palette';

// antd under a loaded CI machine: the default 20 s is too tight for the longer flows.
const SLOW = 60_000;
const PATH = '/quick-development/form-design/designer';

beforeEach(() => signInForTest([]));
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

function Location() {
  const loc = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <div data-testid="location">{loc.search}</div>
      <button type="button" data-testid="go-new" onClick={() => navigate(PATH)} />
    </>
  );
}

function renderDesigner(url = PATH) {
  return renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path={PATH}
          element={
            <>
              <FormDesignerPage />
              <Location />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

interface Scheme {
  data: FormField[];
  formConf?: Record<string, unknown>;
}

/** The scheme as the JSON view shows it. */
function readJson(): Scheme {
  fireEvent.click(screen.getByTestId('designer-json'));
  const text = screen.getByTestId('designer-json-text').textContent ?? '';
  fireEvent.click(document.querySelector('.ant-modal-close')!);
  return JSON.parse(text) as Scheme;
}

/** A DataTransfer good enough for React's drag events in jsdom. */
function dataTransfer() {
  const store: Record<string, string> = {};
  return {
    setData: (k: string, v: string) => (store[k] = v),
    getData: (k: string) => store[k] ?? '',
    effectAllowed: 'all',
    dropEffect: 'none',
    types: [] as string[],
    files: [],
  };
}
function dragTo(source: HTMLElement, target: HTMLElement) {
  const dt = dataTransfer();
  fireEvent.dragStart(source, { dataTransfer: dt });
  fireEvent.dragOver(target, { dataTransfer: dt });
  fireEvent.drop(target, { dataTransfer: dt });
  fireEvent.dragEnd(source, { dataTransfer: dt });
}

const ids = (fields: FormField[] | undefined) => (fields ?? []).map((f) => f.__config__.formId);
const add = (type: string) => {
  fireEvent.click(screen.getByTestId('designer-canvas'));
  fireEvent.click(screen.getByTestId(`palette-${type}`));
};
const select = (formId: number) => fireEvent.click(screen.getByTestId(`canvas-field-${formId}`));
const prop = (key: string) => screen.getByTestId(`prop-${key}`);
/** An option of the last opened dropdown (closed dropdowns stay in the DOM). */
const pickOption = async (text: string) => (await screen.findAllByText(text)).at(-1)!;
const typeInto = (key: string, value: string) => fireEvent.change(prop(key), { target: { value } });

describe('form designer', { timeout: SLOW }, () => {
  it('adds every field type by click, each with the next formId and a default vModel', async () => {
    stubData([]);
    renderDesigner();
    for (const type of FIELD_TYPES) add(type);
    const { data, formConf } = readJson();
    expect(data.map((f) => f.__config__.avueType)).toEqual([...FIELD_TYPES]);
    expect(ids(data)).toEqual(FIELD_TYPES.map((_, i) => 101 + i));
    expect(data[0]).toMatchObject({ __vModel__: 'field101', placeholder: '请输入单行文本', __config__: { label: '单行文本', tag: 'el-input', span: 24 } });
    expect(data.find((f) => f.__config__.avueType === 'table')?.__vModel__).toBe(`table${101 + FIELD_TYPES.indexOf('table')}`);
    expect(data.find((f) => f.__config__.avueType === 'row')?.__vModel__).toBeUndefined();
    expect(data.find((f) => f.__config__.avueType === 'radio')?.__slot__?.options).toEqual([
      { label: '选项一', value: '1' },
      { label: '选项二', value: '2' },
    ]);
    expect(formConf).toMatchObject({ labelWidth: 120, labelPosition: 'right', gutter: 15 });
    // A click with a container selected adds into it (keyboard / phone friendly).
    select(101 + FIELD_TYPES.indexOf('row'));
    fireEvent.click(screen.getByTestId('palette-input'));
    const after = readJson().data;
    expect(after.find((f) => f.__config__.avueType === 'row')?.__config__.children?.[0]).toMatchObject({ __vModel__: 'field129', __config__: { formId: 129 } });
  });

  it('previews every field type through the renderer in add / edit / look and validates', async () => {
    stubData([
      [/^GET /, () => []],
      [/^POST \/form-scheme\/field-options$/, () => ({ rows: [] })],
    ]);
    renderDesigner();
    for (const type of FIELD_TYPES) add(type);
    select(101);
    fireEvent.click(prop('required'));
    fireEvent.click(screen.getByTestId('designer-preview'));
    const preview = await screen.findByTestId('designer-preview-form');
    expect(await within(preview).findByText('多行文本')).toBeTruthy();
    fireEvent.click(screen.getByTestId('preview-validate'));
    expect(await screen.findByText('校验未通过')).toBeTruthy();
    const mode = screen.getByTestId('preview-mode');
    fireEvent.click(within(mode).getByText('查看'));
    expect(await within(screen.getByTestId('designer-preview-form')).findByText('多行文本')).toBeTruthy();
  });

  it('adds by drag and drop, reorders, and drops into a tab and a sub-table (no containers there)', async () => {
    stubData([]);
    renderDesigner();
    const root = () => screen.getByTestId('canvas-list-root');
    dragTo(screen.getByTestId('palette-input'), root());
    dragTo(screen.getByTestId('palette-number'), root());
    dragTo(screen.getByTestId('palette-select'), screen.getByTestId('canvas-field-101'));
    expect(ids(readJson().data)).toEqual([103, 101, 102]);
    // Reorder: onto an item goes before it, onto the list's free space goes to the end.
    dragTo(screen.getByTestId('canvas-field-102'), screen.getByTestId('canvas-field-103'));
    expect(ids(readJson().data)).toEqual([102, 103, 101]);
    dragTo(screen.getByTestId('canvas-field-102'), root());
    expect(ids(readJson().data)).toEqual([103, 101, 102]);

    dragTo(screen.getByTestId('palette-tabs'), root());
    dragTo(screen.getByTestId('palette-textarea'), screen.getByTestId('canvas-list-104-tab1'));
    fireEvent.click(screen.getByTestId('canvas-tab-104-tab2'));
    dragTo(screen.getByTestId('canvas-field-101'), screen.getByTestId('canvas-list-104-tab2'));
    dragTo(screen.getByTestId('palette-date'), screen.getByTestId('canvas-tab-104-tab1'));
    let data = readJson().data;
    const tabs = data.find((f) => f.__config__.formId === 104)!;
    expect(ids(tabs.__config__.childrenObj?.tab1)).toEqual([105, 106]);
    expect(ids(tabs.__config__.childrenObj?.tab2)).toEqual([101]);
    expect(ids(data)).toEqual([103, 102, 104]);

    dragTo(screen.getByTestId('palette-table'), root());
    dragTo(screen.getByTestId('palette-number'), screen.getByTestId('canvas-list-107'));
    dragTo(screen.getByTestId('canvas-field-103'), screen.getByTestId('canvas-list-107'));
    dragTo(screen.getByTestId('palette-row'), screen.getByTestId('canvas-list-107'));
    dragTo(screen.getByTestId('canvas-field-104'), screen.getByTestId('canvas-list-107'));
    data = readJson().data;
    const table = data.find((f) => f.__config__.formId === 107)!;
    expect(ids(table.__config__.children)).toEqual([108, 103]);
    expect(table.__config__.children?.[0].__vModel__).toBe('field108');
    expect(ids(data)).toEqual([102, 104, 107]);
    // A container never goes inside itself.
    dragTo(screen.getByTestId('canvas-field-104'), screen.getByTestId('canvas-list-104-tab1'));
    expect(ids(readJson().data)).toEqual([102, 104, 107]);
  });

  it('edits properties, reflected in the JSON', async () => {
    const source = {
      F_Id: 'ds1',
      F_Code: 'customers',
      F_Name: '客户',
      F_DbId: 'local',
      F_Sql: 'select 1',
      F_Params: [],
      F_IdField: '',
      F_ParentField: '',
      F_Description: '',
      F_CreateDate: '',
    };
    stubData([
      [/^GET \/data-sources$/, () => ({ Rows: [source], Total: 1 })],
      [
        /^GET \/data-sources\/ds1\/fields$/,
        () => [
          { name: 'F_CustomerName', dataType: 'text' },
          { name: 'id', dataType: 'int4' },
        ],
      ],
    ]);
    renderDesigner();
    add('input');
    add('number');
    add('number');
    add('computation');
    add('select');
    add('asso-select');
    add('switch');
    add('date');
    add('tabs');

    select(101);
    typeInto('label', '姓名');
    typeInto('__vModel__', 'F_Name');
    fireEvent.click(prop('required'));
    typeInto('placeholder', '请输入姓名');
    typeInto('maxlength', '20');
    fireEvent.click(prop('show-word-limit'));
    typeInto('prepend', '¥');
    typeInto('span', '12');
    fireEvent.click(prop('regList-add'));
    typeInto('regList-pattern-0', '^\\S+$');
    typeInto('regList-message-0', '不能有空格');
    typeInto('__vModel__', '1bad');
    expect(screen.getByText('只能包含字母、数字和下划线，且以字母或下划线开头')).toBeTruthy();
    typeInto('__vModel__', 'F_Name');

    select(104);
    fireEvent.click(prop('formula-field-102'));
    fireEvent.click(prop('formula-op-plus'));
    fireEvent.click(prop('formula-field-103'));
    fireEvent.click(prop('formula-op-times'));
    fireEvent.change(within(prop('formula-const')).getByRole('searchbox'), { target: { value: '1.5' } });
    fireEvent.click(within(prop('formula-const')).getByRole('button'));
    fireEvent.click(prop('formula-tax'));
    typeInto('taxRate', '13');
    fireEvent.click(prop('showCapitalizedValue'));
    expect(prop('formula').textContent).toBe('数字 + 数字 * 1.5 税率');

    select(105);
    typeInto('options-label-1', 'B');
    fireEvent.click(prop('options-add'));
    fireEvent.click(prop('multiple'));

    select(106);
    // Suggestions come from the data platform; the values can still be typed.
    typeInto('dataSource', 'cust');
    fireEvent.click(await pickOption('客户 (customers)'));
    typeInto('showField', 'name');
    typeInto('saveField', 'i');
    fireEvent.click(await pickOption('id (int4)'));
    fireEvent.click(prop('autoBindFields-add'));
    typeInto('autoBindFields-column-0', 'F_Cust');
    fireEvent.click(await pickOption('F_CustomerName (text)'));

    select(107);
    typeInto('active-value', '1');
    typeInto('inactive-value', '0');
    typeInto('active-text', '是');

    select(109);
    fireEvent.click(prop('tabs-add'));
    typeInto('tabs-label-0', '基本信息');

    fireEvent.click(screen.getByTestId('designer-tab-form'));
    typeInto('formConf-labelWidth', '100');

    const data = readJson();
    const [input, , , computation, sel, asso, sw, , tabs] = data.data;
    expect(input).toMatchObject({
      __vModel__: 'F_Name',
      placeholder: '请输入姓名',
      maxlength: 20,
      'show-word-limit': true,
      __slot__: { prepend: '¥' },
      __config__: { label: '姓名', required: true, span: 12, regList: [{ pattern: '^\\S+$', message: '不能有空格' }] },
    });
    expect(computation.computationalConfiguration).toEqual([
      { type: 'formId', formId: 102, name: '数字' },
      { type: 'operator', formId: 0, name: '+' },
      { type: 'formId', formId: 103, name: '数字' },
      { type: 'operator', formId: 0, name: '*' },
      { type: 'operator', formId: 0, name: '1.5' },
      { type: 'taxRate', formId: 0, name: 'taxRate' },
    ]);
    expect(computation).toMatchObject({ taxRate: 13, __config__: { showCapitalizedValue: true } });
    expect(sel).toMatchObject({
      multiple: true,
      __slot__: {
        options: [
          { label: '选项一', value: '1' },
          { label: 'B', value: '2' },
          { label: '选项3', value: '3' },
        ],
      },
    });
    expect(asso.__config__).toMatchObject({ dataType: 'dataSource', dataSource: 'customers', showField: 'name', saveField: 'id' });
    expect(JSON.parse(asso.__config__.autoBindFields as string)).toEqual({ 101: 'F_CustomerName' });
    expect(sw).toMatchObject({ 'active-value': 1, 'inactive-value': 0, 'active-text': '是' });
    expect(tabs.__config__.option?.column).toEqual([
      { label: '基本信息', prop: 'tab1' },
      { label: '标签2', prop: 'tab2' },
      { label: '标签3', prop: 'tab3' },
    ]);
    expect(tabs.__config__.childrenObj).toEqual({ tab1: [], tab2: [], tab3: [] });
    expect(data.formConf?.labelWidth).toBe(100);
  });

  it('undoes and redoes (buttons and Ctrl+Z / Ctrl+Y); typing one property is one step', async () => {
    stubData([]);
    renderDesigner();
    add('input');
    add('number');
    select(101);
    typeInto('label', 'a');
    typeInto('label', 'ab');
    typeInto('label', 'abc');
    fireEvent.click(screen.getByTestId('designer-undo'));
    expect(readJson().data.map((f) => f.__config__.label)).toEqual(['单行文本', '数字']);
    fireEvent.click(screen.getByTestId('designer-undo'));
    expect(ids(readJson().data)).toEqual([101]);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(ids(readJson().data)).toEqual([]);
    expect((screen.getByTestId('designer-undo') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    fireEvent.click(screen.getByTestId('designer-redo'));
    fireEvent.click(screen.getByTestId('designer-redo'));
    expect(readJson().data.map((f) => f.__config__.label)).toEqual(['abc', '数字']);
    expect((screen.getByTestId('designer-redo') as HTMLButtonElement).disabled).toBe(true);
  });

  it('copies (deep, new formIds and vModels) and deletes', async () => {
    stubData([]);
    renderDesigner();
    add('row');
    fireEvent.click(screen.getByTestId('palette-input')); // into the selected row
    select(101);
    fireEvent.click(screen.getByTestId('designer-copy'));
    let data = readJson().data;
    expect(ids(data)).toEqual([101, 103]);
    expect(data[1].__config__.children?.[0]).toMatchObject({ __vModel__: 'field104', __config__: { formId: 104 } });
    expect(screen.getByTestId('canvas-field-103').dataset.selected).toBe('true');
    fireEvent.click(screen.getByTestId('designer-delete'));
    select(102);
    fireEvent.click(screen.getByTestId('designer-delete'));
    data = readJson().data;
    expect(ids(data)).toEqual([101]);
    expect(data[0].__config__.children).toEqual([]);
    expect((screen.getByTestId('designer-delete') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('designer-clear'));
    fireEvent.click(await screen.findByTestId('designer-clear-ok'));
    await waitFor(() => expect(screen.queryByTestId('canvas-field-101')).toBeNull());
    fireEvent.click(screen.getByTestId('designer-undo'));
    expect(ids(readJson().data)).toEqual([101]);
  });

  it('imports JSON: a bad one shows the message and changes nothing, a good one replaces the fields', async () => {
    stubData([]);
    renderDesigner();
    add('input');
    const importText = (text: string) => {
      fireEvent.click(screen.getByTestId('designer-import'));
      fireEvent.change(screen.getByTestId('designer-import-text'), { target: { value: text } });
      fireEvent.click(screen.getByTestId('designer-import-ok'));
    };
    importText('{ not json');
    expect(await screen.findByText('表单配置异常，请检查数据格式')).toBeTruthy();
    fireEvent.change(screen.getByTestId('designer-import-text'), {
      target: { value: JSON.stringify({ data: [newField('input', 5, 'a', (k) => k), newField('input', 5, 'b', (k) => k)] }) },
    });
    fireEvent.click(screen.getByTestId('designer-import-ok'));
    await waitFor(() => expect(screen.getAllByText('表单配置异常，请检查数据格式').length).toBeGreaterThan(0));
    fireEvent.click(document.querySelector('.ant-modal-close')!);
    expect(ids(readJson().data)).toEqual([101]);

    const good = {
      data: [
        { __vModel__: 'F_A', __config__: { formId: 7, avueType: 'input', label: 'A' } },
        { __vModel__: 'F_B', __config__: { formId: 9, avueType: 'number', label: 'B' } },
      ],
      formConf: { labelWidth: 90, labelPosition: 'top', gutter: 10, size: 'small' },
    };
    importText(JSON.stringify(good));
    expect(await screen.findByTestId('canvas-field-9')).toBeTruthy();
    const data = readJson();
    expect(ids(data.data)).toEqual([7, 9]);
    expect(data.formConf).toMatchObject({ labelWidth: 90, labelPosition: 'top' });
    // New fields continue after the highest formId.
    add('input');
    expect(readJson().data[2]).toMatchObject({ __vModel__: 'field10', __config__: { formId: 10 } });
  });

  it('saves a new form with tables (customtable, tableInfo, bindTable filled), then updates it with PUT', async () => {
    const calls: Call[] = stubData([
      [/^POST \/form-scheme\/customtable$/, () => ({ F_Id: 'f1', F_SchemeId: 's1', F_Version: 1, tables: [] })],
      [/^PUT \/form-scheme\/customtable\/f1$/, () => ({ F_Id: 'f1', F_SchemeId: 's2', F_Version: 2, tables: [] })],
    ]);
    renderDesigner();
    add('input');
    add('tabs');
    fireEvent.click(screen.getByTestId('palette-number')); // into tab1 of the selected tabs
    add('table');
    fireEvent.click(screen.getByTestId('palette-number')); // a column of the selected sub-table
    select(104);
    typeInto('__vModel__', 'items');
    typeInto('bindTable', 'demo_items');
    expect(screen.getByTestId('designer-dirty').textContent).toBe('未保存');

    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText('请输入表单名称')).toBeTruthy();
    expect(calls).toHaveLength(0);
    typeInto('F_Name', '请假单');
    typeInto('F_Category', 'HR');
    typeInto('mainTable', '1bad');
    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText('请输入有效的主表名')).toBeTruthy();
    typeInto('mainTable', 'demo_leave');
    fireEvent.click(screen.getByTestId('designer-save'));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].method).toBe('POST');
    expect(calls[0].path).toBe('/form-scheme/customtable');
    const body = calls[0].body as { F_Name: string; F_Category: string; F_Type: number; F_Scheme: Scheme; tableInfo: unknown[] };
    expect(body).toMatchObject({ F_Name: '请假单', F_Category: 'HR', F_Type: 0 });
    expect(body.tableInfo).toEqual([
      { dbId: 'local', name: 'demo_leave', comment: '请假单', type: 'main', primaryKey: 'F_Id' },
      { dbId: 'local', name: 'demo_items', comment: '子表', type: 'sub', primaryKey: 'F_Id', relationField: 'F_ParentId' },
    ]);
    const [input, tabs, table] = body.F_Scheme.data;
    expect(input.__config__).toMatchObject({ bindTable: 'demo_leave', bindTableField: 'field101' });
    expect(tabs.__config__.childrenObj?.tab1[0].__config__).toMatchObject({ formId: 103, bindTable: 'demo_leave', bindTableField: 'field103' });
    expect(table.__config__.bindTable).toBe('demo_items');
    expect(table.__config__.children?.[0].__config__).toMatchObject({ bindTable: 'demo_items', bindTableField: 'field105' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?id=f1'));
    expect(await screen.findByText('保存成功（版本 1）')).toBeTruthy();
    expect(screen.queryByTestId('designer-dirty')).toBeNull();
    // The saved form is not loaded again over the designer's state.
    expect(calls.some((c) => c.method === 'GET')).toBe(false);
    select(101);
    expect(prop('binding').textContent).toContain('demo_leave.field101');

    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ method: 'PUT', path: '/form-scheme/customtable/f1' });
  });

  it('saves without tables through /form-scheme; a refused save keeps the URL', async () => {
    const calls = stubData([[/^POST \/form-scheme$/, () => new Fail('名称已存在')]]);
    renderDesigner();
    add('input');
    fireEvent.click(screen.getByTestId('designer-tab-form'));
    typeInto('F_Name', '意见');
    fireEvent.click(prop('tables'));
    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].path).toBe('/form-scheme');
    const body = calls[0].body as { tableInfo?: unknown; F_Scheme: Scheme };
    expect(body.tableInfo).toBeUndefined();
    expect(body.F_Scheme.data[0].__config__.bindTable).toBeUndefined();
    await waitFor(() => expect((screen.getByTestId('designer-save') as HTMLButtonElement).className).not.toContain('loading'));
    expect(screen.getByTestId('location').textContent).toBe('');
  });

  it('points at the field a save would be refused for (field name, dangling formula), and reorders from the keyboard', async () => {
    const calls = stubData([]);
    renderDesigner();
    add('number');
    add('computation');
    add('input');
    select(102);
    fireEvent.click(prop('formula-field-101'));
    select(103);
    typeInto('__vModel__', 'field101');
    expect(screen.getByText('字段名已被使用')).toBeTruthy();
    fireEvent.click(screen.getByTestId('designer-tab-form'));
    typeInto('F_Name', 'x');
    fireEvent.click(prop('tables'));
    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText('组件“单行文本”的字段名无效或重复')).toBeTruthy();
    expect(screen.getByTestId('canvas-field-103').dataset.selected).toBe('true');
    typeInto('__vModel__', 'F_Text');
    select(101);
    fireEvent.click(screen.getByTestId('designer-delete'));
    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText('计算组件“计算组件”的公式引用了已删除的字段')).toBeTruthy();
    expect(screen.getByTestId('canvas-field-102').dataset.selected).toBe('true');
    expect(calls).toHaveLength(0);

    fireEvent.keyDown(screen.getByTestId('canvas-field-103'), { key: 'ArrowUp', altKey: true });
    expect(ids(readJson().data)).toEqual([103, 102]);
    fireEvent.keyDown(screen.getByTestId('canvas-field-103'), { key: 'ArrowDown', altKey: true });
    fireEvent.keyDown(screen.getByTestId('canvas-field-103'), { key: 'ArrowDown', altKey: true });
    expect(ids(readJson().data)).toEqual([102, 103]);
  });

  it("refuses a built-in field name and a pattern RE2 cannot run, in the panel and on save, with the server's message", async () => {
    const calls = stubData([]);
    renderDesigner();
    add('input');
    fireEvent.click(screen.getByTestId('designer-tab-form'));
    typeInto('F_Name', 'x');
    fireEvent.click(prop('tables'));
    select(101);
    for (const name of ['constructor', '__proto__', 'toString']) {
      typeInto('__vModel__', name);
      expect(screen.getByText('与 JavaScript 对象的内置属性同名，不能使用')).toBeTruthy();
    }
    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText('字段“单行文本”的字段名 toString 与 JavaScript 对象的内置属性同名，不能使用，请换一个字段名')).toBeTruthy();
    typeInto('__vModel__', 'F_Code');

    fireEvent.click(prop('regList-add'));
    typeInto('regList-pattern-0', '^(a+)+$');
    expect(screen.queryByText('无效或不受支持（不支持反向引用和前后断言）')).toBeNull();
    typeInto('regList-pattern-0', '^(a)\\1$');
    expect(screen.getByText('无效或不受支持（不支持反向引用和前后断言）')).toBeTruthy();
    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText('字段“单行文本”的校验规则 ^(a)\\1$ 无效或不受支持（不支持反向引用和前后断言）')).toBeTruthy();
    expect(screen.getByTestId('canvas-field-101').dataset.selected).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('loads an existing form and shows the preview in each mode', async () => {
    const detail: FormSchemeDetail = {
      F_Id: 'f9',
      F_Name: '报销单',
      F_Type: 0,
      F_Category: '财务',
      F_Url: '',
      F_Description: 'd',
      F_SortCode: 3,
      F_EnabledMark: 1,
      F_IsDefault: 0,
      F_SchemeId: 's9',
      F_Version: 4,
      F_CreateUserName: null,
      F_CreateDate: null,
      F_ModifyDate: null,
      F_HasTables: true,
      F_Scheme: {
        data: [
          {
            ...newField('input', 201, 'F_Title', (k) => k),
            __config__: { ...newField('input', 201, 'F_Title', (k) => k).__config__, label: '标题X', bindTable: 'exp', bindTableField: 'F_Title' },
          },
        ],
        formConf: { labelWidth: 100, labelPosition: 'right', gutter: 15, size: 'medium' },
      },
      tableInfo: [{ dbId: 'local', name: 'exp', comment: '', type: 'main', primaryKey: 'F_Id' }],
    };
    const calls = stubData([
      [/^GET \/form-scheme\/f9$/, () => detail],
      [/^PUT \/form-scheme\/customtable\/f9$/, () => ({ F_Id: 'f9', F_SchemeId: 's10', F_Version: 5, tables: [] })],
    ]);
    renderDesigner(`${PATH}?id=f9`);
    expect(await screen.findByText('标题X')).toBeTruthy();
    expect(screen.queryByTestId('designer-dirty')).toBeNull();
    fireEvent.click(screen.getByTestId('designer-tab-form'));
    expect((prop('F_Name') as HTMLInputElement).value).toBe('报销单');
    expect((prop('mainTable') as HTMLInputElement).value).toBe('exp');
    add('number');
    expect(readJson().data[1].__config__.formId).toBe(202);

    fireEvent.click(screen.getByTestId('designer-preview'));
    const mode = await screen.findByTestId('preview-mode');
    fireEvent.click(within(mode).getByText('查看'));
    expect((screen.getByTestId('preview-validate') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(mode).getByText('编辑'));
    fireEvent.click(screen.getByTestId('preview-validate'));
    fireEvent.click(document.querySelector('.ant-modal-close')!);

    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const body = calls.find((c) => c.method === 'PUT')!.body as { F_SortCode: number; F_Description: string };
    expect(body).toMatchObject({ F_SortCode: 3, F_Description: 'd' });

    // The same page opened for a new form starts empty.
    fireEvent.click(screen.getByTestId('go-new'));
    await waitFor(() => expect(screen.queryByTestId('canvas-field-201')).toBeNull());
    fireEvent.click(screen.getByTestId('designer-tab-form'));
    expect((prop('F_Name') as HTMLInputElement).value).toBe('');
  });

  it('with 200 fields, editing a property re-renders only the edited canvas item', async () => {
    const data = Array.from({ length: 200 }, (_, i) => newField(i % 3 ? 'input' : 'number', 101 + i, `f${i}`, (k) => k));
    const detail = {
      F_Id: 'big',
      F_Name: 'big',
      F_Type: 0,
      F_Category: '',
      F_Url: '',
      F_Description: '',
      F_SortCode: 0,
      F_EnabledMark: 1,
      F_IsDefault: 0,
      F_SchemeId: 's',
      F_Version: 1,
      F_CreateUserName: null,
      F_CreateDate: null,
      F_ModifyDate: null,
      F_HasTables: false,
      F_Scheme: { data },
      tableInfo: [],
    };
    stubData([[/^GET \/form-scheme\/big$/, () => detail]]);
    const started = performance.now();
    renderDesigner(`${PATH}?id=big`);
    await screen.findByTestId('canvas-field-300');
    const loaded = performance.now();
    const target = screen.getByTestId('canvas-field-250');
    act(() => target.click());
    canvasRenders.clear();
    const editStart = performance.now();
    fireEvent.change(prop('label'), { target: { value: '改过的标题' } });
    const edited = performance.now();
    expect([...canvasRenders.keys()]).toEqual([250]);
    expect(within(screen.getByTestId('canvas-field-250')).getByText('改过的标题')).toBeTruthy();
    canvasRenders.clear();
    act(() => screen.getByTestId('canvas-field-120').click());
    expect([...canvasRenders.keys()].sort()).toEqual([120, 250]);
    console.info(
      `designer, 200 fields: load + first render ${Math.round(loaded - started)} ms, one property edit ${Math.round(edited - editStart)} ms (jsdom)`,
    );
  });
});
