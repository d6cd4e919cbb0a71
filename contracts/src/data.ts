import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { hasControlCharacter } from './common/text.js';
import { pageQuery } from './common/paging.js';

/** Permission keys: Database links, data sources, the field library and outbound interfaces. */
export const dataPermissions = {
  linkList: 'data.link.list',
  linkAdd: 'data.link.add',
  linkEdit: 'data.link.edit',
  linkDelete: 'data.link.delete',
  linkQuery: 'data.link.query',
  linkDesign: 'data.link.design',
  /** Lets scheduled SQL tasks write through a link (PATCH /database-links/{id}/task-writable). */
  linkTaskWrite: 'data.link.taskWrite',
  dataSourceList: 'data.source.list',
  dataSourceAdd: 'data.source.add',
  dataSourceEdit: 'data.source.edit',
  dataSourceDelete: 'data.source.delete',
  fieldList: 'data.field.list',
  fieldAdd: 'data.field.add',
  fieldEdit: 'data.field.edit',
  fieldDelete: 'data.field.delete',
  interfaceList: 'system.interface.list',
  interfaceAdd: 'system.interface.add',
  interfaceEdit: 'system.interface.edit',
  interfaceDelete: 'system.interface.delete',
  interfaceTest: 'system.interface.test',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof dataPermissions> {}
}

/**
 * Data platform: database links, table design, data sources, interfaces, generic CRUD, report relations.
 * Shapes follow docs/data-platform-design.md. Each part below is owned by one module; add schemas in your part.
 */

/** The platform's own database as a link (not a row). */
export const DEFAULT_LINK_ID = 'local';
export const dbTypes = ['postgresql', 'mysql', 'sqlserver'] as const;
/** Table and column names: validated identifiers, quoted by the driver. */
export const identifier = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'a name of letters, digits and _ starting with a letter or _');

// ---------- database links (modules/database-link) ----------

/** What the web reads: F_Password is never part of an answer; F_HasPassword says whether one is stored. */
export const databaseLinkRow = z.object({
  F_Id: z.string(),
  F_DBAlias: z.string(),
  /** 'platform' only for DEFAULT_LINK_ID. */
  F_DbType: z.enum([...dbTypes, 'platform']),
  F_ServerAddress: z.string(),
  F_Port: z.number().int(),
  F_DBName: z.string(),
  F_Schema: z.string(),
  F_UserName: z.string(),
  F_HasPassword: z.boolean(),
  F_QueryRole: z.string(),
  F_GroupName: z.string(),
  F_Description: z.string(),
  F_SortCode: z.number().int(),
  F_CreateDate: z.string().nullable(),
  /** The platform link: listed first, read-only. */
  F_IsDefault: z.boolean(),
  /** 1: scheduled SQL tasks may write through this link; 0: they only read (the default). */
  F_TaskWritable: z.number().int(),
});
export type DatabaseLinkRow = z.infer<typeof databaseLinkRow>;

/** A host name, IPv4 or IPv6 address; no URLs, user info or ports (the port is its own field). */
const hostName = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(
    /^(\[[0-9A-Fa-f:.]+\]|[0-9A-Fa-f:.]+|[A-Za-z0-9]([A-Za-z0-9_-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9_-]*[A-Za-z0-9])?)*\.?)$/,
    'a host name or IP address',
  );
/** Optional identifier ('' = none). */
const linkOptionalIdentifier = z.union([z.literal(''), identifier]).default('');

