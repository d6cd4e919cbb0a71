import type { ClueBody, ClueRow, PageResult } from '@app/contracts';
import { api } from '../../lib/api';
import type { ListQuery } from '../../components/ListPage';

const one = (id: string) => `/clue/${encodeURIComponent(id)}`;

/** Leads left on the sign-in page: the administrators' list, and the public form that leaves one. */
export const clueApi = {
  /** startTime / endTime: YYYY-MM-DD, both ends included. */
  list: (q: ListQuery & { startTime?: string; endTime?: string }) => api.get<PageResult<ClueRow>>('/clue', q),
  markHandled: (id: string) => api.put(`${one(id)}/handled`),
  remove: (id: string) => api.del(one(id)),
  /** Public (no session): the "leave your contact" form. */
  add: (body: ClueBody) => api.post<{ F_Id: string }>('/login/add-clue', body, { auth: false }),
};
