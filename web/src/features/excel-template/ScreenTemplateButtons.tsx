import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Modal, Progress, Result, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, ExportOutlined, ImportOutlined, InboxOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useInRouterContext, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXCEL_TEMPLATE_LIMITS, type ExcelImportRun, type ExcelScreenTemplates } from '@app/contracts';
import type { ListToolbarExtraProps } from '../../components/list-toolbar-extras';
import { useCommonMenu, useMenu } from '../../app/shell/menu-data';
import { findByRoute } from '../../app/shell/menu-utils';
import { excelExportApi, excelImportApi } from './api';

/** Polling interval of an import's progress and of a large export's (docs/excel-templates.md "Progress"). */
export const POLL_MS = 1000;
/** An export still running after this long shows its progress. */
const EXPORT_PROGRESS_AFTER_MS = 1000;

/** The current route's menu entry id (the screen the templates are bound to). */
function useScreenModuleId(): string {
  const { pathname } = useLocation();
  const { menu } = useMenu();
  const { data: common = [] } = useCommonMenu();
  return findByRoute([...common, ...menu], pathname)?.meta.moduleid ?? '';
}

/**
 * The 导入 / 导出 buttons of the screen's enabled templates, on every ListPage (registered as a toolbar extra):
 * the server answers only the templates of a screen granted to the caller.
 */
export default function ScreenTemplateButtons(props: ListToolbarExtraProps) {
  // Screens sit under the router; a list rendered outside one (a component on its own, in a test) is no screen.
  return useInRouterContext() ? <RoutedTemplateButtons {...props} /> : null;
}

function RoutedTemplateButtons({ query, refresh }: ListToolbarExtraProps) {
  const moduleId = useScreenModuleId();
  const templates = useQuery({
    queryKey: ['excel-screen-templates', moduleId],
    queryFn: () => excelImportApi.screen(moduleId),
    enabled: !!moduleId,
    staleTime: 30_000,
    retry: false,
  });
  if (!moduleId || !templates.data) return null;
  return <Buttons moduleId={moduleId} templates={templates.data} query={query} refresh={refresh} />;
}

function Buttons({ moduleId, templates, query, refresh }: { moduleId: string; templates: ExcelScreenTemplates } & ListToolbarExtraProps) {
  const { t } = useTranslation('excelTemplate');
  const [importing, setImporting] = useState<ExcelScreenTemplates['imports'][number] | null>(null);
  if (!templates.imports.length && !templates.exports.length) return null;
  return (
    <Space wrap>
      {templates.imports.map((x) => (
        <Button key={x.F_Id} icon={<ImportOutlined />} onClick={() => setImporting(x)} data-testid={`excel-import-${x.F_Id}`}>
          {x.F_ButtonName || t('importButton')}
        </Button>
      ))}
      {templates.exports.map((x) => (
        <ExportButton key={x.F_Id} template={x} query={query} />
      ))}
      {importing && (
        <ImportDialog
          moduleId={moduleId}
          template={importing}
          onClose={() => {
            setImporting(null);
            refresh();
          }}
        />
      )}
    </Space>
  );
}

function ExportButton({ template, query }: { template: ExcelScreenTemplates['exports'][number]; query: ListToolbarExtraProps['query'] }) {
  const { t } = useTranslation('excelTemplate');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ rows: number; total: number; fileId: string | null } | null>(null);
  const run = async () => {
    setBusy(true);
    const progressId = crypto.randomUUID();
    const timer = setInterval(() => {
      void excelExportApi.progress(progressId).then((p) => {
        if (p && !p.done) setProgress({ rows: p.rows, total: p.total, fileId: p.fileId });
      });
    }, POLL_MS);
    const first = setTimeout(() => setProgress((p) => p ?? { rows: 0, total: 0, fileId: null }), EXPORT_PROGRESS_AFTER_MS);
    try {
      const q = template.F_ApplyQuery
        ? {
            query: String(query.query ?? '') || undefined,
            sidx: query.sidx as string | undefined,
            sord: query.sord as string | undefined,
            keyword: query.keyword,
          }
        : {};
      await excelExportApi.file(template.F_Id, { ...q, progressId }, `${template.F_Name}.xlsx`);
      const last = await excelExportApi.progress(progressId).catch(() => null);
      if (last?.total && last.total > EXCEL_TEMPLATE_LIMITS.bigExportRows) void message.info(t('exportSaved'));
    } catch {
      // Shown by the api client.
    } finally {
      clearInterval(timer);
      clearTimeout(first);
      setProgress(null);
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon={<ExportOutlined />} loading={busy} onClick={() => void run()} data-testid={`excel-export-${template.F_Id}`}>
        {template.F_ButtonName || t('exportButton')}
      </Button>
      <Modal open={!!progress} title={t('exporting')} footer={null} closable={false} data-testid="excel-export-progress">
        {progress && (
          <>
            <Progress percent={progress.total ? Math.min(99, Math.floor((progress.rows / progress.total) * 100)) : 0} status="active" />
            <Typography.Text type="secondary">{t('exportProgress', { rows: progress.rows, total: progress.total })}</Typography.Text>
          </>
        )}
      </Modal>
    </>
  );
}

