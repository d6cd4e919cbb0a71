import type {
  DataSource,
  DictionaryTypeNode,
  FormSchemeBody,
  FormSchemeDetail,
  FormSchemeHistoryRow,
  FormSchemeOption,
  FormDataRecord,
  FormValues,
  FormSchemeRow,
  FormSchemeSaved,
  PageResult,
} from '@app/contracts';
import { api } from '../../lib/api';
import type { ListQuery } from '../../components/ListPage';
import type { LinkGroup } from '../data/api';

/** Form schemes: the list, their CRUD, switches, and their version history. */
export const formSchemeApi = {
  list: (q: ListQuery | { F_Type: number; keyword: string; size: number }) => api.get<PageResult<FormSchemeRow>>('/form-scheme/page', q),
  /** Enabled forms of a type, for pickers. */
  options: (F_Type: number) => api.get<FormSchemeOption[]>('/form-scheme', { F_Type }),
  /** The list asked silently (a caller without forms.scheme.list falls back to its own default). */
  listSilent: (q: { F_Type: number; limit: number; size: number }) => api.get<PageResult<FormSchemeRow>>('/form-scheme/page', q, { silent: true }),
  /** The current version (the designer). */
  get: (id: string) => api.get<FormSchemeDetail>(`/form-scheme/${id}`),
  /** A designed form's current scheme (by form id); silent when the caller shows the error in place. */
  info: (formId: string, silent = false) => api.get<FormSchemeDetail>(`/form-scheme/${encodeURIComponent(formId)}/info`, undefined, { silent }),
  /** One stored version; silent: the preview shows the error in place. */
  version: (versionId: string) => api.get<FormSchemeDetail>(`/form-scheme/getBySchemeId/${encodeURIComponent(versionId)}`, undefined, { silent: true }),
  /** The tenant's enabled system (1) and address-based (2) forms; silent: shown in place. */
  systemForms: () => api.get<FormSchemeOption[]>('/form-scheme/systemform', undefined, { silent: true }),
  /** A scheme with tableInfo goes to customtable, which creates its tables too. */
  add: (body: FormSchemeBody) => api.post<FormSchemeSaved>(body.tableInfo ? '/form-scheme/customtable' : '/form-scheme', body),
  update: (id: string, body: FormSchemeBody) => api.put<FormSchemeSaved>(`${body.tableInfo ? '/form-scheme/customtable' : '/form-scheme'}/${id}`, body),
  remove: (id: string) => api.del(`/form-scheme/${id}`),
  setEnable: (id: string, on: boolean) => api.patch(`/form-scheme/${id}/set-enable/${on ? 1 : 0}`),
  setDefault: (id: string, on: boolean) => api.patch(`/form-scheme/${id}/set-default/${on ? 1 : 0}`),
  history: (id: string, q: { limit: number; size: number }) => api.get<PageResult<FormSchemeHistoryRow>>(`/form-scheme/${id}/history`, q),
  /** Restoring makes the old version a new one. */
  restore: (id: string, versionId: string) => api.post<FormSchemeSaved>(`/form-scheme/${id}/history/${versionId}/restore`),
};

const instances = (formId: string) => `/form-scheme/${encodeURIComponent(formId)}/instance-form-list`;
/** Both the form's data calls and reading a version take `versionId`. */
const versionQuery = (versionId?: string) => (versionId ? { versionId } : undefined);

/** A designed form's records through the Form engine (forms.scheme.data); versionId: a stored version's tables. */
export const formInstanceApi = {
  /** silent: the page shows the error in place. */
  get: (formId: string, keyValue: string, versionId?: string) =>
    api.get<FormDataRecord>(`${instances(formId)}/${encodeURIComponent(keyValue)}`, versionQuery(versionId), { silent: true }),
  add: (formId: string, formData: FormValues, versionId?: string) =>
    api.post<{ primaryKey: string }>(instances(formId), { formData }, { query: versionQuery(versionId) }),
  update: (formId: string, keyValue: string, formData: FormValues, versionId?: string) =>
    api.put(`${instances(formId)}/${encodeURIComponent(keyValue)}`, { formData }, { query: versionQuery(versionId) }),
};

/**
 * The designer's suggestions for option-source keys. Silent: they only help typing, and a user without the data
 * permissions still types the values by hand.
 */
const quiet = { silent: true } as const;
export const designerSourcesApi = {
  dictionaryTypes: () => api.get<DictionaryTypeNode[]>('/data-items/tree', undefined, quiet),
  dataSources: () => api.get<PageResult<DataSource>>('/data-sources', { limit: 1, size: 500 }, quiet),
  databaseLinks: () => api.get<LinkGroup[]>('/database-links/group', undefined, quiet),
  sourceFields: (sourceId: string) => api.get<{ name: string; dataType: string }[]>(`/data-sources/${encodeURIComponent(sourceId)}/fields`, undefined, quiet),
};
