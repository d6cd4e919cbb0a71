import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';
import { hasControlCharacter } from './common/text.js';
import { formSchemeDetail, formValues, type FieldType, type FormSchemeDetail } from './forms.js';

/** Permission keys: Form relations (published pages) and data relations (cascades). */
export const formRelationPermissions = {
  /** Form relations (publishing forms as menu pages) and data relations (cascades). */
  formRelationList: 'forms.relation.list',
  formRelationAdd: 'forms.relation.add',
  formRelationEdit: 'forms.relation.edit',
  formRelationDelete: 'forms.relation.delete',
  dataRelationList: 'forms.dataRelation.list',
  dataRelationEdit: 'forms.dataRelation.edit',
  dataRelationDelete: 'forms.dataRelation.delete',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof formRelationPermissions> {}
}

/**
 * Form publishing (docs/form-publishing-design.md): a form relation publishes a designed form as a menu
 * page whose list (query fields, columns, sorting, buttons, page size, default filters) is configuration, not code;
 * data relations cascade option fields; printing settings; Excel export and import of a published list.
 */

const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !hasControlCharacter(s), 'control characters are not allowed');
const key = z.string().min(1).max(64);
/** A main-form field (`__vModel__`) bound to the main table, or one of LIST_SYSTEM_FIELDS. */
const fieldName = z.string().min(1).max(64);

/** System columns a published list may show, sort and filter on besides the form's own fields. */
export const LIST_SYSTEM_FIELDS = ['F_CreateDate', 'F_ModifyDate'] as const;

// ---------------------------------------------------------------- list configuration

/**
 * How a query field matches: like (contains), prefix (starts with), eq (equals), in (any of the comma-joined
 * values), range ([from, to], either end open).
 */
export const QUERY_MATCHES = ['like', 'prefix', 'eq', 'in', 'range'] as const;
export type QueryMatch = (typeof QUERY_MATCHES)[number];

/** The match a query field gets unless configured otherwise. */
export function defaultMatchOf(type: FieldType | string): QueryMatch {
  if (type === 'number' || type === 'computation' || type === 'date' || type === 'time' || type === 'slider' || type === 'rate') return 'range';
  if (type === 'input' || type === 'textarea' || type === 'editor' || type === 'mobile') return 'like';
  if (type === 'checkbox' || type === 'cascader' || type === 'area') return 'like';
  return 'eq';
}

export const listQueryField = z.object({
  field: fieldName,
  /** Shown label; the field's label when empty. */
  label: text(100).default(''),
  match: z.enum(QUERY_MATCHES).optional(),
});
export type ListQueryField = z.infer<typeof listQueryField>;

export const listColumn = z.object({
  field: fieldName,
  label: text(100).default(''),
  width: z.number().int().min(40).max(1000).optional(),
  align: z.enum(['left', 'center', 'right']).default('left'),
  /** The user may sort the list by this column (an index is made for it). */
  sortable: z.boolean().default(false),
});
export type ListColumn = z.infer<typeof listColumn>;

/** The published page's buttons (module buttons, granted per role). Viewing the list is the menu grant itself. */
export const LIST_BUTTONS = ['add', 'edit', 'view', 'delete', 'export', 'import', 'print', 'workflow'] as const;
export type ListButton = (typeof LIST_BUTTONS)[number];

/** Data condition operators (default filters of a published list). */
export const CONDITION_OPERATORS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'in', 'empty', 'notEmpty'] as const;
/**
 * Values a condition may take from the caller instead of a fixed text: resolved on the server for each request.
 * '@today' is the current date (yyyy-MM-dd) in the tenant's time zone.
 */
export const CONDITION_TOKENS = ['@userId', '@departmentId', '@companyId', '@today'] as const;

export const dataCondition = z.object({
  field: fieldName,
  operator: z.enum(CONDITION_OPERATORS),
  /** A fixed value (comma-joined for `in`) or one of CONDITION_TOKENS; ignored by empty / notEmpty. */
  value: text(500).default(''),
});
export type DataCondition = z.infer<typeof dataCondition>;

