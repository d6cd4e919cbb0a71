import { Permission } from '../../lib/contracts-runtime';

export const systemPermissions = {
  onlineUserList: Permission.onlineUserList,
  onlineUserForceLogout: Permission.onlineUserForceLogout,
  clientLogList: Permission.clientLogList,
  clientLogClear: Permission.clientLogClear,
} as const;
