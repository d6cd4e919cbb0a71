import { Suspense, lazy, useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Alert, App, Button, Empty, Modal, Result, Spin, theme } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emptyReportDesign, parseCellName, reportDesign, reportPermissions, type ReportChart, type ReportDesign } from '@app/contracts';
import { ApiError } from '../../../lib/api';
import { usePermission } from '../../../lib/permission';
import { useUnsavedChanges } from '../../../app/shell/unsaved';
import { reportApi } from '../api';
import { FIELD_DRAG_TYPE, bindField } from './actions';
import { CellPanel } from './CellPanel';
import { ChartDialog } from './ChartDialog';
import { ChartLayer } from './ChartLayer';
import { DesignerContext, useDesignerState } from './designer-state';
import { DesignerToolbar } from './DesignerToolbar';
import type { GridHandle } from './grid-types';
import { FormulaHelp } from './FormulaHelp';
import { PreviewModal } from './PreviewModal';
import { PrintDialog } from './PrintDialog';
import { SidePanel } from './SidePanel';
import { VersionsDrawer, versionsKey } from './VersionsDrawer';
import './designer.css';

/** The grid comes with its own chunk: the designer's panels show while it loads. */
const ReportGrid = lazy(() => import('./ReportGrid'));

export const designerKeys = {
  info: (id: string) => ['report-designer', 'info', id] as const,
  content: (contentId: string) => ['report-designer', 'content', contentId] as const,
};

export interface ReportDesignerProps {
  reportId: string;
  /** Shown (a tab of the design list keeps the others in memory, their grids put away). */
  active?: boolean;
  /** The report's name once known (the tab's title). */
  onName?: (name: string) => void;
  /** Unsaved changes came or went (the tab's mark). */
  onDirty?: (dirty: boolean) => void;
  /** The grid's handle as it comes and goes (tests and tools drive the grid through it). */
  onGridReady?: (handle: GridHandle | null) => void;
}

type Problem = { cell?: string; msg: string };

/**
 * The report designer of one report: the toolbar, the data sets / parameters / charts on the left, the grid in the
 * middle, the selected cell's properties on the right.
 */
