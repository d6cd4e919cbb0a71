import { Badge, Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@app/contracts';
import { MenuIcon } from './icons';
import { useMenuBadges } from '../../features/workflow/tasks/counts';
import { isExternal, isLeaf, menuLabel, menuPath, matchesRoute, leaves, queryString } from './menu-utils';

type Items = NonNullable<MenuProps['items']>;

export function NavMenu({
  items,
  mode,
  theme,
  testId,
  onChosen,
  collapsed,
}: {
  items: MenuItem[];
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  testId: string;
  onChosen?: () => void;
  collapsed?: boolean;
}) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Counts shown beside menu entries, by F_EnCode (e.g. 我的任务: open to-dos and unread circulations).
  const badges = useMenuBadges();
  // A folded sub-menu shows the sum of its entries' counts.
  const countOf = (item: MenuItem): number => (isLeaf(item) ? (badges[item.F_EnCode] ?? 0) : item.children.reduce((n, c) => n + countOf(c), 0));
  const byKey = new Map<string, MenuItem>();
  const build = (list: MenuItem[]): Items =>
    list.map((item) => {
      const count = countOf(item);
      const label = (
        <span data-testid={`menu-item-${item.F_ModuleId}`}>
          {menuLabel(item, t)}
          {count > 0 && <Badge count={count} overflowCount={99} size="small" style={{ marginInlineStart: 6 }} data-testid={`menu-badge-${item.F_ModuleId}`} />}
        </span>
      );
      if (!isLeaf(item)) {
        return { key: `sub:${item.F_ModuleId}`, icon: <MenuIcon name={item.icon} />, label, children: build(item.children) };
      }
      const key = `leaf:${item.F_ModuleId}`;
      byKey.set(key, item);
      return { key, icon: <MenuIcon name={item.icon} />, label };
    });
  const menuItems = build(items);
  const selected = leaves(items)
    .filter((i) => matchesRoute(i, pathname))
    .map((i) => `leaf:${i.F_ModuleId}`);
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = byKey.get(key);
    if (!item) return;
    if (item.target === 'open') {
      window.open(isExternal(item.path) ? item.path : menuPath(item) + queryString(item.query), '_blank');
    } else {
      navigate(menuPath(item) + queryString(item.query));
    }
    onChosen?.();
  };
  return (
    <Menu
      data-testid={testId}
      mode={mode}
      theme={theme}
      items={menuItems}
      selectedKeys={selected}
      onClick={onClick}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none', background: 'transparent' } : { borderInlineEnd: 'none' }}
    />
  );
}