/** The connection fields a link may have, and nothing else (no driver options, URLs, init statements or key files). */
export const databaseLinkConnection = z.object({
  F_DbType: z.enum(dbTypes),
  F_ServerAddress: hostName,
  F_Port: z.coerce.number().int().min(1).max(65535),
  F_DBName: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .refine((s) => !/[;'"`\\]/.test(s) && !hasControlCharacter(s), 'a database name without quotes, ; or \\'),
  /** PostgreSQL / SQL Server schema shown by the table browser ('' = public / dbo). */
  F_Schema: linkOptionalIdentifier,
  F_UserName: z.string().trim().max(128).default(''),
  /** Write-only. On update, absent (or '') keeps the stored password. */
  F_Password: z.string().max(256).optional(),
  /** Database role user-written SQL runs under ('' = the link's user). */
  F_QueryRole: linkOptionalIdentifier,
});

export const databaseLinkBody = databaseLinkConnection
  .extend({
    F_DBAlias: z.string().trim().min(1).max(100),
    F_GroupName: z.string().trim().max(100).default(''),
    F_Description: z.string().max(500).default(''),
    F_SortCode: z.coerce.number().int().min(-1_000_000).max(1_000_000).default(0),
  })
  .strict();
export type DatabaseLinkBody = z.infer<typeof databaseLinkBody>;

/** Test a link without saving: its id, or connection fields (with an id, a missing password means the stored one). */
export const databaseLinkTestQuery = z
  .object({
    id: z.string().trim().max(64).optional(),
    F_DbType: z.enum(dbTypes).optional(),
    F_ServerAddress: hostName.optional(),
    F_Port: z.coerce.number().int().min(1).max(65535).optional(),
    F_DBName: databaseLinkConnection.shape.F_DBName.optional(),
    F_Schema: z.union([z.literal(''), identifier]).optional(),
    F_UserName: z.string().trim().max(128).optional(),
    F_Password: z.string().max(256).optional(),
    F_QueryRole: z.union([z.literal(''), identifier]).optional(),
  })
  .strict();
export type DatabaseLinkTestQuery = z.infer<typeof databaseLinkTestQuery>;
export const databaseLinkTestResult = z.object({ durationMs: z.number() });

export const databaseLinkQuery = pageQuery;
export const databaseLinkGroup = z.object({ F_GroupName: z.string(), children: z.array(databaseLinkRow) });
export const databaseLinkGroupBody = z
  .object({ groupName: z.string().trim().max(100).optional(), F_GroupName: z.string().trim().max(100).optional() })
  .partial();
export const databaseLinkIdParams = z.object({ id: z.string().trim().min(1).max(64) });
export const databaseLinkTableParams = databaseLinkIdParams.extend({ table: identifier });
export const databaseLinkColumnParams = databaseLinkIdParams.extend({ col: identifier });

export const linkTableInfo = z.object({ name: z.string(), comment: z.string() });
export const linkTablesQuery = z.object({ keyword: z.string().trim().max(100).optional() });
export const linkTablePageQuery = pageQuery;
/** The spec's column fields. */
export const linkColumnInfo = z.object({
  f_number: z.number().int(),
  f_column: z.string(),
  f_datatype: z.string(),
  f_length: z.number().int().nullable(),
  f_defaults: z.string().nullable(),
  f_identity: z.boolean(),
  f_key: z.boolean(),
  f_isnullable: z.boolean(),
  f_remark: z.string(),
});
export type LinkColumnInfo = z.infer<typeof linkColumnInfo>;
/** `after`: the primary-key value of the last row shown (keyset paging; `limit` is then ignored). */
export const linkTableDataQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
  after: z.string().max(200).optional(),
});
export const linkTableDataResult = z.object({
  Rows: z.array(z.record(z.string(), z.unknown())),
  /** Exact up to 100,000 rows, the database's estimate above. */
  Total: z.number().int(),
  /** Cursor of the next page (`after`), null at the end or without a one-column primary key. */
  Next: z.string().nullable(),
});

