import type {
  Area,
  AreaCreateBody,
  AreaUpdateBody,
  ClientLogRow,
  CodeRule,
  CodeRuleBody,
  DictionaryItemBody,
  DictionaryItemNode,
  DictionaryTypeBody,
  DictionaryTypeNode,
  LanguageType,
  LanguageTypeBody,
  LogCategory,
  LogRow,
  LpMapObject,
  LpMapObjectBody,
  LpMapPatchBody,
  ModuleDetail,
  ModuleGrantNode,
  ModuleInput,
  ModuleNode,
  OnlineSessionRow,
  PageResult,
  Subsystem,
  SubsystemInput,
  SubsystemRow,
  TenantCreateBody,
  TenantRow,
  TenantUpdateBody,
  TenantUserCreateBody,
  TenantUserRow,
} from '@app/contracts';
import { api } from '../../lib/api';
import type { ListQuery } from '../../components/ListPage';

const enc = encodeURIComponent;

/** Provinces, cities, districts: loaded one level at a time. */
export const areaApi = {
  provinces: () => api.get<Area[]>('/areas/province'),
  children: (parentId: string) => api.get<Area[]>(`/areas/${enc(parentId)}/child`),
  add: (body: AreaCreateBody) => api.post('/areas', body),
  /** Name and order only: the code and parent stay. */
  update: (id: string, body: AreaUpdateBody) => api.put(`/areas/${enc(id)}`, body),
  remove: (id: string) => api.del(`/areas/${enc(id)}`),
};

/** The errors browsers reported (client logs). */
export const clientLogApi = {
  list: (q: ListQuery) => api.get<PageResult<ClientLogRow>>('/log/client', q),
  clear: () => api.del('/log/client'),
};

/** Server logs by category; startTime / endTime YYYY-MM-DD. */
export const logApi = {
  list: (q: ListQuery & { category: LogCategory; startTime?: string; endTime?: string }) => api.get<PageResult<LogRow>>('/log', q),
  remove: (id: string) => api.del(`/log/${enc(id)}`),
  /** Every row of one category. */
  clear: (category: LogCategory) => api.del(`/log/clear/${category}`),
};

/** Code (number) rules. */
export const codeRuleApi = {
  list: (q: ListQuery) => api.get<PageResult<CodeRule>>('/code-rules', q),
  add: (body: CodeRuleBody) => api.post('/code-rules', body),
  update: (id: string, body: CodeRuleBody) => api.put(`/code-rules/${enc(id)}`, body),
  remove: (id: string) => api.del(`/code-rules/${enc(id)}`),
  /** Takes the rule's next number (the counter moves on). */
  generate: (id: string) => api.get<string>(`/code-rules/${enc(id)}/gen`),
};

/** Dictionary types (/data-items) and their items (/data-item-detail). */
export const dictionaryApi = {
  typeTree: () => api.get<DictionaryTypeNode[]>('/data-items/tree'),
  addType: (body: DictionaryTypeBody) => api.post('/data-items', body),
  updateType: (id: string, body: DictionaryTypeBody) => api.put(`/data-items/${enc(id)}`, body),
  removeType: (id: string) => api.del(`/data-items/${enc(id)}`),
  /** all: disabled items too. */
  itemTree: (typeId: string, q: { all: 1; keyword?: string }) => api.get<DictionaryItemNode[]>(`/data-items/${enc(typeId)}/detail/tree`, q),
  addItem: (body: DictionaryItemBody) => api.post('/data-item-detail', body),
  updateItem: (id: string, body: DictionaryItemBody) => api.put(`/data-item-detail/${enc(id)}`, body),
  removeItem: (id: string) => api.del(`/data-item-detail/${enc(id)}`),
};

/** Language types. */
export const languageApi = {
  /** Older servers answer a page instead of the plain list: both become the list. */
  list: () => api.get<LanguageType[] | PageResult<LanguageType>>('/lg-type').then((d) => (Array.isArray(d) ? d : (d?.Rows ?? []))),
  add: (body: LanguageTypeBody) => api.post('/lg-type', body),
  update: (id: string, body: LanguageTypeBody) => api.put(`/lg-type/${enc(id)}`, body),
  setEnabled: (id: string, mark: 0 | 1) => api.patch(`/lg-type/${enc(id)}`, { F_EnabledMark: mark }),
  remove: (id: string) => api.del(`/lg-type/${enc(id)}`),
};

