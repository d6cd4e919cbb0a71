import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';
import { hasControlCharacter } from './common/text.js';
import { identifier } from './data.js';

/** Permission keys: Form design. */
export const formPermissions = {
  formList: 'forms.scheme.list',
  formAdd: 'forms.scheme.add',
  formEdit: 'forms.scheme.edit',
  formDelete: 'forms.scheme.delete',
  formEnable: 'forms.scheme.enable',
  formHistory: 'forms.scheme.history',
  /** Fill in a designed form and edit its stored records from the form design screen (published lists). */
  formData: 'forms.scheme.data',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof formPermissions> {}
}

/**
 * Form engine: the form scheme (field configs in the shape of the original's form generator:
 * `__config__` block + field-level keys), the form scheme list, versions and form data. Shapes follow
 * docs/forms-design.md. The pure logic over these shapes (walk, defaults, computed fields, capital amounts,
 * validation) is in ./form-logic and is used by both the web renderer and the server.
 */

/** What a field is (`__config__.avueType`): the renderer's registry and the server's column types are keyed by it. */
export const FIELD_TYPES = [
  'input',
  'textarea',
  'password',
  'number',
  'mobile',
  'select',
  'radio',
  'checkbox',
  'asso-select',
  'switch',
  'slider',
  'rate',
  'date',
  'time',
  'cascader',
  'area',
  'color',
  'upload',
  'editor',
  'company',
  'department',
  'user',
  'info',
  'map',
  'computation',
  // containers
  'row',
  'tabs',
  'table',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const CONTAINER_TYPES = ['row', 'tabs', 'table'] as const satisfies readonly FieldType[];

/** Where options of select / radio / checkbox / cascader / bound select come from. */
export const OPTION_SOURCES = ['static', 'dataItem', 'dataSource', 'dataSql'] as const;
export const INFO_TYPES = ['company', 'department', 'user', 'date'] as const;

const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !hasControlCharacter(v), 'must not contain control characters');

/** A validation rule of a field: a regular expression (source, no flags) and the message shown when it fails. */
export const regRule = z.object({ pattern: z.string().max(500), message: z.string().max(200).default('') });

/** One token of a computed field's formula: a field reference (formId ≠ 0), an operator / constant (formId 0, text in name) or the tax rate. */
export const computationToken = z.looseObject({
  type: z.enum(['formId', 'taxRate', 'operator']).optional(),
  formId: z.union([z.number().int(), z.string()]).default(0),
  name: z.string().max(100).default(''),
});
export type ComputationToken = z.infer<typeof computationToken>;

export const staticOption = z.looseObject({ label: z.string().max(200), value: z.union([z.string(), z.number(), z.boolean()]) });
export type StaticOption = z.infer<typeof staticOption>;

export const tabColumn = z.looseObject({ label: z.string().max(100), icon: z.string().max(100).optional(), prop: z.string().min(1).max(100) });

