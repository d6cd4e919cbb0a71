import type { ReportParamValues } from '@app/contracts';

/** The screens' addresses (menu entries' urls with the /index every leaf entry gets). */
export const DESIGN_PATH = '/report/design/index';
export const MANAGE_PATH = '/report/manage/index';
export const RELEASE_PATH = '/report/release/index';
export const DESIGNER_ROUTE = '/report/design/edit/:id';
export const VIEW_ROUTE = '/report/view/*';
export const FRAME_ROUTE = '/report-frame/:id';
export const PRINT_ROUTE = '/report-print/:id';

/** The designer of one report (opens as a tab). */
export const designerPath = (reportId: string) => `/report/design/edit/${encodeURIComponent(reportId)}`;

/** A release's menu page: its entry's url `/report/view/{releaseId}` with the shell's `/index`. */
export const viewPath = (releaseId: string) => `/report/view/${encodeURIComponent(releaseId)}/index`;
/** The release id of a released page's pathname, or undefined. */
export function releaseIdOf(pathname: string): string | undefined {
  const m = /^\/report\/view\/([^/]+)\/index$/.exec(pathname);
  return m ? decodeURIComponent(m[1]) : undefined;
}

/** The report frame: the design preview signed in, or a share link's public page with `share`. */
export function framePath(reportId: string, share?: string): string {
  const base = `/report-frame/${encodeURIComponent(reportId)}`;
  return share ? `${base}?share=${encodeURIComponent(share)}` : base;
}

export interface PrintQuery {
  releaseId?: string;
  params?: ReportParamValues;
  share?: string;
  access?: string;
  lang?: string;
}

/** The print view the server's PDF rendering opens (headless Chromium): all pages, then body[data-print-ready]. */
export function printPath(reportId: string, q: PrintQuery = {}): string {
  const s = new URLSearchParams();
  if (q.releaseId) s.set('releaseId', q.releaseId);
  if (q.params && Object.keys(q.params).length) s.set('params', JSON.stringify(q.params));
  if (q.share) s.set('share', q.share);
  if (q.access) s.set('access', q.access);
  if (q.lang) s.set('lang', q.lang);
  const qs = s.toString();
  return `/report-print/${encodeURIComponent(reportId)}${qs ? `?${qs}` : ''}`;
}

/** The print view's query string read back; bad params JSON reads as none. */
export function readPrintQuery(search: URLSearchParams): PrintQuery {
  let params: ReportParamValues = {};
  const raw = search.get('params');
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) params = parsed as ReportParamValues;
    } catch {
      // A broken address prints with the defaults.
    }
  }
  return {
    releaseId: search.get('releaseId') || undefined,
    params,
    share: search.get('share') || undefined,
    access: search.get('access') || undefined,
    lang: search.get('lang') || undefined,
  };
}
