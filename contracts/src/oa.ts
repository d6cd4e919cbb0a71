import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';
import { fileId, previewKind } from './files.js';

/** Permission keys: News, notices and schedules. */
export const oaPermissions = {
  newsList: 'oa.news.list',
  newsAdd: 'oa.news.add',
  newsEdit: 'oa.news.edit',
  newsDelete: 'oa.news.delete',
  newsPublish: 'oa.news.publish',
  noticeList: 'oa.notice.list',
  noticeAdd: 'oa.notice.add',
  noticeEdit: 'oa.notice.edit',
  noticeDelete: 'oa.notice.delete',
  noticePublish: 'oa.notice.publish',
  scheduleList: 'oa.schedule.list',
  scheduleAdd: 'oa.schedule.add',
  scheduleEdit: 'oa.schedule.edit',
  scheduleDelete: 'oa.schedule.delete',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof oaPermissions> {}
}

/**
 * Office automation: news, notices, schedule, message centre, push.
 * Shapes follow docs/system-oa-design.md; field names are the spec's.
 */

const id = z.string().trim().min(1).max(64);
const text = (max: number) => z.string().trim().max(max);
/** yyyy-MM-dd HH:mm:ss (or yyyy-MM-dd, or ISO). */
const timeText = z
  .string()
  .trim()
  .max(32)
  .refine((s) => !Number.isNaN(Date.parse(s.replace(' ', 'T'))), 'a date-time (yyyy-MM-dd HH:mm:ss)');
const flag = z.union([z.literal(0), z.literal(1)]);
const flagQuery = z.coerce.number().int().min(0).max(1).pipe(flag).optional();

export const oaIdParams = z.object({ id });

// ---------- message types ----------

/** 10 news, 11 notice, 12 schedule, 13 workflow approval, 14 workflow circulated. */
export const MessageType = { news: 10, notice: 11, schedule: 12, workflowApproval: 13, workflowCirculated: 14 } as const;
export type MessageTypeCode = 10 | 11 | 12 | 13 | 14;
export const messageTypeCode = z.coerce.number().int().min(10).max(14);
/** Message status: '11' read, '10' unread. */
export const MESSAGE_READ = '11';
export const MESSAGE_UNREAD = '10';

// ---------- attachments ----------

export const attachment = z.object({ F_FileName: text(255).min(1), url: text(2000).min(1) });
export type Attachment = z.infer<typeof attachment>;

/**
 * An attachment as the detail shows it. Files of the item's attachment folder also carry their id and how to
 * preview them; legacy entries (stored { F_FileName, url } lists) have only the two fields.
 */
export const shownAttachment = attachment.extend({
  F_Id: z.string().optional(),
  previewKind: previewKind.optional(),
  viewerUrl: z.string().nullable().optional(),
});
export type ShownAttachment = z.infer<typeof shownAttachment>;

// ---------- news ----------

/** GET /news query: keyword (title), category (dictionary item value), status (1 published, 0 draft). */
export const newsQuery = pageQuery.extend({
  category: text(64).optional(),
  status: flagQuery,
});
export type NewsQuery = z.infer<typeof newsQuery>;

/** POST /news and PUT /news/{id}. F_TypeId 1 news, 2 reprint (then F_SourceName / F_SourceAddress). */
export const newsBody = z.object({
  F_TypeId: z.union([z.literal(1), z.literal(2)]).default(1),
  F_CategoryId: text(64).default(''),
  F_FullHead: text(200).min(1),
  F_AuthorName: text(100).default(''),
  F_CompileName: text(100).default(''),
  F_SourceName: text(200).default(''),
  F_SourceAddress: text(1000).default(''),
  F_ReleaseTime: timeText.optional(),
  /** Rich HTML; sanitised on the server. */
  F_NewsContent: z.string().max(1_000_000).default(''),
  /** The attachment folder the upload field filled (file_folders kind 1 of the tenant); null = none. */
  F_FolderId: fileId.nullable().optional(),
  /** Legacy stored list; kept for older clients. Omitted on an edit = leave the stored list as it is. */
  F_Attachments: z.array(attachment).max(50).optional(),
});
export type NewsBody = z.infer<typeof newsBody>;

/** List row (no content). */
export const newsRow = z.object({
  F_NewsId: z.string(),
  F_TypeId: z.number().int(),
  F_CategoryId: z.string(),
  F_FullHead: z.string(),
  F_AuthorName: z.string(),
  F_CompileName: z.string(),
  F_SourceName: z.string(),
  F_ReleaseTime: z.string().nullable(),
  F_EnabledMark: z.number().int(),
  F_CreateUserName: z.string().nullable(),
  F_CreateDate: z.string(),
});
export type NewsRow = z.infer<typeof newsRow>;

/** GET /news/{id}. */
export const newsDetail = z.object({
  F_NewsId: z.string(),
  F_TypeId: z.number().int(),
  F_CategoryId: z.string(),
  F_FullHead: z.string(),
  F_AuthorName: z.string(),
  F_CompileName: z.string(),
  F_SourceName: z.string(),
  F_SourceAddress: z.string(),
  F_ReleaseTime: z.string().nullable(),
  F_NewsContent: z.string(),
  F_EnabledMark: z.number().int(),
  /** The attachment folder (upload field value); null = none. */
  F_FolderId: z.string().nullable(),
  /** The folder's live files (signed addresses), then any legacy stored entries. */
  F_Attachments: z.array(shownAttachment),
  F_CreateDate: z.string(),
});
export type NewsDetail = z.infer<typeof newsDetail>;

