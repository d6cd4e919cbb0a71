import { z } from 'zod';
import type { PermissionsOf } from './common/permissions.js';
import { pageQuery } from './common/paging.js';

/**
 * Excel import and export templates (administration.md 1, 4, 7 "Import, export, scheduled tasks"; docs/excel-templates.md).
 * A template is bound to a screen (a menu entry) and a target: a published form (its relation) or a released table
 * on a database link.
 */
export const excelImportPermissions = {
  importList: 'system.excelImport.list',
  importAdd: 'system.excelImport.add',
  importEdit: 'system.excelImport.edit',
  importDelete: 'system.excelImport.delete',
  importEnable: 'system.excelImport.enable',
  importDownload: 'system.excelImport.download',
} as const;
export const excelExportPermissions = {
  exportList: 'system.excelExport.list',
  exportAdd: 'system.excelExport.add',
  exportEdit: 'system.excelExport.edit',
  exportDelete: 'system.excelExport.delete',
  exportEnable: 'system.excelExport.enable',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof excelImportPermissions>, PermissionsOf<typeof excelExportPermissions> {}
}

/** Limits shared by the server and the dialogs. */
export const EXCEL_TEMPLATE_LIMITS = {
  name: 100,
  buttonName: 20,
  columns: 100,
  header: 100,
  field: 130,
  /** Rows of one import file (the header and notes rows excluded); Excel's own limit is 1,048,576 rows. */
  importRows: 200_000,
  /** Bytes of one uploaded file. */
  importBytes: 30 * 1024 * 1024,
  /** Rows above which an export is also saved in the caller's file manager. */
  bigExportRows: 50_000,
} as const;

export const excelTargetKind = z.enum(['form', 'table']);
export type ExcelTargetKind = z.infer<typeof excelTargetKind>;
export const excelCellType = z.enum(['text', 'number', 'integer', 'date', 'datetime', 'boolean']);
export type ExcelCellType = z.infer<typeof excelCellType>;
/** none; value: the text given; userId / departmentId / companyId: the importer's; now: the time; today: the date. */
export const excelDefaultKind = z.enum(['none', 'value', 'userId', 'userName', 'departmentId', 'companyId', 'now', 'today']);
export type ExcelDefaultKind = z.infer<typeof excelDefaultKind>;
/** skip: the good rows are stored and the bad ones reported; refuse: one bad row and nothing is stored. */
export const excelErrorRule = z.enum(['skip', 'refuse']);

const text = (max: number) => z.string().trim().max(max);
const id = z.string().trim().min(1).max(64);

/** The target: a published form (its relation id) or a released table (link and table name). */
const targetFields = {
  F_Name: text(EXCEL_TEMPLATE_LIMITS.name).min(1, 'excelTemplate.nameRequired'),
  /** The bound screen: a menu entry id. */
  F_ModuleId: id,
  /** The button's text on the screen (default 导入 / 导出). */
  F_ButtonName: text(EXCEL_TEMPLATE_LIMITS.buttonName).optional().default(''),
  F_TargetKind: excelTargetKind,
  /** form: the published page (form relation) id. */
  F_RelationId: text(64).optional().default(''),
  /** table: the database link and the released table's name. */
  F_DbId: text(64).optional().default(''),
  F_TableName: text(128).optional().default(''),
  F_EnabledMark: z.coerce.number().int().min(0).max(1).optional().default(1),
  F_Description: text(500).optional().default(''),
};

