import type { ProfileBody, UpdatePasswordBody, UserInfo } from '@app/contracts';
import { api } from '../../lib/api';

const user = (id: string) => `/users/${encodeURIComponent(id)}`;

/** The signed-in user's own profile, head icon and password. */
export const myAccountApi = {
  info: () => api.get<UserInfo>('/user/getUserInfo'),
  /** A data URL, or null when the user has none. */
  headIcon: (userId: string) => api.get<string | null>(`${user(userId)}/head-icon`),
  setHeadIcon: (userId: string, dataUrl: string) => api.put(`${user(userId)}/head-icon`, { F_HeadIcon: dataUrl }),
  updateProfile: (userId: string, body: ProfileBody) => api.put(`${user(userId)}/profile`, body),
  /** Both passwords md5-hashed. */
  updatePassword: (userId: string, body: UpdatePasswordBody) => api.put(`${user(userId)}/updatePassword`, body),
  /** silent: after a password change the session may already be gone. */
  logout: () => api.post('/user/logout', {}, { silent: true }),
};