/** User-written SQL: `@name` placeholders take their values from `params` (a JSON object), always bound. */
export const linkSqlQuery = z.object({
  sql: z.string().trim().min(1).max(20_000),
  params: z.string().max(20_000).optional(),
});
export type LinkSqlQuery = z.infer<typeof linkSqlQuery>;
export const linkResultField = z.object({ name: z.string(), dataType: z.string() });
export const linkQueryResult = z.object({
  fields: z.array(linkResultField),
  rows: z.array(z.record(z.string(), z.unknown())),
  truncated: z.boolean(),
  durationMs: z.number(),
  /** The row cap that applied. */
  maxRows: z.number().int(),
});
export type LinkQueryResult = z.infer<typeof linkQueryResult>;
export const linkTreeQuery = linkSqlQuery.extend({ idField: identifier, parentField: identifier });
export type LinkTreeNode = Record<string, unknown> & { children: LinkTreeNode[] };
export const linkTreeNode: z.ZodType<LinkTreeNode> = z.lazy(() => z.looseObject({ children: z.array(linkTreeNode) })) as unknown as z.ZodType<LinkTreeNode>;
export const linkTreeResult = z.object({ tree: z.array(linkTreeNode), truncated: z.boolean() });
export const linkValidateTableQuery = z.object({ tableNames: z.string().max(5000) });
export const linkValidateTableResult = z.object({ exists: z.array(z.string()), missing: z.array(z.string()), invalid: z.array(z.string()) });
export const linkColumnDataResult = z.object({ values: z.array(z.unknown()), truncated: z.boolean() });

// ---------- table design, drafts, common fields, generic CRUD (modules/data-design) ----------

/** Portable column types; each driver maps them to its own (postgresql/platform, mysql, sqlserver). */
export const columnDataTypes = ['varchar', 'text', 'int', 'bigint', 'decimal', 'boolean', 'date', 'datetime', 'json'] as const;
export type ColumnDataType = (typeof columnDataTypes)[number];
/** Added to every released table by the server (generic CRUD fills them, data scopes read them); a design may not declare them. */
export const SYSTEM_COLUMNS = ['F_CreateUserId', 'F_CreateDate', 'F_ModifyDate', 'F_CompanyId', 'F_DepartmentId'] as const;

const designId = z.string().trim().min(1).max(64);
/** Free text that ends up in DDL as an escaped string literal; NUL cannot be stored by PostgreSQL at all. */
const ddlText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'no NUL characters');
/** '' from a form field means "not given". */
const blankAsUndefined = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * A default is a typed literal checked against the column type when released (numbers, booleans, strings that
 * the server quotes, 'CURRENT_TIMESTAMP' for datetime); it is never copied into DDL as written.
 */
export const columnDefault = z.union([ddlText(4000), z.number().finite(), z.boolean()]).nullish();

export const tableColumn = z.object({
  name: identifier,
  dataType: z.enum(columnDataTypes),
  /** varchar only (default 255). */
  length: z.number().int().min(1).max(4000).nullish(),
  /** decimal only (default 18, 2). */
  precision: z.number().int().min(1).max(38).nullish(),
  scale: z.number().int().min(0).max(38).nullish(),
  nullable: z.boolean().default(true),
  primaryKey: z.boolean().default(false),
  /** int/bigint primary key numbered by the database. */
  identity: z.boolean().default(false),
  defaultValue: columnDefault,
  comment: ddlText(500).default(''),
});
export type TableColumn = z.infer<typeof tableColumn>;

export const tableIndex = z.object({
  name: identifier,
  columns: z.array(identifier).min(1).max(16),
  unique: z.boolean().default(false),
});
export type TableIndex = z.infer<typeof tableIndex>;

export const tableDesign = z.object({
  tableName: identifier,
  comment: ddlText(500).default(''),
  columns: z.array(tableColumn).min(1).max(200),
  indexes: z.array(tableIndex).max(32).default([]),
});
export type TableDesign = z.infer<typeof tableDesign>;

/** Draft save and release: a design for one link. Drafts are checked for shape only; release checks everything. */
export const designBody = z.object({ linkId: designId, design: tableDesign });
export type DesignBody = z.infer<typeof designBody>;

export const draftQuery = z.object({ linkId: designId, tableName: blankAsUndefined(identifier) });
export const draftDeleteQuery = z.object({ linkId: designId, tableName: identifier });
export const draftRow = z.object({
  F_Id: z.string(),
  F_DbLinkId: z.string(),
  F_TableName: z.string(),
  F_Design: tableDesign,
  F_CreateDate: z.string(),
  F_ModifyDate: z.string(),
});
export type DraftRow = z.infer<typeof draftRow>;

