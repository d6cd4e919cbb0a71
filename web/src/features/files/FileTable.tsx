import { Empty, Space, Table, Tag, theme, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileManagerItem } from '@app/contracts';
import { formatSize } from '../../components/files/AttachmentList';
import { RowActions, type RowAction } from '../../components/RowActions';
import { FileIcon } from './file-tree';
import type { FileBrowser } from './useFileBrowser';

/** The listed page: name (a folder opens on click or double click), size, date and the row's links. */
export function FileTable({ browser, actions }: { browser: FileBrowser; actions: (r: FileManagerItem) => RowAction[] }) {
  const { t } = useTranslation('fileManager');
  const { token } = theme.useToken();
  const { view, trashView, list, paging, setPaging, openFolder } = browser;

  const columns: TableProps<FileManagerItem>['columns'] = [
    {
      title: t('colName'),
      dataIndex: 'F_Name',
      ellipsis: true,
      render: (name: string, r) => (
        <Space size={10}>
          <FileIcon item={r} />
          {r.F_IsFolder && !trashView ? (
            <a data-testid={`fm-name-${r.F_Id}`} onClick={() => openFolder(r.F_Id)} style={{ color: token.colorText }}>
              {name}
            </a>
          ) : (
            <span data-testid={`fm-name-${r.F_Id}`}>{name}</span>
          )}
          {trashView && r.F_IsFolder && <Tag>{t('folder')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('colSize'),
      dataIndex: 'F_FileSize',
      width: 110,
      render: (v: number | null, r) => (r.F_IsFolder || v === null ? <span style={{ color: token.colorTextQuaternary }}>—</span> : formatSize(v)),
    },
    trashView ? { title: t('colDeleted'), dataIndex: 'F_DeleteDate', width: 180 } : { title: t('colModified'), dataIndex: 'F_ModifyDate', width: 180 },
    {
      title: t('colActions'),
      key: 'actions',
      width: trashView ? 170 : 330,
      render: (_, r) => <RowActions actions={actions(r)} />,
    },
  ];
  const emptyText = view.mode === 'trash' ? t('emptyTrashView') : view.mode === 'search' ? t('emptySearch') : t('emptyFolder');

  return (
    <Table<FileManagerItem>
      size="middle"
      rowKey="F_Id"
      loading={list.isFetching}
      columns={columns}
      dataSource={list.data?.Rows ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      onRow={(r) =>
        ({
          'data-testid': `fm-row-${r.F_Id}`,
          onDoubleClick: () => r.F_IsFolder && !trashView && openFolder(r.F_Id),
        }) as React.HTMLAttributes<HTMLElement>
      }
      scroll={{ x: 'max-content' }}
      pagination={{
        current: paging.page,
        pageSize: paging.size,
        total: list.data?.Total ?? 0,
        showSizeChanger: true,
        hideOnSinglePage: false,
        showTotal: (total) => t('total', { total }),
        onChange: (page, size) => setPaging((p) => ({ page: size !== p.size ? 1 : page, size })),
      }}
    />
  );
}