/** Print styles (spec 9): 0 default, 1 official document, 2 draft paper, 3 underline. */
export const PRINT_STYLES = [0, 1, 2, 3] as const;
/** Print types 1–6: paper and orientation (docs/form-publishing-design.md "Printing"). */
export const PRINT_TYPES = [1, 2, 3, 4, 5, 6] as const;
export const PRINT_TYPE_PAGE: Record<(typeof PRINT_TYPES)[number], { size: 'A4' | 'A3' | 'A5'; landscape: boolean }> = {
  1: { size: 'A4', landscape: false },
  2: { size: 'A4', landscape: true },
  3: { size: 'A3', landscape: false },
  4: { size: 'A3', landscape: true },
  5: { size: 'A5', landscape: false },
  6: { size: 'A5', landscape: true },
};
export const PRINT_DEFAULT_BORDER = '#7e7e7e';
export const PRINT_IMAGE_WIDTH = 200;
export const PRINT_IMAGE_MAX_WIDTH = 600;
/** The loading overlay shown before the print view is printed (spec 9). */
export const PRINT_LOADING_MS = 1000;

export const printSetting = z.object({
  style: z.union(PRINT_STYLES.map((s) => z.literal(s))).default(0),
  /** Title underline: 1 yes, 0 no. */
  titleUnderline: z.union([z.literal(0), z.literal(1)]).default(1),
  type: z.union(PRINT_TYPES.map((s) => z.literal(s))).default(1),
  borderColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #7e7e7e')
    .default(PRINT_DEFAULT_BORDER),
  /** Title printed above the form; the relation's name when empty. */
  title: text(100).default(''),
});
export type PrintSetting = z.infer<typeof printSetting>;

export const PAGE_SIZES = [10, 20, 30, 50, 100] as const;

export const formRelationSetting = z.object({
  queryFields: z.array(listQueryField).max(20).default([]),
  columns: z.array(listColumn).min(1).max(50),
  /** Default order; absent: newest first (F_CreateDate desc). */
  sort: z
    .object({ field: fieldName, order: z.enum(['asc', 'desc']).default('asc') })
    .nullable()
    .default(null),
  buttons: z.array(z.enum(LIST_BUTTONS)).max(LIST_BUTTONS.length).default(['add', 'edit', 'view', 'delete']),
  pageSize: z.union(PAGE_SIZES.map((s) => z.literal(s))).default(20),
  /** Default filters (data conditions), all must hold. */
  conditions: z.array(dataCondition).max(20).default([]),
  print: printSetting.default(printSetting.parse({})),
  /** The process the "launch workflow" button starts; the button is hidden while empty. */
  workflowSchemeId: z.string().max(64).default(''),
});
export type FormRelationSetting = z.infer<typeof formRelationSetting>;

// ---------------------------------------------------------------- form relations (admin)

export const formRelationBody = z.object({
  /** Menu title of the published page. */
  F_Name: text(50).trim().min(1),
  F_FormId: key,
  /** Menu entry the page is published under ('form-apps' by default). */
  F_ParentId: key.default('form-apps'),
  F_Icon: z.string().max(100).default('FileTextOutlined'),
  F_SortCode: z.number().int().min(0).max(1_000_000).default(0),
  F_EnabledMark: z.union([z.literal(0), z.literal(1)]).default(1),
  F_Description: text(500).default(''),
  F_Setting: formRelationSetting,
});
export type FormRelationBody = z.infer<typeof formRelationBody>;

export const formRelationRow = z.object({
  F_Id: z.string(),
  F_Name: z.string(),
  F_FormId: z.string(),
  F_FormName: z.string().nullable(),
  F_ParentId: z.string(),
  F_ParentName: z.string().nullable(),
  /** The published menu entry (modules.id) and its code: button keys are `<F_EnCode>.<button>`. */
  F_ModuleId: z.string(),
  F_EnCode: z.string(),
  F_Icon: z.string(),
  F_SortCode: z.number().int(),
  F_EnabledMark: z.number().int(),
  F_Description: z.string(),
  F_CreateUserName: z.string().nullable(),
  F_CreateDate: z.string().nullable(),
  F_ModifyDate: z.string().nullable(),
});
export type FormRelationRow = z.infer<typeof formRelationRow>;

export const formRelationDetail = formRelationRow.extend({ F_Setting: formRelationSetting });
export type FormRelationDetail = z.infer<typeof formRelationDetail>;

export const formRelationPageQuery = pageQuery.extend({
  F_FormId: key.optional(),
  F_EnabledMark: z.coerce.number().int().min(0).max(1).optional(),
});
export type FormRelationPageQuery = z.infer<typeof formRelationPageQuery>;

export const formRelationIdParams = z.object({ id: key });

/** POST /form-relation and PUT answer: the relation and its menu entry. */
export const formRelationSaved = z.object({ F_Id: z.string(), F_ModuleId: z.string(), F_EnCode: z.string(), indexes: z.array(z.string()) });
export type FormRelationSaved = z.infer<typeof formRelationSaved>;

// ---------------------------------------------------------------- published page

