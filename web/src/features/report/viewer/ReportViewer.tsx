import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Empty, Grid, InputNumber, Modal, Progress, Result, Select, Space, Spin, Tooltip, Typography, theme } from 'antd';
import {
  FileExcelOutlined,
  FilePdfOutlined,
  LeftOutlined,
  PrinterOutlined,
  ReloadOutlined,
  RightOutlined,
  StepBackwardOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReportPages, ReportParamValues, ReportViewMeta } from '@app/contracts';
import { ApiError } from '../../../lib/api';
import type { ExportFormat } from '../api';
import { MM_PX, paperOf } from './layout';
import { fetchAllPages, PrintCancelled, PrintLayer, PRINT_WARN_PAGES } from './PrintPages';
import { QueryBar, initialParams, missingRequired } from './QueryBar';
import { PaperPage } from './ReportSheet';
import type { ReportSource } from './sources';
import './viewer.css';

export type { ReportSource } from './sources';
export { viewSource, frameSource, designSource, draftMeta } from './sources';

/** Pages asked of the server at a time while paging (the page shown, and the ones next to it). */
export const PAGE_CHUNK = 5;
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
type Zoom = 'fit' | (typeof ZOOMS)[number];

export interface ReportViewerProps {
  /** What the viewer reads: the query bar and rights, the pages, the exports (viewSource, frameSource, designSource, or the caller's own). */
  source: ReportSource;
  /** Above the toolbar; default the report's name, false for none. */
  title?: ReactNode | false;
  /** Fills its parent's height, the page scrolling inside (the frame, a designer panel); else it grows with the page. */
  fill?: boolean;
  /** More controls at the end of the toolbar. */
  extra?: ReactNode;
  testId?: string;
}

export const metaKey = (source: ReportSource) => [...source.key, 'meta'] as const;

/** The message of a failed call, for the viewer's own error display. */
const messageOf = (e: unknown) => (e instanceof Error && e.message ? e.message : '');

function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/**
 * The report viewer (报表查看): the query bar from the report's parameters, then its printed pages one at a time —
 * exact column widths and row heights, merged cells, the styles, pictures, codes and charts, on the paper of the print
 * setup. Pages come from the server a few at a time (only the page shown is in the document, whatever the report's
 * size); paging, zoom, print (every page, in the browser's dialog) and the Excel and PDF exports the rights allow.
 */
export function ReportViewer({ source, title, fill, extra, testId = 'report-viewer' }: ReportViewerProps) {
  const { t } = useTranslation('report');
  const meta = useQuery({ queryKey: metaKey(source), queryFn: source.meta, retry: false, staleTime: 60_000 });
  if (meta.isError) {
    const e = meta.error;
    const behaviour = e instanceof ApiError ? e.behaviour : 'show';
    const status = behaviour === 'notFound' ? '404' : behaviour === 'forbidden' ? '403' : 'error';
    return <Result status={status} title={t('viewer.loadFailed')} subTitle={messageOf(e)} data-testid={`${testId}-error`} />;
  }
  if (!meta.data) {
    return (
      <div className="rv rv-blank" style={{ padding: 48 }} data-testid={`${testId}-loading`}>
        <Spin />
      </div>
    );
  }
  return <Viewer key={JSON.stringify(source.key)} source={source} meta={meta.data} title={title} fill={fill} extra={extra} testId={testId} />;
}

