// TEMPORARY until contracts/src/oa.ts lands.
export interface OaMessage {
  F_Id: string;
  F_Type: number;
  title: string;
  F_Content: string;
  F_SendTime: string;
  createTime: string;
  F_Status: string;
  isRead: boolean;
  objectId: string;
  newsInfo?: { F_Id: string; F_FullHead: string } | null;
  workflowInfoVo?: Record<string, unknown> | null;
}
export interface MessageGroup {
  unread: number;
  messageList: OaMessage[];
}
export interface MessageCentre {
  news: MessageGroup;
  notice: MessageGroup;
  schedule: MessageGroup;
  workflowApproval: MessageGroup;
  workflowCirculated: MessageGroup;
}
