import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@app/contracts';
import { filterByRoles, matchesRoute, menuPath, searchMenu } from './menu-utils';
import { screenLevel } from './screen';

export function item(id: string, path: string, children: MenuItem[] = [], extra: Partial<MenuItem> = {}): MenuItem {
  return {
    F_ModuleId: id,
    F_FullName: extra.F_FullName ?? id,
    F_EnCode: id,
    label: extra.F_FullName ?? id,
    path,
    icon: 'AppstoreOutlined',
    target: '',
    group: [],
    query: {},
    keepAlive: false,
    meta: { roles: null, i18n: null, moduleid: id, isTab: true, isAuth: true, keepAlive: false },
    children,
    ...extra,
  };
}

describe('menu path rules', () => {
  it("replaces '&' with '$' and appends /index to leaves", () => {
    expect(menuPath(item('a', '/system/online-user'))).toBe('/system/online-user/index');
    expect(menuPath(item('b', '/report&view'))).toBe('/report$view/index');
    expect(menuPath(item('c', '/info/index'))).toBe('/info/index');
  });
  it('leaves group paths alone', () => {
    expect(menuPath(item('p', '/personal&x', [item('c', '/info')]))).toBe('/personal$x');
    expect(menuPath(item('e', '/expand', [], { target: 'expand' }))).toBe('/expand');
  });
  it('sends http(s) addresses to /myiframe', () => {
    expect(menuPath(item('x', 'https://example.com/a'))).toBe(`/myiframe/${encodeURIComponent('https://example.com/a')}`);
  });
  it('highlights by path or group', () => {
    const i = item('a', '/system/online-user', [], { group: ['/system/online-user/detail'] });
    expect(matchesRoute(i, '/system/online-user/index')).toBe(true);
    expect(matchesRoute(i, '/system/online-user/detail')).toBe(true);
    expect(matchesRoute(i, '/other/index')).toBe(false);
  });
  it('hides entries whose meta.roles exclude the user', () => {
    const hidden = item('h', '/h', [], { meta: { roles: ['admin'], i18n: null, moduleid: 'h', isTab: true, isAuth: true, keepAlive: false } });
    const tree = [item('g', '/g', [hidden]), item('v', '/v')];
    const staff = { roles: [{ F_RoleId: 'r1', F_FullName: 'Staff', F_EnCode: 'staff' }] };
    const admin = { roles: [{ F_RoleId: 'r0', F_FullName: 'Admin', F_EnCode: 'admin' }] };
    expect(filterByRoles(tree, staff).map((i) => i.F_ModuleId)).toEqual(['v']);
    expect(filterByRoles(tree, admin).map((i) => i.F_ModuleId)).toEqual(['g', 'v']);
  });
});

describe('menu search', () => {
  const tree = [
    item('personal', '/personal', [item('info', '/info', [], { F_FullName: '个人信息' }), item('set', '/info/setting', [], { F_FullName: '个人设置' })], {
      F_FullName: '个人中心',
    }),
    item('sys', '/system', [item('online', '/system/online-user', [], { F_FullName: 'Online users' })], { F_FullName: 'System' }),
  ];
  const label = (i: MenuItem) => (i.F_ModuleId === 'info' ? 'User info' : i.F_FullName);
  it('matches leaf labels by case-insensitive prefix', () => {
    expect(searchMenu(tree, 'online', label).map((i) => i.F_ModuleId)).toEqual(['online']);
    expect(searchMenu(tree, 'ONL', label).map((i) => i.F_ModuleId)).toEqual(['online']);
    expect(searchMenu(tree, 'users', label)).toEqual([]);
  });
  it('matches translated labels and skips parents', () => {
    expect(searchMenu(tree, 'user', label).map((i) => i.F_ModuleId)).toEqual(['info']);
    expect(searchMenu(tree, '个人', label).map((i) => i.F_ModuleId)).toEqual(['info', 'set']);
    expect(searchMenu(tree, 'sys', label)).toEqual([]);
    expect(searchMenu(tree, '  ', label)).toEqual([]);
  });
});

describe('screen levels', () => {
  it('follows the 1200 / 992 / 768 breakpoints', () => {
    expect(screenLevel(1920)).toBe(3);
    expect(screenLevel(1200)).toBe(3);
    expect(screenLevel(1199)).toBe(2);
    expect(screenLevel(992)).toBe(2);
    expect(screenLevel(991)).toBe(1);
    expect(screenLevel(768)).toBe(1);
    expect(screenLevel(767)).toBe(0);
  });
});
