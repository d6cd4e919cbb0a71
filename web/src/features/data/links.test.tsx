import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DatabaseLinkRow } from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { dataPermissions as P } from './permissions';
import { Fail, stubData } from './test-stub';
import DatabaseLinkPage from './DatabaseLinkPage';
import { SqlConsolePanel } from './SqlConsole';
import { TableBrowser } from './TableBrowser';

const link = (over: Partial<DatabaseLinkRow>): DatabaseLinkRow => ({
  F_Id: 'l1',
  F_DBAlias: 'ERP',
  F_DbType: 'postgresql',
  F_ServerAddress: '10.0.0.5',
  F_Port: 5432,
  F_DBName: 'erp',
  F_Schema: '',
  F_UserName: 'reader',
  F_HasPassword: true,
  F_QueryRole: '',
  F_GroupName: 'prod',
  F_Description: '',
  F_SortCode: 0,
  F_CreateDate: null,
  F_IsDefault: false,
  F_TaskWritable: 0,
  ...over,
});
const platform = link({
  F_Id: 'local',
  F_DBAlias: '平台数据库',
  F_DbType: 'platform',
  F_ServerAddress: '',
  F_Port: 0,
  F_DBName: '',
  F_UserName: '',
  F_GroupName: '',
  F_IsDefault: true,
});
const groups = () => [
  { F_GroupName: '', children: [platform] },
  { F_GroupName: 'prod', children: [link({})] },
];

// antd forms under a loaded CI machine: the default 20 s is too tight for the longer flows.
const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const allLinkButtons = [P.linkAdd, P.linkEdit, P.linkDelete, P.linkQuery, P.linkDesign];