export function ReportDesigner({ reportId, active = true, onName, onDirty, onGridReady }: ReportDesignerProps) {
  const { t, i18n } = useTranslation('reportDesigner');
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const client = useQueryClient();
  const canSave = usePermission(reportPermissions.designSave);
  const canPreview = usePermission(reportPermissions.designPreview);
  const designer = useDesignerState();
  const unsaved = useUnsavedChanges(designer.dirty);

  // Read once: a newer version saved by someone else must not replace what is being edited (the save tells of it).
  const once = { retry: false, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;
  const info = useQuery({ queryKey: designerKeys.info(reportId), queryFn: () => reportApi.get(reportId), ...once });
  const contentId = info.data?.F_ContentId ?? '';
  const content = useQuery({ queryKey: designerKeys.content(contentId), queryFn: () => reportApi.content(contentId), enabled: !!contentId, ...once });

  /** The version the design was opened at (F_BaseVersion of the next save). */
  const baseVersion = useRef(0);
  const openedFor = useRef<string | null>(null);
  const [version, setVersion] = useState(0);
  const { open: openDesign } = designer;
  useEffect(() => {
    if (!info.data) return;
    if (info.data.F_ContentId && !content.data) return;
    const key = info.data.F_ContentId || `new:${info.data.F_Id}`;
    if (openedFor.current === key) return;
    openedFor.current = key;
    const design = content.data?.F_Design ?? emptyReportDesign();
    baseVersion.current = content.data?.F_Version ?? info.data.F_Version;
    setVersion(baseVersion.current);
    openDesign(design);
  }, [info.data, content.data, openDesign]);

  const tellRef = useRef({ onName, onDirty, onGridReady });
  tellRef.current = { onName, onDirty, onGridReady };
  const { gridReady, handleRef } = designer;
  useEffect(() => {
    tellRef.current.onGridReady?.(gridReady ? handleRef.current : null);
  }, [gridReady, handleRef]);
  useEffect(() => {
    if (info.data?.F_Name) tellRef.current.onName?.(info.data.F_Name);
  }, [info.data?.F_Name]);
  useEffect(() => {
    tellRef.current.onDirty?.(designer.dirty);
  }, [designer.dirty]);

  // ------------------------------------------------------------ save
  const [saving, setSaving] = useState(false);
  const save = useCallback(
    async (base = baseVersion.current) => {
      const design = designer.toDesign();
      const parsed = reportDesign.safeParse(design);
      if (!parsed.success) {
        void message.error(t('save.invalid', { detail: parsed.error.issues[0]?.message ?? '' }));
        return;
      }
      setSaving(true);
      try {
        const saved = await reportApi.saveContent({ F_ReportId: reportId, F_Design: parsed.data, F_BaseVersion: base, F_Note: '' }, { silent: true });
        baseVersion.current = saved.F_Version;
        openedFor.current = saved.F_Id;
        setVersion(saved.F_Version);
        designer.markSaved();
        unsaved.saved();
        void message.success(t('save.done', { version: saved.F_Version }));
        void client.invalidateQueries({ queryKey: versionsKey(reportId) });
      } catch (e) {
        if (e instanceof ApiError && (e.key === 'report.versionConflict' || e.status === 409)) {
          modal.confirm({
            title: t('save.conflictTitle'),
            content: <span data-testid="rd-conflict">{t('save.conflict')}</span>,
            okText: t('save.overwrite'),
            cancelText: t('action.cancel'),
            okButtonProps: { danger: true, 'data-testid': 'rd-conflict-overwrite' } as { danger: boolean },
            onOk: async () => {
              const latest = await reportApi.get(reportId);
              await save(latest.F_Version);
            },
            footer: (_, { OkBtn, CancelBtn }) => (
              <>
                <Button onClick={() => (Modal.destroyAll(), setVersionsOpen(true))} data-testid="rd-conflict-versions">
                  {t('save.seeVersions')}
                </Button>
                <CancelBtn />
                <OkBtn />
              </>
            ),
          });
        } else {
          void message.error(e instanceof Error ? e.message : String(e));
        }
      } finally {
        setSaving(false);
      }
    },
    [client, designer, message, modal, reportId, t, unsaved],
  );

  // Ctrl+S saves while the designer is shown.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (!active || !canSave) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, canSave]);

  // ------------------------------------------------------------ check
  const [problems, setProblems] = useState<Problem[] | null>(null);
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    try {
      setProblems(await reportApi.check(designer.toDesign()));
    } finally {
      setChecking(false);
    }
  };
  const goTo = (p: Problem) => {
    const ref = p.cell ? parseCellName(p.cell) : null;
    if (ref) designer.handleRef.current?.select(ref.r, ref.c);
  };

  // ------------------------------------------------------------ dialogs
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [preview, setPreview] = useState<{ design: ReportDesign; revision: number } | null>(null);
  const [chartDialog, setChartDialog] = useState<{ editing?: ReportChart } | null>(null);

  const onRestored = () => {
    setVersionsOpen(false);
    openedFor.current = null;
    void client.invalidateQueries({ queryKey: designerKeys.info(reportId) });
  };
  const openVersionsDrawer = () => setVersionsOpen(true);
  const askRestore = () => {
    // A restore replaces what is open: unsaved changes go.
    if (!designer.dirty) return openVersionsDrawer();
    modal.confirm({
      title: t('versions.dirtyTitle'),
      content: t('versions.dirty'),
      okText: t('action.continue'),
      cancelText: t('action.cancel'),
      onOk: openVersionsDrawer,
    });
  };

  const toggleFlag = (flag: 'header' | 'footer' | 'pageBreakAfter') => {
    const sel = designer.selection.get().sel;
    if (!sel) return void message.info(t('side.selectCellFirst'));
    designer.setSide((s) => {
      const rows = Array.from({ length: sel.r2 - sel.r1 + 1 }, (_, i) => sel.r1 + i);
      const byRow = new Map(s.rowFlags.map((f) => [f.r, f]));
      const all = rows.every((r) => byRow.get(r)?.[flag]);
      for (const r of rows) {
        const f = { ...(byRow.get(r) ?? { r }), [flag]: all ? undefined : true };
        // A row is a header or a footer, not both.
        if (!all && flag === 'header') delete f.footer;
        if (!all && flag === 'footer') delete f.header;
        const clean = JSON.parse(JSON.stringify(f)) as typeof f;
        if (clean.header || clean.footer || clean.pageBreakAfter) byRow.set(r, clean);
        else byRow.delete(r);
      }
      return { ...s, rowFlags: [...byRow.values()].sort((a, b) => a.r - b.r) };
    });
    requestAnimationFrame(() => designer.handleRef.current?.refresh());
  };
  const clearFlags = () => {
    const sel = designer.selection.get().sel;
    if (!sel) return;
    designer.setSide((s) => ({ ...s, rowFlags: s.rowFlags.filter((f) => f.r < sel.r1 || f.r > sel.r2) }));
    requestAnimationFrame(() => designer.handleRef.current?.refresh());
  };

  // ------------------------------------------------------------ drop a field on a cell
  const onDrop = (e: React.DragEvent) => {
    const raw = e.dataTransfer.getData(FIELD_DRAG_TYPE);
    if (!raw) return;
    e.preventDefault();
    const cell = designer.handleRef.current?.cellAt(e.clientX, e.clientY);
    if (!cell) return;
    const { dataSet, field } = JSON.parse(raw) as { dataSet: string; field: string };
    bindField(designer.handleRef.current, cell.r, cell.c, dataSet, field);
    designer.handleRef.current?.select(cell.r, cell.c);
  };

  if (info.isError || content.isError) {
    const e = info.error ?? content.error;
    const behaviour = e instanceof ApiError ? e.behaviour : 'show';
    return (
      <Result
        status={behaviour === 'notFound' ? '404' : behaviour === 'forbidden' ? '403' : 'error'}
        title={t('loadFailed')}
        subTitle={e instanceof Error ? e.message : ''}
        data-testid="rd-load-error"
      />
    );
  }
  const loading = !info.data || (!!contentId && !content.data);

  const vars = {
    '--rd-border': token.colorBorderSecondary,
    '--rd-panel': token.colorBgContainer,
    '--rd-muted': token.colorTextSecondary,
    '--rd-hover': token.controlItemBgHover,
    '--rd-accent': token.colorPrimary,
  } as CSSProperties;

  return (
    <DesignerContext.Provider value={designer}>
      <div className="rd-designer" style={vars} data-testid="rd-designer">
        <DesignerToolbar
          name={info.data?.F_Name ?? ''}
          version={version}
          dirty={designer.dirty}
          ready={designer.gridReady}
          canSave={canSave}
          canPreview={canPreview}
          saving={saving}
          checking={checking}
          onSave={() => void save()}
          onUndo={() => designer.handleRef.current?.undo()}
          onRedo={() => designer.handleRef.current?.redo()}
          onPreview={() => setPreview({ design: designer.toDesign(), revision: Date.now() })}
          onCheck={() => void check()}
          onVersions={askRestore}
          onPrint={() => setPrintOpen(true)}
          onFlag={toggleFlag}
          onClearFlags={clearFlags}
          onChart={() => {
            if (!designer.selection.get().sel) return void message.info(t('chart.selectRange'));
            if (!designer.side.dataSets.length) return void message.info(t('chart.needDataSet'));
            setChartDialog({});
          }}
          onHelp={() => setHelpOpen(true)}
        />
        {problems && (
          <Alert
            className="rd-problems"
            type={problems.length ? 'warning' : 'success'}
            showIcon
            closable={{ onClose: () => setProblems(null) }}
            data-testid="rd-problems"
            title={problems.length ? t('check.found', { count: problems.length }) : t('check.none')}
            description={
              problems.length ? (
                <ul className="rd-problem-list">
                  {problems.map((p, i) => (
                    <li key={i}>
                      {p.cell ? (
                        <Button type="link" size="small" onClick={() => goTo(p)} data-testid={`rd-problem-${i}`}>
                          {p.cell}
                        </Button>
                      ) : null}
                      {p.msg}
                    </li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        )}
        <div className="rd-body">
          <aside className="rd-left">
            <SidePanel />
          </aside>
          <main className="rd-center" onDragOver={(e) => e.dataTransfer.types.includes(FIELD_DRAG_TYPE) && e.preventDefault()} onDrop={onDrop}>
            {loading ? (
              <div className="rd-grid-loading">
                <Spin />
              </div>
            ) : active ? (
              <Suspense
                fallback={
                  <div className="rd-grid-loading">
                    <Spin />
                  </div>
                }
              >
                <ReportGrid
                  key={designer.gridKey}
                  initial={designer.initialRef.current}
                  lang={i18n.language}
                  events={designer.eventsRef}
                  marks={designer.marksRef}
                  onReady={designer.onReady}
                  onLeave={designer.onLeave}
                  readOnly={!canSave}
                />
                <ChartLayer
                  handle={designer.gridReady ? designer.handleRef.current : null}
                  charts={designer.side.charts}
                  onEdit={(ch) => setChartDialog({ editing: ch })}
                />
              </Suspense>
            ) : (
              <Empty />
            )}
          </main>
          <aside className="rd-right">
            <CellPanel />
          </aside>
        </div>
        {versionsOpen && <VersionsDrawer reportId={reportId} open canSave={canSave} onClose={() => setVersionsOpen(false)} onRestored={onRestored} />}
        {printOpen && <PrintDialog onClose={() => setPrintOpen(false)} />}
        {chartDialog && <ChartDialog editing={chartDialog.editing} onClose={() => setChartDialog(null)} />}
        <FormulaHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
        {preview && (
          <PreviewModal
            reportId={reportId}
            name={info.data?.F_Name ?? ''}
            design={preview.design}
            revision={preview.revision}
            onRefresh={() => setPreview({ design: designer.toDesign(), revision: Date.now() })}
            onClose={() => setPreview(null)}
          />
        )}
      </div>
    </DesignerContext.Provider>
  );
}