export const releaseResult = z.object({
  F_TableName: z.string(),
  /** The table was created (false: columns/indexes added to a released one). */
  created: z.boolean(),
  addedColumns: z.array(z.string()),
  addedIndexes: z.array(z.string()),
});
export type ReleaseResult = z.infer<typeof releaseResult>;

export const releasedQuery = z.object({ linkId: designId, tableName: identifier });
export const releasedTable = z.object({
  F_Id: z.string(),
  F_DbLinkId: z.string(),
  F_TableName: z.string(),
  F_Comment: z.string(),
  F_Design: tableDesign,
  F_ReleaseDate: z.string(),
});
export type ReleasedTable = z.infer<typeof releasedTable>;

/** The common-fields library: columns the designer offers ready-made. */
export const fieldBody = z.object({
  F_FieldName: identifier,
  F_DataType: z.enum(columnDataTypes),
  F_Length: z.number().int().min(1).max(4000).nullish(),
  F_Nullable: z.boolean().default(true),
  /** Checked like a column default ('' = none). */
  F_DefaultValue: ddlText(4000).default(''),
  F_Remark: ddlText(500).default(''),
  F_SortCode: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type FieldBody = z.infer<typeof fieldBody>;
export const fieldRow = fieldBody.extend({
  F_Id: z.string(),
  F_Length: z.number().int().nullable(),
  F_CreateDate: z.string(),
  F_ModifyDate: z.string(),
});
export type FieldRow = z.infer<typeof fieldRow>;
export const designIdParams = z.object({ id: designId });

/** Generic CRUD over a released table; `moduleCode` names the screen whose buttons and data scope apply. */
const crudTarget = {
  linkId: designId,
  tableName: identifier,
  moduleCode: blankAsUndefined(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/)
      .max(100),
  ),
};
/** Primary key value as sent (checked against the column type by the server). */
const crudId = z.union([z.string().trim().min(1).max(200), z.number().finite()]);
export const crudListQuery = pageQuery.extend({
  ...crudTarget,
  /** A declared column the keyword is matched in (every text column when absent). */
  field: blankAsUndefined(identifier),
  orderBy: blankAsUndefined(identifier),
  order: blankAsUndefined(z.enum(['asc', 'desc'])),
});
export type CrudListQuery = z.infer<typeof crudListQuery>;
export const crudAddBody = z.object({ ...crudTarget, data: z.record(z.string(), z.unknown()) });
export type CrudAddBody = z.infer<typeof crudAddBody>;
export const crudUpdateBody = z.object({ ...crudTarget, id: crudId, data: z.record(z.string(), z.unknown()) });
export type CrudUpdateBody = z.infer<typeof crudUpdateBody>;
export const crudDeleteQuery = z.object({ ...crudTarget, id: z.string().trim().min(1).max(200) });
export type CrudDeleteQuery = z.infer<typeof crudDeleteQuery>;
export const crudRow = z.record(z.string(), z.unknown());
export const crudAddResult = z.object({ id: z.union([z.string(), z.number()]).nullable() });

/** Report relations (the reports issue reads them): a report's named data source with parameter values. */
export const reportsRelationBody = z.object({
  F_ReportId: z.string().trim().max(64).default(''),
  F_Name: z.string().trim().min(1).max(100),
  F_DataSourceId: z.string().trim().max(64).default(''),
  F_Params: z
    .array(z.object({ name: z.string().trim().min(1).max(100), value: z.string().max(2000).default('') }))
    .max(50)
    .default([]),
  F_SortCode: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type ReportsRelationBody = z.infer<typeof reportsRelationBody>;
export const reportsRelationRow = reportsRelationBody.extend({ F_Id: z.string(), F_CreateDate: z.string(), F_ModifyDate: z.string() });
export type ReportsRelationRow = z.infer<typeof reportsRelationRow>;
export const reportsRelationQuery = pageQuery.extend({ reportId: z.string().trim().max(64).optional() });

// ---------- data sources, report relations (modules/data-source) ----------

const dsId = z.string().trim().min(1).max(64);
const dsCode = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'letters, digits, _ . - starting with a letter');
/** An optional result column name: '' or a validated identifier. */
const optionalIdentifier = z.union([z.literal(''), identifier]);

/** One declared parameter: `@name` in F_Sql, bound (never spliced); defaultValue is used when the caller gives none. */
export const dataSourceParam = z.object({
  name: identifier,
  label: z.string().trim().max(100).optional().default(''),
  defaultValue: z.string().max(1000).optional().default(''),
});
export type DataSourceParam = z.infer<typeof dataSourceParam>;

export const dataSourceIdParams = z.object({ id: dsId });
export const dataSourceColumnParams = z.object({ id: dsId, col: identifier });

/** POST /data-sources and PUT /data-sources/{id}; F_Sql is run once on save (no rows read) so a broken query is refused. */
export const dataSourceBody = z.object({
  F_Code: dsCode,
  F_Name: z.string().trim().min(1).max(100),
  F_DbId: z.string().trim().min(1).max(64),
  F_Sql: z.string().trim().min(1).max(20_000),
  F_Params: z
    .array(dataSourceParam)
    .max(20)
    .optional()
    .default([])
    .refine((ps) => new Set(ps.map((p) => p.name.toLowerCase())).size === ps.length, 'parameter names must be unique'),
  F_IdField: optionalIdentifier.optional().default(''),
  F_ParentField: optionalIdentifier.optional().default(''),
  F_Description: z.string().trim().max(500).optional().default(''),
});
export type DataSourceBody = z.input<typeof dataSourceBody>;

export const dataSource = z.object({
  F_Id: z.string(),
  F_Code: z.string(),
  F_Name: z.string(),
  F_DbId: z.string(),
  F_Sql: z.string(),
  F_Params: z.array(dataSourceParam),
  F_IdField: z.string(),
  F_ParentField: z.string(),
  F_Description: z.string(),
  F_CreateDate: z.string(),
});
export type DataSource = z.infer<typeof dataSource>;

/** GET /data-sources: paged; keyword on code or name. */
export const dataSourceQuery = z.object({
  limit: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
  keyword: z.string().trim().max(200).optional(),
});

/** Parameter values by name; unknown names are refused, missing ones take their default. */
export const dataSourceParamValues = z.record(z.string(), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]));
export type DataSourceParamValues = z.infer<typeof dataSourceParamValues>;

