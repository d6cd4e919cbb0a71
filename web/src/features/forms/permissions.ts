import { Permission } from '@app/contracts';

export const formPermissions = {
  list: Permission.formList,
  add: Permission.formAdd,
  edit: Permission.formEdit,
  del: Permission.formDelete,
  enable: Permission.formEnable,
  history: Permission.formHistory,
  data: Permission.formData,
} as const;
