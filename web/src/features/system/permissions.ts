import { Permission } from '@app/contracts';

export const systemPermissions = {
  onlineUserList: Permission.onlineUserList,
  onlineUserForceLogout: Permission.onlineUserForceLogout,
  clientLogList: Permission.clientLogList,
  clientLogClear: Permission.clientLogClear,
} as const;