/** `params` arrives as a JSON object in the query string. */
const paramsQuery = z
  .string()
  .max(10_000)
  .optional()
  .transform((text, ctx) => {
    if (!text) return {};
    try {
      const parsed = dataSourceParamValues.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'a JSON object of parameter values' });
    return z.NEVER;
  });

/** GET /data-sources/{id}/data (and /data/): a page of rows; `field` + `keyword` filter a result column (contains). */
export const dataSourceDataQuery = z.object({
  limit: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(20),
  params: paramsQuery,
  field: optionalIdentifier.optional(),
  keyword: z.string().max(200).optional(),
});
export type DataSourceDataQuery = z.input<typeof dataSourceDataQuery>;

/** GET /data-sources/{id}/fields, /tree, /columns/{col}/data. */
export const dataSourceParamsQuery = z.object({ params: paramsQuery });
export const dataSourceTreeQuery = z.object({
  params: paramsQuery,
  /** Override the stored F_IdField / F_ParentField. */
  idField: optionalIdentifier.optional(),
  parentField: optionalIdentifier.optional(),
});

export const dataSourceField = z.object({ name: z.string(), dataType: z.string() });
export const dataRow = z.record(z.string(), z.unknown());

export const dataSourcePage = z.object({
  Rows: z.array(dataRow),
  Total: z.number().int(),
  fields: z.array(dataSourceField),
  durationMs: z.number(),
});