describe('database links', { timeout: SLOW }, () => {
  it('lists the platform link first without edit or delete, and hides buttons without their permission', async () => {
    signInForTest(allLinkButtons);
    stubData([[/^GET \/database-links\/group$/, groups]]);
    const { unmount } = renderWithApp(<DatabaseLinkPage />);
    const rows = await screen.findAllByTestId(/^link-row-/);
    expect(rows.map((r) => r.dataset.testid)).toEqual(['link-row-local', 'link-row-l1']);
    expect(within(rows[0]).getByText('平台数据库', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.queryByTestId('link-edit-local')).toBeNull();
    expect(screen.queryByTestId('link-delete-local')).toBeNull();
    expect(screen.getByTestId('link-edit-l1')).toBeTruthy();
    expect(screen.getByTestId('link-sql-local')).toBeTruthy();
    expect(screen.getByTestId('link-design-l1')).toBeTruthy();
    unmount();
    endSession();

    signInForTest([P.linkList]);
    renderWithApp(<DatabaseLinkPage />);
    await screen.findByTestId('link-row-l1');
    expect(screen.getByTestId('link-tables-l1')).toBeTruthy();
    for (const id of ['link-add', 'link-edit-l1', 'link-delete-l1', 'link-sql-l1', 'link-design-l1']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('lets holders of the task-write button allow scheduled tasks to write (after a risk warning); others see the flag only', async () => {
    let writable = 0;
    signInForTest([...allLinkButtons, P.linkTaskWrite]);
    const calls = stubData([
      [
        /^GET \/database-links\/group$/,
        () => [
          { F_GroupName: '', children: [platform] },
          { F_GroupName: 'prod', children: [link({ F_TaskWritable: writable })] },
        ],
      ],
      [
        /^PATCH \/database-links\/l1\/task-writable$/,
        (_url, body) => {
          writable = (body as { F_TaskWritable: number }).F_TaskWritable;
          return null;
        },
      ],
    ]);
    const { unmount } = renderWithApp(<DatabaseLinkPage />);
    const toggle = await screen.findByTestId('link-task-write-l1');
    // The platform's own database stays read-only for tasks: a flag, not a switch.
    expect(screen.getByTestId('link-task-write-local').textContent).toBe('只读');
    expect(screen.getByTestId('link-task-write-local').getAttribute('role')).toBeNull();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(await screen.findByText(/insert、update、delete/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('link-task-write-ok'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ F_TaskWritable: 1 }));
    expect(calls.find((c) => c.method === 'PATCH')!.path).toBe('/database-links/l1/task-writable');
    await waitFor(() => expect(screen.getByTestId('link-task-write-l1').getAttribute('aria-checked')).toBe('true'));
    unmount();
    endSession();

    signInForTest([P.linkList]);
    renderWithApp(<DatabaseLinkPage />);
    const flag = await screen.findByTestId('link-task-write-l1');
    expect(flag.textContent).toBe('允许写入');
    expect(flag.getAttribute('role')).toBeNull();
  });

  it("tests a new link's connection fields: '连接成功' with the time, else the server's msg inline", async () => {
    signInForTest(allLinkButtons);
    let refuse = false;
    const calls = stubData([
      [/^GET \/database-links\/group$/, groups],
      [/^GET \/database-links\/test$/, () => (refuse ? new Fail('不允许连接该地址：127.0.0.1') : { durationMs: 12 })],
    ]);
    renderWithApp(<DatabaseLinkPage />);
    fireEvent.click(await screen.findByTestId('link-add'));
    const form = await screen.findByTestId('link-form');
    expect((within(form).getByTestId('link-port') as HTMLInputElement).value).toBe('5432');
    // The port follows the type while it is a default one.
    fireEvent.mouseDown(within(form).getAllByRole('combobox')[0]);
    fireEvent.click(await screen.findByText('MySQL / MariaDB'));
    await waitFor(() => expect((within(form).getByTestId('link-port') as HTMLInputElement).value).toBe('3306'));

    fireEvent.change(within(form).getByTestId('link-host'), { target: { value: 'db.example.com' } });
    fireEvent.change(within(form).getByTestId('link-database'), { target: { value: 'sales' } });
    fireEvent.change(within(form).getByTestId('link-user'), { target: { value: 'ro' } });
    fireEvent.click(within(form).getByTestId('link-test'));
    expect((await screen.findByTestId('link-test-result')).textContent).toContain('连接成功（12 ms）');
    const test = calls.find((c) => c.path === '/database-links/test')!;
    expect(Object.fromEntries(test.url.searchParams)).toEqual({
      F_DbType: 'mysql',
      F_ServerAddress: 'db.example.com',
      F_Port: '3306',
      F_DBName: 'sales',
      F_UserName: 'ro',
    });

    refuse = true;
    fireEvent.change(within(form).getByTestId('link-host'), { target: { value: '127.0.0.1' } });
    fireEvent.click(within(form).getByTestId('link-test'));
    await waitFor(() => expect(screen.getByTestId('link-test-result').textContent).toContain('不允许连接该地址：127.0.0.1'));
  });

  it('edits a link without sending the password unless one is typed; the test of a saved link names its id', async () => {
    signInForTest(allLinkButtons);
    const calls = stubData([
      [/^GET \/database-links\/group$/, groups],
      [/^GET \/database-links\/test$/, () => ({ durationMs: 3 })],
      [/^PUT \/database-links\/l1$/, () => null],
    ]);
    renderWithApp(<DatabaseLinkPage />);
    // What was typed into an abandoned add form must not leak into the next edit.
    fireEvent.click(await screen.findByTestId('link-add'));
    fireEvent.change(within(await screen.findByTestId('link-form')).getByTestId('link-alias'), { target: { value: 'typed' } });
    fireEvent.click(screen.getByText('取 消'));
    await waitFor(() => expect(screen.queryByTestId('link-form')).toBeNull());
    fireEvent.click(await screen.findByTestId('link-edit-l1'));
    const form = await screen.findByTestId('link-form');
    expect((within(form).getByTestId('link-alias') as HTMLInputElement).value).toBe('ERP');
    expect((within(form).getByTestId('link-host') as HTMLInputElement).value).toBe('10.0.0.5');
    const password = within(form).getByTestId('link-password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('留空则不修改');
    fireEvent.click(within(form).getByTestId('link-test'));
    await screen.findByTestId('link-test-result');
    const test = calls.find((c) => c.path === '/database-links/test')!;
    expect(test.url.searchParams.get('id')).toBe('l1');
    expect(test.url.searchParams.has('F_Password')).toBe(false);

    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(put).not.toHaveProperty('F_Password');
    expect(put).toMatchObject({ F_DBAlias: 'ERP', F_DbType: 'postgresql', F_ServerAddress: '10.0.0.5', F_Port: 5432, F_GroupName: 'prod' });

    await waitFor(() => expect(screen.queryByTestId('link-form')).toBeNull());
    fireEvent.click(screen.getByTestId('link-edit-l1'));
    const again = await screen.findByTestId('link-form');
    fireEvent.change(within(again).getByTestId('link-password'), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1].body).toMatchObject({ F_Password: 's3cret' });
  });
});

describe('SQL console', { timeout: SLOW }, () => {
  const result = (over: object = {}) => ({
    fields: [
      { name: 'id', dataType: 'int4' },
      { name: 'name', dataType: 'text' },
    ],
    rows: [
      { id: 1, name: 'a' },
      { id: 2, name: null },
    ],
    truncated: false,
    durationMs: 7,
    maxRows: 1000,
    ...over,
  });

  it('shows the result grid with dynamic columns and the time taken; the cap notice only when cut', async () => {
    signInForTest([P.linkQuery]);
    let cut = false;
    const calls = stubData([[/^GET \/database-links\/l1\/datas$/, () => result(cut ? { truncated: true, maxRows: 2 } : {})]]);
    renderWithApp(<SqlConsolePanel linkId="l1" />);
    fireEvent.change(screen.getByTestId('sql-text'), { target: { value: 'select id, name from t where id > @min' } });
    fireEvent.change(screen.getByTestId('sql-params'), { target: { value: '{"min": 0}' } });
    fireEvent.click(screen.getByTestId('sql-run'));
    const grid = await screen.findByTestId('sql-result');
    expect(within(grid).getByText('id', { selector: 'th' })).toBeTruthy();
    expect(within(grid).getByText('name', { selector: 'th' })).toBeTruthy();
    expect(within(grid).getByText('a')).toBeTruthy();
    expect(within(grid).getByText('NULL')).toBeTruthy();
    expect(screen.getByTestId('sql-time').textContent).toBe('耗时 7 ms');
    expect(screen.queryByTestId('sql-truncated')).toBeNull();
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ sql: 'select id, name from t where id > @min', params: '{"min": 0}' });

    cut = true;
    fireEvent.click(screen.getByTestId('sql-run'));
    expect((await screen.findByTestId('sql-truncated')).textContent).toContain('结果超过 2 行上限，只显示前 2 行');
  });

  it("shows the server's msg inline and drops the old result", async () => {
    signInForTest([P.linkQuery]);
    let fail = false;
    stubData([
      [
        /^GET \/database-links\/l1\/datas$/,
        () => (fail ? new Fail('查询被拒绝：只能执行只读查询 (cannot execute DROP TABLE in a read-only transaction)') : result()),
      ],
    ]);
    renderWithApp(<SqlConsolePanel linkId="l1" />);
    fireEvent.change(screen.getByTestId('sql-text'), { target: { value: 'select 1' } });
    fireEvent.click(screen.getByTestId('sql-run'));
    await screen.findByTestId('sql-result');
    fail = true;
    fireEvent.change(screen.getByTestId('sql-text'), { target: { value: 'drop table t' } });
    fireEvent.click(screen.getByTestId('sql-run'));
    expect((await screen.findByTestId('sql-error')).textContent).toContain('cannot execute DROP TABLE in a read-only transaction');
    expect(screen.queryByTestId('sql-result')).toBeNull();
  });

  it('refuses parameters that are not a JSON object without calling the server', async () => {
    signInForTest([P.linkQuery]);
    const calls = stubData([]);
    renderWithApp(<SqlConsolePanel linkId="l1" />);
    fireEvent.change(screen.getByTestId('sql-text'), { target: { value: 'select 1' } });
    fireEvent.change(screen.getByTestId('sql-params'), { target: { value: '[1]' } });
    fireEvent.click(screen.getByTestId('sql-run'));
    expect((await screen.findByTestId('sql-error')).textContent).toContain('参数必须是 JSON 对象');
    expect(calls).toHaveLength(0);
  });
});

describe('table browser', { timeout: SLOW }, () => {
  it('lists tables, shows the spec column fields of the one clicked and pages its rows forward by key', async () => {
    signInForTest([P.linkList]);
    const calls = stubData([
      [/^GET \/database-links\/l1\/tables\/page$/, () => ({ Rows: [{ name: 'orders', comment: '订单' }], Total: 1 })],
      [
        /^GET \/database-links\/l1\/tables\/orders\/columns$/,
        () => [
          {
            f_number: 1,
            f_column: 'id',
            f_datatype: 'integer',
            f_length: null,
            f_defaults: null,
            f_identity: true,
            f_key: true,
            f_isnullable: false,
            f_remark: '编号',
          },
          {
            f_number: 2,
            f_column: 'title',
            f_datatype: 'varchar',
            f_length: 200,
            f_defaults: "'无'",
            f_identity: false,
            f_key: false,
            f_isnullable: true,
            f_remark: '标题',
          },
        ],
      ],
      [
        /^GET \/database-links\/l1\/tables\/orders\/datas$/,
        (url) => {
          const start = Number(url.searchParams.get('after') ?? (Number(url.searchParams.get('limit')) - 1) * 20);
          const rows = Array.from({ length: Math.min(20, 45 - start) }, (_, i) => ({ id: start + i + 1, title: `t${start + i + 1}` }));
          return { Rows: rows, Total: 45, Next: start + 20 < 45 ? String(start + 20) : null };
        },
      ],
    ]);
    renderWithApp(<TableBrowser link={link({})} onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('browser-table-orders'));
    const columns = await screen.findByTestId('browser-columns');
    for (const h of ['序号', '字段名', '类型', '长度', '默认值', '自增', '主键', '可空', '说明'])
      expect(within(columns).getByText(h, { selector: 'th' })).toBeTruthy();
    expect(await within(columns).findByText('标题')).toBeTruthy();
    expect(within(columns).getByText("'无'")).toBeTruthy();
    expect(within(columns).getByText('PK')).toBeTruthy();

    fireEvent.click(screen.getByText('数据', { selector: '[role=tab]' }));
    const data = await screen.findByTestId('browser-data');
    expect(await within(data).findByText('t1')).toBeTruthy();
    fireEvent.click(data.querySelector('.ant-pagination-item-2')!);
    expect(await within(data).findByText('t21')).toBeTruthy();
    fireEvent.click(data.querySelector('.ant-pagination-item-3')!);
    expect(await within(data).findByText('t45')).toBeTruthy();
    const pages = calls.filter((c) => c.path.endsWith('/datas')).map((c) => Object.fromEntries(c.url.searchParams));
    expect(pages).toEqual([
      { limit: '1', size: '20' },
      { size: '20', after: '20' },
      { size: '20', after: '40' },
    ]);
  });
});