/** The `__config__` block of every field and container. Unknown keys are kept (designer extras). */
export const fieldConfig = z.looseObject({
  /** Unique within a scheme (also across tabs and sub-tables); autoBindFields and formulas refer to it. */
  formId: z.number().int().positive(),
  avueType: z.enum(FIELD_TYPES),
  /** The original's component tag (el-input, el-select, …): informative. */
  tag: z.string().max(100).default(''),
  /** 'table' for a sub-table, 'avue-tabs' for tabs, the row container's name otherwise. */
  componentName: z.string().max(100).optional(),
  label: z.string().max(200).default('标题'),
  showLabel: z.boolean().default(true),
  labelWidth: z.number().int().min(0).max(1000).default(120),
  span: z.number().int().min(1).max(24).default(24),
  layout: z.enum(['colFormItem', 'rowFormItem']).default('colFormItem'),
  required: z.boolean().default(false),
  /** Default authority when no task authority list is given. */
  view: z.boolean().default(true),
  edit: z.boolean().default(true),
  regList: z.array(regRule).max(20).default([]),
  defaultValue: z.unknown().optional(),
  /** Storage: the table and column the value is stored in (sub-table columns: the sub-table). */
  bindTable: z.string().max(64).optional(),
  bindTableField: z.string().max(64).optional(),
  /** Containers: row children and sub-table columns. */
  get children() {
    return z.array(formField).max(500).optional();
  },
  /** Tabs: tab prop → child fields. */
  get childrenObj() {
    return z.record(z.string(), z.array(formField).max(500)).optional();
  },
  option: z.looseObject({ column: z.array(tabColumn).max(50).default([]) }).optional(),
  tabsType: z.enum(['', 'card', 'border-card']).optional(),
  tabPosition: z.enum(['top', 'right', 'bottom', 'left']).optional(),
  /** Options */
  dataType: z.enum(OPTION_SOURCES).optional(),
  /** Dictionary code (dataType dataItem). */
  dataItem: z.string().max(100).optional(),
  /** Data source id or code (dataType dataSource). */
  dataSource: z.string().max(100).optional(),
  /** Database link id (dataType dataSql); the original's 'localDB' means the platform link 'local'. */
  database: z.string().max(100).optional(),
  sql: z.string().max(10000).optional(),
  showField: z.string().max(100).optional(),
  saveField: z.string().max(100).optional(),
  filterable: z.boolean().optional(),
  /** Remote search (asks the source with the typed text; empty text does nothing). */
  remote: z.boolean().optional(),
  /** Bound select: target formId → column of the chosen record. The original stores it as a JSON string. */
  autoBindFields: z.union([z.string().max(10000), z.record(z.string(), z.string().max(100))]).optional(),
  /** Company / department pickers: 'company' or 'department'. */
  tagIcon: z.string().max(100).optional(),
  showCapitalizedValue: z.boolean().optional(),
  /** Upload: size limit and unit (default 2 MB). */
  fileSize: z.number().positive().max(1_000_000).optional(),
  sizeUnit: z.enum(['KB', 'MB', 'GB']).optional(),
  /** Sub-table: show a totals row for number / computation columns. */
  showSummary: z.boolean().optional(),
});
/** Omit that keeps the other known keys of a loose object (the built-in Omit collapses them into the index signature). */
type Without<T, K extends PropertyKey> = { [P in keyof T as P extends K ? never : P]: T[P] };

/** Written out so the recursion (children, childrenObj) stays typed in the emitted declarations. */
export type FieldConfig = Without<z.infer<typeof fieldConfig>, 'children' | 'childrenObj'> & {
  children?: FormField[];
  childrenObj?: Record<string, FormField[]>;
};

/** A field or container of a form scheme. Unknown keys are kept. */
export const formField = z.looseObject({
  __config__: fieldConfig,
  /** The value's key in form data; absent on row and tabs containers. Sub-tables: the rows' key. */
  __vModel__: identifier.optional(),
  __slot__: z
    .looseObject({ options: z.array(staticOption).max(1000).optional(), prepend: z.string().max(50).optional(), append: z.string().max(50).optional() })
    .optional(),
  type: z.string().max(50).optional(),
  placeholder: z.string().max(200).optional(),
  clearable: z.boolean().optional(),
  disabled: z.boolean().optional(),
  readonly: z.boolean().optional(),
  multiple: z.boolean().optional(),
  style: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  'value-format': z.string().max(50).optional(),
  format: z.string().max(50).optional(),
  'is-range': z.boolean().optional(),
  'active-text': z.string().max(50).optional(),
  'inactive-text': z.string().max(50).optional(),
  'active-color': z.string().max(50).optional(),
  'inactive-color': z.string().max(50).optional(),
  'active-value': z.union([z.string(), z.number(), z.boolean()]).optional(),
  'inactive-value': z.union([z.string(), z.number(), z.boolean()]).optional(),
  maxlength: z.number().int().positive().max(1_000_000).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().positive().optional(),
  precision: z.number().int().min(0).max(10).optional(),
  accept: z.string().max(500).optional(),
  limit: z.number().int().positive().max(100).optional(),
  computationalConfiguration: z.array(computationToken).max(200).optional(),
  taxRate: z.number().optional(),
  infoType: z.enum(INFO_TYPES).optional(),
  /** Map marker: initial zoom (3 to 19). */
  zoom: z.number().int().min(3).max(19).optional(),
});
export type FormField = Without<z.infer<typeof formField>, '__config__'> & { __config__: FieldConfig };

export const formConf = z.looseObject({
  labelWidth: z.number().int().min(0).max(1000).default(120),
  labelPosition: z.enum(['left', 'right', 'top']).default('right'),
  gutter: z.number().int().min(0).max(100).default(15),
  size: z.enum(['small', 'medium', 'large']).default('medium'),
});

/** F_Scheme: the field configs (data) and form-level settings. */
export const formSchemeContent = z.object({
  data: z.array(formField).max(1000),
  formConf: formConf.optional(),
});
export type FormSchemeContent = Without<z.infer<typeof formSchemeContent>, 'data'> & { data: FormField[] };

