/**
 * Permission keys are `<module code>.<button code>`. A route names the key it needs;
 * the server checks it against the caller's granted buttons and the web hides what is not granted.
 * Later features add their own keys here next to their module codes.
 */
export const Permission = {
  clientLogList: 'system.clientLog.list',
  clientLogClear: 'system.clientLog.clear',
  onlineUserList: 'system.onlineUser.list',
  onlineUserForceLogout: 'system.onlineUser.forceLogout',
} as const;

export type PermissionKey = (typeof Permission)[keyof typeof Permission];
