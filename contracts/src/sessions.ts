import { z } from 'zod';

export const onlineSessionRow = z.object({
  F_SessionId: z.string(),
  F_UserId: z.string(),
  F_Account: z.string(),
  F_RealName: z.string(),
  F_IpAddress: z.string(),
  F_UserAgent: z.string(),
  F_LoginTime: z.string(),
  F_LastActiveTime: z.string(),
  F_IsCurrent: z.boolean(),
});
export type OnlineSessionRow = z.infer<typeof onlineSessionRow>;

export const sessionIdParams = z.object({ id: z.string().trim().min(1).max(64) });
