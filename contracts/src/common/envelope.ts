import { z } from 'zod';

/** Every /api answer is wrapped in this envelope; code 0 (or 200) means success. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    success: z.boolean(),
    data,
    msg: z.string(),
    /** On a failure, the stable key of the message (`error.forbidden`, `workflow.suspended` …): clients branch on it, never on msg. */
    key: z.string().optional(),
  });

export const errorEnvelope = envelope(z.null().optional().or(z.unknown()));

export type Envelope<T> = { code: number; success: boolean; data: T; msg: string; key?: string };

export const emptyData = z.null();
