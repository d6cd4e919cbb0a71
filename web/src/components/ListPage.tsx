import { useState, type ReactNode } from 'react';
import { App, Button, Card, Form, Input, Space, Table, type TableProps } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageResult } from '@app/contracts';
import { useSession } from '../lib/session';

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
  onClick: () => void | Promise<unknown>;
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
  keywordPlaceholder?: string;
  toolbar?: ToolbarButton[];
  expandable?: TableProps<T>['expandable'];
  pageSize?: number;
  testId?: string;
  /** data-testid of each row (from the record). */
  rowTestId?: (row: T) => string;
}

/** The one list screen: query bar, antd Table with server paging, and a toolbar filtered by permission. */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  const session = useSession();
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const [query, setQuery] = useState<ListQuery>({ limit: 1, size: props.pageSize ?? 20 });
  const { data, isFetching, refetch } = useQuery({
    queryKey: ['list', props.queryKey, query],
    queryFn: () => props.fetch(query),
    placeholderData: keepPreviousData,
  });
  const granted = (p?: string) => !p || (session?.userInfo.permissions.includes(p) ?? false);
  const buttons = (props.toolbar ?? []).filter((b) => granted(b.permission));
  const run = (b: ToolbarButton) => {
    const go = async () => {
      await b.onClick();
      await qc.invalidateQueries({ queryKey: ['list', props.queryKey] });
    };
    if (b.confirm) modal.confirm({ title: b.confirm, okText: t('ok'), cancelText: t('cancel'), okButtonProps: { 'data-testid': `toolbar-${b.key}-ok` } as Record<string, string>, onOk: go });
    else void go();
  };
  const search = (values: Record<string, string | undefined>) => setQuery((q) => ({ ...q, ...values, limit: 1 }));
  return (
    <Card size="small" data-testid={props.testId}>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="keyword">
          <Input allowClear placeholder={props.keywordPlaceholder ?? t('keyword')} data-testid="list-keyword" style={{ width: 220 }} />
        </Form.Item>
        {props.filters}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="list-search">
              {t('search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setQuery({ limit: 1, size: query.size });
              }}
            >
              {t('reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        {buttons.map((b) => (
          <Button key={b.key} danger={b.danger} type={b.primary ? 'primary' : 'default'} onClick={() => run(b)} data-testid={b.testId ?? `toolbar-${b.key}`}>
            {b.label}
          </Button>
        ))}
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()} data-testid="list-refresh">
          {t('refresh')}
        </Button>
      </Space>
      <Table<T>
        size="middle"
        rowKey={props.rowKey}
        loading={isFetching}
        columns={props.columns}
        dataSource={data?.Rows ?? []}
        expandable={props.expandable}
        onRow={props.rowTestId ? (r) => ({ 'data-testid': props.rowTestId!(r) }) as React.HTMLAttributes<HTMLElement> : undefined}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.limit,
          pageSize: query.size,
          total: data?.Total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('total', { total }),
          onChange: (page, size) => setQuery((q) => ({ ...q, limit: size !== q.size ? 1 : page, size })),
        }}
      />
    </Card>
  );
}
