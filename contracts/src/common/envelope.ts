import { z } from 'zod';

/** Every /api answer is wrapped in this envelope; code 0 (or 200) means success. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    success: z.boolean(),
    data,
    msg: z.string(),
  });

export const errorEnvelope = envelope(z.null().optional().or(z.unknown()));

export type Envelope<T> = { code: number; success: boolean; data: T; msg: string };

export const emptyData = z.null();
