import {
  areaPermissions,
  clientLogPermissions,
  codeRulePermissions,
  dictionaryPermissions,
  languagePermissions,
  menuPermissions,
  onlineUserPermissions,
  subsystemPermissions,
  systemLogPermissions,
  tenantPermissions,
} from '@app/contracts';

/** The permission keys this feature checks: the contract's, as the server names them. */
export const systemPermissions = {
  ...areaPermissions,
  ...clientLogPermissions,
  ...codeRulePermissions,
  ...dictionaryPermissions,
  ...languagePermissions,
  ...menuPermissions,
  ...onlineUserPermissions,
  ...subsystemPermissions,
  ...systemLogPermissions,
  ...tenantPermissions,
} as const;