/** Upload, then the progress (rows read / valid / stored, polled about once a second), then the result. */
export function ImportDialog({ moduleId, template, onClose }: { moduleId: string; template: { F_Id: string; F_Name: string }; onClose: () => void }) {
  const { t } = useTranslation('excelTemplate');
  const [file, setFile] = useState<File | null>(null);
  const [run, setRun] = useState<ExcelImportRun | null>(null);
  const [uploading, setUploading] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  // While the run is running, read it about once a second.
  useEffect(() => {
    if (!run || run.state !== 'running') return;
    const timer = setTimeout(() => {
      void excelImportApi
        .run(template.F_Id, run.F_Id)
        .then((next) => alive.current && setRun(next))
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [run, template.F_Id]);
  const start = async () => {
    if (!file) return;
    setUploading(true);
    try {
      setRun(await excelImportApi.upload(template.F_Id, file));
    } catch {
      // Shown by the api client (the file's refusal: type, headers, size…).
    } finally {
      setUploading(false);
    }
  };
  const percent = run
    ? run.total
      ? Math.min(100, Math.floor(((run.state === 'running' ? run.read : run.total) / run.total) * 100))
      : run.state === 'running'
        ? 0
        : 100
    : 0;
  const finished = run && run.state !== 'running';
  return (
    <Modal
      open
      title={t('importTitle', { name: template.F_Name })}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={
        finished ? (
          <Space>
            <Button
              onClick={() => {
                setRun(null);
                setFile(null);
              }}
              data-testid="excel-import-again"
            >
              {t('again')}
            </Button>
            <Button type="primary" onClick={onClose} data-testid="excel-import-close">
              {t('close')}
            </Button>
          </Space>
        ) : run ? null : (
          <Space>
            <Button onClick={onClose}>{t('close')}</Button>
            <Button type="primary" disabled={!file} loading={uploading} onClick={() => void start()} data-testid="excel-import-start">
              {t('startImport')}
            </Button>
          </Space>
        )
      }
    >
      <div data-testid="excel-import-dialog">
        {!run && (
          <>
            <Upload.Dragger
              accept=".xlsx"
              maxCount={1}
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
              data-testid="excel-import-file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('pickFile')}</p>
              <p className="ant-upload-hint">{t('pickFileHint')}</p>
            </Upload.Dragger>
            <Button
              type="link"
              icon={<DownloadOutlined />}
              style={{ paddingLeft: 0, marginTop: 8 }}
              onClick={() => void excelImportApi.download(moduleId, template.F_Id, `${template.F_Name}.xlsx`).catch(() => undefined)}
              data-testid="excel-import-template"
            >
              {t('downloadTemplate')}
            </Button>
          </>
        )}
        {run && run.state === 'running' && (
          <div data-testid="excel-import-progress">
            <Typography.Text>{t('importing')}</Typography.Text>
            <Progress percent={percent} status="active" />
            <Typography.Text type="secondary" data-testid="excel-import-counts">
              {t('progress', { read: run.read, valid: run.valid, stored: run.stored })}
            </Typography.Text>
          </div>
        )}
        {finished && run && (
          <Result
            status={run.state === 'done' ? (run.invalid ? 'warning' : 'success') : 'error'}
            title={t(run.state === 'done' ? 'resultDone' : run.state === 'refused' ? 'resultRefused' : 'resultFailed')}
            subTitle={<span data-testid="excel-import-result">{t('counts', { read: run.read, stored: run.stored, invalid: run.invalid })}</span>}
            style={{ padding: '16px 0' }}
            extra={
              run.hasErrors ? (
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => void excelImportApi.errors(template.F_Id, run.F_Id, `${template.F_Name}-errors.xlsx`).catch(() => undefined)}
                  data-testid="excel-import-errors"
                >
                  {t('downloadErrors')}
                </Button>
              ) : undefined
            }
          >
            {run.message && <Alert type="error" showIcon message={run.message} style={{ marginBottom: 8 }} />}
            {run.errors.length > 0 && (
              <div style={{ maxHeight: 200, overflow: 'auto' }} data-testid="excel-import-errors-list">
                {run.errors.map((e) => (
                  <div key={e.row}>
                    <Typography.Text type="danger">{t('rowError', { row: e.row, messages: e.messages.join('；') })}</Typography.Text>
                  </div>
                ))}
              </div>
            )}
          </Result>
        )}
      </div>
    </Modal>
  );
}
