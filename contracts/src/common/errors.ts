/**
 * Body codes of the envelope. 0 is success; 10401 tells the client to sign out (spec section 8).
 * The other codes follow the HTTP status they travel with, so a client can tell them apart without parsing msg.
 */
export const ErrorCode = {
  ok: 0,
  badRequest: 10400,
  unauthorized: 10401,
  forbidden: 10403,
  notFound: 10404,
  conflict: 10409,
  locked: 10423,
  tooManyRequests: 10429,
  internal: 10500,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes the web client treats as success (spec section 8). */
export const successCodes: readonly number[] = [0, 200];