/** PUT /news/changeStatus?id=&status= and PUT /notice/changeStatus?id=&status= (1 publish, 0 unpublish). */
export const changeStatusQuery = z.object({ id, status: z.coerce.number().int().min(0).max(1).pipe(flag) });
export type ChangeStatusQuery = z.infer<typeof changeStatusQuery>;

// ---------- notices ----------

export const noticeQuery = pageQuery.extend({ status: flagQuery });
export type NoticeQuery = z.infer<typeof noticeQuery>;

/** POST /notice and PUT /notice/{id}. F_EnabledMark 1 publishes at once, 0 withdraws (as changeStatus); absent: unchanged (draft on add). */
export const noticeBody = z.object({
  F_FullHead: text(200).min(1),
  F_Content: z.string().max(1_000_000).default(''),
  F_SendTime: timeText.optional(),
  F_EnabledMark: flag.optional(),
});
export type NoticeBody = z.infer<typeof noticeBody>;

export const noticeRow = z.object({
  F_NoticeId: z.string(),
  F_FullHead: z.string(),
  F_SendTime: z.string().nullable(),
  /** 1 published, 0 draft. */
  F_EnabledMark: z.number().int(),
  F_CreateUserName: z.string().nullable(),
  F_CreateDate: z.string(),
});
export type NoticeRow = z.infer<typeof noticeRow>;

export const noticeDetail = noticeRow.extend({ F_Content: z.string() });
export type NoticeDetail = z.infer<typeof noticeDetail>;

// ---------- schedule ----------

/** GET /oa-schedule: the caller's events (own or participating) overlapping [startTime, endTime]. */
export const scheduleQuery = z.object({
  startTime: timeText.optional(),
  endTime: timeText.optional(),
});
export type ScheduleQuery = z.infer<typeof scheduleQuery>;

export const scheduleBody = z
  .object({
    F_Title: text(200).min(1),
    F_Content: text(4000).default(''),
    F_StartTime: timeText,
    F_EndTime: timeText,
    F_AllDay: flag.default(0),
    F_RemindMinutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 30)
      .default(0),
    /** User ids of the participants (same tenant). */
    F_Participants: z.array(id).max(500).default([]),
  })
  .refine((b) => Date.parse(b.F_EndTime.replace(' ', 'T')) >= Date.parse(b.F_StartTime.replace(' ', 'T')), {
    message: 'F_EndTime must not be before F_StartTime',
    path: ['F_EndTime'],
  });
export type ScheduleBody = z.infer<typeof scheduleBody>;

export const scheduleEvent = z.object({
  F_ScheduleId: z.string(),
  F_Title: z.string(),
  F_Content: z.string(),
  F_StartTime: z.string(),
  F_EndTime: z.string(),
  F_AllDay: z.number().int(),
  F_RemindMinutes: z.number().int(),
  F_Participants: z.array(z.string()),
  /** The creator. */
  F_CreateUserId: z.string(),
  /** true when the caller created it (may edit / delete). */
  isOwner: z.boolean(),
  F_CreateDate: z.string(),
});
export type ScheduleEvent = z.infer<typeof scheduleEvent>;

// ---------- message centre ----------

export const workflowInfoVo = z
  .object({
    taskStatus: z.string().optional(),
    processInstanceId: z.string().optional(),
    taskId: z.string().optional(),
    deploymentId: z.string().optional(),
    schemeName: z.string().optional(),
    taskName: z.string().optional(),
    createTime: z.string().optional(),
    startUser: z.string().optional(),
  })
  .passthrough();

export const message = z.object({
  F_Id: z.string(),
  F_Type: z.number().int(),
  title: z.string(),
  F_Content: z.string(),
  F_SendTime: z.string(),
  createTime: z.string(),
  /** '11' read, '10' unread. */
  F_Status: z.string(),
  isRead: z.boolean(),
  /** The news / notice / schedule id (or workflow task id). */
  objectId: z.string().nullable(),
  newsInfo: z.object({ F_Id: z.string(), F_FullHead: z.string() }).optional(),
  workflowInfoVo: workflowInfoVo.nullable().optional(),
});
export type Message = z.infer<typeof message>;

export const messageGroup = z.object({ unread: z.number().int(), messageList: z.array(message) });
export type MessageGroup = z.infer<typeof messageGroup>;

/** GET /oa/xjr-oa-message. */
export const messageCentre = z.object({
  news: messageGroup,
  notice: messageGroup,
  schedule: messageGroup,
  workflowApproval: messageGroup,
  workflowCirculated: messageGroup,
});
export type MessageCentre = z.infer<typeof messageCentre>;
export const MESSAGE_GROUP_OF_TYPE: Record<MessageTypeCode, keyof MessageCentre> = {
  10: 'news',
  11: 'notice',
  12: 'schedule',
  13: 'workflowApproval',
  14: 'workflowCirculated',
};
export const MESSAGE_GROUP_LIMIT = 20;

export const messageIdParams = z.object({ id });
export const readAllParams = z.object({ type: messageTypeCode });

/** Push event data (`event: message`). */
export type MessagePushEvent = { type: MessageTypeCode };
