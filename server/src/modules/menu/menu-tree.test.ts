import { describe, expect, it } from 'vitest';
import { buildMenuTree, menuLeaves } from './menu-tree.js';
import type { ModuleRow } from '../../core/auth/module-catalog.js';

const row = (id: string, parent = '0', extra: Partial<ModuleRow> = {}): ModuleRow => ({
  id,
  system_id: '0',
  parent_id: parent,
  en_code: id,
  full_name: id,
  icon: '',
  url_address: `/${id}`,
  target: '',
  group_paths: [],
  query: {},
  keep_alive: true,
  i18n_key: null,
  is_common: false,
  is_menu: true,
  sort_code: 0,
  ...extra,
});

const catalogue = [
  row('sys'),
  row('users', 'sys'),
  row('roles', 'sys'),
  row('me'),
  row('hidden', '0', { is_menu: false }),
  row('empty', '0', { target: 'expand' }),
];
const ids = (items: ReturnType<typeof buildMenuTree>): unknown => items.map((i) => (i.children.length ? { [i.F_ModuleId]: ids(i.children) } : i.F_ModuleId));

describe('buildMenuTree', () => {
  const cases: { name: string; granted: string[]; expected: unknown }[] = [
    { name: 'nothing granted shows nothing', granted: [], expected: [] },
    { name: 'a granted leaf brings its parent', granted: ['users'], expected: [{ sys: ['users'] }] },
    { name: 'a granted parent alone is not shown', granted: ['sys'], expected: [] },
    { name: 'everything', granted: ['sys', 'users', 'roles', 'me', 'hidden', 'empty'], expected: [{ sys: ['users', 'roles'] }, 'me'] },
    { name: 'non-menu entries never show', granted: ['hidden'], expected: [] },
    { name: 'an expand group without children is dropped', granted: ['empty'], expected: [] },
  ];
  for (const c of cases) {
    it(c.name, () => expect(ids(buildMenuTree(catalogue, new Set(c.granted)))).toEqual(c.expected));
  }

  it('lists leaves depth first', () => {
    const tree = buildMenuTree(catalogue, new Set(['users', 'roles', 'me']));
    expect(menuLeaves(tree).map((i) => i.F_ModuleId)).toEqual(['users', 'roles', 'me']);
  });

  it('maps the spec fields', () => {
    const [item] = buildMenuTree([row('me', '0', { target: 'open', group_paths: ['/a'], query: { x: '1' }, i18n_key: 'menu.me' })], new Set(['me']));
    expect(item).toMatchObject({
      label: 'me',
      F_FullName: 'me',
      path: '/me',
      target: 'open',
      group: ['/a'],
      query: { x: '1' },
      meta: { i18n: 'menu.me', moduleid: 'me', roles: null },
    });
  });
});
