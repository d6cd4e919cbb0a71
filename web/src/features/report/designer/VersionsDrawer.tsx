import { useState } from 'react';
import { App, Button, Drawer, Popconfirm, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReportContentRow } from '@app/contracts';
import { reportApi } from '../api';

export const versionsKey = (reportId: string) => ['report-designer', 'versions', reportId] as const;

/** The report's saved versions, newest first: restore one (it becomes the new current version) or delete an old one. */
export function VersionsDrawer({
  reportId,
  open,
  canSave,
  onClose,
  onRestored,
}: {
  reportId: string;
  open: boolean;
  canSave: boolean;
  onClose: () => void;
  /** After a restore: the designer opens the restored design. */
  onRestored: () => void;
}) {
  const { t } = useTranslation('reportDesigner');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const size = 20;
  const versions = useQuery({ queryKey: [...versionsKey(reportId), page], queryFn: () => reportApi.versions(reportId, { limit: page, size }), enabled: open });
  const [busy, setBusy] = useState<string | null>(null);

  const restore = async (row: ReportContentRow) => {
    setBusy(row.F_Id);
    try {
      await reportApi.restoreVersion(row.F_Id, t('versions.restoredNote', { version: row.F_Version }));
      void message.success(t('versions.restored', { version: row.F_Version }));
      await client.invalidateQueries({ queryKey: versionsKey(reportId) });
      onRestored();
    } finally {
      setBusy(null);
    }
  };
  const remove = async (row: ReportContentRow) => {
    setBusy(row.F_Id);
    try {
      await reportApi.removeVersion(row.F_Id);
      void message.success(t('versions.removed'));
      await client.invalidateQueries({ queryKey: versionsKey(reportId) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer open={open} onClose={onClose} title={t('versions.title')} size={640} destroyOnHidden data-testid="rd-versions">
      <Table<ReportContentRow>
        size="small"
        rowKey="F_Id"
        loading={versions.isLoading}
        dataSource={versions.data?.Rows ?? []}
        pagination={{ current: page, pageSize: size, total: versions.data?.Total ?? 0, onChange: setPage, size: 'small', showSizeChanger: false }}
        columns={[
          {
            title: t('versions.version'),
            dataIndex: 'F_Version',
            width: 90,
            render: (v: number, row) => (
              <Space size={4}>
                v{v}
                {row.F_IsCurrent === 1 && <Tag color="blue">{t('versions.current')}</Tag>}
              </Space>
            ),
          },
          { title: t('versions.savedAt'), dataIndex: 'F_CreateDate', width: 170 },
          { title: t('versions.savedBy'), dataIndex: 'F_CreateUserName', width: 100 },
          { title: t('versions.note'), dataIndex: 'F_Note', ellipsis: true },
          {
            key: 'actions',
            width: 130,
            render: (_, row) =>
              canSave && row.F_IsCurrent !== 1 ? (
                <Space size={0}>
                  <Popconfirm
                    title={t('versions.restoreConfirm', { version: row.F_Version })}
                    onConfirm={() => restore(row)}
                    okText={t('action.ok')}
                    cancelText={t('action.cancel')}
                  >
                    <Button type="link" size="small" loading={busy === row.F_Id} data-testid={`rd-version-restore-${row.F_Version}`}>
                      {t('versions.restore')}
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title={t('versions.removeConfirm', { version: row.F_Version })}
                    onConfirm={() => remove(row)}
                    okText={t('action.remove')}
                    cancelText={t('action.cancel')}
                  >
                    <Button type="link" size="small" danger>
                      {t('action.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}
