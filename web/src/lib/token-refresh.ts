import type { z } from 'zod';
import type { refreshResult } from '@app/contracts';
import { api } from './api';
import { getSession, updateTokens, type Session } from './session';

/** Spec 9: checked every 1000 ms. */
export const REFRESH_CHECK_MS = 1000;

export interface RefresherDeps {
  getSession: () => Session | null;
  refresh: (refreshToken: string) => Promise<void>;
  now?: () => number;
}

/**
 * Spec 4: when the token's age in seconds reaches UserInfo.tokenTime and no refresh is running,
 * ask for a new one; only one at a time; the flag is released on success or failure, with no message.
 */
export function createTokenRefresher(deps: RefresherDeps) {
  let running = false;
  const now = deps.now ?? Date.now;
  const tick = (): boolean => {
    const s = deps.getSession();
    if (!s || running) return false;
    const age = (now() - s.tokenAt) / 1000;
    if (age < s.userInfo.tokenTime) return false;
    running = true;
    deps
      .refresh(s.refreshToken)
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
    return true;
  };
  return {
    tick,
    isRunning: () => running,
    start(): () => void {
      const id = setInterval(tick, REFRESH_CHECK_MS);
      return () => clearInterval(id);
    },
  };
}

export const refreshTokens = async (refreshToken: string): Promise<void> => {
  const tokens = await api.post<z.infer<typeof refreshResult>>('/user/refesh', { refreshToken }, { silent: true });
  updateTokens(tokens);
};

export const tokenRefresher = createTokenRefresher({ getSession, refresh: refreshTokens });
