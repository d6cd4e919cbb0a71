import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataSource, InterfaceRow } from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { dataPermissions as P } from './permissions';
import { Fail, stubData } from './test-stub';
import DataSourcePage from './DataSourcePage';
import InterfacePage, { templateParams } from './InterfacePage';
import { Designer } from './TableDesigner';
import { toDesign } from './table-design';
import DatabaseFieldPage from './DatabaseFieldPage';

// antd forms under a loaded CI machine: the default 20 s is too tight for the longer flows.
const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

/** An option of the open antd Select dropdown (the grid behind it may show the same text). */
const findOption = (text: string) => waitFor(() => screen.getAllByText(text).find((el) => el.closest('.ant-select-item-option'))!);

const page = <T,>(rows: T[]) => ({ Rows: rows, Total: rows.length });

const source: DataSource = {
  F_Id: 's1',
  F_Code: 'dept',
  F_Name: '部门',
  F_DbId: 'local',
  F_Sql: 'select id, name, parent from dept where kind = @kind',
  F_Params: [{ name: 'kind', label: '类型', defaultValue: 'a' }],
  F_IdField: 'id',
  F_ParentField: 'parent',
  F_Description: '',
  F_CreateDate: '2026-11-23 08:00:00',
};

describe('data sources', { timeout: SLOW }, () => {
  it('previews with the default parameter values, then with the values typed and a keyword on a chosen field; shows the tree', async () => {
    signInForTest([P.dataSourceList]);
    const calls = stubData([
      [/^GET \/database-links\/group$/, () => []],
      [/^GET \/data-sources$/, () => page([source])],
      [
        /^GET \/data-sources\/s1\/data$/,
        (url) => {
          const kind = (JSON.parse(url.searchParams.get('params') ?? '{}') as { kind: string }).kind;
          return {
            Rows: [
              { id: 1, name: `root-${kind}`, parent: null },
              { id: 2, name: `child-${kind}`, parent: 1 },
            ],
            Total: 2,
            fields: [
              { name: 'id', dataType: 'int4' },
              { name: 'name', dataType: 'text' },
              { name: 'parent', dataType: 'int4' },
            ],
            durationMs: 4,
          };
        },
      ],
      [/^GET \/data-sources\/s1\/tree$/, () => [{ id: 1, name: 'root', parent: null, children: [{ id: 2, name: 'leaf', parent: 1, children: [] }] }]],
    ]);
    renderWithApp(<DataSourcePage />);
    expect(screen.queryByTestId('source-add')).toBeNull();
    expect(screen.queryByTestId('source-edit-dept')).toBeNull();
    fireEvent.click(await screen.findByTestId('source-preview-dept'));
    const preview = await screen.findByTestId('source-preview');
    expect(await within(preview).findByText('root-a')).toBeTruthy();
    expect(within(preview).getByTestId('source-preview-stats').textContent).toBe('共 2 行，耗时 4 ms');
    const first = calls.find((c) => c.path === '/data-sources/s1/data')!;
    expect(JSON.parse(first.url.searchParams.get('params')!)).toEqual({ kind: 'a' });

    fireEvent.change(within(preview).getByTestId('preview-param-kind'), { target: { value: "b' or 1=1" } });
    fireEvent.mouseDown(within(within(preview).getByTestId('preview-field')).getByRole('combobox'));
    fireEvent.click(await findOption('name'));
    fireEvent.change(within(preview).getByTestId('preview-keyword'), { target: { value: 'chi' } });
    fireEvent.click(within(preview).getByTestId('preview-run'));
    expect(await within(preview).findByText("root-b' or 1=1")).toBeTruthy();
    const last = calls.filter((c) => c.path === '/data-sources/s1/data').at(-1)!;
    expect(JSON.parse(last.url.searchParams.get('params')!)).toEqual({ kind: "b' or 1=1" });
    expect(last.url.searchParams.get('field')).toBe('name');
    expect(last.url.searchParams.get('keyword')).toBe('chi');
    expect(last.url.searchParams.get('limit')).toBe('1');

    fireEvent.click(within(preview).getByText('树形'));
    const tree = await within(preview).findByTestId('source-preview-tree');
    expect(await within(tree).findByText('root')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/data-sources/s1/tree')).toBe(true));
  });

  it('saves a new data source with its declared parameters and tree fields', async () => {
    signInForTest([P.dataSourceList, P.dataSourceAdd]);
    const calls = stubData([
      [/^GET \/database-links\/group$/, () => [{ F_GroupName: '', children: [{ F_Id: 'local', F_DBAlias: '本地数据库' }] }]],
      [/^GET \/data-sources$/, () => page([])],
      [/^POST \/data-sources$/, () => ({ id: 's2' })],
    ]);
    renderWithApp(<DataSourcePage />);
    fireEvent.click(await screen.findByTestId('source-add'));
    const form = await screen.findByTestId('source-form');
    fireEvent.change(within(form).getByTestId('source-code'), { target: { value: 'dept' } });
    fireEvent.change(within(form).getByTestId('source-name'), { target: { value: '部门' } });
    fireEvent.change(within(form).getByTestId('source-sql'), { target: { value: 'select * from dept where kind = @kind' } });
    fireEvent.click(within(form).getByTestId('source-param-add'));
    fireEvent.change(await within(form).findByTestId('source-param-name-0'), { target: { value: 'kind' } });
    fireEvent.change(within(form).getByTestId('source-param-default-0'), { target: { value: 'a' } });
    fireEvent.change(within(form).getByPlaceholderText('ID 字段'), { target: { value: 'id' } });
    fireEvent.change(within(form).getByPlaceholderText('父级字段'), { target: { value: 'parent' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      F_Code: 'dept',
      F_Name: '部门',
      F_DbId: 'local',
      F_Sql: 'select * from dept where kind = @kind',
      F_Params: [{ name: 'kind', label: '', defaultValue: 'a' }],
      F_IdField: 'id',
      F_ParentField: 'parent',
      F_Description: '',
    });
  });

  it("shows the server's msg when the query fails", async () => {
    signInForTest([P.dataSourceList]);
    stubData([
      [/^GET \/database-links\/group$/, () => []],
      [/^GET \/data-sources$/, () => page([{ ...source, F_IdField: '', F_ParentField: '' }])],
      [/^GET \/data-sources\/s1\/data$/, () => new Fail('查询超时（10 秒）')],
    ]);
    renderWithApp(<DataSourcePage />);
    fireEvent.click(await screen.findByTestId('source-preview-dept'));
    expect((await screen.findByTestId('source-preview-error')).textContent).toContain('查询超时（10 秒）');
  });
});

const iface: InterfaceRow = {
  F_Id: 'i1',
  F_Code: 'weather',
  F_Name: '天气',
  F_Method: 'POST',
  F_Url: 'https://api.example.com/w?city={{city}}',
  F_Headers: [{ name: 'X-Key', value: 'k' }],
  F_BodyTemplate: '{"day": "{{day}}", "city": "{{city}}"}',
  F_ResponsePath: 'data.temp',
  F_TimeoutMs: 5000,
  F_Description: '',
  F_CreateDate: '2026-11-23 08:00:00',
};

describe('interfaces', { timeout: SLOW }, () => {
  it('finds the template parameters', () => {
    expect(templateParams(iface)).toEqual(['city', 'day']);
    expect(templateParams({ F_Url: 'https://x/{{ a }}', F_BodyTemplate: '' })).toEqual(['a']);
  });

  it('calls the test route with the parameters and shows status, duration, the value at the path and the body', async () => {
    signInForTest([P.interfaceList, P.interfaceTest]);
    const calls = stubData([
      [/^GET \/interface\/page$/, () => page([iface])],
      [/^POST \/interface\/i1\/test$/, () => ({ status: 200, durationMs: 31, body: { data: { temp: 21.5 } }, value: 21.5, truncated: false })],
    ]);
    renderWithApp(<InterfacePage />);
    expect(screen.queryByTestId('iface-add')).toBeNull();
    expect(screen.queryByTestId('iface-edit-weather')).toBeNull();
    fireEvent.click(await screen.findByTestId('iface-test-weather'));
    const params = (await screen.findByTestId('iface-test-params')) as HTMLTextAreaElement;
    expect(JSON.parse(params.value)).toEqual({ city: '', day: '' });
    fireEvent.change(params, { target: { value: '{"city": "杭州", "day": 1}' } });
    fireEvent.click(screen.getByTestId('iface-test-send'));
    expect((await screen.findByTestId('iface-test-status')).textContent).toBe('200');
    expect(screen.getByTestId('iface-test-duration').textContent).toBe('31 ms');
    expect(screen.getByTestId('iface-test-value').textContent).toBe('21.5');
    expect(JSON.parse(screen.getByTestId('iface-test-body').textContent!)).toEqual({ data: { temp: 21.5 } });
    expect(screen.getByText('返回值（data.temp）')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ params: { city: '杭州', day: 1 } });
  });

  it('saves an interface with its headers', async () => {
    signInForTest([P.interfaceList, P.interfaceAdd]);
    const calls = stubData([
      [/^GET \/interface\/page$/, () => page([])],
      [/^POST \/interface$/, () => ({ id: 'i2' })],
    ]);
    renderWithApp(<InterfacePage />);
    fireEvent.click(await screen.findByTestId('iface-add'));
    const form = await screen.findByTestId('iface-form');
    fireEvent.change(within(form).getByTestId('iface-code'), { target: { value: 'stock' } });
    fireEvent.change(within(form).getByTestId('iface-name'), { target: { value: '库存' } });
    fireEvent.change(within(form).getByTestId('iface-url'), { target: { value: 'https://erp.example.com/stock/{{sku}}' } });
    fireEvent.click(within(form).getByTestId('iface-header-add'));
    fireEvent.change(await within(form).findByTestId('iface-header-name-0'), { target: { value: 'Authorization' } });
    fireEvent.change(within(form).getByTestId('iface-header-value-0'), { target: { value: 'Bearer x' } });
    fireEvent.change(within(form).getByTestId('iface-path'), { target: { value: 'data.qty' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      F_Code: 'stock',
      F_Name: '库存',
      F_Method: 'GET',
      F_Url: 'https://erp.example.com/stock/{{sku}}',
      F_Headers: [{ name: 'Authorization', value: 'Bearer x' }],
      F_BodyTemplate: '',
      F_ResponsePath: 'data.qty',
      F_TimeoutMs: 5000,
      F_Description: '',
    });
  });

  it('shows the refusal inline and no test button without the permission', async () => {
    signInForTest([P.interfaceList, P.interfaceTest]);
    stubData([
      [/^GET \/interface\/page$/, () => page([iface])],
      [/^POST \/interface\/i1\/test$/, () => new Fail('不允许访问该地址：169.254.169.254')],
    ]);
    const { unmount } = renderWithApp(<InterfacePage />);
    fireEvent.click(await screen.findByTestId('iface-test-weather'));
    fireEvent.click(await screen.findByTestId('iface-test-send'));
    expect((await screen.findByTestId('iface-test-error')).textContent).toContain('不允许访问该地址：169.254.169.254');
    unmount();
    endSession();
    signInForTest([P.interfaceList]);
    renderWithApp(<InterfacePage />);
    await screen.findByTestId('iface-row-weather');
    expect(screen.queryByTestId('iface-test-weather')).toBeNull();
  });
});

describe('table designer', { timeout: SLOW }, () => {
  it('turns typed defaults into typed literals and drops lengths that do not apply', () => {
    const d = toDesign({
      tableName: ' orders ',
      columns: [
        { name: 'id', dataType: 'int', primaryKey: true, identity: true, nullable: true, defaultValue: '' },
        { name: 'qty', dataType: 'int', length: 10, defaultValue: '3' },
        { name: 'paid', dataType: 'boolean', defaultValue: 'TRUE' },
        { name: 'code', dataType: 'varchar', length: 20, nullable: true, defaultValue: '007' },
        { name: 'at', dataType: 'datetime', defaultValue: 'CURRENT_TIMESTAMP' },
      ],
      indexes: [{ name: 'ix_code', columns: ['code'] }],
    });
    expect(d.tableName).toBe('orders');
    expect(d.columns.map((c) => c.defaultValue)).toEqual([null, 3, true, '007', 'CURRENT_TIMESTAMP']);
    expect(d.columns[0]).toMatchObject({ primaryKey: true, nullable: false, identity: true });
    expect(d.columns[1].length).toBeNull();
    expect(d.columns[3].length).toBe(20);
    expect(d.indexes).toEqual([{ name: 'ix_code', columns: ['code'], unique: false }]);
  });

  it('adds common fields, saves and discards a draft, releases after confirming', async () => {
    signInForTest([P.linkDesign, P.fieldList]);
    let drafts: object[] = [];
    const calls = stubData([
      [/^GET \/database-draft$/, () => drafts],
      [/^GET \/database-links\/local\/tables$/, () => []],
      [
        /^GET \/database-field$/,
        () =>
          page([
            {
              F_Id: 'f1',
              F_FieldName: 'F_Name',
              F_DataType: 'varchar',
              F_Length: 50,
              F_Nullable: true,
              F_DefaultValue: '',
              F_Remark: '名称',
              F_SortCode: 0,
              F_CreateDate: '',
              F_ModifyDate: '',
            },
          ]),
      ],
      [/^POST \/database-draft$/, () => ((drafts = [{ F_Id: 'd1', F_DbLinkId: 'local', F_TableName: 'orders' }]), { F_Id: 'd1' })],
      [/^DELETE \/database-draft$/, () => ((drafts = []), null)],
      [/^POST \/database-links\/release$/, () => ({ F_TableName: 'orders', created: true, addedColumns: [], addedIndexes: [] })],
    ]);
    renderWithApp(<Designer linkId="local" />);
    fireEvent.change(screen.getByTestId('design-table-name'), { target: { value: 'orders' } });
    fireEvent.click(screen.getByTestId('design-pick-fields'));
    const picker = await screen.findByTestId('field-picker');
    await within(picker).findByText('F_Name');
    fireEvent.click(within(picker).getAllByRole('checkbox')[1]);
    fireEvent.click(screen.getByTestId('field-picker-ok'));
    await waitFor(() => expect((screen.getByTestId('design-col-name-1') as HTMLInputElement).value).toBe('F_Name'));

    fireEvent.click(screen.getByTestId('design-save-draft'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/database-draft')).toBe(true));
    const draft = calls.find((c) => c.path === '/database-draft' && c.method === 'POST')!.body as {
      linkId: string;
      design: { tableName: string; columns: { name: string; length: number | null }[] };
    };
    expect(draft.linkId).toBe('local');
    expect(draft.design.tableName).toBe('orders');
    expect(draft.design.columns.map((c) => [c.name, c.length])).toEqual([
      ['F_Id', 64],
      ['F_Name', 50],
    ]);

    fireEvent.click(await screen.findByTestId('design-delete-draft'));
    fireEvent.click(await screen.findByTestId('delete-ok'));
    await waitFor(() => expect(screen.queryByTestId('design-delete-draft')).toBeNull());
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(Object.fromEntries(del.url.searchParams)).toEqual({ linkId: 'local', tableName: 'orders' });

    fireEvent.click(screen.getByTestId('design-release'));
    fireEvent.click(await screen.findByTestId('design-release-ok'));
    expect((await screen.findByTestId('design-outcome')).textContent).toContain('已创建表 orders');
    expect(calls.find((c) => c.path === '/database-links/release')!.body).toMatchObject({ linkId: 'local', design: { tableName: 'orders' } });
  });
});

describe('common fields', { timeout: SLOW }, () => {
  it('adds a field (length only for varchar) and hides edit and delete without their permission', async () => {
    signInForTest([P.fieldList, P.fieldAdd]);
    const calls = stubData([
      [
        /^GET \/database-field$/,
        () =>
          page([
            {
              F_Id: 'f1',
              F_FieldName: 'F_Name',
              F_DataType: 'varchar',
              F_Length: 50,
              F_Nullable: true,
              F_DefaultValue: '',
              F_Remark: '名称',
              F_SortCode: 0,
              F_CreateDate: '',
              F_ModifyDate: '',
            },
          ]),
      ],
      [/^POST \/database-field$/, () => ({ F_Id: 'f2' })],
    ]);
    renderWithApp(<DatabaseFieldPage />);
    await screen.findByTestId('field-row-F_Name');
    expect(screen.queryByTestId('field-edit-F_Name')).toBeNull();
    expect(screen.queryByTestId('field-delete-F_Name')).toBeNull();
    fireEvent.click(screen.getByTestId('field-add'));
    const form = await screen.findByTestId('field-form');
    fireEvent.change(within(form).getByTestId('field-name'), { target: { value: 'F_Qty' } });
    fireEvent.mouseDown(within(within(form).getByTestId('field-type')).getByRole('combobox'));
    fireEvent.click(await findOption('int'));
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      F_FieldName: 'F_Qty',
      F_DataType: 'int',
      F_Length: null,
      F_Nullable: true,
      F_DefaultValue: '',
      F_Remark: '',
      F_SortCode: 0,
    });
  });
});
