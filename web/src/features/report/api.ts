import type {
  PageResult,
  ReportContentBody,
  ReportContentDetail,
  ReportContentRow,
  ReportDataPreview,
  ReportDesign,
  ReportExportBody,
  ReportFileQuery,
  ReportFolder,
  ReportFolderBody,
  ReportInfoBody,
  ReportInfoRow,
  ReportPages,
  ReportParamValues,
  ReportReleaseBody,
  ReportReleaseRow,
  ReportRunBody,
  ReportShareBody,
  ReportShareRow,
  ReportTreeNode,
  ReportViewMeta,
  DataSet,
} from '@app/contracts';
import { ApiError, api, baseHeaders, buildUrl, dispositionFileName, saveBlob, settleEnvelope, type RequestOptions } from '../../lib/api';
import i18n from '../../lib/i18n';

const enc = encodeURIComponent;
type Paged = { limit: number; size: number };
/** Calls whose failure the screen shows itself (inline), not as a toast. */
const silent: RequestOptions = { silent: true };

/**
 * POST a body and save the file the server answers (an export): the server's file name (Content-Disposition), else
 * `fallbackName`. A JSON answer is an error envelope and goes the usual way (toast unless silent, ApiError). `auth`
 * false sends no session (the public share frame). No time-out: a big export takes as long as it takes.
 */
async function postFile(path: string, query: RequestOptions['query'], body: unknown, fallbackName: string, auth = true): Promise<void> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), {
      method: 'POST',
      headers: { ...baseHeaders(auth), Accept: '*/*', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return settleEnvelope(path, 0, null);
  }
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
    settleEnvelope(path, res.status, await res.json().catch(() => null));
    // A success envelope where a file was expected is still no file.
    throw new ApiError(i18n.t('errors:unknown'), -1, res.status);
  }
  saveBlob(await res.blob(), dispositionFileName(res.headers.get('content-disposition')) ?? fallbackName);
}

export type ExportFormat = ReportExportBody['format'];
export interface ReportParamsAndPages {
  params: ReportParamValues;
  from: number;
  count: number;
}