export interface DataTreeNode {
  [column: string]: unknown;
  children: DataTreeNode[];
}
export const dataTreeNode: z.ZodType<DataTreeNode> = z.lazy(() => z.looseObject({ children: z.array(dataTreeNode) })) as z.ZodType<DataTreeNode>;

/** Distinct values of one result column, ordered, at most the row cap. */
export const dataSourceColumnData = z.object({ values: z.array(z.unknown()), truncated: z.boolean() });

// ---------- interfaces (modules/interface) ----------

export const interfaceMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
/** Set by the HTTP client or meaningless for one hop; a stored header may not name them. */
export const forbiddenInterfaceHeaders = [
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
];
export const INTERFACE_MAX_TIMEOUT_MS = 30_000;

const ifId = z.string().trim().min(1).max(64);

export const interfaceHeader = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, 'a header name (token characters)')
    .refine((n) => !forbiddenInterfaceHeaders.includes(n.toLowerCase()), 'this header is set by the server'),
  value: z
    .string()
    .max(4000)
    .regex(/^[^\r\n\0]*$/, 'no line breaks'),
});
export type InterfaceHeader = z.infer<typeof interfaceHeader>;

export const interfaceIdParams = z.object({ id: ifId });

/** POST /interface/ and PUT /interface/{id}. `{{param}}` in F_Url is URL-encoded, in F_BodyTemplate JSON-escaped. */
export const interfaceBody = z.object({
  F_Code: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'letters, digits, _ . - starting with a letter'),
  F_Name: z.string().trim().min(1).max(100),
  F_Method: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(interfaceMethods)),
  F_Url: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .regex(/^https?:\/\//i, 'an http:// or https:// address'),
  F_Headers: z.array(interfaceHeader).max(30).optional().default([]),
  F_BodyTemplate: z.string().max(100_000).optional().default(''),
  /** Dot path into the JSON answer (`data.items.0.name` or `data.items[0].name`); '' = the whole answer. */
  F_ResponsePath: z
    .string()
    .trim()
    .max(200)
    .regex(/^$|^[^.\s[\]]+(\[\d+\]|\.[^.\s[\]]+)*$/, 'a dot path such as data.items.0.name')
    .optional()
    .default(''),
  F_TimeoutMs: z.coerce.number().int().min(100).max(INTERFACE_MAX_TIMEOUT_MS).optional().default(5000),
  F_Description: z.string().trim().max(500).optional().default(''),
});
export type InterfaceBody = z.input<typeof interfaceBody>;

export const interfaceRow = z.object({
  F_Id: z.string(),
  F_Code: z.string(),
  F_Name: z.string(),
  F_Method: z.enum(interfaceMethods),
  F_Url: z.string(),
  F_Headers: z.array(interfaceHeader),
  F_BodyTemplate: z.string(),
  F_ResponsePath: z.string(),
  F_TimeoutMs: z.number().int(),
  F_Description: z.string(),
  F_CreateDate: z.string(),
});
export type InterfaceRow = z.infer<typeof interfaceRow>;

/** GET /interface/page: paged; keyword on code, name or URL. */
export const interfaceQuery = z.object({
  limit: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
  keyword: z.string().trim().max(200).optional(),
});

export const interfaceParamValues = z.record(z.string().max(100), z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]));
export type InterfaceParamValues = z.infer<typeof interfaceParamValues>;

/** POST /interface/{id}/test. */
export const interfaceTestBody = z.object({ params: interfaceParamValues.optional().default({}) });

export const interfaceCallResult = z.object({
  status: z.number().int(),
  durationMs: z.number(),
  /** Parsed JSON when the answer is JSON, its text otherwise (at most 1 MB read). */
  body: z.unknown(),
  /** The part of the JSON answer at F_ResponsePath (null when absent). */
  value: z.unknown(),
  /** The answer was longer than 1 MB and was cut (body is then the text read so far). */
  truncated: z.boolean(),
});
export type InterfaceCallResult = z.infer<typeof interfaceCallResult>;