/** A table a form stores into: one main table and any number of sub-tables (one per sub-table container). */
export const formTable = z.object({
  /** Database link; 'local' is the platform database (tenant schema). */
  dbId: z.string().min(1).max(100).default('local'),
  name: identifier,
  comment: z.string().max(200).default(''),
  type: z.enum(['main', 'sub']),
  /** Primary key column (varchar ids made by the server). */
  primaryKey: identifier.default('F_Id'),
  /** Sub-tables: the column that holds the main row's key. */
  relationField: identifier.optional(),
});
export type FormTable = z.infer<typeof formTable>;

export const FORM_TYPE = { designed: 0, system: 1, address: 2 } as const;

/** Add / update body (POST /form-scheme, /form-scheme/customtable; PUT …/{id}). F_Scheme may come as a JSON string. */
export const formSchemeBody = z.object({
  F_Name: text(100).trim().min(1),
  /**
   * 0 designed, 1 system form (a screen in code, registered in the web's system-form registry by F_Url),
   * 2 address-based (a designed form whose data is posted to /api/{F_Url}). As a list filter 1 means both 1 and 2.
   */
  F_Type: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  F_Category: z.string().max(100).default(''),
  /** Address-based forms: the address their data is posted to (POST /api/{F_Url}). */
  F_Url: z.string().max(64).default(''),
  F_Description: z.string().max(500).default(''),
  F_SortCode: z.number().int().min(0).max(1_000_000).default(0),
  F_Scheme: z.unknown(),
  tableInfo: z.array(formTable).max(20).optional(),
});
export type FormSchemeBody = z.infer<typeof formSchemeBody>;

export const formSchemeRow = z.object({
  F_Id: z.string(),
  F_Name: z.string(),
  F_Type: z.number().int(),
  F_Category: z.string(),
  F_Url: z.string(),
  F_Description: z.string(),
  F_SortCode: z.number().int(),
  F_EnabledMark: z.number().int(),
  F_IsDefault: z.number().int(),
  /** The current version's id (form_scheme row). */
  F_SchemeId: z.string(),
  F_Version: z.number().int(),
  F_CreateUserName: z.string().nullable(),
  F_CreateDate: z.string().nullable(),
  F_ModifyDate: z.string().nullable(),
  /** Has tables it stores into. */
  F_HasTables: z.boolean(),
});
export type FormSchemeRow = z.infer<typeof formSchemeRow>;

/** One form with its current (or a given) version: what the renderer and designer load. */
export const formSchemeDetail = formSchemeRow.extend({
  F_Scheme: formSchemeContent,
  tableInfo: z.array(formTable),
});
export type FormSchemeDetail = Without<z.infer<typeof formSchemeDetail>, 'F_Scheme'> & { F_Scheme: FormSchemeContent };

export const formSchemePageQuery = pageQuery.extend({
  keyword: z.string().max(100).optional(),
  /** 0 designed, 1 or 2 address-based (system) forms; absent: all. */
  F_Type: z.coerce.number().int().min(0).max(2).optional(),
  F_Category: z.string().max(100).optional(),
  F_EnabledMark: z.coerce.number().int().min(0).max(1).optional(),
});
export type FormSchemePageQuery = z.infer<typeof formSchemePageQuery>;

/** GET /form-scheme (F_Type 0) and /form-scheme/systemform: enabled forms for pickers. */
export const formSchemeOption = z.object({
  F_Id: z.string(),
  F_Name: z.string(),
  F_Type: z.number().int(),
  F_Category: z.string(),
  F_Url: z.string(),
  F_SchemeId: z.string(),
});
export type FormSchemeOption = z.infer<typeof formSchemeOption>;

export const formSchemeHistoryRow = z.object({
  F_Id: z.string(),
  F_SchemeInfoId: z.string(),
  F_Version: z.number().int(),
  F_Current: z.boolean(),
  F_CreateUserName: z.string().nullable(),
  F_CreateDate: z.string().nullable(),
});
export type FormSchemeHistoryRow = z.infer<typeof formSchemeHistoryRow>;

/** What a save answers: the form, its new version and what the release did to its tables. */
export const formSchemeSaved = z.object({
  F_Id: z.string(),
  F_SchemeId: z.string(),
  F_Version: z.number().int(),
  tables: z.array(z.object({ name: z.string(), created: z.boolean(), addedColumns: z.array(z.string()) })),
});
export type FormSchemeSaved = z.infer<typeof formSchemeSaved>;