export const excelImportColumn = z.object({
  /** The Excel header (matched exactly, trimmed). */
  header: text(EXCEL_TEMPLATE_LIMITS.header).min(1),
  /** Main field (`__vModel__` or column name) or `<sub-table vModel>.<column vModel>`. */
  field: text(EXCEL_TEMPLATE_LIMITS.field).min(1),
  required: z.boolean().optional().default(false),
  /** Unique in the file and in the stored table (main fields only). */
  unique: z.boolean().optional().default(false),
  type: excelCellType.optional().default('text'),
  /** Dates: the stored spelling (default yyyy-MM-dd, yyyy-MM-dd HH:mm:ss for datetime); numbers: decimals. */
  format: text(40).optional().default(''),
  /** Longest text (characters); 0: no limit other than the column's. */
  maxLength: z.coerce.number().int().min(0).max(32_767).optional().default(0),
  /** A dictionary code: labels in the file are stored as the items' values. */
  dictionary: text(64).optional().default(''),
  /** A data source: label column → value column. */
  dataSourceId: text(64).optional().default(''),
  dataSourceLabel: text(64).optional().default(''),
  dataSourceValue: text(64).optional().default(''),
  defaultKind: excelDefaultKind.optional().default('none'),
  defaultValue: text(500).optional().default(''),
  /** Fixed: always the default, the file has no such column. */
  fixed: z.boolean().optional().default(false),
  /** Shown in the template's notes row. */
  note: text(200).optional().default(''),
});
export type ExcelImportColumn = z.infer<typeof excelImportColumn>;
export type ExcelImportColumnInput = z.input<typeof excelImportColumn>;

export const excelImportBody = z.object({
  ...targetFields,
  F_ErrorRule: excelErrorRule.optional().default('skip'),
  F_Columns: z.array(excelImportColumn).min(1, 'excelTemplate.columnsRequired').max(EXCEL_TEMPLATE_LIMITS.columns),
});
/** POST /excel-import, PUT /excel-import/{id} (and the spec's PUT /task-scheduling/{id}, forwarded). */
export type ExcelImportBody = z.input<typeof excelImportBody>;
export type ExcelImportValues = z.infer<typeof excelImportBody>;

export const excelExportColumn = z.object({
  header: text(EXCEL_TEMPLATE_LIMITS.header).min(1),
  field: text(EXCEL_TEMPLATE_LIMITS.field).min(1),
  /** Column width in characters. */
  width: z.coerce.number().int().min(4).max(100).optional().default(16),
  /** Dates: yyyy-MM-dd or yyyy-MM-dd HH:mm:ss … ; numbers: an Excel number format such as 0.00. */
  format: text(40).optional().default(''),
  /** label: option and dictionary labels; value: the stored value. */
  show: z.enum(['label', 'value']).optional().default('label'),
  dictionary: text(64).optional().default(''),
});
export type ExcelExportColumn = z.infer<typeof excelExportColumn>;
export type ExcelExportColumnInput = z.input<typeof excelExportColumn>;

export const excelExportBody = z.object({
  ...targetFields,
  /** Whether the screen's current query filters apply (the data scope always applies to anyone but an administrator). */
  F_ApplyQuery: z.coerce.number().int().min(0).max(1).optional().default(1),
  /** Administrators only: 1 exports every row regardless of the data scope. */
  F_IgnoreScope: z.coerce.number().int().min(0).max(1).optional().default(0),
  F_Columns: z.array(excelExportColumn).min(1, 'excelTemplate.columnsRequired').max(EXCEL_TEMPLATE_LIMITS.columns),
});
export type ExcelExportBody = z.input<typeof excelExportBody>;
export type ExcelExportValues = z.infer<typeof excelExportBody>;

export const excelTemplateQuery = pageQuery.extend({
  /** State: 1 enabled, 0 disabled. */
  state: z.coerce.number().int().min(0).max(1).optional(),
  F_ModuleId: text(64).optional(),
});
export type ExcelTemplateQuery = z.infer<typeof excelTemplateQuery>;

const rowFields = {
  F_Id: z.string(),
  F_Name: z.string(),
  F_ModuleId: z.string(),
  F_ModuleName: z.string().nullable(),
  F_ButtonName: z.string(),
  F_TargetKind: excelTargetKind,
  F_RelationId: z.string(),
  F_DbId: z.string(),
  F_TableName: z.string(),
  F_EnabledMark: z.number().int(),
  F_Description: z.string(),
  F_CreateDate: z.string(),
  F_CreateUserName: z.string().nullable(),
};
export const excelImportRow = z.object({ ...rowFields, F_ErrorRule: excelErrorRule });
export type ExcelImportRow = z.infer<typeof excelImportRow>;
export const excelImportDetail = excelImportRow.extend({ F_Columns: z.array(excelImportColumn) });
export type ExcelImportDetail = z.infer<typeof excelImportDetail>;
export const excelExportRow = z.object({ ...rowFields, F_ApplyQuery: z.number().int(), F_IgnoreScope: z.number().int() });
export type ExcelExportRow = z.infer<typeof excelExportRow>;
export const excelExportDetail = excelExportRow.extend({ F_Columns: z.array(excelExportColumn) });
export type ExcelExportDetail = z.infer<typeof excelExportDetail>;

