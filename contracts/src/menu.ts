import { z } from 'zod';

export const menuMeta = z.object({
  roles: z.array(z.string()).nullable(),
  i18n: z.string().nullable(),
  moduleid: z.string(),
  isTab: z.boolean(),
  isAuth: z.boolean(),
  keepAlive: z.boolean(),
});

export type MenuItem = {
  F_ModuleId: string;
  F_FullName: string;
  F_EnCode: string;
  label: string;
  path: string;
  icon: string;
  target: 'open' | 'expand' | '';
  group: string[];
  query: Record<string, string>;
  keepAlive: boolean;
  meta: z.infer<typeof menuMeta>;
  children: MenuItem[];
};

export const menuItem: z.ZodType<MenuItem> = z.object({
  F_ModuleId: z.string(),
  F_FullName: z.string(),
  F_EnCode: z.string(),
  label: z.string(),
  path: z.string(),
  icon: z.string(),
  target: z.enum(['open', 'expand', '']),
  group: z.array(z.string()),
  query: z.record(z.string(), z.string()),
  keepAlive: z.boolean(),
  meta: menuMeta,
  get children() {
    return z.array(menuItem);
  },
});

export const menuQuery = z.object({ systemId: z.string().trim().max(64).optional().default('0') });

export const subsystem = z.object({ F_Id: z.string(), F_Name: z.string(), F_IndexUrl: z.string(), F_Icon: z.string() });
export type Subsystem = z.infer<typeof subsystem>;

/** The main system, always id '0' with an empty index URL (spec 2.4). */
export const MAIN_SYSTEM_ID = '0';
