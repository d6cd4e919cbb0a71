import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';
import { pageQuery } from './common/paging.js';

/** Permission keys: Sub-systems. */
export const subsystemPermissions = {
  subsystemList: 'system.subsystem.list',
  subsystemAdd: 'system.subsystem.add',
  subsystemEdit: 'system.subsystem.edit',
  subsystemDelete: 'system.subsystem.delete',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof subsystemPermissions> {}
}

/**
 * Sub-systems administration (spec 7, Sub-systems). GET /subsystem (the switcher list) lives in menu.ts;
 * a sub-system's menu is the modules with F_SystemId = its id (created through the modules API).
 */
const flag = z.union([z.literal(0), z.literal(1)]);

export const subsystemRow = z.object({
  F_Id: z.string(),
  F_Name: z.string(),
  F_IndexUrl: z.string(),
  F_Icon: z.string(),
  F_SortCode: z.number().int(),
  F_EnabledMark: flag,
  F_Description: z.string(),
  F_CreateDate: z.string(),
  /** number of menu entries of the sub-system */
  F_ModuleCount: z.number().int(),
});
export type SubsystemRow = z.infer<typeof subsystemRow>;

/** GET /subsystem/page?limit&size&keyword (name contains) */
export const subsystemQuery = pageQuery;

export const subsystemInput = z.object({
  F_Name: z.string().trim().min(1).max(100),
  F_IndexUrl: z.string().trim().max(500).optional().default(''),
  F_Icon: z.string().trim().max(100).optional().default(''),
  F_SortCode: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  F_EnabledMark: flag.optional().default(1),
  F_Description: z.string().trim().max(500).optional().default(''),
});
export type SubsystemInput = z.input<typeof subsystemInput>;

export const subsystemIdParams = z.object({ id: z.string().trim().min(1).max(64) });
