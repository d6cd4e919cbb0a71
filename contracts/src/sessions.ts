import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';

/** Permission keys: Online users. */
export const onlineUserPermissions = {
  onlineUserList: 'system.onlineUser.list',
  onlineUserForceLogout: 'system.onlineUser.forceLogout',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof onlineUserPermissions> {}
}

export const onlineSessionRow = z.object({
  F_SessionId: z.string(),
  F_UserId: z.string(),
  F_Account: z.string(),
  F_RealName: z.string(),
  F_IpAddress: z.string(),
  F_UserAgent: z.string(),
  F_LoginTime: z.string(),
  F_LastActiveTime: z.string(),
  F_IsCurrent: z.boolean(),
});
export type OnlineSessionRow = z.infer<typeof onlineSessionRow>;

export const sessionIdParams = z.object({ id: z.string().trim().min(1).max(64) });
