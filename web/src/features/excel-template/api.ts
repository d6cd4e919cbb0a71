import type {
  DataSource,
  DatabaseLinkRow,
  ExcelExportBody,
  ExcelExportDetail,
  ExcelExportProgress,
  ExcelExportRow,
  ExcelImportBody,
  ExcelImportDetail,
  ExcelImportRow,
  ExcelImportRun,
  ExcelScreenTemplates,
  ExcelTargetField,
  ExcelTargetQuery,
  FormRelationRow,
  ModuleGrantNode,
  PageResult,
} from '@app/contracts';
import { api, downloadApiFile } from '../../lib/api';
import type { ListQuery } from '../../components/ListPage';

const enc = encodeURIComponent;

/** Import templates (系统管理 › 导入模板) and what the bound screen calls (docs/excel-templates.md). */
export const excelImportApi = {
  list: (q: ListQuery) => api.get<PageResult<ExcelImportRow>>('/excel-import', q),
  detail: (id: string) => api.get<ExcelImportDetail>(`/excel-import/${enc(id)}`),
  add: (body: ExcelImportBody) => api.post<{ F_Id: string }>('/excel-import', body),
  update: (id: string, body: ExcelImportBody) => api.put(`/excel-import/${enc(id)}`, body),
  remove: (id: string) => api.del(`/excel-import/${enc(id)}`),
  start: (id: string) => api.patch(`/excel-import/start/${enc(id)}`),
  stop: (id: string) => api.patch(`/excel-import/stop/${enc(id)}`),
  /** The template workbook: the bound screen's menu entry id, then the template id. */
  download: (moduleId: string, id: string, fileName: string) => downloadApiFile(`/excel-import/download/${enc(moduleId)}/${enc(id)}`, undefined, fileName),
  /** The fields of a target (the dialogs' field picker); silent: the dialog shows the refusal in place. */
  targetFields: (q: ExcelTargetQuery) => api.get<ExcelTargetField[]>('/excel-import/target-fields', q, { silent: true }),
  /** The enabled templates of a screen; silent: a screen without any shows no buttons, whatever went wrong. */
  screen: (moduleId: string) => api.get<ExcelScreenTemplates>(`/excel-import/module/${enc(moduleId)}`, undefined, { silent: true }),
  upload: (id: string, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<ExcelImportRun>(`/excel-import/${enc(id)}/import`, body);
  },
  run: (id: string, runId: string) => api.get<ExcelImportRun>(`/excel-import/${enc(id)}/runs/${enc(runId)}`),
  errors: (id: string, runId: string, fileName: string) => downloadApiFile(`/excel-import/${enc(id)}/runs/${enc(runId)}/errors`, undefined, fileName),
};

/** Export templates (系统管理 › 导出模板) and the bound screen's export. */
export const excelExportApi = {
  list: (q: ListQuery) => api.get<PageResult<ExcelExportRow>>('/excel-export', q),
  detail: (id: string) => api.get<ExcelExportDetail>(`/excel-export/${enc(id)}`),
  add: (body: ExcelExportBody) => api.post<{ F_Id: string }>('/excel-export', body),
  update: (id: string, body: ExcelExportBody) => api.put(`/excel-export/${enc(id)}`, body),
  remove: (id: string) => api.del(`/excel-export/${enc(id)}`),
  start: (id: string) => api.patch(`/excel-export/start/${enc(id)}`),
  stop: (id: string) => api.patch(`/excel-export/stop/${enc(id)}`),
  /** The streamed file of the screen's current query; progressId lets progress() follow it. */
  file: (id: string, q: { query?: string; sidx?: string; sord?: string; keyword?: string; progressId: string }, fileName: string) =>
    downloadApiFile(`/excel-export/${enc(id)}/file`, q, fileName),
  progress: (progressId: string) => api.get<ExcelExportProgress | null>(`/excel-export/progress/${enc(progressId)}`, undefined, { silent: true }),
};

/** The pickers of the dialogs: menu entries, published pages, database links. */
export const excelPickApi = {
  modules: () => api.get<ModuleGrantNode[]>('/modules/all'),
  relations: () => api.get<PageResult<FormRelationRow>>('/form-relation', { limit: 1, size: 500 }),
  links: () => api.get<{ F_GroupName: string; children: DatabaseLinkRow[] }[]>('/database-links/group'),
  /** Data sources for label → value translation; silent: without the data screens' grant the picker stays empty. */
  dataSources: () => api.get<PageResult<DataSource>>('/data-sources', { limit: 1, size: 500 }, { silent: true }),
};
