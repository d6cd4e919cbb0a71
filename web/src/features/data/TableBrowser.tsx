import { useState } from 'react';
import { Alert, Card, Drawer, Empty, Flex, Input, Table, Tabs, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DatabaseLinkRow, LinkColumnInfo } from '@app/contracts';
import { databaseLinkApi, type TableInfo } from './api';
import { ResultGrid, errorMessage, fieldsOf } from './shared';

const TABLE_PAGE = 15;

/** Tables of a link (paged, searchable); a chosen table shows its columns (spec column fields) and its rows. */
export function TableBrowser({ link, onClose }: { link: DatabaseLinkRow | null; onClose: () => void }) {
  const { t } = useTranslation('data');
  return (
    <Drawer open={!!link} onClose={onClose} size={1200} title={link ? t('browser.title', { name: link.F_DBAlias }) : ''} destroyOnHidden>
      {link && <Browser linkId={link.F_Id} />}
    </Drawer>
  );
}

function Browser({ linkId }: { linkId: string }) {
  const { t } = useTranslation('data');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [table, setTable] = useState<string | null>(null);
  const tables = useQuery({
    queryKey: ['link-tables', linkId, keyword, page],
    queryFn: () => databaseLinkApi.tablePage(linkId, { limit: page, size: TABLE_PAGE, keyword }),
    placeholderData: keepPreviousData,
  });
  return (
    <Flex gap={12} align="flex-start" data-testid="table-browser">
      <Card size="small" style={{ width: 320, flex: 'none' }} title={t('browser.tables')}>
        <Input.Search
          allowClear
          placeholder={t('browser.search')}
          data-testid="browser-search"
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          style={{ marginBottom: 8 }}
        />
        {tables.error && <Alert type="error" showIcon title={errorMessage(tables.error)} style={{ marginBottom: 8 }} />}
        <Table<TableInfo>
          size="small"
          rowKey="name"
          loading={tables.isFetching}
          dataSource={tables.data?.Rows ?? []}
          showHeader={false}
          onRow={(r) =>
            ({ onClick: () => setTable(r.name), style: { cursor: 'pointer' }, 'data-testid': `browser-table-${r.name}` }) as React.HTMLAttributes<HTMLElement>
          }
          rowClassName={(r) => (r.name === table ? 'ant-table-row-selected' : '')}
          columns={[
            {
              key: 'name',
              render: (_, r) => (
                <div>
                  <Typography.Text strong={r.name === table}>{r.name}</Typography.Text>
                  {r.comment && (
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {r.comment}
                      </Typography.Text>
                    </div>
                  )}
                </div>
              ),
            },
          ]}
          pagination={{ current: page, pageSize: TABLE_PAGE, total: tables.data?.Total ?? 0, size: 'small', simple: true, onChange: setPage }}
        />
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        {table ? <TableDetail key={table} linkId={linkId} table={table} /> : <Empty description={t('browser.pick')} style={{ marginTop: 80 }} />}
      </div>
    </Flex>
  );
}

const yes = (v: boolean) => (v ? <CheckOutlined /> : null);

function TableDetail({ linkId, table }: { linkId: string; table: string }) {
  const { t } = useTranslation('data');
  const [page, setPage] = useState({ limit: 1, size: 20 });
  // Keyset cursors by page number: stepping forward asks for the rows after the last key shown, which stays fast
  // deep into a large table; a page jumped to without a cursor falls back to its number.
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const columns = useQuery({
    queryKey: ['link-columns', linkId, table],
    queryFn: () => databaseLinkApi.columns(linkId, table),
  });
  const data = useQuery({
    queryKey: ['link-table-data', linkId, table, page],
    queryFn: async () => {
      const after = cursors[page.limit];
      const r = await databaseLinkApi.tableData(linkId, table, after === undefined ? page : { size: page.size, after });
      const next = r.Next;
      if (next !== null) setCursors((c) => (c[page.limit + 1] === next ? c : { ...c, [page.limit + 1]: next }));
      return r;
    },
    placeholderData: keepPreviousData,
  });
  const names = columns.data?.map((c) => c.f_column) ?? fieldsOf(data.data?.Rows ?? []);
  return (
    <Tabs
      defaultActiveKey="columns"
      tabBarExtraContent={<Typography.Text strong>{table}</Typography.Text>}
      items={[
        {
          key: 'columns',
          label: t('browser.columns'),
          children: (
            <>
              {columns.error && <Alert type="error" showIcon title={errorMessage(columns.error)} />}
              <Table<LinkColumnInfo>
                data-testid="browser-columns"
                size="small"
                bordered
                rowKey="f_column"
                loading={columns.isFetching}
                dataSource={columns.data ?? []}
                pagination={false}
                scroll={{ x: 'max-content' }}
                columns={[
                  { title: t('browser.f_number'), dataIndex: 'f_number', width: 60 },
                  { title: t('browser.f_column'), dataIndex: 'f_column', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
                  { title: t('browser.f_datatype'), dataIndex: 'f_datatype' },
                  { title: t('browser.f_length'), dataIndex: 'f_length', render: (v: number | null) => v ?? '' },
                  {
                    title: t('browser.f_defaults'),
                    dataIndex: 'f_defaults',
                    render: (v: string | null) => (v === null ? '' : <Typography.Text code>{v}</Typography.Text>),
                  },
                  { title: t('browser.f_identity'), dataIndex: 'f_identity', align: 'center', render: yes },
                  { title: t('browser.f_key'), dataIndex: 'f_key', align: 'center', render: (v: boolean) => (v ? <Tag color="gold">PK</Tag> : null) },
                  { title: t('browser.f_isnullable'), dataIndex: 'f_isnullable', align: 'center', render: yes },
                  { title: t('browser.f_remark'), dataIndex: 'f_remark' },
                ]}
              />
            </>
          ),
        },
        {
          key: 'data',
          label: t('browser.data'),
          children: (
            <>
              {data.error && <Alert type="error" showIcon title={errorMessage(data.error)} />}
              <ResultGrid
                testId="browser-data"
                fields={names}
                rows={data.data?.Rows ?? []}
                loading={data.isFetching}
                pagination={{
                  current: page.limit,
                  pageSize: page.size,
                  total: data.data?.Total ?? 0,
                  showSizeChanger: true,
                  showTotal: (total) => t('common:total', { total }),
                  onChange: (limit, size) => {
                    if (size !== page.size) setCursors({});
                    setPage({ limit: size !== page.size ? 1 : limit, size });
                  },
                }}
              />
            </>
          ),
        },
      ]}
    />
  );
}
