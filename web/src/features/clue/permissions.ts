import { Permission } from '@app/contracts';

export const cluePermissions = {
  clueList: Permission.clueList,
  clueHandle: Permission.clueHandle,
  clueDelete: Permission.clueDelete,
};