/** Field authority from a workflow node (or any caller): a field is hidden without view, read-only without edit. */
export const fieldAuthority = z.object({
  formId: z.union([z.number().int(), z.string()]),
  view: z.boolean().default(true),
  edit: z.boolean().default(true),
  required: z.boolean().default(false),
  /** 'opinion' marks a signature / opinion field. */
  filedsType: z.string().max(50).optional(),
});
export type FieldAuthority = z.infer<typeof fieldAuthority>;

/**
 * Form data: values keyed by __vModel__; a sub-table's value is the array of its rows (objects keyed by the
 * columns' __vModel__). Multi-values (checkbox, ranges, multiple select / pickers) are comma-joined strings;
 * numbers and computed values are decimal strings or numbers.
 */
export const formValues = z.record(z.string(), z.unknown());
export type FormValues = z.infer<typeof formValues>;
export const formDataBody = z.object({ formData: formValues });
export type FormDataBody = z.infer<typeof formDataBody>;
export const formDataSaved = z.object({ primaryKey: z.string() });
export const formDataRecord = z.object({ primaryKey: z.string(), formData: formValues });
export type FormDataRecord = z.infer<typeof formDataRecord>;

/** One refusal of server-side validation (also what the renderer's validation produces). */
export const fieldError = z.object({
  vModel: z.string(),
  formId: z.number().int(),
  /** Sub-table row index when the field is a sub-table column. */
  row: z.number().int().optional(),
  /** Translation key (forms.rule.*) and its params, or a literal message configured in the scheme. */
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  message: z.string().optional(),
});
export type FieldError = z.infer<typeof fieldError>;

// ---------- route shapes of modules/form-scheme (server) ----------

const formKey = z.string().trim().min(1).max(64);
/** An address-based form's address (F_Url, POST /api/{address}): letters, digits, _ and -. */
export const FORM_ADDRESS = /^[A-Za-z0-9_-]{1,64}$/;
export const formAddress = z.string().regex(FORM_ADDRESS, 'letters, digits, _ and - only');

export const formSchemeIdParams = z.object({ id: formKey });
export const formSchemeVersionParams = z.object({ versionId: formKey });
export const formSchemeRestoreParams = z.object({ id: formKey, versionId: formKey });
/** PATCH …/set-enable/{0|1} and …/set-default/{0|1}. */
export const formSchemeFlagParams = z.object({ id: formKey, value: z.coerce.number().int().min(0).max(1) });
/** GET /form-scheme?F_Type=0: enabled forms of one type (0 designed, 1 or 2 address-based). */
export const formSchemeOptionsQuery = z.object({
  F_Type: z.coerce.number().int().min(0).max(2).default(0),
  F_Category: z.string().max(100).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const formSchemeHistoryQuery = pageQuery;

/** GET /form-scheme/{id}/field-options/{formId}?keyword&versionId. */
export const fieldOptionsParams = z.object({ id: formKey, formId: z.coerce.number().int().positive() });
export const fieldOptionsQuery = z.object({
  keyword: z.string().max(200).optional(),
  versionId: formKey.optional(),
  /** The source field's value when a data relation cascades this field: only matching rows answer. */
  parentValue: z.string().max(2000).optional(),
});
/** POST /form-scheme/field-options: an unsaved field (designer preview). */
export const fieldOptionsBody = z.object({ field: formField, keyword: z.string().max(200).optional() });
export const FIELD_OPTIONS_MAX = 200;
export const fieldOptionsResult = z.object({ rows: z.array(z.record(z.string(), z.unknown())).max(FIELD_OPTIONS_MAX) });
export type FieldOptionsResult = z.infer<typeof fieldOptionsResult>;

/** Form data calls: the form (and optionally the version whose fields apply; default: the current one). */
export const formDataParams = z.object({ id: formKey, primaryKey: formKey });
export const formDataQuery = z.object({ versionId: formKey.optional() });
/** Address routes take any text: an address that is no form's (or not an address at all) is the usual 404. */
export const formAddressParams = z.object({ address: z.string() });
export const formAddressDataParams = z.object({ address: z.string(), primaryKey: z.string() });
/** `data` of a refused form-data save (msg lists the first errors translated). */
export const formDataRefused = z.object({ errors: z.array(fieldError) });
export type FormDataRefused = z.infer<typeof formDataRefused>;
