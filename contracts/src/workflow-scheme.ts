import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';
import { hasControlCharacter } from './common/text.js';
import { forwarder } from './workflow.js';

/** Permission keys: Process schemes and their relations. */
export const workflowSchemePermissions = {
  workflowSchemeList: 'workflow.scheme.list',
  workflowSchemeAdd: 'workflow.scheme.add',
  workflowSchemeEdit: 'workflow.scheme.edit',
  workflowSchemeDelete: 'workflow.scheme.delete',
  workflowSchemeEnable: 'workflow.scheme.enable',
  workflowSchemeVersion: 'workflow.scheme.version',
  workflowRelationList: 'workflow.relation.list',
  workflowRelationAdd: 'workflow.relation.add',
  workflowRelationEdit: 'workflow.relation.edit',
  workflowRelationDelete: 'workflow.relation.delete',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof workflowSchemePermissions> {}
}

/**
 * Workflow schemes, versions, relations and launch authority (docs/workflow-design.md "Schemes").
 * Owned by the workflow-scheme module.
 */

const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !hasControlCharacter(s), 'control characters are not allowed');
const id = z.string().min(1).max(64);
/** The XML of a definition: up to 2 MB. */
const bpmnXml = z.string().min(1).max(2_000_000);
/** 0 / 1 from query strings ('true' / 'false' too). */
const flag = z.preprocess((v) => (v === 'true' ? 1 : v === 'false' ? 0 : v), z.coerce.number().int().min(0).max(1));

// ---------------------------------------------------------------- schemes

export const wfSchemePageQuery = pageQuery.extend({
  F_Category: z.string().max(64).optional(),
  EnabledMark: flag.optional(),
});
export type WfSchemePageQuery = z.infer<typeof wfSchemePageQuery>;

export const SCHEME_STATES = ['draft', 'published', 'changed'] as const;
export type SchemeState = (typeof SCHEME_STATES)[number];

export const wfSchemeRow = z.object({
  F_Id: z.string(),
  F_Code: z.string(),
  F_Name: z.string(),
  F_Category: z.string(),
  F_CategoryName: z.string(),
  F_Icon: z.string(),
  F_Description: z.string(),
  EnabledMark: z.number().int(),
  F_AuthType: z.number().int(),
  F_Sort: z.number().int(),
  /** The published version's number (for a draft never published: its saved version; 0 when none). */
  F_Version: z.number().int(),
  /**
   * draft: never published (cannot be started or launched); published: launches use the saved design;
   * changed: published, with a newer saved version not yet published (launches still use the published one).
   */
  F_State: z.enum(SCHEME_STATES),
  /** The unpublished saved version's number (0 when none). */
  F_DraftVersion: z.number().int(),
  /** Running and suspended instances of every version. */
  F_RunningCount: z.number().int(),
  F_CreateUserName: z.string().nullable(),
  F_CreateDate: z.string(),
  F_ModifyDate: z.string(),
});
export type WfSchemeRow = z.infer<typeof wfSchemeRow>;

/** A form of the scheme as saved with it (a relation). */
export const wfSchemeForm = z.object({
  F_FormId: id,
  /** 0 designed form, 1 system form, 2 address-based form. */
  F_Type: z.coerce.number().int().min(0).max(2).default(0),
  F_Url: text(500).default(''),
  F_Name: text(100).default(''),
});
export type WfSchemeForm = z.infer<typeof wfSchemeForm>;

/**
 * Whether a save publishes: true makes the saved design the one launches use (and starts a scheme published for the
 * first time); false keeps it as a draft. The API publishes by default, as the original client's save did; the
 * designer saves drafts and publishes with its own button.
 */
const publishFlag = z.boolean().default(true);

const schemeFields = {
  F_Code: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only'),
  F_Name: text(100).pipe(z.string().trim().min(1)),
  F_Category: z.string().max(64).default(''),
  F_Icon: text(100).default(''),
  F_Description: text(500).default(''),
  F_Sort: z.coerce.number().int().min(0).max(999_999).default(0),
  /** 0 everyone may launch, 1 only F_AuthObjects. */
  F_AuthType: z.coerce.number().int().min(0).max(1).default(0),
  F_AuthObjects: z.array(forwarder).max(500).default([]),
  /** Relations saved with the scheme, in order (replace the scheme's relations when given). */
  forms: z.array(wfSchemeForm).max(50).optional(),
};

