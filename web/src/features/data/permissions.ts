import { Permission } from '@app/contracts';

export const dataPermissions = {
  linkList: Permission.linkList,
  linkAdd: Permission.linkAdd,
  linkEdit: Permission.linkEdit,
  linkDelete: Permission.linkDelete,
  linkQuery: Permission.linkQuery,
  linkDesign: Permission.linkDesign,
  dataSourceList: Permission.dataSourceList,
  dataSourceAdd: Permission.dataSourceAdd,
  dataSourceEdit: Permission.dataSourceEdit,
  dataSourceDelete: Permission.dataSourceDelete,
  fieldList: Permission.fieldList,
  fieldAdd: Permission.fieldAdd,
  fieldEdit: Permission.fieldEdit,
  fieldDelete: Permission.fieldDelete,
  interfaceList: Permission.interfaceList,
  interfaceAdd: Permission.interfaceAdd,
  interfaceEdit: Permission.interfaceEdit,
  interfaceDelete: Permission.interfaceDelete,
  interfaceTest: Permission.interfaceTest,
} as const;
