import { z } from 'zod';
import type { PermissionsOf } from '../common/permissions.js';
import { pageQuery } from '../common/paging.js';
import { PARAM_TYPES, REPORT_LIMITS, dataSet, reportDesign } from './model.js';

/**
 * Reports (administration.md 1 "Reports: design, manage, release", 2, 7 "Reports"; docs/reports-design.md):
 * folders and reports (报表管理), the design of each report with its versions (报表设计), releases to menu entries
 * (报表发布), the viewer's calls, share links for `/report-frame/{id}` and scheduled delivery.
 */
export const reportPermissions = {
  manageList: 'report.manage.list',
  manageAdd: 'report.manage.add',
  manageEdit: 'report.manage.edit',
  manageDelete: 'report.manage.delete',
  /** Folders: add, rename, move, delete. */
  manageFolder: 'report.manage.folder',
  /** Share links of /report-frame/{id}: make, list, revoke. */
  manageShare: 'report.manage.share',
  designList: 'report.design.list',
  /** Saves the design (and versions, restore). */
  designSave: 'report.design.save',
  /** Runs the design being edited, its data sets included (preview). */
  designPreview: 'report.design.preview',
  releaseList: 'report.release.list',
  releaseAdd: 'report.release.add',
  releaseEdit: 'report.release.edit',
  releaseDelete: 'report.release.delete',
} as const;
declare module '../common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof reportPermissions> {}
}

/** Buttons of a released report's menu entry: `<entry code>.<button>`. */
export const REPORT_RELEASE_BUTTONS = ['view', 'print', 'export'] as const;

const text = (max: number) => z.string().trim().max(max);
const id = z.string().trim().min(1).max(64);
export const reportIdParams = z.object({ id });

// ---------------------------------------------------------------- folders (/reports-file-info)

export const reportFolderBody = z.object({
  F_ParentId: text(64).optional().default('0'),
  F_Name: text(REPORT_LIMITS.name).min(1, 'report.nameRequired'),
  F_SortCode: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
});
export type ReportFolderBody = z.infer<typeof reportFolderBody>;
export type ReportFolder = { F_Id: string; F_ParentId: string; F_Name: string; F_SortCode: number; children?: ReportFolder[] };
export const reportFolder: z.ZodType<ReportFolder> = z.lazy(() =>
  z.object({ F_Id: z.string(), F_ParentId: z.string(), F_Name: z.string(), F_SortCode: z.number(), children: z.array(reportFolder).optional() }),
);

// ---------------------------------------------------------------- reports (/report-info, /reports-file)

export const reportInfoBody = z.object({
  F_FolderId: text(64).optional().default('0'),
  F_Name: text(REPORT_LIMITS.name).min(1, 'report.nameRequired'),
  /** Unique in the tenant; letters, digits, _ and -. */
  F_Code: text(64)
    .min(1, 'report.codeRequired')
    .regex(/^[A-Za-z0-9_-]+$/, 'report.badCode'),
  F_Description: text(500).optional().default(''),
  F_EnabledMark: z.coerce.number().int().min(0).max(1).optional().default(1),
  /** A new report copies this report's design (报表管理 › 复制). */
  copyFrom: text(64).optional(),
});
export type ReportInfoBody = z.infer<typeof reportInfoBody>;

export const reportInfoRow = z.object({
  F_Id: z.string(),
  F_FolderId: z.string(),
  F_FolderName: z.string(),
  F_Name: z.string(),
  F_Code: z.string(),
  F_Description: z.string(),
  F_EnabledMark: z.number(),
  /** The current design's version id. */
  F_ContentId: z.string(),
  F_Version: z.number(),
  F_CreateDate: z.string(),
  F_CreateUserName: z.string(),
  F_ModifyDate: z.string().nullable(),
  /** Menu entries it is released to. */
  F_ReleaseCount: z.number(),
});
export type ReportInfoRow = z.infer<typeof reportInfoRow>;

/** GET /reports-file: the reports of a folder (its sub-folders too), paged. */
export const reportFileQuery = pageQuery.extend({
  F_FolderId: text(64).optional(),
  F_EnabledMark: z.coerce.number().int().min(0).max(1).optional(),
});
export type ReportFileQuery = z.infer<typeof reportFileQuery>;

/** GET /report-info/tree: folders with their reports as leaves (pickers). */
export type ReportTreeNode = { id: string; parentId: string; title: string; kind: 'folder' | 'report'; children?: ReportTreeNode[] };
export const reportTreeNode: z.ZodType<ReportTreeNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    title: z.string(),
    kind: z.enum(['folder', 'report']),
    children: z.array(reportTreeNode).optional(),
  }),
);

// ---------------------------------------------------------------- designs and versions (/report-content)

/** POST /report-content: saves a design as the report's new current version. */
export const reportContentBody = z.object({
  F_ReportId: id,
  F_Design: reportDesign,
  /** The version the editor opened; a save over a newer version is refused (someone else saved meanwhile). */
  F_BaseVersion: z.coerce.number().int().min(0).optional(),
  F_Note: text(200).optional().default(''),
});
export type ReportContentBody = z.infer<typeof reportContentBody>;
/** PUT /report-content/{id}: makes that version current again (restore), as a new version. */
export const reportContentRestoreBody = z.object({ F_Note: text(200).optional().default('') });