/** Translations of dictionary items and menu entries (lp-map objects). */
export const translationApi = {
  page: (q: ListQuery) => api.get<PageResult<LpMapObject>>('/lp-map/page', q),
  get: (id: string) => api.get<LpMapObject>(`/lp-map/object/${enc(id)}`),
  /** Merges translations into the object's row, created when missing; answers its id. */
  ensure: (body: LpMapObjectBody) => api.patch<{ id: string }>('/lp-map/object', body),
  /** Merges translations ('' removes one). */
  update: (id: string, body: LpMapPatchBody) => api.patch(`/lp-map/object/${enc(id)}`, body),
  remove: (id: string) => api.del(`/lp-map/object/${enc(id)}`),
};

/** Menu entries (modules) with their buttons, columns and forms. */
export const moduleApi = {
  /** The administration tree of one subsystem ('0': the main one). */
  tree: (q: { systemId: string; keyword?: string }) => api.get<ModuleNode[]>('/modules', q),
  /** Every entry as a grant tree. */
  all: () => api.get<ModuleGrantNode[]>('/modules/all'),
  /** The entries a tenant has. */
  ofTenant: (tenantId: string) => api.get<ModuleGrantNode[]>(`/modules/all/${enc(tenantId)}`),
  get: (id: string) => api.get<ModuleDetail>(`/modules/${enc(id)}`),
  add: (body: ModuleInput) => api.post('/modules', body),
  update: (id: string, body: ModuleInput) => api.put(`/modules/${enc(id)}`, body),
  remove: (id: string) => api.del(`/modules/${enc(id)}`),
  /** true when no other entry (but `id`) uses the url. silent: the form shows the refusal itself. */
  urlFree: (url: string, id?: string) => api.get<boolean>(`/modules/${enc(url)}/validate-url`, { id }, { silent: true }),
};

/** Subsystems. */
export const subsystemApi = {
  all: () => api.get<Subsystem[]>('/subsystem'),
  page: (q: ListQuery) => api.get<PageResult<SubsystemRow>>('/subsystem/page', q),
  add: (body: SubsystemInput) => api.post('/subsystem', body),
  update: (id: string, body: SubsystemInput) => api.put(`/subsystem/${enc(id)}`, body),
  remove: (id: string) => api.del(`/subsystem/${enc(id)}`),
};

/** Signed-in sessions. */
export const onlineUserApi = {
  list: (q: ListQuery) => api.get<PageResult<OnlineSessionRow>>('/online-users', q),
  /** Ends the session (the user is signed out). */
  kick: (sessionId: string) => api.del(`/online-users/${enc(sessionId)}`),
};

/** Tenants and their administrators. */
export const tenantApi = {
  list: (q: ListQuery) => api.get<PageResult<TenantRow>>('/tenant', q),
  /** adminPassword md5-hashed. */
  add: (body: TenantCreateBody) => api.post('/tenant', body),
  update: (id: string, body: TenantUpdateBody) => api.put(`/tenant/${enc(id)}`, body),
  setEnabled: (id: string, mark: 0 | 1) => api.patch(`/tenant/${enc(id)}/${mark}`),
  remove: (id: string) => api.del(`/tenant/${enc(id)}`),
  users: (tenantId: string, q: { limit: number; size: number }) => api.get<PageResult<TenantUserRow>>(`/tenant/${enc(tenantId)}/users`, q),
  /** F_Password md5-hashed. */
  addUser: (body: TenantUserCreateBody) => api.post('/tenant/user', body),
  setUserEnabled: (userId: string, mark: 0 | 1) => api.patch(`/tenant/user/${enc(userId)}`, { F_EnabledMark: mark }),
  removeUser: (userId: string) => api.del(`/tenant/user/${enc(userId)}`),
};
