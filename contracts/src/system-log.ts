import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';

/** Permission keys: System logs. */
export const systemLogPermissions = {
  logList: 'system.log.list',
  logDelete: 'system.log.delete',
  logClear: 'system.log.clear',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof systemLogPermissions> {}
}

/**
 * System logs (administration.md Logs: GET /log (params); DELETE /log/clear/{category}; DELETE /log/{id}).
 * Categories: 1 sign-in, 2 operation, 3 exception.
 */
export const LOG_CATEGORIES = [1, 2, 3] as const;
export const logCategory = z.coerce.number().int().min(1).max(3);
export type LogCategory = 1 | 2 | 3;

/** GET /log query: category (default 2, operation), keyword, user (account, exact), date range (yyyy-MM-dd or full time). */
export const logQuery = pageQuery.extend({
  category: logCategory.default(2),
  user: z.string().trim().max(100).optional(),
  startTime: z.string().trim().max(32).optional(),
  endTime: z.string().trim().max(32).optional(),
});
export type LogQuery = z.infer<typeof logQuery>;

/** One log row; fields that do not apply to a category are null. */
export const logRow = z.object({
  F_Id: z.string(),
  F_Category: z.number().int(),
  F_UserId: z.string().nullable(),
  F_Account: z.string().nullable(),
  F_RealName: z.string().nullable(),
  /** The ModuleId header of the call (operation), null otherwise. */
  F_Module: z.string().nullable(),
  /** The menu entry the call came from (the ModuleId header names it): its name and translation key. */
  F_ModuleName: z.string().nullable(),
  F_ModuleI18n: z.string().nullable(),
  /** HTTP method (operation / exception). */
  F_Method: z.string().nullable(),
  /** Route url (operation / exception), or the sign-in channel. */
  F_Url: z.string().nullable(),
  /** Masked, truncated parameters (operation). */
  F_Params: z.string().nullable(),
  /** Duration in ms (operation). */
  F_Duration: z.number().int().nullable(),
  /** HTTP status (operation / exception), or null. */
  F_Status: z.number().int().nullable(),
  /** 'success' | 'failure' (sign-in / operation), or the exception message. */
  F_Result: z.string(),
  /** Stack (exception) or sign-in failure reason. */
  F_Detail: z.string().nullable(),
  F_RequestId: z.string().nullable(),
  F_IPAddress: z.string().nullable(),
  F_CreateDate: z.string(),
});
export type LogRow = z.infer<typeof logRow>;

export const logIdParams = z.object({ id: z.string().trim().min(1).max(64) });
export const logClearParams = z.object({ category: logCategory });
