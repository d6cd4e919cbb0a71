import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '@app/contracts';
import { api, ApiError, REQUEST_TIMEOUT_MS, setErrorToast } from './api';
import { getSession, startSession } from './session';
import { setNavigator } from './navigation';

const login: LoginResult = {
  Token: 't1',
  RefreshToken: 'r1',
  FlowableToken: 'f1',
  UserInfo: {
    F_UserId: 'u1',
    F_Account: 'admin',
    F_RealName: 'Admin',
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
    tokenTime: 60,
  },
};

function answer(body: unknown, status = 200) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

let toasts: string[];
let navigations: string[];
beforeEach(() => {
  toasts = [];
  navigations = [];
  setErrorToast((t) => toasts.push(t));
  setNavigator((to) => navigations.push(to));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client (spec section 8)', () => {
  it('resolves data for codes 0 and 200 and sends the bearer token', async () => {
    startSession(login);
    const fetchMock = answer({ code: 200, success: true, data: { x: 1 }, msg: '' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/thing')).resolves.toEqual({ x: 1 });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer t1');
    expect(toasts).toEqual([]);
  });

  it("shows '未知错误' when msg is missing and rejects", async () => {
    vi.stubGlobal('fetch', answer({ code: 10500, success: false, data: null }, 500));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['未知错误']);
  });

  it("maps 'Task id is null'", async () => {
    vi.stubGlobal('fetch', answer({ code: 10400, success: false, data: null, msg: 'Task id is null' }, 400));
    await expect(api.post('/x', {})).rejects.toThrow('流程配置不合法，请确认后再发起流程');
    expect(toasts).toEqual(['流程配置不合法，请确认后再发起流程']);
  });

  it('shows the msg of a 429 answer (sign-in refused for a while, rate limit) and rejects with its code', async () => {
    const msg = '账号或密码错误次数过多，请 15 分钟后再试';
    vi.stubGlobal('fetch', answer({ code: 10429, success: false, data: null, msg }, 429));
    await expect(api.post('/login', {}, { auth: false })).rejects.toMatchObject({ code: 10429, status: 429, message: msg });
    expect(toasts).toEqual([msg]);
  });

  it('signs out and goes to /login on body code 10401', async () => {
    startSession(login);
    vi.stubGlobal('fetch', answer({ code: 10401, success: false, data: null, msg: '登录已过期' }, 401));
    await expect(api.get('/x')).rejects.toMatchObject({ code: 10401 });
    expect(getSession()).toBeNull();
    expect(navigations).toEqual(['/login']);
  });

  it('carries the envelope key and branches on it, not on the text', async () => {
    vi.stubGlobal('fetch', answer({ code: 10409, success: false, data: null, msg: '流程已挂起，暂不能处理', key: 'workflow.instanceSuspended' }, 409));
    const suspended = await api.post('/x', {}).catch((e: unknown) => e as ApiError);
    expect(suspended).toMatchObject({ key: 'workflow.instanceSuspended', behaviour: 'show' });
    vi.stubGlobal('fetch', answer({ code: 10404, success: false, data: null, msg: 'gone', key: 'formPublish.notFound' }, 404));
    expect((await api.get<unknown>('/x').catch((e: unknown) => e as ApiError)) as ApiError).toMatchObject({ behaviour: 'notFound' });
    // A general key decides whatever the code: the session is over. (The previous sign-out's guard clears on the next
    // macrotask.)
    await new Promise((resolve) => setTimeout(resolve, 0));
    startSession(login);
    vi.stubGlobal('fetch', answer({ code: 10400, success: false, data: null, msg: 'whatever the text', key: 'error.unauthorized' }, 400));
    await expect(api.get('/x')).rejects.toMatchObject({ key: 'error.unauthorized', behaviour: 'signIn' });
    expect(getSession()).toBeNull();
    expect(navigations).toEqual(['/login']);
  });

  it('rejects transport errors (status above 500, network failure)', async () => {
    vi.stubGlobal('fetch', answer({}, 502));
    await expect(api.get('/x')).rejects.toMatchObject({ code: -1, status: 502 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/x')).rejects.toMatchObject({ code: -1 });
  });

  it('times out after 20 s', async () => {
    vi.useFakeTimers();
    expect(REQUEST_TIMEOUT_MS).toBe(20_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const p = api.get('/slow');
    const settled = vi.fn();
    p.catch(settled);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).rejects.toMatchObject({ code: -1 });
    expect(toasts[0]).toContain('超时');
  });
});