export const wfSchemeBody = z.object({ ...schemeFields, xml: bpmnXml, publish: publishFlag });
export type WfSchemeBody = z.infer<typeof wfSchemeBody>;

/** PUT: every field optional (xml: a changed XML adds a version). */
export const wfSchemeUpdateBody = z.object({
  F_Code: schemeFields.F_Code.optional(),
  F_Name: schemeFields.F_Name.optional(),
  F_Category: z.string().max(64).optional(),
  F_Icon: text(100).optional(),
  F_Description: text(500).optional(),
  F_Sort: z.coerce.number().int().min(0).max(999_999).optional(),
  F_AuthType: z.coerce.number().int().min(0).max(1).optional(),
  F_AuthObjects: z.array(forwarder).max(500).optional(),
  forms: z.array(wfSchemeForm).max(50).optional(),
  xml: bpmnXml.optional(),
  publish: publishFlag,
});
export type WfSchemeUpdateBody = z.infer<typeof wfSchemeUpdateBody>;

/** POST …/new-model: the scheme's fields; the XML is generated (start → user task of the starter → end). */
export const wfNewModelBody = z.object({ ...schemeFields });
export type WfNewModelBody = z.infer<typeof wfNewModelBody>;

export const wfSchemeIdParams = z.object({ id });
export const wfSchemeSaved = z.object({
  F_Id: z.string(),
  F_Version: z.number().int(),
  versionId: z.string(),
  newVersion: z.boolean(),
  F_State: z.enum(SCHEME_STATES),
});
export type WfSchemeSaved = z.infer<typeof wfSchemeSaved>;

export const wfSchemeInfo = wfSchemeRow.extend({
  F_AuthObjects: z.array(forwarder),
  forms: z.array(wfSchemeForm.extend({ F_Id: z.string(), F_FormName: z.string(), F_Sort: z.number().int() })),
  /** The version the designer edits: the unpublished draft when there is one, else the published version. */
  F_VersionId: z.string().nullable(),
  xml: z.string(),
  /** The version launches use (null: never published). */
  F_PublishedVersionId: z.string().nullable(),
  /** Signed address of the diagram of F_VersionId (SVG), usable in <img src>. */
  F_DiagramUrl: z.string().nullable(),
  /** The key of the signed launch call (/nwfschemeinfo/createProcess); only for holders of workflow.scheme.edit. */
  F_LaunchKey: z.string().optional(),
});
export type WfSchemeInfo = z.infer<typeof wfSchemeInfo>;

// ---------------------------------------------------------------- versions

export const wfHistoryQuery = pageQuery.extend({ schemeId: id });
export const wfVersionRow = z.object({
  F_Id: z.string(),
  F_Version: z.number().int(),
  F_CreateDate: z.string(),
  F_CreateUserName: z.string().nullable(),
  F_IsCurrent: z.boolean(),
  /** Instances started on this version (every state). */
  F_InstanceCount: z.number().int(),
  F_DiagramUrl: z.string(),
});
export type WfVersionRow = z.infer<typeof wfVersionRow>;

export const wfCurrentVersionQuery = z.object({ versionId: id });

export const wfReadResourceQuery = z.object({
  F_Id: id,
  versionId: id.optional(),
  format: z.enum(['svg', 'xml']).default('svg'),
  /** Signature of the address (F_DiagramUrl); without it a bearer token with workflow.scheme.list is needed. */
  sig: z.string().max(100).optional(),
});

export const wfVersionChangeQuery = z.object({ schemeId: id, versionId: id });
export const wfVersionChangeTestRow = z.object({
  processInstanceId: z.string(),
  name: z.string(),
  state: z.string(),
  F_Version: z.number().int(),
  movable: z.boolean(),
  /** Active nodes of the instance (tokens, open tasks) the target version does not have. */
  missingNodes: z.array(z.string()),
});
export type WfVersionChangeTestRow = z.infer<typeof wfVersionChangeTestRow>;
export const wfVersionChangeResult = z.object({ moved: z.number().int(), skipped: z.number().int() });

// ---------------------------------------------------------------- launchable

