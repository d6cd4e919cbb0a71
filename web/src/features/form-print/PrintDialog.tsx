import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Modal, Select, Space, Switch } from 'antd';
import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRINT_STYLES, PRINT_TYPES } from '@app/contracts';
import { ApiError, baseHeaders, buildUrl, saveBlob, settleEnvelope } from '../../lib/api';
import { fetchPrintData, printDataKey } from './PrintPage';
import type { PrintOverrides } from './PrintView';
import { printPath } from './paths';

/** The print dialog of a published record: print settings, the print view, print and PDF download. */
export interface PrintDialogProps {
  open: boolean;
  relationId: string;
  keyValue: string;
  onClose(): void;
}

type Choice = Required<PrintOverrides>;

/**
 * POST /form-print/pdf { path } and save the answer: a PDF on success; otherwise the envelope's message goes the
 * usual way (toast, ApiError). The JSON client cannot carry a binary answer, so this call reads the body itself.
 */
export async function downloadPrintPdf(path: string, fileName: string): Promise<void> {
  const url = buildUrl('/form-print/pdf');
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { ...baseHeaders(), Accept: 'application/pdf, application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ path }),
    });
  } catch {
    return settleEnvelope('/form-print/pdf', 0, null);
  }
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/pdf')) {
    settleEnvelope('/form-print/pdf', res.status, await res.json().catch(() => null));
    throw new ApiError('', -1, res.status);
  }
  saveBlob(await res.blob(), fileName);
}

/**
 * Style, paper and title underline (defaults: the relation's print setting, which PrintData carries), the print
 * view in a frame, Print (the frame's own print dialog: the same page and @page as the PDF) and Download PDF
 * (rendered by the server's headless Chromium from the same address).
 */
export function PrintDialog({ open, relationId, keyValue, onClose }: PrintDialogProps) {
  const { t } = useTranslation('formPrint');
  const { message } = App.useApp();
  const frame = useRef<HTMLIFrameElement>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [making, setMaking] = useState(false);
  const data = useQuery({
    queryKey: printDataKey(relationId, keyValue),
    queryFn: () => fetchPrintData(relationId, keyValue),
    enabled: open && !!relationId && !!keyValue,
    retry: false,
  });

  // Each opening starts from the relation's setting.
  useEffect(() => {
    if (!open) setChoice(null);
  }, [open]);
  const setting = data.data?.setting;
  const current: Choice | null = choice ?? (setting ? { style: setting.style, type: setting.type, underline: setting.titleUnderline } : null);
  const change = (patch: Partial<Choice>) => current && setChoice({ ...current, ...patch });
  const path = current ? printPath({ relationId, keyValue, ...current }) : null;
  const title = data.data ? data.data.setting.title || data.data.title : t('dialogTitle');

  const printNow = () => frame.current?.contentWindow?.print();
  const pdf = async () => {
    if (!path) return;
    setMaking(true);
    try {
      await downloadPrintPdf(path, `${title}.pdf`);
    } catch (err) {
      // The envelope's message was already shown; a failure without one gets the generic text.
      if (!(err instanceof ApiError) || !err.message) void message.error(t('pdfFailed'));
    } finally {
      setMaking(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('dialogTitle')}
      width={1040}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button icon={<FilePdfOutlined />} loading={making} disabled={!path} onClick={() => void pdf()} data-testid="print-pdf">
            {t('pdf')}
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} disabled={!path} onClick={printNow} data-testid="print-now">
            {t('print')}
          </Button>
        </Space>
      }
    >
      <div data-testid="print-dialog">
        <Space wrap style={{ marginBottom: 12 }}>
          <span>{t('style')}</span>
          <Select
            data-testid="print-style"
            style={{ width: 140 }}
            value={current?.style}
            disabled={!current}
            options={PRINT_STYLES.map((s) => ({ value: s, label: t(`styles.${s}`) }))}
            onChange={(style) => change({ style })}
          />
          <span>{t('type')}</span>
          <Select
            data-testid="print-type"
            style={{ width: 140 }}
            value={current?.type}
            disabled={!current}
            options={PRINT_TYPES.map((s) => ({ value: s, label: t(`types.${s}`) }))}
            onChange={(type) => change({ type })}
          />
          <span>{t('underline')}</span>
          <Switch data-testid="print-underline" checked={current?.underline === 1} disabled={!current} onChange={(on) => change({ underline: on ? 1 : 0 })} />
        </Space>
        {data.isError && <Alert type="error" showIcon title={data.error.message || t('loadFailed')} data-testid="print-dialog-error" />}
        {path && (
          <iframe
            ref={frame}
            key={path}
            title={t('dialogTitle')}
            src={path}
            data-testid="print-frame"
            style={{ display: 'block', width: '100%', height: '68vh', border: '1px solid #e5e5e5', borderRadius: 4, background: '#e9ebee' }}
          />
        )}
      </div>
    </Modal>
  );
}
