import { describe, expect, it, vi } from 'vitest';
import { createTokenRefresher } from './token-refresh';
import type { Session } from './session';

const session = (tokenAt: number): Session => ({
  token: 't',
  refreshToken: 'r',
  flowableToken: 'f',
  tokenAt,
  userInfo: {
    F_UserId: 'u',
    F_Account: 'a',
    F_RealName: 'A',
    F_Mobile: null,
    F_Email: null,
    F_Gender: 0,
    F_HeadIcon: null,
    F_TenantId: 't',
    F_TenantName: 'T',
    F_Company: null,
    F_Department: [],
    roles: [],
    permissions: [],
    tokenTime: 10,
  },
});

describe('token refresh', () => {
  it('refreshes when the token age reaches tokenTime, one at a time, releasing the flag on failure', async () => {
    let now = 0;
    let release!: (ok: boolean) => void;
    const refresh = vi.fn(() => new Promise<void>((res, rej) => (release = (ok) => (ok ? res() : rej(new Error('x'))))));
    const r = createTokenRefresher({ getSession: () => session(0), refresh, now: () => now });
    now = 9_999;
    expect(r.tick()).toBe(false);
    now = 10_000;
    expect(r.tick()).toBe(true);
    expect(r.tick()).toBe(false);
    expect(r.tick()).toBe(false);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('r');
    release(false);
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(r.isRunning()).toBe(false);
    expect(r.tick()).toBe(true);
    release(true);
    await new Promise((res) => setTimeout(res, 0));
    expect(r.isRunning()).toBe(false);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('checks every second and does nothing without a session', () => {
    vi.useFakeTimers();
    const refresh = vi.fn(async () => undefined);
    let s: Session | null = null;
    const r = createTokenRefresher({ getSession: () => s, refresh, now: () => 100_000 });
    const stop = r.start();
    vi.advanceTimersByTime(3000);
    expect(refresh).not.toHaveBeenCalled();
    s = session(0);
    vi.advanceTimersByTime(1000);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
    vi.useRealTimers();
  });
});
