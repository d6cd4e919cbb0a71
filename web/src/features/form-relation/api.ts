import type {
  DataRelationBody,
  DataRelationRow,
  FormRelationBody,
  FormRelationDetail,
  FormRelationRow,
  FormRelationSaved,
  ModuleNode,
  PageResult,
} from '@app/contracts';
import { api } from '../../lib/api';
import type { ListQuery } from '../../components/ListPage';

/** Form relations (published pages of a designed form): their CRUD. */
export const formRelationApi = {
  list: (q: ListQuery) => api.get<PageResult<FormRelationRow>>('/form-relation', q),
  get: (id: string) => api.get<FormRelationDetail>(`/form-relation/${encodeURIComponent(id)}`),
  add: (body: FormRelationBody) => api.post<FormRelationSaved>('/form-relation', body),
  update: (id: string, body: FormRelationBody) => api.put<FormRelationSaved>(`/form-relation/${id}`, body),
  remove: (id: string) => api.del(`/form-relation/${id}`),
  /** The menu tree a page can be placed under; silent: without the permission the choice stays empty. */
  parentModules: () => api.get<ModuleNode[]>('/modules', { systemId: '0' }, { silent: true }),
};

/** Data relations (cascades between stored forms). */
export const dataRelationApi = {
  list: (q: ListQuery) => api.get<PageResult<DataRelationRow>>('/data-relation', q),
  /** The client chooses a new relation's id: PUT creates or updates. */
  save: (id: string, body: DataRelationBody) => api.put(`/data-relation/${id}`, body),
  remove: (id: string) => api.del(`/data-relation/${id}`),
};
