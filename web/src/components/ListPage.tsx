import { Suspense, useState, type ReactNode } from 'react';
import { App, Button, Card, Form, Grid, Input, List, Space, Table, Typography, type PaginationProps, type TableColumnType, type TableProps } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageResult } from '@app/contracts';
import { useSession } from '../lib/session';
import { listToolbarExtras } from './list-toolbar-extras';

export interface ListQuery {
  limit: number;
  size: number;
  keyword?: string;
  [extra: string]: string | number | undefined;
}

export interface ToolbarButton {
  key: string;
  label: ReactNode;
  /** Shown only when the user holds this permission key. */
  permission?: string;
  danger?: boolean;
  primary?: boolean;
  /** Ask before running. */
  confirm?: ReactNode;
  /** Gets the list's current query (filters, sort), e.g. to export what is listed. */
  onClick: (query: ListQuery) => void | Promise<unknown>;
  /** data-testid (default `toolbar-<key>`). */
  testId?: string;
}

export interface ListPageProps<T> {
  queryKey: string;
  fetch: (q: ListQuery) => Promise<PageResult<T>>;
  columns: TableProps<T>['columns'];
  rowKey: keyof T & string;
  /** Extra query-bar fields (Form.Item children with a name). */
  filters?: ReactNode;
  /** false: no keyword box (a page whose query bar is all its own filters). */
  keyword?: boolean;
  keywordPlaceholder?: string;
  /** Turns the query bar's values into list query parameters (default: the values as they are). */
  toQuery?: (values: Record<string, unknown>) => Record<string, string | undefined>;
  /** Columns with `sorter: true` sort on the server: the query gets sidx (the column's key) and sord (asc | desc). */
  serverSort?: boolean;
  /** data-testids of Search and Reset (default list-search, list-reset). */
  searchTestId?: string;
  resetTestId?: string;
  toolbar?: ToolbarButton[];
  expandable?: TableProps<T>['expandable'];
  pageSize?: number;
  testId?: string;
  /** data-testid of each row (from the record). */
  rowTestId?: (row: T) => string;
  /** false: no registered toolbar extras (the screen's Excel template buttons); a page that shows them itself. */
  toolbarExtras?: boolean;
}

type Column<T> = TableColumnType<T> & { dataIndex?: unknown };

/** A column's cell as the table would render it. */
function cellOf<T extends object>(column: Column<T>, row: T, index: number): ReactNode {
  const value = typeof column.dataIndex === 'string' ? (row as Record<string, unknown>)[column.dataIndex] : undefined;
  return column.render ? (column.render(value, row, index) as ReactNode) : ((value ?? '') as ReactNode);
}

/** The row-actions column: keyed 'actions' (or 'a'), else a last column without data. */
function isActions<T>(column: Column<T>, last: boolean): boolean {
  return column.key === 'actions' || column.key === 'a' || (last && column.dataIndex === undefined && !!column.render);
}

/**
 * Phones: each row is a card, titled by the first column, with the next few columns as label and value and the
 * row's actions at the bottom (a table would show a sliver of its first column and the actions).
 */
function PhoneCards<T extends object>({
  columns,
  rows,
  rowKey,
  rowTestId,
  loading,
  pagination,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: keyof T & string;
  rowTestId?: (row: T) => string;
  loading: boolean;
  pagination: PaginationProps;
}) {
  const actions = columns.find((c, i) => isActions(c, i === columns.length - 1));
  const data = columns.filter((c) => c !== actions && !('children' in c && c.children));
  const [primary, ...rest] = data;
  return (
    <List<T>
      dataSource={rows}
      loading={loading}
      pagination={{ ...pagination, size: 'small', showSizeChanger: false, align: 'center' }}
      rowKey={(r) => String(r[rowKey])}
      renderItem={(r, i) => (
        <Card size="small" style={{ marginBottom: 8 }} data-testid={rowTestId?.(r)} className="list-phone-card">
          {primary && (
            <Typography.Text strong style={{ display: 'block', wordBreak: 'break-word' }}>
              {cellOf(primary, r, i)}
            </Typography.Text>
          )}
          {rest.slice(0, 5).map((c, k) => (
            <div key={String(c.key ?? c.dataIndex ?? k)} style={{ display: 'flex', gap: 8, marginTop: 4, minWidth: 0 }}>
              <Typography.Text type="secondary" style={{ flex: 'none' }}>
                {c.title as ReactNode}
              </Typography.Text>
              <span style={{ minWidth: 0, wordBreak: 'break-word' }}>{cellOf(c, r, i)}</span>
            </div>
          ))}
          {actions && <div style={{ marginTop: 6, marginLeft: -8 }}>{cellOf(actions, r, i)}</div>}
        </Card>
      )}
    />
  );
}

