import { Permission } from '@app/contracts';

export const systemPermissions = {
  onlineUserList: Permission.onlineUserList,
  onlineUserForceLogout: Permission.onlineUserForceLogout,
  clientLogList: Permission.clientLogList,
  clientLogClear: Permission.clientLogClear,
  moduleAdd: Permission.moduleAdd,
  moduleEdit: Permission.moduleEdit,
  moduleDelete: Permission.moduleDelete,
  tenantAdd: Permission.tenantAdd,
  tenantEdit: Permission.tenantEdit,
  tenantDelete: Permission.tenantDelete,
  tenantStatus: Permission.tenantStatus,
  tenantUsers: Permission.tenantUsers,
  subsystemAdd: Permission.subsystemAdd,
  subsystemEdit: Permission.subsystemEdit,
  subsystemDelete: Permission.subsystemDelete,
  areaAdd: Permission.areaAdd,
  areaEdit: Permission.areaEdit,
  areaDelete: Permission.areaDelete,
} as const;