export const reportContentQuery = pageQuery.extend({ F_ReportId: id });
export const reportContentRow = z.object({
  F_Id: z.string(),
  F_ReportId: z.string(),
  F_Version: z.number(),
  F_Note: z.string(),
  F_IsCurrent: z.number(),
  F_CreateDate: z.string(),
  F_CreateUserName: z.string(),
});
export type ReportContentRow = z.infer<typeof reportContentRow>;
export const reportContentDetail = reportContentRow.extend({ F_Design: reportDesign, F_ReportName: z.string() });
export type ReportContentDetail = z.infer<typeof reportContentDetail>;

// ---------------------------------------------------------------- releases (/reports-release)

export const reportReleaseBody = z.object({
  F_ReportId: id,
  /** The menu entry's name and place. */
  F_Name: text(REPORT_LIMITS.name).min(1, 'report.nameRequired'),
  F_ParentId: text(64).optional().default(''),
  F_Icon: text(50).optional().default('file'),
  F_SortCode: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  F_EnabledMark: z.coerce.number().int().min(0).max(1).optional().default(1),
  F_Description: text(500).optional().default(''),
});
export type ReportReleaseBody = z.infer<typeof reportReleaseBody>;
export const reportReleaseQuery = pageQuery.extend({ F_ReportId: text(64).optional() });
export const reportReleaseRow = z.object({
  F_Id: z.string(),
  F_ReportId: z.string(),
  F_ReportName: z.string(),
  F_Name: z.string(),
  F_ParentId: z.string(),
  F_ParentName: z.string(),
  F_Icon: z.string(),
  F_SortCode: z.number(),
  F_EnabledMark: z.number(),
  F_Description: z.string(),
  /** The menu entry it made, and its code (the buttons are `<code>.view`, `.print`, `.export`). */
  F_ModuleId: z.string(),
  F_EnCode: z.string(),
  F_CreateDate: z.string(),
});
export type ReportReleaseRow = z.infer<typeof reportReleaseRow>;

// ---------------------------------------------------------------- viewing

/** Parameter values as the query bar sends them: a text, or [begin, end] for a date range. */
export const reportParamValues = z.record(z.string().max(64), z.union([z.string().max(500), z.array(z.string().max(100)).max(2)])).default({});
export type ReportParamValues = z.infer<typeof reportParamValues>;

/**
 * Where a view comes from: a release (its menu entry's grant and data scope), or the design screen (the report's
 * current design, or the unsaved design being edited, for whoever may preview).
 */
export const reportRunBody = z.object({
  releaseId: text(64).optional(),
  params: reportParamValues,
  /** Pages wanted: from (0-based) and how many. */
  from: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  count: z.coerce.number().int().min(1).max(50).optional().default(1),
  /** Preview of an unsaved design (design screen only). */
  design: reportDesign.optional(),
});
export type ReportRunBody = z.infer<typeof reportRunBody>;

export const reportExportBody = reportRunBody.pick({ releaseId: true, params: true, design: true }).extend({ format: z.enum(['xlsx', 'pdf']) });
export type ReportExportBody = z.infer<typeof reportExportBody>;

/** The query bar: each parameter with its default resolved and a dictionary's options. */
export const reportQueryField = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(PARAM_TYPES),
  required: z.boolean(),
  value: z.union([z.string(), z.array(z.string())]),
  options: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
});
export type ReportQueryField = z.infer<typeof reportQueryField>;
export const reportViewMeta = z.object({
  F_ReportId: z.string(),
  F_Name: z.string(),
  query: z.array(reportQueryField),
  canPrint: z.boolean(),
  canExport: z.boolean(),
  /** A share link asks for its password first. */
  needsPassword: z.boolean().default(false),
});
export type ReportViewMeta = z.infer<typeof reportViewMeta>;

/** POST /report-content/data-preview: the first rows of one data set of the design being edited. */
export const reportDataPreviewBody = z.object({ dataSet, params: reportParamValues, design: reportDesign.optional() });
export const reportDataPreview = z.object({
  fields: z.array(z.object({ name: z.string(), type: z.enum(['text', 'number', 'date']) })),
  rows: z.array(z.record(z.string(), z.unknown())),
  truncated: z.boolean(),
});
export type ReportDataPreview = z.infer<typeof reportDataPreview>;

// ---------------------------------------------------------------- share links

export const reportShareBody = z.object({
  F_ReportId: id,
  /** Until when the link works (ISO time); at most a year ahead. */
  F_ExpiresAt: z.string().trim().min(1).max(40),
  /** Optional; stored as a hash. */
  F_Password: z.string().max(64).optional().default(''),
  F_Note: text(200).optional().default(''),
});
export type ReportShareBody = z.infer<typeof reportShareBody>;
export const reportShareQuery = pageQuery.extend({ F_ReportId: text(64).optional() });
export const reportShareRow = z.object({
  F_Id: z.string(),
  F_ReportId: z.string(),
  F_ReportName: z.string(),
  F_ExpiresAt: z.string(),
  F_HasPassword: z.number(),
  F_Note: z.string(),
  F_CreateDate: z.string(),
  F_CreateUserName: z.string(),
  /** The address to hand out: `/report-frame/{reportId}?share=<token>`. */
  F_Url: z.string(),
});
export type ReportShareRow = z.infer<typeof reportShareRow>;
/** The public frame's calls carry the share token (and, after the password, the access it answered). */
export const reportFrameQuery = z.object({ share: z.string().trim().min(1).max(400), access: z.string().trim().max(400).optional() });
export const reportUnlockBody = z.object({ password: z.string().max(64) });
export const reportUnlockAnswer = z.object({ access: z.string() });
