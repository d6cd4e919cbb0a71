import type { ClientLogEntry, MenuItem, Subsystem } from '@app/contracts';
import { api } from '../../lib/api';

/** The shell's menus: a subsystem's entries, the common and the other leaves, and the subsystems. */
export const menuApi = {
  menu: (systemId: string) => api.get<MenuItem[]>('/modules/vue', { systemId }),
  common: () => api.get<MenuItem[]>('/modules/common'),
  other: () => api.get<MenuItem[]>('/modules/other'),
  /** silent where a failed look-up is ignored (the token hand-off after sign-in). */
  subsystems: (silent = false) => api.get<Subsystem[]>('/subsystem', undefined, { silent }),
};

/** The session's end and the client error log, as the shell sends them. */
export const shellApi = {
  /** silent: signing out goes on whatever the server answers. */
  logout: () => api.post('/user/logout', {}, { silent: true }),
  sendErrorLogs: (logs: ClientLogEntry[]) => api.post('/log/client', logs),
};
