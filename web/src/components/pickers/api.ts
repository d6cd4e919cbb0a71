import type { Area, CompanyNode, OrgNode, PageResult, PostNode, RoleBrief, UserBrief } from '@app/contracts';
import { api } from '../../lib/api';

/** The organisation as the pickers browse it: companies, their departments, posts and members. */
export const orgPickerApi = {
  /** Companies with their department trees. */
  orgTree: () => api.get<OrgNode[]>('/companies/departments/tree'),
  companyTree: () => api.get<CompanyNode[]>('/companies/tree'),
  posts: (companyId: string) => api.get<PostNode[]>(`/companies/${encodeURIComponent(companyId)}/posts/tree`),
  /** The users of a company or a department, a page at a time. */
  users: (owner: { type: 'company' | 'department'; id: string }, q: { keyword?: string; limit: number; size: number }) =>
    api.get<PageResult<UserBrief>>(`/${owner.type === 'company' ? 'companies' : 'departments'}/${encodeURIComponent(owner.id)}/users`, q),
};

/** Users by id (names for stored ids); silent when a failed look-up just shows the ids. */
export const userBriefApi = {
  byIds: (ids: readonly string[], silent = false) => api.get<UserBrief[]>(`/users/multi/${ids.map(encodeURIComponent).join(',')}`, undefined, { silent }),
};

/** Administrative areas, a level at a time; silent when a failed look-up just shows the codes. */
export const areaApi = {
  provinces: (silent = false) => api.get<Area[]>('/areas/province', undefined, { silent }),
  children: (parent: string, silent = false) => api.get<Area[]>(`/areas/${encodeURIComponent(parent)}/child`, undefined, { silent }),
};

/** Roles for the role picker. */
export const rolePickerApi = {
  list: (keyword?: string) => api.get<RoleBrief[]>('/roles', { keyword }),
};
