import { useState } from 'react';
import { App, Button, Popconfirm, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilePreviewModal, type PreviewableFile } from './FilePreviewModal';
import { downloadFile } from './upload-request';

/** What the list needs of a file: an AnnexFile, or a legacy { F_FileName, url } entry (no id, no preview kind). */
export interface ListedFile {
  F_Id?: string;
  F_FileName: string;
  url: string;
  F_FileSize?: number;
  previewKind?: PreviewableFile['previewKind'];
  viewerUrl?: string | null;
}

export interface AttachmentListProps<F extends ListedFile> {
  files: F[];
  loading?: boolean;
  /** Shown as a delete action when given; the caller performs the call and the '删除成功' / '删除失败' toasts. */
  onDelete?: (file: F) => unknown;
  /** When set the delete action is refused with this message instead of asking (a disabled upload field). */
  deleteRefusal?: string;
  /** Show the size column. */
  showSize?: boolean;
  testId?: string;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

const imageExt = /\.(bmp|jpe?g|png|gif|svg|webp)$/i;

/** Spec 7 + 9: attachments table, name column 380, action column 100, preview and download. */
export function AttachmentList<F extends ListedFile>({
  files,
  loading,
  onDelete,
  deleteRefusal,
  showSize,
  testId = 'attachment-list',
}: AttachmentListProps<F>) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const [preview, setPreview] = useState<PreviewableFile | null>(null);
  const open = (f: F) =>
    setPreview({
      F_FileName: f.F_FileName,
      url: f.url,
      // Legacy entries carry no kind; an image name is still safe to show, anything else gets '暂不支持预览！'.
      previewKind: f.previewKind ?? (imageExt.test(f.F_FileName) ? 'image' : 'none'),
      viewerUrl: f.viewerUrl ?? null,
    });
  const download = (f: F) => {
    // Legacy entries may point at another origin, where a blob fetch is blocked; the browser can still follow the link.
    if (!f.F_Id) {
      window.open(f.url, '_blank', 'noopener,noreferrer');
      return Promise.resolve();
    }
    return downloadFile(f.url, f.F_FileName).catch((err: unknown) => {
      void message.error(err instanceof Error ? err.message : t('downloadFailed'));
    });
  };
  return (
    <>
      <Table<F>
        data-testid={testId}
        size="small"
        pagination={false}
        loading={loading}
        rowKey={(f) => f.F_Id ?? f.url}
        dataSource={files}
        locale={{ emptyText: t('empty') }}
        columns={[
          {
            title: t('colName'),
            dataIndex: 'F_FileName',
            width: 380,
            ellipsis: true,
            render: (name: string, f) => (
              <a onClick={() => open(f)} title={name}>
                {name}
              </a>
            ),
          },
          ...(showSize ? [{ title: t('colSize'), dataIndex: 'F_FileSize', render: (v?: number) => (v === undefined ? '' : formatSize(v)) }] : []),
          {
            title: t('colAction'),
            key: 'action',
            width: 100,
            render: (_: unknown, f: F) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  style={{ paddingInline: 2 }}
                  onClick={() => open(f)}
                  data-testid={`attachment-preview-${f.F_Id ?? f.F_FileName}`}
                >
                  {t('preview')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  style={{ paddingInline: 2 }}
                  onClick={() => void download(f)}
                  data-testid={`attachment-download-${f.F_Id ?? f.F_FileName}`}
                >
                  {t('download')}
                </Button>
                {onDelete && deleteRefusal && (
                  <Button
                    type="link"
                    size="small"
                    style={{ paddingInline: 2 }}
                    danger
                    onClick={() => void message.error(deleteRefusal)}
                    data-testid={`attachment-delete-${f.F_Id ?? f.F_FileName}`}
                  >
                    {t('delete')}
                  </Button>
                )}
                {onDelete && !deleteRefusal && (
                  <Popconfirm
                    title={t('deleteConfirm', { name: f.F_FileName })}
                    onConfirm={() => onDelete(f)}
                    okButtonProps={{ 'data-testid': 'attachment-delete-ok' } as { danger?: boolean }}
                  >
                    <Button type="link" size="small" style={{ paddingInline: 2 }} danger data-testid={`attachment-delete-${f.F_Id ?? f.F_FileName}`}>
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
    </>
  );
}
