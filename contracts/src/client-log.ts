import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';

/** Permission keys: Client error logs. */
export const clientLogPermissions = {
  clientLogList: 'system.clientLog.list',
  clientLogClear: 'system.clientLog.clear',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof clientLogPermissions> {}
}

/** A client error log entry (spec 2.6 and section 3, "Log entry"). */
export const clientLogEntry = z.object({
  url: z.string().max(2000),
  time: z.string().max(64),
  type: z.string().max(64),
  message: z.string().max(4000),
  stack: z.string().max(20000).optional().default(''),
  info: z.string().max(4000).optional().default(''),
});
export type ClientLogEntry = z.infer<typeof clientLogEntry>;

export const clientLogBody = z.array(clientLogEntry).min(1).max(200);

export const clientLogRow = z.object({
  F_Id: z.string(),
  F_UserId: z.string().nullable(),
  F_Account: z.string().nullable(),
  F_Type: z.string(),
  F_Url: z.string(),
  F_Message: z.string(),
  F_Stack: z.string(),
  F_Info: z.string(),
  F_ClientTime: z.string(),
  F_CreateDate: z.string(),
});
export type ClientLogRow = z.infer<typeof clientLogRow>;

export const clientLogQuery = pageQuery.extend({ type: z.string().trim().max(64).optional() });