/** Reports (报表): folders, reports, designs and versions, releases, viewing, share links. The only place naming their paths. */
export const reportApi = {
  // ------------------------------------------------------------ folders (报表管理)
  folderTree: () => api.get<ReportFolder[]>('/reports-file-info/tree'),
  addFolder: (body: ReportFolderBody) => api.post<{ F_Id: string }>('/reports-file-info', body),
  updateFolder: (id: string, body: ReportFolderBody) => api.put(`/reports-file-info/${enc(id)}`, body),
  /** Refused with the server's message while the folder holds reports or folders. */
  removeFolder: (id: string) => api.del(`/reports-file-info/${enc(id)}`),

  // ------------------------------------------------------------ reports
  /** A folder's reports (its sub-folders' too), paged; no folder: every report. */
  list: (q: Partial<ReportFileQuery> & Paged) => api.get<PageResult<ReportInfoRow>>('/reports-file', q as RequestOptions['query']),
  /** Folders with their reports as leaves (pickers). */
  tree: () => api.get<ReportTreeNode[]>('/report-info/tree'),
  get: (id: string) => api.get<ReportInfoRow>(`/report-info/${enc(id)}`),
  /** A new report; with copyFrom it copies that report's design. */
  add: (body: ReportInfoBody) => api.post<{ F_Id: string }>('/report-info', body),
  update: (id: string, body: ReportInfoBody) => api.put(`/report-info/${enc(id)}`, body),
  /** Refused while the report is released. */
  remove: (id: string) => api.del(`/report-info/${enc(id)}`),

  // ------------------------------------------------------------ designs and versions (报表设计)
  /** A design version (the report's current one is ReportInfoRow.F_ContentId). */
  content: (contentId: string) => api.get<ReportContentDetail>(`/report-content/${enc(contentId)}`),
  /**
   * Saves the design as the report's new current version. Fails with key report.versionConflict (409) when someone
   * saved after F_BaseVersion, else 400 with the design's first problem. `silent` when the caller shows the refusal.
   */
  saveContent: (body: ReportContentBody, opts?: RequestOptions) => api.post<{ F_Id: string; F_Version: number }>('/report-content', body, opts),
  /** A report's versions, newest first. */
  versions: (reportId: string, q: Paged) => api.get<PageResult<ReportContentRow>>('/report-content', { F_ReportId: reportId, ...q }),
  /** Makes that version current again, as a new version. */
  restoreVersion: (contentId: string, note = '') => api.put<{ F_Id: string; F_Version: number }>(`/report-content/${enc(contentId)}`, { F_Note: note }),
  /** Deletes a version that is not the current one. */
  removeVersion: (contentId: string) => api.del(`/report-content/${enc(contentId)}`),
  /** The design's problems in the reader's language ([] when none). */
  check: (design: ReportDesign, opts?: RequestOptions) => api.post<{ cell?: string; msg: string }[]>('/report-content/check', { F_Design: design }, opts),
  /** The first 100 rows of one data set and its fields with their types. */
  dataPreview: (body: { dataSet: DataSet; params?: ReportParamValues; design?: ReportDesign }, opts?: RequestOptions) =>
    api.post<ReportDataPreview>('/report-content/data-preview', { params: {}, ...body }, opts),

  // ------------------------------------------------------------ releases (报表发布)
  releases: (q: { F_ReportId?: string; keyword?: string } & Paged) => api.get<PageResult<ReportReleaseRow>>('/reports-release', q),
  addRelease: (body: ReportReleaseBody) => api.post<{ F_Id: string; F_ModuleId: string }>('/reports-release', body),
  updateRelease: (id: string, body: ReportReleaseBody) => api.put(`/reports-release/${enc(id)}`, body),
  removeRelease: (id: string) => api.del(`/reports-release/${enc(id)}`),

  // ------------------------------------------------------------ viewing (signed in)
  /** The query bar and what the viewer may do; with releaseId through that release, else the design preview. */
  meta: (reportId: string, releaseId?: string, opts: RequestOptions = silent) =>
    api.get<ReportViewMeta>(`/report-view/${enc(reportId)}/meta`, { releaseId }, opts),
  /**
   * The meta of a release, for its menu page `/report/view/{releaseId}`, which knows only the release (see the
   * report's F_ReportId in the answer).
   */
  releaseMeta: (releaseId: string) => api.get<ReportViewMeta>(`/report-view/release/${enc(releaseId)}/meta`, undefined, silent),
  /** Pages [from, from + count) of the report for these parameters; `design` previews an unsaved design. */
  pages: (reportId: string, body: ReportRunBody) => api.post<ReportPages>(`/report-view/${enc(reportId)}/pages`, body, silent),
  export: (reportId: string, body: ReportExportBody, fileName: string) => postFile(`/report-view/${enc(reportId)}/export`, undefined, body, fileName),

  // ------------------------------------------------------------ share links
  shares: (reportId: string, q: Paged) => api.get<PageResult<ReportShareRow>>('/report-share', { F_ReportId: reportId, ...q }),
  addShare: (body: ReportShareBody) => api.post<ReportShareRow>('/report-share', body),
  removeShare: (id: string) => api.del(`/report-share/${enc(id)}`),
};

/** A share link's credentials: its token, and the access its password answered. */
export interface ShareAccess {
  share: string;
  access?: string;
}

const frameQuery = (a: ShareAccess) => ({ share: a.share, access: a.access });
/** The public frame never sends the session: a viewer's own sign-in does not change what a link shows. */
const anonymous: RequestOptions = { auth: false, silent: true };

/** The public frame of a share link (`/report-frame/{id}?share=`): no sign-in. */
export const reportFrameApi = {
  meta: (reportId: string, a: ShareAccess) => api.get<ReportViewMeta>(`/report-frame/${enc(reportId)}/meta`, frameQuery(a), anonymous),
  /** The link's password: the access the further calls carry (400 report.wrongPassword, 429 after too many tries). */
  unlock: (reportId: string, share: string, password: string) =>
    api.post<{ access: string }>(`/report-frame/${enc(reportId)}/unlock`, { password }, { ...anonymous, query: { share } }),
  pages: (reportId: string, a: ShareAccess, body: ReportParamsAndPages) =>
    api.post<ReportPages>(`/report-frame/${enc(reportId)}/pages`, body, { ...anonymous, query: frameQuery(a) }),
  export: (reportId: string, a: ShareAccess, body: { format: ExportFormat; params: ReportParamValues }, fileName: string) =>
    postFile(`/report-frame/${enc(reportId)}/export`, frameQuery(a), body, fileName, false),
};
