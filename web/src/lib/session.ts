import type { LoginResult, UserInfo } from '@app/contracts';
import { MAIN_SYSTEM_ID } from '@app/contracts';
import { StorageKeys, readJson, readString, removeKey, writeJson, writeString } from './storage';
import { createStore, useStore } from './store';

export interface Session {
  token: string;
  refreshToken: string;
  flowableToken: string;
  /** When the token was received (ms since epoch). */
  tokenAt: number;
  userInfo: UserInfo;
}

export const sessionStore = createStore<Session | null>(readJson<Session | null>(StorageKeys.session, null), (s) => {
  if (s) writeJson(StorageKeys.session, s);
  else removeKey(StorageKeys.session);
});

export const getSession = (): Session | null => sessionStore.get();
export const getToken = (): string | null => sessionStore.get()?.token ?? null;
export const useSession = (): Session | null => useStore(sessionStore);

/** Sign-in (spec 4): clears tags and lock, stores token + user info, system id '0' and an empty index URL. */
export function startSession(result: LoginResult, now = Date.now()): void {
  removeKey(StorageKeys.tags);
  removeKey(StorageKeys.lock, 'session');
  removeKey(StorageKeys.lockPassword, 'session');
  writeString(StorageKeys.systemId, MAIN_SYSTEM_ID);
  writeString(StorageKeys.indexUrl, '');
  sessionStore.set({
    token: result.Token,
    refreshToken: result.RefreshToken,
    flowableToken: result.FlowableToken,
    tokenAt: now,
    userInfo: result.UserInfo,
  });
}

export function updateTokens(tokens: { Token: string; RefreshToken: string; FlowableToken: string }, now = Date.now()): void {
  sessionStore.set((s) => (s ? { ...s, token: tokens.Token, refreshToken: tokens.RefreshToken, flowableToken: tokens.FlowableToken, tokenAt: now } : s));
}

export function updateUserInfo(info: UserInfo): void {
  sessionStore.set((s) => (s ? { ...s, userInfo: info } : s));
}

/** Logout (spec 4): clears token, menus, tags, roles and permissions; system id back to '0', index URL cleared. */
export function endSession(): void {
  removeKey(StorageKeys.tags);
  removeKey(StorageKeys.lock, 'session');
  removeKey(StorageKeys.lockPassword, 'session');
  writeString(StorageKeys.systemId, MAIN_SYSTEM_ID);
  writeString(StorageKeys.indexUrl, '');
  sessionStore.set(null);
}

export const currentSystemId = (): string => readString(StorageKeys.systemId, MAIN_SYSTEM_ID) || MAIN_SYSTEM_ID;
