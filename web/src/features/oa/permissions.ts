import { Permission } from '@app/contracts';

export const oaPermissions = {
  newsAdd: Permission.newsAdd,
  newsEdit: Permission.newsEdit,
  newsDelete: Permission.newsDelete,
  newsPublish: Permission.newsPublish,
  noticeAdd: Permission.noticeAdd,
  noticeEdit: Permission.noticeEdit,
  noticeDelete: Permission.noticeDelete,
  noticePublish: Permission.noticePublish,
  scheduleAdd: Permission.scheduleAdd,
  scheduleEdit: Permission.scheduleEdit,
  scheduleDelete: Permission.scheduleDelete,
} as const;