/** GET /form-relation/{id}/page-info: what the published page renders, already cut to the caller's grants. */
export const publishedPageInfo = z.object({
  F_Id: z.string(),
  F_Name: z.string(),
  F_ModuleId: z.string(),
  F_EnCode: z.string(),
  form: formSchemeDetail,
  /** The setting with only the columns the caller may see and only the buttons the caller may use. */
  setting: formRelationSetting,
});
export type PublishedPageInfo = Omit<z.infer<typeof publishedPageInfo>, 'form'> & { form: FormSchemeDetail };

/**
 * GET /form-relation/{id}/list query. `query` is a JSON object: field → value (like / prefix / eq), comma-joined
 * text or an array (in), or [from, to] (range; null or '' leaves an end open).
 */
export const publishedListQuery = pageQuery.extend({
  query: z.string().max(4000).optional(),
  sidx: fieldName.optional(),
  sord: z.enum(['asc', 'desc']).optional(),
});
export type PublishedListQuery = z.infer<typeof publishedListQuery>;

/** A list row: F_Id (the record's key) plus the visible columns, values as the form holds them. */
export const publishedRow = z.record(z.string(), z.unknown());
export const publishedListResult = z.object({ Rows: z.array(publishedRow), Total: z.number().int() });
export type PublishedListResult = z.infer<typeof publishedListResult>;

export const publishedDataParams = z.object({ id: key, keyValue: key });

/** POST /form-relation/{id}/import?keepValid=1 (multipart `file`). */
export const publishedImportQuery = z.object({ keepValid: z.coerce.number().int().min(0).max(1).default(0) });
export const importRowError = z.object({
  /** Row number in the sheet (1 is the header). */
  row: z.number().int(),
  messages: z.array(z.string()),
});
export const importReport = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  /** Rows refused; with errors and without keepValid nothing is stored. */
  errors: z.array(importRowError),
});
export type ImportReport = z.infer<typeof importReport>;

/** GET /form-relation/{id}/print/{keyValue}: the record as the print view shows it. */
export const printData = z.object({
  title: z.string(),
  form: formSchemeDetail,
  formData: formValues,
  /** formIds the caller may see printed (the stored view-permission list); empty: nothing may be printed. */
  viewable: z.array(z.number().int()),
  setting: printSetting,
});
export type PrintData = Omit<z.infer<typeof printData>, 'form'> & { form: FormSchemeDetail };

// ---------------------------------------------------------------- data relations and data conditions

/**
 * A data relation cascades two option fields of one form: the target field's options are the rows whose
 * `F_FilterField` column equals the source field's current value; clearing or changing the source clears the
 * target when its value is no longer among the options.
 */
export const dataRelationBody = z.object({
  F_FormId: key,
  F_Name: text(100).trim().min(1),
  /** formId of the source (parent) field. */
  F_SourceFormId: z.number().int().positive(),
  /** formId of the target (child) field. */
  F_TargetFormId: z.number().int().positive(),
  /** Column of the target's option rows (static: option key; dictionary: an item column such as F_ParentId). */
  F_FilterField: z.string().trim().min(1).max(64),
  F_EnabledMark: z.union([z.literal(0), z.literal(1)]).default(1),
  F_Description: text(500).default(''),
});
export type DataRelationBody = z.infer<typeof dataRelationBody>;

export const dataRelationRow = dataRelationBody.extend({
  F_Id: z.string(),
  F_EnabledMark: z.number().int(),
  F_FormName: z.string().nullable(),
  F_CreateDate: z.string().nullable(),
});
export type DataRelationRow = z.infer<typeof dataRelationRow>;

export const dataRelationPageQuery = pageQuery.extend({ F_FormId: key.optional() });
export const dataRelationIdParams = z.object({ id: key });
export const dataRelationFormParams = z.object({ formId: key });

/** GET /data-condition/{relationId} and PUT body. */
export const dataConditionList = z.object({ conditions: z.array(dataCondition).max(20) });
export type DataConditionList = z.infer<typeof dataConditionList>;

// ---------------------------------------------------------------- PDF of the print view

/** Where the print view lives in the web app; a PDF may only be made of it. */
export const PRINT_VIEW_PATH = '/form-print/index';

/** POST /form-print/pdf: the print view's address (path and query, as the print dialog's frame shows it). */
export const printPdfBody = z.object({
  path: z
    .string()
    .max(2000)
    .refine((p) => p.startsWith(`${PRINT_VIEW_PATH}?`) && !/[\s\\]/.test(p), `must be the print view: ${PRINT_VIEW_PATH}?…`),
});
export type PrintPdfBody = z.infer<typeof printPdfBody>;
