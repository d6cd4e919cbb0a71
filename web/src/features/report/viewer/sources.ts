import dayjs from 'dayjs';
import type { ReportDesign, ReportPages, ReportParamValues, ReportQueryField, ReportViewMeta } from '@app/contracts';
import { reportApi, reportFrameApi, type ExportFormat, type ShareAccess } from '../api';

/**
 * Where a viewer reads a report from: its query bar and rights (meta), its pages a few at a time, and the exports.
 * The released page, the report frame (signed in or by share link), the print view and the designer's preview each
 * make one; the designer may pass its own (an unsaved design).
 */
export interface ReportSource {
  /** Tells one source's cached pages from another's: report, release, share, the design's revision… */
  key: readonly unknown[];
  meta: () => Promise<ReportViewMeta>;
  pages: (params: ReportParamValues, from: number, count: number) => Promise<ReportPages>;
  /** Saves the export; absent: no export buttons. */
  exportFile?: (format: ExportFormat, params: ReportParamValues, fileName: string) => Promise<void>;
}

/** The signed-in viewer: through a release (its view / print / export buttons), else the design preview permission. */
export function viewSource(reportId: string, releaseId?: string, meta?: () => Promise<ReportViewMeta>): ReportSource {
  return {
    key: ['report-view', reportId, releaseId ?? ''],
    meta: meta ?? (() => reportApi.meta(reportId, releaseId)),
    pages: (params, from, count) => reportApi.pages(reportId, { releaseId, params, from, count }),
    exportFile: (format, params, fileName) => reportApi.export(reportId, { format, params, releaseId }, fileName),
  };
}

/** A share link's public frame: only the /report-frame calls, never the session. */
export function frameSource(reportId: string, access: ShareAccess): ReportSource {
  return {
    key: ['report-frame', reportId, access.share, access.access ?? ''],
    meta: () => reportFrameApi.meta(reportId, access),
    pages: (params, from, count) => reportFrameApi.pages(reportId, access, { params, from, count }),
    exportFile: (format, params, fileName) => reportFrameApi.export(reportId, access, { format, params }, fileName),
  };
}

/**
 * The designer's preview of an unsaved design: pages and exports send the design. `revision` changes whenever
 * the design does (so that its pages are read again). The query bar comes from the design itself (draftMeta),
 * since the server's meta reads the saved design; pass `meta` to use another.
 */
export function designSource(reportId: string, design: ReportDesign, revision: string | number, meta?: () => Promise<ReportViewMeta>): ReportSource {
  return {
    key: ['report-design-preview', reportId, revision],
    meta: meta ?? (() => Promise.resolve(draftMeta(reportId, '', design))),
    pages: (params, from, count) => reportApi.pages(reportId, { params, from, count, design }),
    exportFile: (format, params, fileName) => reportApi.export(reportId, { format, params, design }, fileName),
  };
}

const DATE = 'YYYY-MM-DD';

/** A parameter's default as the server resolves it (today, monthStart, thisMonth …), for a design not saved yet. */
export function draftDefault(type: ReportQueryField['type'], text: string, now = dayjs()): string | string[] {
  const word = text.trim();
  if (type === 'date') {
    if (word === 'today') return now.format(DATE);
    if (word === 'monthStart') return now.startOf('month').format(DATE);
    if (word === 'yearStart') return now.startOf('year').format(DATE);
    return /^\d{4}-\d{2}-\d{2}$/.test(word) ? word : '';
  }
  if (type === 'dateRange') {
    if (word === 'today') return [now.format(DATE), now.format(DATE)];
    if (word === 'thisMonth') return [now.startOf('month').format(DATE), now.endOf('month').format(DATE)];
    if (word === 'lastMonth') {
      const last = now.subtract(1, 'month');
      return [last.startOf('month').format(DATE), last.endOf('month').format(DATE)];
    }
    if (word === 'thisYear') return [now.startOf('year').format(DATE), now.endOf('year').format(DATE)];
    const [b = '', e = ''] = word.split(',').map((s) => s.trim());
    return /^\d{4}-\d{2}-\d{2}$/.test(b) && /^\d{4}-\d{2}-\d{2}$/.test(e) ? [b, e] : [];
  }
  return text;
}

/** The query bar of a design (no dictionary options: a dictionary parameter is typed in). */
export function draftMeta(reportId: string, name: string, design: ReportDesign): ReportViewMeta {
  return {
    F_ReportId: reportId,
    F_Name: name,
    query: design.params
      .filter((p) => !p.type.startsWith('current'))
      .map((p) => ({ name: p.name, label: p.label || p.name, type: p.type, required: p.required, value: draftDefault(p.type, p.default) })),
    canPrint: true,
    canExport: true,
    needsPassword: false,
  };
}
