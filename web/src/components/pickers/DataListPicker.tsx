import { useState } from 'react';
import { Input, Modal, Table, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageResult } from '@app/contracts';

/** Spec 2.10: 8 rows per page. */
export const DATA_LIST_PAGE_SIZE = 8;

export interface DataListPickerProps<T> {
  open: boolean;
  title?: string;
  /** Cache key of the list. */
  queryKey: string;
  rowKey: keyof T & string;
  columns: TableProps<T>['columns'];
  fetch: (q: { limit: number; size: number; keyword?: string }) => Promise<PageResult<T>>;
  /** Show a keyword box. */
  searchable?: boolean;
  onOk: (row: T) => void;
  onCancel: () => void;
}

/** Generic single-choice data-list picker: radio rows, 8 per page, confirm does nothing without a choice (spec 5). */
export function DataListPicker<T extends object>(props: DataListPickerProps<T>) {
  return props.open ? <DataListDialog<T> {...props} /> : null;
}

function DataListDialog<T extends object>({ title, queryKey, rowKey, columns, fetch, searchable, onOk, onCancel }: DataListPickerProps<T>) {
  const { t } = useTranslation('pickers');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<T | null>(null);
  const q = useQuery({
    queryKey: ['data-list-picker', queryKey, page, keyword],
    queryFn: () => fetch({ limit: page, size: DATA_LIST_PAGE_SIZE, keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
  });
  const key = (r: T) => String(r[rowKey]);
  return (
    <Modal
      open
      width={760}
      title={title ?? t('dataList.title')}
      onCancel={onCancel}
      onOk={() => {
        if (chosen) onOk(chosen);
      }}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ 'data-testid': 'data-list-picker-ok' } as Record<string, string>}
    >
      <div data-testid="data-list-picker">
        {searchable && (
          <Input.Search
            allowClear
            placeholder={t('common:keyword')}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
            style={{ width: 240, marginBottom: 8 }}
            data-testid="data-list-picker-search"
          />
        )}
        <Table<T>
          size="small"
          rowKey={rowKey}
          loading={q.isFetching}
          columns={columns}
          dataSource={q.data?.Rows ?? []}
          rowSelection={{ type: 'radio', selectedRowKeys: chosen ? [key(chosen)] : [], onChange: (_, rows) => setChosen(rows[0] ?? null) }}
          onRow={(r) =>
            ({
              onClick: () => setChosen(r),
              'data-testid': `data-list-picker-row-${key(r)}`,
              style: { cursor: 'pointer' },
            }) as React.HTMLAttributes<HTMLElement>
          }
          pagination={{ current: page, pageSize: DATA_LIST_PAGE_SIZE, total: q.data?.Total ?? 0, onChange: setPage, showSizeChanger: false, size: 'small' }}
        />
      </div>
    </Modal>
  );
}
