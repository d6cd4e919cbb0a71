import { ErrorCode, type GeneralErrorKey } from '@app/contracts';

/**
 * What a screen does with a failed call. `signIn`: the session is over (sign out, back to /login); `forbidden` and
 * `notFound`: a page shows the 403 / 404 result instead of its content; `tryLater`: the message says when; `show`:
 * the message is the answer (a toast, or the text beside the field).
 */
export type ErrorBehaviour = 'signIn' | 'forbidden' | 'notFound' | 'tryLater' | 'show';

/** Every general error key of the server, mapped (the compiler refuses a missing one). */
const behaviourByKey = {
  'error.unauthorized': 'signIn',
  'error.forbidden': 'forbidden',
  'error.notFound': 'notFound',
  'error.tooManyRequests': 'tryLater',
  'error.validation': 'show',
  'error.internal': 'show',
  'error.bodyTooLarge': 'show',
  'error.badJson': 'show',
  'error.unsupportedMedia': 'show',
  'error.nulCharacter': 'show',
  'error.tooDeep': 'show',
  'error.badUrl': 'show',
  'error.uriTooLong': 'show',
  'error.headersTooLarge': 'show',
  'error.badRequest': 'show',
  'error.badIdempotencyKey': 'show',
  'error.idempotencyKeyReused': 'show',
  'error.requestTimeout': 'tryLater',
} as const satisfies Record<GeneralErrorKey, ErrorBehaviour>;

/** A feature's own key (`workflow.instanceSuspended` …) behaves as its envelope code says. */
const behaviourByCode: Partial<Record<number, ErrorBehaviour>> = {
  [ErrorCode.unauthorized]: 'signIn',
  [ErrorCode.forbidden]: 'forbidden',
  [ErrorCode.notFound]: 'notFound',
  [ErrorCode.tooManyRequests]: 'tryLater',
};

export function errorBehaviour(key: string | null | undefined, code: number): ErrorBehaviour {
  if (key && Object.hasOwn(behaviourByKey, key)) return behaviourByKey[key as GeneralErrorKey];
  return behaviourByCode[code] ?? 'show';
}