export const excelIdParams = z.object({ id });
/** GET /excel-import/download/{a}/{b}: a = the bound screen's menu entry id, b = the template id. */
export const excelDownloadParams = z.object({ a: id, b: id });
export const excelModuleParams = z.object({ moduleId: id });
export const excelRunParams = z.object({ id, runId: id });

/** GET /excel-import/module/{moduleId}: the enabled templates of a screen the caller may use. */
export const excelScreenTemplates = z.object({
  imports: z.array(z.object({ F_Id: z.string(), F_Name: z.string(), F_ButtonName: z.string() })),
  exports: z.array(z.object({ F_Id: z.string(), F_Name: z.string(), F_ButtonName: z.string(), F_ApplyQuery: z.number().int() })),
});
export type ExcelScreenTemplates = z.infer<typeof excelScreenTemplates>;

export const excelRunState = z.enum(['running', 'done', 'refused', 'failed']);
export type ExcelRunState = z.infer<typeof excelRunState>;
/** An import run: its progress while running, its result after. */
export const excelImportRun = z.object({
  F_Id: z.string(),
  F_TemplateId: z.string(),
  F_FileName: z.string(),
  state: excelRunState,
  /** Rows read from the file so far (data rows). */
  read: z.number().int(),
  valid: z.number().int(),
  stored: z.number().int(),
  /** Data rows in the file (known once the file is read). */
  total: z.number().int(),
  invalid: z.number().int(),
  /** Why the run failed or the file was refused. */
  message: z.string().nullable(),
  /** An error workbook can be downloaded (GET /excel-import/{id}/runs/{runId}/errors). */
  hasErrors: z.boolean(),
  /** The first refused rows (at most 50) with their messages. */
  errors: z.array(z.object({ row: z.number().int(), messages: z.array(z.string()) })),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExcelImportRun = z.infer<typeof excelImportRun>;

/** GET /excel-export/{id}/file?query&sidx&sord: the screen's current query (a published page's JSON filters). */
export const excelExportFileQuery = z.object({
  /** An id the screen chose to poll GET /excel-export/progress/{progressId} with. */
  progressId: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/)
    .optional(),
  query: z.string().max(20_000).optional(),
  sidx: text(128).optional(),
  sord: z.enum(['asc', 'desc']).optional(),
  keyword: text(200).optional(),
});
export type ExcelExportFileQuery = z.infer<typeof excelExportFileQuery>;

/** GET /excel-import/target-fields: the fields a template may name for a target (the dialogs' field picker). */
export const excelTargetQuery = z.object({
  F_TargetKind: excelTargetKind,
  F_RelationId: text(64).optional().default(''),
  F_DbId: text(64).optional().default(''),
  F_TableName: text(128).optional().default(''),
});
export type ExcelTargetQuery = z.input<typeof excelTargetQuery>;
export const excelTargetField = z.object({
  field: z.string(),
  label: z.string(),
  dataType: z.string(),
  length: z.number().int().nullable(),
  required: z.boolean(),
  dictionary: z.string(),
  hasOptions: z.boolean(),
  /** The sub-table container's vModel (sub-table columns). */
  sub: z.string().nullable(),
});
export type ExcelTargetField = z.infer<typeof excelTargetField>;

/** GET /excel-export/progress/{progressId}: how far an export in flight has got (the screen chose the id). */
export const excelExportProgress = z.object({ rows: z.number().int(), total: z.number().int(), done: z.boolean(), fileId: z.string().nullable() });
export type ExcelExportProgress = z.infer<typeof excelExportProgress>;
export const excelProgressParams = z.object({
  progressId: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/),
});
