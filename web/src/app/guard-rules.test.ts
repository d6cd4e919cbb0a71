import { describe, expect, it } from 'vitest';
import { guardDecision } from './guard-rules';
import { peekReturnPath, storeReturnPath } from './auth-actions';

describe('route guard', () => {
  it('sends a signed-out visit to a protected page to /login and remembers it', () => {
    const d = guardDecision('/system/online-user/index', '?a=1', false, false);
    expect(d).toEqual({ redirect: '/login', returnTo: '/system/online-user/index?a=1' });
    storeReturnPath(d.returnTo!);
    expect(peekReturnPath()).toBe('/system/online-user/index?a=1');
  });
  it('lets public pages through without a token', () => {
    for (const p of ['/login', '/404', '/403', '/500']) expect(guardDecision(p, '', false, false)).toEqual({});
  });
  it('sends a signed-in visit to /login to /', () => {
    expect(guardDecision('/login', '', true, false)).toEqual({ redirect: '/' });
    expect(peekReturnPath()).toBe('/');
  });
  it('sends every navigation to /lock while locked', () => {
    expect(guardDecision('/info/index', '', true, true)).toEqual({ redirect: '/lock' });
    expect(guardDecision('/login', '', true, true)).toEqual({ redirect: '/lock' });
    expect(guardDecision('/lock', '', true, true)).toEqual({});
  });
});
