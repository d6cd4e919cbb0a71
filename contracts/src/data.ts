import { z } from 'zod';

/**
 * Data platform (issue 7): database links, table design, data sources, interfaces, generic CRUD, report relations.
 * Shapes follow docs/data-platform-design.md. Each part below is owned by one module; add schemas in your part.
 */

/** The platform's own database as a link (not a row). */
export const DEFAULT_LINK_ID = 'local';
export const dbTypes = ['postgresql', 'mysql', 'sqlserver'] as const;
/** Table and column names: validated identifiers, quoted by the driver. */
export const identifier = z.string().trim().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'a name of letters, digits and _ starting with a letter or _');

// ---------- database links (modules/database-link) ----------

// ---------- table design, drafts, common fields, generic CRUD (modules/data-design) ----------

// ---------- data sources, report relations (modules/data-source) ----------

const dsId = z.string().trim().min(1).max(64);
const dsCode = z.string().trim().min(1).max(50).regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'letters, digits, _ . - starting with a letter');
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
export const forbiddenInterfaceHeaders = ['host', 'connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'content-length', 'expect'];
export const INTERFACE_MAX_TIMEOUT_MS = 30_000;

const ifId = z.string().trim().min(1).max(64);

export const interfaceHeader = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, 'a header name (token characters)')
    .refine((n) => !forbiddenInterfaceHeaders.includes(n.toLowerCase()), 'this header is set by the server'),
  value: z.string().max(4000).regex(/^[^\r\n\0]*$/, 'no line breaks'),
});
export type InterfaceHeader = z.infer<typeof interfaceHeader>;

export const interfaceIdParams = z.object({ id: ifId });

/** POST /interface/ and PUT /interface/{id}. `{{param}}` in F_Url is URL-encoded, in F_BodyTemplate JSON-escaped. */
export const interfaceBody = z.object({
  F_Code: z.string().trim().min(1).max(50).regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'letters, digits, _ . - starting with a letter'),
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
