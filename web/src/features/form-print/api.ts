import type { FormDataRecord, FormValues, NoticeBody, NoticeDetail } from '@app/contracts';
import { api } from '../../lib/api';

/** An address-based form's own API (F_Type 2): `GET /api/{address}/{key}`, `POST /api/{address}`, `PUT /api/{address}/{key}`. */
const address = (addr: string) => `/${encodeURIComponent(addr)}`;
export const addressFormApi = {
  /** silent: the form shows the error in place. */
  get: (addr: string, keyValue: string) => api.get<FormDataRecord>(`${address(addr)}/${encodeURIComponent(keyValue)}`, undefined, { silent: true }),
  add: (addr: string, formData: FormValues) => api.post<{ primaryKey: string }>(address(addr), { formData }),
  update: (addr: string, keyValue: string, formData: FormValues) => api.put(`${address(addr)}/${encodeURIComponent(keyValue)}`, { formData }),
};

/** The notice system form (oaNotice) over the notices' own API. */
export const noticeFormApi = {
  /** silent: the form shows the error in place. */
  get: (id: string) => api.get<NoticeDetail>(`/notice/${encodeURIComponent(id)}`, undefined, { silent: true }),
  add: (body: NoticeBody) => api.post<{ F_NoticeId: string }>('/notice', body),
  update: (id: string, body: NoticeBody) => api.put(`/notice/${encodeURIComponent(id)}`, body),
};
