import type {
  MessageCentre,
  NewsBody,
  NewsDetail,
  NewsRow,
  NoticeBody,
  NoticeDetail,
  NoticeRow,
  PageResult,
  ScheduleBody,
  ScheduleEvent,
} from '@app/contracts';
import { api } from '../../lib/api';
import type { ListQuery } from '../../components/ListPage';

const news = (id: string) => `/news/${encodeURIComponent(id)}`;
const notice = (id: string) => `/notice/${encodeURIComponent(id)}`;
const schedule = (id: string) => `/oa-schedule/${encodeURIComponent(id)}`;
const message = '/oa/xjr-oa-message';

/** News items: a new one is a draft until published. */
export const newsApi = {
  list: (q: ListQuery) => api.get<PageResult<NewsRow>>('/news', q),
  get: (id: string) => api.get<NewsDetail>(news(id)),
  add: (body: NewsBody) => api.post<{ F_NewsId: string }>('/news', body),
  update: (id: string, body: NewsBody) => api.put(news(id), body),
  remove: (id: string) => api.del(news(id)),
  /** status 1 publishes, 0 takes it back. */
  setStatus: (id: string, status: 0 | 1) => api.put('/news/changeStatus', {}, { query: { id, status } }),
};

/** Notices: published or draft by F_EnabledMark. */
export const noticeApi = {
  list: (q: ListQuery) => api.get<PageResult<NoticeRow>>('/notice', q),
  get: (id: string) => api.get<NoticeDetail>(notice(id)),
  add: (body: NoticeBody) => api.post('/notice', body),
  update: (id: string, body: NoticeBody) => api.put(notice(id), body),
  remove: (id: string) => api.del(notice(id)),
  /** status 1 publishes, 0 takes it back. */
  setStatus: (id: string, status: 0 | 1) => api.put('/notice/changeStatus', {}, { query: { id, status } }),
};

/** The caller's schedule: the events between two times (format YYYY-MM-DD HH:mm:ss). */
export const scheduleApi = {
  list: (startTime: string, endTime: string) => api.get<ScheduleEvent[]>('/oa-schedule', { startTime, endTime }),
  add: (body: ScheduleBody) => api.post('/oa-schedule', body),
  update: (id: string, body: ScheduleBody) => api.put(schedule(id), body),
  remove: (id: string) => api.del(schedule(id)),
};

/** The message centre. silent: it is polled and read in the background, a failure is no reason for a toast. */
export const messageApi = {
  list: () => api.get<MessageCentre>(message, undefined, { silent: true }),
  read: (id: string) => api.put<unknown>(`${message}/${encodeURIComponent(id)}`, {}, { silent: true }),
  /** type: the group's message type code (10 news, 11 notices, 12 schedule, 13 workflow). */
  readAll: (type: number) => api.put<unknown>(`${message}/readAllMessage/${type}`, {}, { silent: true }),
};
