import type { DelegateBody, DelegateRow, PageResult, StampBody, StampRow, StampUsers } from '@app/contracts';
import { api } from '../../lib/api';
import type { ListQuery } from '../../components/ListPage';

const stamp = (id: string) => `/stamps/${encodeURIComponent(id)}`;

/** Stamps (electronic seals and signatures): their CRUD, switches and the people who use, manage or maintain them. */
export const stampApi = {
  list: (q: ListQuery) => api.get<PageResult<StampRow>>('/stamps', q),
  /** The enabled stamps an approver can choose from; silent: the choice just stays empty. */
  enabled: () => api.get<PageResult<StampRow>>('/stamps', { EnabledMark: 1, limit: 1, size: 500 }, { silent: true }),
  add: (body: StampBody) => api.post<{ F_StampId: string }>('/stamps', body),
  update: (id: string, body: StampBody) => api.put(stamp(id), body),
  remove: (id: string) => api.del(stamp(id)),
  setEnabled: (id: string, on: boolean) => api.patch(`${stamp(id)}/${on ? 'enable' : 'not-enabled'}`),
  setDefault: (id: string) => api.patch(`${stamp(id)}/set-default`),
  members: (id: string) => api.get<StampUsers>(`${stamp(id)}/member`),
  managers: (id: string) => api.get<StampUsers>(`${stamp(id)}/manager`),
  maintainers: (id: string) => api.get<StampUsers>(`${stamp(id)}/maintain`),
  setMembers: (id: string, userIds: string[]) => api.put(`${stamp(id)}/member`, { userIds }),
  setManagers: (id: string, userIds: string[]) => api.patch('/stamps/set-manager', { stampId: id, userIds }),
  setMaintainers: (id: string, userIds: string[]) => api.put(`${stamp(id)}/maintain`, { userIds }),
};

/** Workflow delegations (who approves for whom, for which processes). */
export const delegateApi = {
  list: (q: ListQuery) => api.get<PageResult<DelegateRow>>('/workflow-Delegate/query-delegate', q),
  /** Adds, or updates the one with the body's F_Id. */
  save: (body: DelegateBody) => api.post('/workflow-Delegate/addorupdate-delegate', body),
  remove: (id: string) => api.del(`/workflow-Delegate/${encodeURIComponent(id)}`),
};
