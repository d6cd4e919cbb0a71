import { useRef, useState } from 'react';
import { Alert, App, Button, Flex, Modal, Space, Statistic, Table, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '@app/contracts';
import { publishedApi } from './api';

export interface ImportDialogProps {
  open: boolean;
  relationId: string;
  /** The page's name: the template's file name when the server names none. */
  name: string;
  onClose(): void;
  /** Rows were stored: the list reads again. */
  onImported(): void;
}

/** Import only .xlsx (the template's and the export's format). */
const ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Excel import of a published list (docs/form-publishing-design.md "Published list"): download the template,
 * choose a file (sent at once), read the report. A file with refused rows stores nothing; the report lists each
 * refused row with its messages and offers to store only the good rows (the same file again with keepValid=1).
 */
export function ImportDialog({ open, relationId, name, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation('formPublish');
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<{ value: ImportReport; keptValid: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (chosen: File, keepValid: boolean) => {
    setBusy(true);
    try {
      const value = await publishedApi.importFile(relationId, chosen, keepValid);
      setReport({ value, keptValid: keepValid });
      if (value.imported > 0) {
        void message.success(t('imported', { count: value.imported }));
        onImported();
      }
    } finally {
      setBusy(false);
    }
  };
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setReport(null);
    void send(chosen, false).catch(() => undefined);
  };
  const close = () => {
    setFile(null);
    setReport(null);
    if (input.current) input.current.value = '';
    onClose();
  };

  const r = report?.value;
  const nothingStored = !!r && r.errors.length > 0 && r.imported === 0;
  // Offered when the refusals kept good rows from being stored.
  const canKeepValid = !!r && !report.keptValid && r.errors.length > 0 && r.total > r.errors.length;
  return (
    <Modal
      open={open}
      title={t('importTitle')}
      width={720}
      onCancel={close}
      footer={<Button onClick={close}>{t('close')}</Button>}
      destroyOnHidden
      data-testid="import-dialog"
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Flex wrap gap={8}>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void publishedApi.template(relationId, `${name}-${t('template')}.xlsx`).catch(() => undefined)}
            data-testid="import-template"
          >
            {t('downloadTemplate')}
          </Button>
          <Button type="primary" icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid="import-choose">
            {t('chooseFile')}
          </Button>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            style={{ display: 'none' }}
            data-testid="import-file"
            onChange={(e) => {
              choose(e.target.files?.[0]);
              // The same file may be chosen again after it was fixed.
              e.target.value = '';
            }}
          />
          {file && (
            <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
              {file.name}
            </Typography.Text>
          )}
        </Flex>
        <Typography.Text type="secondary">{t('importHint')}</Typography.Text>
        {r && (
          <div data-testid="import-report">
            <Flex wrap gap={32} style={{ marginBottom: 12 }}>
              <Statistic title={t('reportTotal')} value={r.total} />
              <Statistic title={t('reportImported')} value={r.imported} styles={{ content: { color: '#3f8600' } }} />
              <Statistic title={t('reportErrors')} value={r.errors.length} styles={r.errors.length ? { content: { color: '#cf1322' } } : undefined} />
            </Flex>
            {nothingStored && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('nothingStored')}
                action={
                  canKeepValid && (
                    <Button
                      size="small"
                      type="primary"
                      loading={busy}
                      onClick={() => file && void send(file, true).catch(() => undefined)}
                      data-testid="import-keep-valid"
                    >
                      {t('keepValid')}
                    </Button>
                  )
                }
              />
            )}
            {r.errors.length > 0 && (
              <Table
                size="small"
                rowKey="row"
                dataSource={r.errors}
                pagination={r.errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
                scroll={{ x: 'max-content' }}
                columns={[
                  { title: t('reportRow'), dataIndex: 'row', width: 80 },
                  { title: t('reportMessages'), dataIndex: 'messages', render: (m: string[]) => m.join('；') },
                ]}
                onRow={(row) => ({ 'data-testid': `import-error-${row.row}` }) as React.HTMLAttributes<HTMLElement>}
              />
            )}
          </div>
        )}
      </Space>
    </Modal>
  );
}
