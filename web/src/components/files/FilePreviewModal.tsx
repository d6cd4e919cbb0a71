import { useEffect, useState } from 'react';
import { Alert, Empty, Modal, Spin } from 'antd';
import type { PreviewKind } from '@app/contracts';
import { useTranslation } from 'react-i18next';

export interface PreviewableFile {
  F_FileName: string;
  url: string;
  previewKind: PreviewKind;
  viewerUrl: string | null;
}

export interface FilePreviewModalProps {
  file: PreviewableFile | null;
  onClose: () => void;
}

const frameStyle = { width: '100%', height: '70vh', border: 0 } as const;

/** Text is fetched rather than framed so it shows as plain text whatever the browser would do with the type. */
function TextPreview({ url }: { url: string }) {
  const { t } = useTranslation('files');
  const [state, setState] = useState<{ text?: string; error?: boolean }>({});
  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
      .then((text) => setState({ text }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ error: true });
      });
    return () => controller.abort();
  }, [url]);
  if (state.error) return <Alert type="error" showIcon title={t('previewLoadFailed')} />;
  if (state.text === undefined)
    return (
      <Spin tip={t('previewLoading')}>
        <div style={{ height: 80 }} />
      </Spin>
    );
  return (
    <pre data-testid="preview-text" style={{ maxHeight: '70vh', overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>
      {state.text}
    </pre>
  );
}

const audioExt = /\.(mp3|wav|ogg|oga|m4a|aac|flac|weba)$/i;

function Preview({ file }: { file: PreviewableFile }) {
  const { t } = useTranslation('files');
  switch (file.previewKind) {
    case 'image':
      return <img src={file.url} alt={file.F_FileName} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} />;
    case 'pdf':
      // The browser's own PDF viewer; the signed URL answers inline for PDFs.
      return <iframe title={file.F_FileName} src={file.url} style={frameStyle} />;
    case 'text':
      return <TextPreview url={file.url} />;
    case 'media':
      return audioExt.test(file.F_FileName) ? (
        <audio src={file.url} controls style={{ width: '100%' }} />
      ) : (
        <video src={file.url} controls style={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', margin: '0 auto' }} />
      );
    case 'office':
      if (file.viewerUrl) return <iframe title={file.F_FileName} src={file.viewerUrl} style={frameStyle} />;
      break;
    default:
      break;
  }
  return <Empty description={t('previewUnsupported')} />;
}

/** Spec 7/9: preview dialog, 80% wide. */
export function FilePreviewModal({ file, onClose }: FilePreviewModalProps) {
  const { t } = useTranslation('files');
  return (
    <Modal open={!!file} title={file ? t('previewTitle', { name: file.F_FileName }) : ''} width="80%" footer={null} onCancel={onClose} destroyOnHidden>
      {file && <Preview file={file} />}
    </Modal>
  );
}
