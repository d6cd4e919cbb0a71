import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@app/contracts';
import { frameableOrigins, iframeSrc } from './IframePage';

const own = 'https://oa.example.com';
const entry = (path: string, children: MenuItem[] = []) => ({ path, children, target: '' }) as unknown as MenuItem;
const allowed = frameableOrigins([entry('', [entry('https://reports.example.com/board?x=1'), entry('/system/user/index')]), entry('http://bi.local:8080/a')]);

describe('embedded pages', () => {
  it('allows the origins of the external menu entries only', () => {
    expect([...allowed]).toEqual(['https://reports.example.com', 'http://bi.local:8080']);
  });

  it.each([
    [
      'a menu entry of another page on the same origin, with the route query',
      encodeURIComponent('https://reports.example.com/other'),
      '?a=1',
      { kind: 'show', src: 'https://reports.example.com/other?a=1' },
    ],
    ['the src query form', '', `?src=${encodeURIComponent('http://bi.local:8080/b')}`, { kind: 'show', src: 'http://bi.local:8080/b' }],
    ['a page of this site', 'static/help.html', '', { kind: 'show', src: 'static/help.html' }],
    ['this site by its full address', encodeURIComponent(`${own}/x.html`), '', { kind: 'show', src: `${own}/x.html` }],
    ['a site no menu entry names', encodeURIComponent('https://evil.example.net/login'), '', { kind: 'notAllowed', src: 'https://evil.example.net/login' }],
    [
      'a look-alike host',
      encodeURIComponent('https://reports.example.com.evil.net/'),
      '',
      { kind: 'notAllowed', src: 'https://reports.example.com.evil.net/' },
    ],
    ['another port of an allowed host', encodeURIComponent('http://bi.local:9090/'), '', { kind: 'notAllowed', src: 'http://bi.local:9090/' }],
    ['a protocol-relative .html address', encodeURIComponent('//evil.example.net/a.html'), '', { kind: 'notAllowed', src: '//evil.example.net/a.html' }],
    ['a script address', encodeURIComponent('javascript:alert(1)'), '', { kind: 'invalid' }],
    ['an app route', 'system/user/index', '', { kind: 'invalid' }],
  ])('%s', (_name, splat, search, expected) => {
    expect(iframeSrc(splat, search, allowed, own)).toEqual(expected);
  });
});
