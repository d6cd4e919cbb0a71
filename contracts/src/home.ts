import { z } from 'zod';

/** The home page figures (GET /api/home/overview): what the signed-in user can act on. */
export const homeOverview = z.object({
  onlineUsers: z.number().int(),
  myMenus: z.number().int(),
  todayLogins: z.number().int(),
  clientErrorsToday: z.number().int(),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type HomeOverview = z.infer<typeof homeOverview>;