export const wfLaunchableQuery = z.object({
  F_Category: z.string().max(64).optional(),
  keyword: z.string().trim().max(200).optional(),
});
export const wfLaunchableRow = z.object({
  F_Id: z.string(),
  F_Code: z.string(),
  F_Name: z.string(),
  F_Icon: z.string(),
  F_Description: z.string(),
  F_Category: z.string(),
  F_CategoryName: z.string(),
  F_Version: z.number().int(),
});
export type WfLaunchableRow = z.infer<typeof wfLaunchableRow>;
export const wfLaunchable = z.object({
  Rows: z.array(wfLaunchableRow),
  /** The same rows grouped by category, categories in dictionary order (uncategorised last). */
  categories: z.array(z.object({ F_Category: z.string(), F_CategoryName: z.string(), schemes: z.array(wfLaunchableRow) })),
});
export type WfLaunchable = z.infer<typeof wfLaunchable>;

export const wfAuthUserParams = z.object({ nwfSchemeInfoId: id });
export const wfAuthUser = z.object({ F_AuthType: z.number().int(), objects: z.array(forwarder), canLaunch: z.boolean() });
export type WfAuthUser = z.infer<typeof wfAuthUser>;

// ---------------------------------------------------------------- relations

export const wfRelationPageQuery = pageQuery.extend({ schemeId: id.optional() });
export const wfRelationRow = z.object({
  F_Id: z.string(),
  F_SchemeInfoId: z.string(),
  F_SchemeName: z.string(),
  F_FormId: z.string(),
  F_FormName: z.string(),
  F_Type: z.number().int(),
  F_Url: z.string(),
  F_Name: z.string(),
  F_Sort: z.number().int(),
});
export type WfRelationRow = z.infer<typeof wfRelationRow>;
export const wfRelationBody = z.object({
  F_SchemeInfoId: id,
  F_FormId: id,
  F_Type: z.coerce.number().int().min(0).max(2).default(0),
  F_Url: text(500).default(''),
  F_Name: text(100).default(''),
  F_Sort: z.coerce.number().int().min(0).max(999_999).default(0),
});
export type WfRelationBody = z.infer<typeof wfRelationBody>;
export const wfRelationIdParams = z.object({ id });
export const wfRelationInfoParams = z.object({ F_Id: id });
export const wfFormInfoQuery = z.object({ nwfSchemeInfoId: id });
export const wfRelationSaved = z.object({ F_Id: z.string() });

// ---------------------------------------------------------------- designer checks

/** POST /workflow-scheme-info/validate: the designer's check without saving. */
export const wfValidateBody = z.object({ xml: bpmnXml });
/** error: the version cannot be saved; warning: saved, but the user should know (harmless XML problems, loops without a wait state, parts not run). */
export const wfIssueSeverity = z.enum(['error', 'warning']);
export type WfIssueSeverity = z.infer<typeof wfIssueSeverity>;
export const wfDesignIssue = z.object({ elementId: z.string().nullable(), message: z.string(), severity: wfIssueSeverity });
export type WfDesignIssue = z.infer<typeof wfDesignIssue>;
/** An element or extension attribute the engine does not run (Camunda / Flowable drawings open with these flagged). */
/** effect: 'behaviour' when ignoring it changes how the process runs (a vendor assignee, a listener…), 'none' for tool metadata (signavio:*, colours…). */
export const wfUnsupportedPart = z.object({ elementId: z.string().nullable(), type: z.string(), reason: z.string(), effect: z.enum(['behaviour', 'none']) });
export type WfUnsupportedPart = z.infer<typeof wfUnsupportedPart>;
export const wfValidateResult = z.object({ issues: z.array(wfDesignIssue), unsupported: z.array(wfUnsupportedPart) });
export type WfValidateResult = z.infer<typeof wfValidateResult>;
/** POST /workflow-scheme-info/layout (body as validate): the XML with an automatic diagram when it had none or an incomplete one; laidOut false = unchanged. */
export const wfLayoutResult = z.object({ xml: z.string(), laidOut: z.boolean() });
export type WfLayoutResult = z.infer<typeof wfLayoutResult>;

/** POST /workflow-scheme-info/test-condition: a condition evaluated over sample data. */
export const wfTestConditionBody = z.object({
  expression: z.string().max(2000),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type WfTestConditionBody = z.infer<typeof wfTestConditionBody>;
export const wfTestConditionResult = z.object({ result: z.unknown(), truthy: z.boolean(), error: z.string().nullable() });
export type WfTestConditionResult = z.infer<typeof wfTestConditionResult>;
