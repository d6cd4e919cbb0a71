const KEY = /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64}){0,5}$/;

/** Storage keys are made by the server from ids and dates only; anything else is a bug or an attack. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** A prefix of keys (`<tenantId>/`, a trailing slash allowed): the same shape as a key. */
export function assertStoragePrefix(prefix: string): void {
  assertStorageKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** `<tenantId>/<yyyy>/<mm>/<fileId>`: one tenant's files share a prefix (removed with the tenant). */
export function storageKeyFor(tenantId: string, fileId: string, now = new Date()): string {
  const key = `${tenantId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${fileId}`;
  assertStorageKey(key);
  return key;
}
