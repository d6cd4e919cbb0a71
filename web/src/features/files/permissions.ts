import { Permission } from '@app/contracts';

export const fileManagerPermissions = {
  list: Permission.filesList,
  add: Permission.filesAdd,
  edit: Permission.filesEdit,
  delete: Permission.filesDelete,
} as const;
