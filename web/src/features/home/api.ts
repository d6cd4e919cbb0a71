import type { HomeOverview } from '@app/contracts';
import { api } from '../../lib/api';

/** The home page's figures: the caller's own counts, and the tenant-wide ones when the caller may see them. */
export const homeApi = {
  overview: () => api.get<HomeOverview>('/home/overview'),
};
