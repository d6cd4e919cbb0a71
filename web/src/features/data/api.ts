import type {
  DataSource,
  DataSourceBody,
  DataTreeNode,
  DatabaseLinkBody,
  DatabaseLinkRow,
  DraftRow,
  FieldBody,
  FieldRow,
  InterfaceBody,
  InterfaceCallResult,
  InterfaceRow,
  LinkColumnInfo,
  LinkQueryResult,
  PageResult,
  ReleaseResult,
  ReleasedTable,
  TableDesign,
} from '@app/contracts';
import { api } from '../../lib/api';
import type { ListQuery } from '../../components/ListPage';

/** The links of a tenant as the server groups them (platform link first). */
export interface LinkGroup {
  F_GroupName: string;
  children: DatabaseLinkRow[];
}

/** One table of a link (the browser's table list). */
export interface TableInfo {
  name: string;
  comment: string;
}

/** A page of a table's rows; Next is the keyset cursor of the page after, null on the last page. */
export interface TableData {
  Rows: Record<string, unknown>[];
  Total: number;
  Next: string | null;
}

/** A page of a data source's rows with the fields it returned and how long the query took. */
export interface SourcePage {
  Rows: Record<string, unknown>[];
  Total: number;
  fields: { name: string; dataType: string }[];
  durationMs: number;
}

type PageQuery = { limit: number; size: number };

/** Database links: their CRUD and what the link's database holds (tables, columns, rows, ad-hoc SQL). */
export const databaseLinkApi = {
  groups: () => api.get<LinkGroup[]>('/database-links/group'),
  add: (body: DatabaseLinkBody) => api.post('/database-links', body),
  update: (id: string, body: DatabaseLinkBody) => api.put(`/database-links/${id}`, body),
  remove: (id: string) => api.del(`/database-links/${id}`),
  /** May scheduled SQL tasks write through this link (1) or only read (0). */
  setTaskWritable: (id: string, F_TaskWritable: 0 | 1) => api.patch(`/database-links/${id}/task-writable`, { F_TaskWritable }),
  /** Tries a connection (the form's fields; id: the stored link whose password an empty one keeps). silent: shown in the form. */
  test: (query: Record<string, string | number | undefined>) => api.get<{ durationMs: number }>('/database-links/test', query, { silent: true }),
  /** silent: the console shows the SQL's error beside it. */
  query: (linkId: string, sql: string, params: string | undefined) =>
    api.get<LinkQueryResult>(`/database-links/${linkId}/datas`, { sql, params }, { silent: true }),
  tables: (linkId: string) => api.get<{ name: string; comment: string }[]>(`/database-links/${linkId}/tables`, undefined, { silent: true }),
  tablePage: (linkId: string, q: PageQuery & { keyword: string }) =>
    api.get<PageResult<TableInfo>>(`/database-links/${linkId}/tables/page`, q, { silent: true }),
  columns: (linkId: string, table: string) => api.get<LinkColumnInfo[]>(`/database-links/${linkId}/tables/${table}/columns`, undefined, { silent: true }),
  /** A page by number, or (after) the rows after a keyset cursor. */
  tableData: (linkId: string, table: string, q: PageQuery | { size: number; after: string }) =>
    api.get<TableData>(`/database-links/${linkId}/tables/${table}/datas`, q, { silent: true }),
  released: (linkId: string, tableName: string) => api.get<ReleasedTable>('/database-links/released', { linkId, tableName }, { silent: true }),
  release: (linkId: string, design: TableDesign) => api.post<ReleaseResult>('/database-links/release', { linkId, design }, { silent: true }),
};

/** Table design drafts (saved, not yet released). */
export const databaseDraftApi = {
  list: (linkId: string) => api.get<DraftRow[]>('/database-draft', { linkId }, { silent: true }),
  save: (linkId: string, design: TableDesign) => api.post('/database-draft', { linkId, design }),
  remove: (linkId: string, tableName: string) => api.del('/database-draft', { query: { linkId, tableName } }),
};

/** The shared field library (fields a table design can reuse). */
export const databaseFieldApi = {
  list: (q: ListQuery) => api.get<PageResult<FieldRow>>('/database-field', q),
  add: (body: FieldBody) => api.post('/database-field', body),
  update: (id: string, body: FieldBody) => api.put(`/database-field/${id}`, body),
  remove: (id: string) => api.del(`/database-field/${id}`),
};

/** Data sources: their CRUD and their rows (flat pages or a tree). */
export const dataSourceApi = {
  list: (q: ListQuery) => api.get<PageResult<DataSource>>('/data-sources', q),
  add: (body: DataSourceBody) => api.post('/data-sources', body),
  update: (id: string, body: DataSourceBody) => api.put(`/data-sources/${id}`, body),
  remove: (id: string) => api.del(`/data-sources/${id}`),
  /** silent: the preview shows the error in place. params: the source's parameters as JSON. */
  data: (id: string, q: PageQuery & { params: string; field?: string; keyword?: string }) =>
    api.get<SourcePage>(`/data-sources/${id}/data`, q, { silent: true }),
  tree: (id: string, params: string) => api.get<DataTreeNode[]>(`/data-sources/${id}/tree`, { params }, { silent: true }),
};

/** External interfaces: their CRUD and a test call. */
export const interfaceApi = {
  list: (q: ListQuery) => api.get<PageResult<InterfaceRow>>('/interface/page', q),
  add: (body: InterfaceBody) => api.post('/interface', body),
  update: (id: string, body: InterfaceBody) => api.put(`/interface/${id}`, body),
  remove: (id: string) => api.del(`/interface/${id}`),
  /** silent: the result (or error) is shown in the test panel. */
  test: (id: string, params: unknown) => api.post<InterfaceCallResult>(`/interface/${id}/test`, { params }, { silent: true }),
};
