import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';

/** Permission keys: Stamps and delegations. */
export const stampPermissions = {
  workflowDelegateList: 'workflow.delegate.list',
  workflowDelegateAdd: 'workflow.delegate.add',
  workflowDelegateEdit: 'workflow.delegate.edit',
  workflowDelegateDelete: 'workflow.delegate.delete',
  stampList: 'workflow.stamp.list',
  stampAdd: 'workflow.stamp.add',
  stampEdit: 'workflow.stamp.edit',
  stampDelete: 'workflow.stamp.delete',
  stampEnable: 'workflow.stamp.enable',
  stampMember: 'workflow.stamp.member',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof stampPermissions> {}
}

/** Stamps, e-signatures and delegations. Owned by the stamp module; see docs/workflow-design.md. */

const flag = z.union([z.literal(0), z.literal(1)]);
const flagInput = z.coerce.number().int().min(0).max(1).pipe(flag);
const id = z.string().trim().min(1).max(64);
/** A list of user ids: an array, or the comma-separated text older clients send. */
const idList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : (value ?? []),
  z.array(id).max(2000),
);

// ---------- stamps ----------

/** A row of GET /stamps. The password is never answered: `hasPassword` says whether one is set. */
export const stampRow = z.object({
  F_StampId: z.string(),
  F_StampName: z.string(),
  /** Dictionary StampType value. */
  F_StampType: z.string(),
  /** '1' the tenant's default stamp, '0' otherwise. */
  F_StampAttributes: z.enum(['0', '1']),
  F_Sort: z.number().int(),
  /** 1 an uploaded image, 2 a handwritten signature. */
  F_File_Type: z.number().int(),
  /** The image address: a signed file address (type 1) or the PNG data URL (type 2). */
  F_File: z.string(),
  /** The uploaded file's id (type 1), '' for a handwritten signature. */
  F_FileId: z.string(),
  F_Description: z.string(),
  EnabledMark: flag,
  hasPassword: z.boolean(),
  /** The caller may sign with it (member or manager). */
  canUse: z.boolean(),
  /** The caller manages it (or holds the management buttons). */
  canManage: z.boolean(),
  F_CreateDate: z.string(),
});
export type StampRow = z.infer<typeof stampRow>;

/** GET /stamps: paged; keyword matches the name; EnabledMark 1 is the approval screen's picker. */
export const stampQuery = pageQuery.extend({
  EnabledMark: flagInput.optional(),
  F_StampType: z.string().trim().max(100).optional(),
});
export type StampQuery = z.input<typeof stampQuery>;

/**
 * POST /stamps and PUT /stamps/{id}. Required fields are checked by the service so that the spec's messages are
 * answered ('请填写印章名称', '请选择印章分类', '请填写密码', '请上传图片'). F_Password: required on add, '' keeps the old
 * one on edit. F_File: a file id from POST /upload (type 1; its signed address is accepted too) or a PNG data URL of
 * 80 × 50 (type 2).
 */
export const stampBody = z.object({
  F_StampName: z.string().trim().max(100).optional().default(''),
  F_StampType: z.string().trim().max(100).optional().default(''),
  F_Password: z.string().max(200).optional().default(''),
  F_Sort: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional().default(0),
  F_File_Type: z.coerce.number().int().min(1).max(2).optional().default(1),
  F_File: z
    .string()
    .max(8 * 1024 * 1024)
    .optional()
    .default(''),
  F_Description: z.string().trim().max(500).optional().default(''),
  /** '1' makes it the tenant's default stamp (needs the enable button); absent keeps it as it is. */
  F_StampAttributes: z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : String(v)), z.enum(['0', '1']).optional()),
  EnabledMark: flagInput.optional(),
});
export type StampBody = z.input<typeof stampBody>;

export const stampIdParams = z.object({ id });
export const stampImgQuery = z.object({ id });

export const stampUser = z.object({ F_UserId: z.string(), F_Account: z.string(), F_RealName: z.string() });
/** GET /stamps/{id}/member and /maintain: the user ids and their names. */
export const stampUsers = z.object({ userIds: z.array(z.string()), users: z.array(stampUser) });
export type StampUsers = z.infer<typeof stampUsers>;

/** PUT /stamps/{id}/member and /maintain: the complete list (replaces the old one). */
export const stampUsersBody = z.object({ userIds: idList });
/** PATCH /stamps/set-manager. */
export const stampManagerBody = z.object({ stampId: id, userIds: idList });

// ---------- delegations ----------

export const delegateRow = z.object({
  F_Id: z.string(),
  /** The delegator. */
  F_UserId: z.string(),
  F_UserName: z.string(),
  F_DelegateUserId: z.string(),
  F_DelegateUserName: z.string(),
  /** Empty: every process. */
  F_SchemeIds: z.array(z.string()),
  F_SchemeNames: z.array(z.string()),
  /** 'yyyy-MM-dd HH:mm:ss' */
  F_StartTime: z.string(),
  F_EndTime: z.string(),
  F_EnabledMark: flag,
  F_Description: z.string(),
  F_CreateDate: z.string(),
});
export type DelegateRow = z.infer<typeof delegateRow>;

/** GET /workflow-Delegate/query-delegate: keyword matches the delegate's name or account; userId (administrators). */
export const delegateQuery = pageQuery.extend({ userId: id.optional() });
export type DelegateQuery = z.input<typeof delegateQuery>;

/**
 * POST /workflow-Delegate, PUT /workflow-Delegate/{F_Id}, POST /workflow-Delegate/addorupdate-delegate (F_Id present:
 * update). F_UserId: the caller when absent; another user needs the delegation edit button. F_DelegateUserName is
 * ignored (the name is read from the user).
 */
export const delegateBody = z.object({
  F_Id: z.string().trim().max(64).optional(),
  F_UserId: z.string().trim().max(64).optional(),
  F_DelegateUserId: z.string().trim().max(64).optional().default(''),
  F_DelegateUserName: z.string().optional(),
  F_SchemeIds: idList.optional().default([]),
  F_StartTime: z.string().trim().max(30).optional().default(''),
  F_EndTime: z.string().trim().max(30).optional().default(''),
  F_EnabledMark: flagInput.optional().default(1),
  F_Description: z.string().trim().max(500).optional().default(''),
});
export type DelegateBody = z.input<typeof delegateBody>;
export const delegateIdParams = z.object({ id });
