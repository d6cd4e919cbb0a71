import { z } from 'zod';

/**
 * The home page figures (GET /api/home/overview). Every user gets their own: open to-dos, applications they started
 * that are still running, unread messages, the functions they may open and their previous sign-in. The tenant-wide
 * figures come only to a caller whose role grants the matching list (online users, system logs, client logs: the
 * administrator's); for anyone else they are absent.
 */
export const homeOverview = z.object({
  myTodos: z.number().int(),
  myApplications: z.number().int(),
  unreadMessages: z.number().int(),
  myMenus: z.number().int(),
  onlineUsers: z.number().int().optional(),
  todayLogins: z.number().int().optional(),
  clientErrorsToday: z.number().int().optional(),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type HomeOverview = z.infer<typeof homeOverview>;