function Viewer({ source, meta, title, fill, extra, testId }: ReportViewerProps & { meta: ReportViewMeta; testId: string }) {
  const { t } = useTranslation('report');
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const qc = useQueryClient();
  const phone = Grid.useBreakpoint().xs === true;
  const [params, setParams] = useState<ReportParamValues>(() => initialParams(meta.query));
  const [searched, setSearched] = useState(false);
  // Each 查询 reads the report again, even with the same values (data may have changed).
  const [run, setRun] = useState(0);
  const [page, setPage] = useState(0);
  const [zoom, setZoom] = useState<Zoom | null>(null);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [printing, setPrinting] = useState<{ done: number; total: number; chunks?: ReportPages[] } | null>(null);
  const cancelPrint = useRef(false);
  const stage = useRef<HTMLDivElement>(null);
  const stageWidth = useWidth(stage);

  const blocked = missingRequired(meta.query, params);
  const paramsKey = JSON.stringify(params);
  const chunk = Math.floor(page / PAGE_CHUNK);
  const chunkKey = (c: number) => [...source.key, 'pages', paramsKey, run, c] as const;
  const fetchChunk = (c: number) => source.pages(params, c * PAGE_CHUNK, PAGE_CHUNK);
  const pages = useQuery({
    queryKey: chunkKey(chunk),
    queryFn: () => fetchChunk(chunk),
    enabled: !blocked,
    retry: false,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  const data = pages.data;
  const pageCount = data?.pageCount ?? 0;
  const current = data?.pages.find((p) => p.index === page);

  // The next few pages are asked for ahead of the reader.
  useEffect(() => {
    if (!data || blocked) return;
    const next = chunk + 1;
    if (page % PAGE_CHUNK >= PAGE_CHUNK - 2 && next * PAGE_CHUNK < data.pageCount) {
      void qc.prefetchQuery({ queryKey: chunkKey(next), queryFn: () => fetchChunk(next), staleTime: 5 * 60_000, retry: false });
    }
    // chunkKey / fetchChunk are rebuilt each render from the values listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, page, chunk, blocked, paramsKey, run]);

  // A report that got shorter (other values) keeps the reader on a page that exists.
  useEffect(() => {
    if (data && !pages.isPlaceholderData && page > 0 && page >= data.pageCount) setPage(Math.max(0, data.pageCount - 1));
  }, [data, pages.isPlaceholderData, page]);

  const paper = data ? paperOf(data.print) : null;
  const fitZoom = paper && stageWidth > 0 ? Math.max(0.1, (stageWidth - 32) / (paper.width * MM_PX)) : 1;
  // Until the reader picks one: the page's width fits the screen, at most 100 %.
  const effectiveZoom: Zoom = zoom ?? (fitZoom < 1 ? 'fit' : 1);
  const scale = effectiveZoom === 'fit' ? fitZoom : effectiveZoom;

  const search = (values: ReportParamValues) => {
    setParams(values);
    setSearched(true);
    setRun((r) => r + 1);
    setPage(0);
  };
  const go = (to: number) => setPage(Math.max(0, Math.min(to, Math.max(0, pageCount - 1))));

  const doExport = async (format: ExportFormat) => {
    if (!source.exportFile) return;
    setExporting(format);
    try {
      await source.exportFile(format, params, `${meta.F_Name || 'report'}.${format}`);
    } catch {
      // The api client has shown the server's refusal.
    } finally {
      setExporting(null);
    }
  };

  const startPrint = async () => {
    cancelPrint.current = false;
    setPrinting({ done: 0, total: pageCount });
    try {
      const chunks = await fetchAllPages(
        source,
        params,
        (done, total) => setPrinting((p) => (p ? { ...p, done, total } : p)),
        () => cancelPrint.current,
      );
      if (cancelPrint.current) throw new PrintCancelled();
      setPrinting((p) => (p ? { ...p, chunks } : p));
    } catch (e) {
      setPrinting(null);
      if (!(e instanceof PrintCancelled)) void message.error(messageOf(e) || t('viewer.printFailed'));
    }
  };
  const print = () => {
    if (pageCount > PRINT_WARN_PAGES) {
      modal.confirm({
        title: t('viewer.printManyTitle'),
        content: t(meta.canExport && source.exportFile ? 'viewer.printManyExport' : 'viewer.printMany', { count: pageCount }),
        okText: t('viewer.printAll'),
        cancelText: t('common:cancel'),
        okButtonProps: { 'data-testid': 'report-print-many-ok' } as Record<string, string>,
        onOk: () => void startPrint(),
      });
    } else void startPrint();
  };

  const canExport = meta.canExport && !!source.exportFile;
  const busy = pages.isFetching;
  const heading = title === false ? null : (title ?? meta.F_Name);

  const pager = (
    <span className="rv-toolbar-group" data-testid="report-pager">
      <Tooltip title={t('viewer.first')}>
        <Button
          size="small"
          icon={<StepBackwardOutlined />}
          disabled={page <= 0}
          onClick={() => go(0)}
          data-testid="report-first"
          aria-label={t('viewer.first')}
        />
      </Tooltip>
      <Tooltip title={t('viewer.previous')}>
        <Button
          size="small"
          icon={<LeftOutlined />}
          disabled={page <= 0}
          onClick={() => go(page - 1)}
          data-testid="report-previous"
          aria-label={t('viewer.previous')}
        />
      </Tooltip>
      <PageInput page={page} count={pageCount} onGo={go} />
      <Tooltip title={t('viewer.next')}>
        <Button
          size="small"
          icon={<RightOutlined />}
          disabled={page >= pageCount - 1}
          onClick={() => go(page + 1)}
          data-testid="report-next"
          aria-label={t('viewer.next')}
        />
      </Tooltip>
      <Tooltip title={t('viewer.last')}>
        <Button
          size="small"
          icon={<StepForwardOutlined />}
          disabled={page >= pageCount - 1}
          onClick={() => go(pageCount - 1)}
          data-testid="report-last"
          aria-label={t('viewer.last')}
        />
      </Tooltip>
    </span>
  );

  let body: ReactNode;
  if (blocked && !data) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(searched ? 'viewer.fillRequired' : 'viewer.fillRequiredFirst')}
        data-testid="report-needs-params"
      />
    );
  } else if (pages.isError && !current) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('viewer.pagesFailed')}
        description={messageOf(pages.error)}
        action={
          <Button size="small" onClick={() => void pages.refetch()} data-testid="report-retry">
            {t('viewer.retry')}
          </Button>
        }
        data-testid="report-pages-error"
        style={{ maxWidth: 640, margin: '0 auto' }}
      />
    );
  } else if (data && pageCount === 0) {
    body = <Empty description={t('viewer.noData')} data-testid="report-empty" />;
  } else if (data && current) {
    body = (
      <div className="rv-zoom" style={{ zoom: scale !== 1 ? scale : undefined }} data-testid="report-zoom" data-zoom={scale.toFixed(2)}>
        <Spin spinning={busy && pages.isPlaceholderData}>
          <PaperPage data={data} page={current} />
        </Spin>
      </div>
    );
  } else {
    // The page's chunk is on its way: an empty sheet of the right size under the spinner.
    body = (
      <div className="rv-zoom" style={{ zoom: scale !== 1 ? scale : undefined }}>
        <Spin spinning data-testid="report-pages-loading">
          <div className="rv-paper" style={paper ? { width: `${paper.width}mm`, height: `${paper.height}mm` } : { width: 794, height: 400 }} />
        </Spin>
      </div>
    );
  }

  return (
    // On a phone the page scrolls as a whole: a panel of its own would leave the report a sliver under the query bar.
    <div className={fill && !phone ? 'rv rv-fill' : 'rv'} data-testid={testId}>
      {heading && (
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="report-title">
          {heading}
        </Typography.Title>
      )}
      <QueryBar fields={meta.query} onSearch={search} busy={busy && searched} />
      <div className="rv-toolbar" data-testid="report-toolbar">
        {pager}
        <Select<Zoom>
          size="small"
          value={effectiveZoom}
          onChange={setZoom}
          style={{ width: phone ? 96 : 110 }}
          data-testid="report-zoom-select"
          options={[{ value: 'fit' as Zoom, label: t('viewer.fitWidth') }, ...ZOOMS.map((z) => ({ value: z as Zoom, label: `${Math.round(z * 100)}%` }))]}
        />
        <Space size={4} wrap>
          {meta.canPrint && (
            <Button size="small" icon={<PrinterOutlined />} disabled={!data || pageCount === 0 || !!printing} onClick={print} data-testid="report-print">
              {t('viewer.print')}
            </Button>
          )}
          {canExport && (
            <>
              <Button
                size="small"
                icon={<FileExcelOutlined />}
                loading={exporting === 'xlsx'}
                disabled={blocked || (!!exporting && exporting !== 'xlsx')}
                onClick={() => void doExport('xlsx')}
                data-testid="report-export-xlsx"
              >
                {t('viewer.exportExcel')}
              </Button>
              <Button
                size="small"
                icon={<FilePdfOutlined />}
                loading={exporting === 'pdf'}
                disabled={blocked || (!!exporting && exporting !== 'pdf')}
                onClick={() => void doExport('pdf')}
                data-testid="report-export-pdf"
              >
                {t('viewer.exportPdf')}
              </Button>
            </>
          )}
          <Tooltip title={t('viewer.refresh')}>
            <Button
              size="small"
              icon={<ReloadOutlined />}
              disabled={blocked}
              onClick={() => setRun((r) => r + 1)}
              data-testid="report-refresh"
              aria-label={t('viewer.refresh')}
            />
          </Tooltip>
          {extra}
        </Space>
      </div>
      {data?.notices.map((n, i) => (
        <Alert key={`${n.key}-${i}`} type="warning" showIcon title={t(`notice.${n.key}`, { ...n.params, defaultValue: n.key })} data-testid="report-notice" />
      ))}
      <div ref={stage} className="rv-stage" style={{ background: token.colorFillTertiary, padding: phone ? 8 : 16 }} data-testid="report-stage">
        {body}
      </div>
      <Modal
        open={!!printing && !printing.chunks}
        title={t('viewer.preparing')}
        footer={
          <Button
            onClick={() => {
              cancelPrint.current = true;
              setPrinting(null);
            }}
            data-testid="report-print-cancel"
          >
            {t('common:cancel')}
          </Button>
        }
        closable={false}
        mask={{ closable: false }}
      >
        <Progress percent={printing && printing.total ? Math.round((printing.done / printing.total) * 100) : 0} data-testid="report-print-progress" />
        <Typography.Text type="secondary">{t('viewer.preparingPages', { done: printing?.done ?? 0, total: printing?.total ?? 0 })}</Typography.Text>
      </Modal>
      {printing?.chunks && <PrintLayer chunks={printing.chunks} onDone={() => setPrinting(null)} />}
    </div>
  );
}

/** 第 [n] 页 / 共 M 页: the page number typed and confirmed with Enter (or leaving the box). */
function PageInput({ page, count, onGo }: { page: number; count: number; onGo: (page: number) => void }) {
  const { t } = useTranslation('report');
  const [typed, setTyped] = useState<number | null>(null);
  const value = typed ?? (count ? page + 1 : 0);
  const commit = () => {
    if (typed !== null && Number.isFinite(typed)) onGo(Math.round(typed) - 1);
    setTyped(null);
  };
  return (
    <span className="rv-toolbar-group" style={{ whiteSpace: 'nowrap' }}>
      {t('viewer.pagePrefix')}
      <InputNumber
        size="small"
        min={1}
        max={Math.max(1, count)}
        precision={0}
        controls={false}
        value={value}
        disabled={count <= 1}
        onChange={(v) => setTyped(typeof v === 'number' ? v : null)}
        onPressEnter={commit}
        onBlur={commit}
        style={{ width: Math.max(56, String(count).length * 9 + 26) }}
        data-testid="report-page-input"
        aria-label={t('viewer.pageNumberInput')}
      />
      <span data-testid="report-page-count">{t('viewer.pageSuffix', { total: count })}</span>
    </span>
  );
}