/** The one list screen: query bar, antd Table with server paging, and a toolbar filtered by permission. */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  const session = useSession();
  const qc = useQueryClient();
  // xs is a max-width query: true only on a phone-wide window (never where matchMedia answers nothing).
  const phone = Grid.useBreakpoint().xs === true;
  const [form] = Form.useForm();
  const [filters, setQuery] = useState<ListQuery>({ limit: 1, size: props.pageSize ?? 20 });
  // Kept apart from the filters: Reset clears the query bar, while the table still shows its sort.
  const [sort, setSort] = useState<{ sidx?: string; sord?: 'asc' | 'desc' }>({});
  const query: ListQuery = { ...filters, ...sort };
  const { data, isFetching, refetch } = useQuery({
    queryKey: ['list', props.queryKey, query],
    queryFn: () => props.fetch(query),
    placeholderData: keepPreviousData,
  });
  const granted = (p?: string) => !p || (session?.userInfo.permissions.includes(p) ?? false);
  const buttons = (props.toolbar ?? []).filter((b) => granted(b.permission));
  const run = (b: ToolbarButton) => {
    const go = async () => {
      await b.onClick(query);
      await qc.invalidateQueries({ queryKey: ['list', props.queryKey] });
    };
    if (b.confirm)
      modal.confirm({
        title: b.confirm,
        okText: t('ok'),
        cancelText: t('cancel'),
        okButtonProps: { 'data-testid': `toolbar-${b.key}-ok` } as Record<string, string>,
        onOk: go,
      });
    else void go();
  };
  const search = (values: Record<string, unknown>) => {
    const next: ListQuery = { ...filters, ...(props.toQuery ? props.toQuery(values) : (values as Record<string, string | undefined>)), limit: 1 };
    // Search with the filters unchanged still reads the list again (rows others added meanwhile).
    if (JSON.stringify(next) === JSON.stringify(filters)) void refetch();
    else setQuery(next);
  };
  const onTableChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (!props.serverSort || extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sidx = s?.order ? String(s.columnKey ?? s.field) : undefined;
    setSort(sidx ? { sidx, sord: s!.order === 'descend' ? 'desc' : 'asc' } : {});
    setQuery((q) => ({ ...q, limit: 1 }));
  };
  const pagination: PaginationProps = {
    current: query.limit,
    pageSize: query.size,
    total: data?.Total ?? 0,
    showSizeChanger: true,
    showTotal: (total) => t('total', { total }),
    onChange: (page, size) => setQuery((q) => ({ ...q, limit: size !== q.size ? 1 : page, size })),
  };
  return (
    <Card size="small" data-testid={props.testId}>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }}>
        {props.keyword !== false && (
          <Form.Item name="keyword">
            <Input allowClear placeholder={props.keywordPlaceholder ?? t('keyword')} data-testid="list-keyword" style={{ width: 220 }} />
          </Form.Item>
        )}
        {props.filters}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={props.searchTestId ?? 'list-search'}>
              {t('search')}
            </Button>
            <Button
              data-testid={props.resetTestId ?? 'list-reset'}
              onClick={() => {
                form.resetFields();
                setQuery({ limit: 1, size: filters.size });
              }}
            >
              {t('reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap>
        {buttons.map((b) => (
          <Button key={b.key} danger={b.danger} type={b.primary ? 'primary' : 'default'} onClick={() => run(b)} data-testid={b.testId ?? `toolbar-${b.key}`}>
            {b.label}
          </Button>
        ))}
        {props.toolbarExtras !== false && (
          <Suspense fallback={null}>
            {listToolbarExtras().map((Extra, i) => (
              <Extra key={i} query={query} refresh={() => void qc.invalidateQueries({ queryKey: ['list', props.queryKey] })} />
            ))}
          </Suspense>
        )}
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()} data-testid="list-refresh">
          {t('refresh')}
        </Button>
      </Space>
      {phone ? (
        <PhoneCards<T>
          columns={(props.columns ?? []) as Column<T>[]}
          rows={data?.Rows ?? []}
          rowKey={props.rowKey}
          rowTestId={props.rowTestId}
          loading={isFetching}
          pagination={pagination}
        />
      ) : (
        <Table<T>
          size="middle"
          rowKey={props.rowKey}
          loading={isFetching}
          columns={props.columns}
          dataSource={data?.Rows ?? []}
          expandable={props.expandable}
          onRow={props.rowTestId ? (r) => ({ 'data-testid': props.rowTestId!(r) }) as React.HTMLAttributes<HTMLElement> : undefined}
          scroll={{ x: 'max-content' }}
          onChange={onTableChange}
          pagination={pagination}
        />
      )}
    </Card>
  );
}
