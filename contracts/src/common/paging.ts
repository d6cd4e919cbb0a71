import { z } from 'zod';

/**
 * List calls send the page number as `limit` and the page size as `size` (spec: "list query takes limit and size").
 * Answers carry `Rows` and `Total`.
 */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
  keyword: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pageResult = <T extends z.ZodType>(row: T) => z.object({ Rows: z.array(row), Total: z.number().int() });

export type PageResult<T> = { Rows: T[]; Total: number };
