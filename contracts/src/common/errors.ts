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

/**
 * The keys of the server's general errors (`error.*`, raised by the framework and the request pipeline rather than
 * a feature). The web maps every one of them to what the screen does (lib/error-behaviour.ts); a feature's own keys
 * (`workflow.suspended` …) are shown as their message. The server's catalogue is checked against this list.
 */
export const generalErrorKeys = [
  'error.validation',
  'error.notFound',
  'error.internal',
  'error.unauthorized',
  'error.forbidden',
  'error.bodyTooLarge',
  'error.badJson',
  'error.unsupportedMedia',
  'error.nulCharacter',
  'error.tooDeep',
  'error.badUrl',
  'error.uriTooLong',
  'error.headersTooLarge',
  'error.badRequest',
  'error.badIdempotencyKey',
  'error.idempotencyKeyReused',
  'error.requestTimeout',
  'error.tooManyRequests',
] as const;
export type GeneralErrorKey = (typeof generalErrorKeys)[number];

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes the web client treats as success (spec section 8). */
export const successCodes: readonly number[] = [0, 200];
