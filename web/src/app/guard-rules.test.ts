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
  it('lets a share link open its report frame and print view without a token, and nothing else', () => {
    expect(guardDecision('/report-frame/r1', '?share=tok', false, false)).toEqual({});
    expect(guardDecision('/report-print/r1', '?share=tok&access=a', false, false)).toEqual({});
    // Without the link's token, under or beside the frame, and the rest of the reports: sign in first.
    for (const [p, q] of [
      ['/report-frame/r1', ''],
      ['/report-frame/r1', '?share='],
      ['/report-frame/r1/x', '?share=tok'],
      ['/report-frame', '?share=tok'],
      ['/report-frameX/r1', '?share=tok'],
      ['/report/view/r1/index', '?share=tok'],
      ['/report/manage/index', '?share=tok'],
    ])
      expect(guardDecision(p, q, false, false).redirect, p + q).toBe('/login');
    // Signed in, the frame opens as any page (in the shell, as a tab).
    expect(guardDecision('/report-frame/r1', '?share=tok', true, false)).toEqual({});
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
