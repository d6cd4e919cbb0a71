import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { md5 } from 'js-md5';
import { SignInApp } from '../../app/SignInApp';
import { sessionStore } from '../../lib/session';

/** Answers POST /login with the given envelope and records the bodies sent. */
function stubLogin(answer: { code: number; success: boolean; data: unknown; msg: string }) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      if (String(input).endsWith('/login') && init.method === 'POST') bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return bodies;
}

const signInResult = {
  Token: 't',
  RefreshToken: 'r',
  FlowableToken: 'f',
  UserInfo: { F_UserId: 'u1', F_Account: 'admin', F_RealName: '管理员', F_Mobile: null, F_Email: null, F_Gender: 1 },
};

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

describe('the stand-alone sign-in screen', () => {
  it('says a refused sign-in next to the form, and clears it when the user types', async () => {
    stubLogin({ code: 400, success: false, data: null, msg: '账号或密码错误，还可尝试 4 次' });
    render(<SignInApp />);
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('账号或密码错误，还可尝试 4 次');
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: 'admin2' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('sends the password hashed and starts the session', async () => {
    const bodies = stubLogin({ code: 200, success: true, data: signInResult, msg: '' });
    render(<SignInApp />);
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Admin@123456' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(sessionStore.get()?.token).toBe('t'));
    expect(bodies).toEqual([{ account: 'admin', password: md5('Admin@123456'), code: '' }]);
  });

  it('switches between account and SMS sign-in', () => {
    stubLogin({ code: 200, success: true, data: null, msg: '' });
    render(<SignInApp />);
    expect(screen.getByTestId('login-tab-account').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('login-tab-phone'));
    expect(screen.getByTestId('login-tab-phone').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('login-phone')).toBeTruthy();
    expect(screen.queryByTestId('login-account')).toBeNull();
  });
});
