import type { LoginBody, LoginResult, PhoneLoginBody } from '@app/contracts';
import { api } from '../../lib/api';

/** Sign-in calls: made before there is a session, so none of them sends a bearer token. */
export const loginApi = {
  /** Account and md5-hashed password. */
  login: (body: LoginBody) => api.post<LoginResult>('/login', body, { auth: false }),
  /** Sends the SMS code to `phone`; `code` is the tenant code. */
  sendSms: (phone: string, code: string) => api.get<unknown>(`/login/send/${encodeURIComponent(phone)}`, { code }, { auth: false }),
  /** Phone number and the SMS code. */
  loginByPhone: (body: PhoneLoginBody) => api.post<LoginResult>('/login/phone', body, { auth: false }),
};
