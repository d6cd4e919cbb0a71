import type { LoginResult } from '@app/contracts';
import { handTokenToSubsystems } from '../lib/subsystem-handoff';
import { sessionStore, startSession, endSession } from '../lib/session';
import { StorageKeys, readString, removeKey, writeString } from '../lib/storage';
import { clearLock } from './lock/lock-state';
import { resetTabs } from './shell/tabs';
import { menuApi } from './shell/api';

/** Whenever the session ends (logout, 10401), shell state is reset too (cached answers: see lib/query). */
let had = sessionStore.get() !== null;
sessionStore.subscribe(() => {
  const has = sessionStore.get() !== null;
  if (had && !has) {
    resetTabs();
    clearLock();
  }
  had = has;
});

export function signIn(result: LoginResult): void {
  startSession(result);
  resetTabs();
  clearLock();
  // Spec 4: external sub-systems receive the token through hidden frames; a failed lookup is ignored.
  menuApi
    .subsystems(true)
    .then((systems) => handTokenToSubsystems(systems, result.Token))
    .catch(() => undefined);
}

export function signOutLocal(): void {
  endSession();
}

/** Spec 2.2: the path to return to after sign-in. */
export function storeReturnPath(path: string): void {
  writeString(StorageKeys.returnTo, path, 'session');
}

/** Where a signed-in visit to /login goes: the stored return path, else '/'. */
export function peekReturnPath(): string {
  const p = readString(StorageKeys.returnTo, '', 'session');
  return p && p.startsWith('/') && !p.startsWith('/login') && !p.startsWith('/lock') ? p : '/';
}

export function clearReturnPath(): void {
  removeKey(StorageKeys.returnTo, 'session');
}
