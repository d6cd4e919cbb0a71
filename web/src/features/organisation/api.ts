import type {
  AuthorizeBody,
  CompanyBody,
  CompanyDetail,
  DataAuthorizeBody,
  DataAuthorizeRow,
  DepartmentBody,
  DepartmentNode,
  DepartmentUsersBody,
  EffectivePermission,
  GrantSet,
  ModuleGrantNode,
  PageResult,
  PostBody,
  PostBrief,
  PostNode,
  PostRow,
  PostUsersBody,
  RoleBody,
  RoleRow,
  RoleUsersBody,
  SpecialPostBody,
  UserBrief,
  UserCreateBody,
  UserRow,
  UserUpdateBody,
} from '@app/contracts';
import { api } from '../../lib/api';
import type { ListQuery } from '../../components/ListPage';

const company = (id: string) => `/companies/${encodeURIComponent(id)}`;
const department = (id: string) => `/departments/${encodeURIComponent(id)}`;
const post = (id: string) => `/posts/${encodeURIComponent(id)}`;
const role = (id: string) => `/roles/${encodeURIComponent(id)}`;
const user = (id: string) => `/users/${encodeURIComponent(id)}`;

/** Companies, and the trees hung under one company (its departments, its posts). */
export const companyApi = {
  get: (id: string) => api.get<CompanyDetail>(company(id)),
  add: (body: CompanyBody) => api.post('/companies', body),
  update: (id: string, body: CompanyBody) => api.put(company(id), body),
  remove: (id: string) => api.del(company(id)),
  specialPosts: (id: string) => api.get<PostBrief[]>(`${company(id)}/special-post`),
  departmentTree: (id: string) => api.get<DepartmentNode[]>(`${company(id)}/departments/tree`),
  /** departmentId: only that department's posts. */
  postTree: (id: string, departmentId?: string) => api.get<PostNode[]>(`${company(id)}/posts/tree`, { Department_Id: departmentId }),
};

/** Departments, their members and maintainers. */
export const departmentApi = {
  add: (body: DepartmentBody) => api.post('/departments', body),
  update: (id: string, body: DepartmentBody) => api.put(department(id), body),
  remove: (id: string) => api.del(department(id)),
  /** A page of members (size 1 answers just the total). */
  users: (id: string, q: { limit: number; size: number }) => api.get<PageResult<UserBrief>>(`${department(id)}/users`, q),
  /** The department's members become exactly body.userIds. */
  setUsers: (body: DepartmentUsersBody) => api.post('/departments/users', body),
  maintainers: (id: string) => api.get<UserBrief[]>(`${department(id)}/maintenance-users`),
  /** The department's maintainers become exactly userIds. */
  setMaintainers: (id: string, userIds: string[]) => api.put(`${department(id)}/maintenance-users`, { userIds }),
  specialPosts: (id: string) => api.get<PostBrief[]>(`${department(id)}/special-post`),
};

/** Special posts of a company (F_Type 1) or department (F_Type 2): they become exactly body.postList. */
export const specialPostApi = {
  set: (body: SpecialPostBody) => api.post('/special-post', body),
};

/** Posts and their holders. */
export const postApi = {
  page: (q: ListQuery) => api.get<PageResult<PostRow>>('/posts/page', q),
  add: (body: PostBody) => api.post('/posts', body),
  update: (id: string, body: PostBody) => api.put(post(id), body),
  remove: (id: string) => api.del(post(id)),
  users: (id: string) => api.get<UserBrief[]>(`${post(id)}/users`),
  /** The post's holders become exactly body.userIds. */
  setUsers: (body: PostUsersBody) => api.post('/posts/users', body),
};

/** Roles and their members. */
export const roleApi = {
  page: (q: ListQuery) => api.get<PageResult<RoleRow>>('/roles/page', q),
  add: (body: RoleBody) => api.post('/roles', body),
  update: (id: string, body: RoleBody) => api.put(role(id), body),
  remove: (id: string) => api.del(role(id)),
  users: (id: string) => api.get<UserBrief[]>(`${role(id)}/users`),
  /** The role's members become exactly body.userIds. */
  setUsers: (body: RoleUsersBody) => api.post('/roles/users', body),
};

/** User administration. */
export const userApi = {
  /** companyId / departmentId: only the users of that company or department. */
  page: (q: ListQuery & { companyId?: string; departmentId?: string }) => api.get<PageResult<UserRow>>('/users/page', q),
  /** F_Password md5-hashed. */
  add: (body: UserCreateBody) => api.post('/users', body),
  update: (id: string, body: UserUpdateBody) => api.put(user(id), body),
  remove: (id: string) => api.del(user(id)),
  setEnabled: (id: string, mark: 0 | 1) => api.patch(`${user(id)}/enabled`, { F_EnabledMark: mark }),
  /** newPassword md5-hashed. */
  resetPassword: (id: string, newPassword: string) => api.patch(`${user(id)}/password`, { newPassword }),
  /** What the user may do, merged over their roles, posts and own grants. */
  permission: (id: string) => api.get<EffectivePermission>(`${user(id)}/permission`),
};

/** Feature grants (menus, buttons, columns, forms) of a role (objectType 1) or user (objectType 2). */
export const authorizeApi = {
  /** Every menu entry with its buttons, columns and forms: what can be granted. */
  modules: () => api.get<ModuleGrantNode[]>('/modules/all'),
  get: (objectType: 1 | 2, objectId: string) => api.get<GrantSet>(`/authorizes/${objectType}/${encodeURIComponent(objectId)}`),
  /** The grants become exactly body.itemJson. */
  save: (body: AuthorizeBody) => api.post('/authorizes', body),
};

/** Data permissions (scope per menu entry) of a role (objectType 1) or user (objectType 2). */
export const dataAuthorizeApi = {
  get: (objectType: 1 | 2, objectId: string) => api.get<DataAuthorizeRow[]>(`/data-authorize/${objectType}/${encodeURIComponent(objectId)}/menu`),
  save: (body: DataAuthorizeBody) => api.put('/data-authorize/', body),
};
