import type { FormDataRecord, FormValues, ImportReport, PageResult, PrintData, PublishedPageInfo } from '@app/contracts';
import { api, downloadApiFile } from '../../lib/api';
import type { ListQuery } from '../../components/ListPage';

/** The published page's server calls (docs/form-publishing-design.md "Published list"). */
const base = (relationId: string) => `/form-relation/${encodeURIComponent(relationId)}`;
const record = (relationId: string, keyValue: string) => `${base(relationId)}/data/${encodeURIComponent(keyValue)}`;

/** A list row: F_Id plus the visible columns' values. */
export type PublishedRow = Record<string, unknown> & { F_Id: string };

export const pageInfoKey = (relationId: string) => ['published-page-info', relationId] as const;

export const publishedApi = {
  /** silent: the page shows the refusal itself (404: the page does not exist for this user). */
  pageInfo: (relationId: string) => api.get<PublishedPageInfo>(`${base(relationId)}/page-info`, undefined, { silent: true }),
  list: (relationId: string, q: ListQuery) => api.get<PageResult<PublishedRow>>(`${base(relationId)}/list`, q),
  /** silent when the caller shows the failure in place (the detail page). */
  get: (relationId: string, keyValue: string, silent = false) => api.get<FormDataRecord>(record(relationId, keyValue), undefined, { silent }),
  /** The form, the record, the printable formIds and the print setting; silent: the print page shows the error. */
  print: (relationId: string, keyValue: string) => api.get<PrintData>(`${base(relationId)}/print/${encodeURIComponent(keyValue)}`, undefined, { silent: true }),
  add: (relationId: string, formData: FormValues) => api.post<{ primaryKey: string }>(`${base(relationId)}/data`, { formData }),
  update: (relationId: string, keyValue: string, formData: FormValues) => api.put(record(relationId, keyValue), { formData }),
  remove: (relationId: string, keyValue: string) => api.del(record(relationId, keyValue)),
  /** The xlsx of every row the current filters and sort match. */
  exportList: (relationId: string, q: ListQuery, fileName: string) =>
    downloadApiFile(`${base(relationId)}/export`, { query: q.query, sidx: q.sidx, sord: q.sord }, fileName),
  template: (relationId: string, fileName: string) => downloadApiFile(`${base(relationId)}/import-template`, undefined, fileName),
  /** keepValid: store the good rows even when others are refused (otherwise a file with errors stores nothing). */
  importFile: (relationId: string, file: File, keepValid: boolean) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<ImportReport>(`${base(relationId)}/import`, body, { query: { keepValid: keepValid ? 1 : 0 } });
  },
};
