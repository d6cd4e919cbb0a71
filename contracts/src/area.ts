import type { PermissionsOf } from './common/permissions.js';
import { z } from 'zod';

/** Permission keys: Administrative areas. */
export const areaPermissions = {
  areaList: 'system.area.list',
  areaAdd: 'system.area.add',
  areaEdit: 'system.area.edit',
  areaDelete: 'system.area.delete',
} as const;
declare module './common/permissions.js' {
  interface ModulePermissions extends PermissionsOf<typeof areaPermissions> {}
}

/** China's administrative divisions (spec 7, Regions): province (1), city (2), district (3). Product-wide. */
export const area = z.object({
  F_AreaId: z.string(),
  F_AreaName: z.string(),
  F_ParentId: z.string(),
  F_Level: z.number().int().min(1).max(3),
  F_SortCode: z.number().int(),
  hasChildren: z.boolean(),
});
export type Area = z.infer<typeof area>;

export const areaIdParams = z.object({ id: z.string().trim().min(1).max(32) });

/** POST /areas: F_AreaId is the division code (digits, unique); the level follows from the parent ('0' = province). */
export const areaCreateBody = z.object({
  F_AreaId: z
    .string()
    .trim()
    .regex(/^\d{2,12}$/, '2 to 12 digits'),
  F_AreaName: z.string().trim().min(1).max(50),
  F_ParentId: z.string().trim().min(1).max(32).optional().default('0'),
  F_SortCode: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
});
export type AreaCreateBody = z.input<typeof areaCreateBody>;

/** PUT /areas/{id}: name and order (the code and parent stay). */
export const areaUpdateBody = z.object({
  F_AreaName: z.string().trim().min(1).max(50),
  F_SortCode: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
});
export type AreaUpdateBody = z.input<typeof areaUpdateBody>;
