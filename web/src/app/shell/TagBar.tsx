import { Dropdown, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { closeAll, closeOthers, closeTab, useTabs, type Tab } from './tabs';
import { queryString, toI18nKey } from './menu-utils';
import { useLeaveGuard } from './unsaved';

export function tabLabel(tab: Tab, t: (k: string, o?: { defaultValue: string }) => string): string {
  return tab.i18n ? t(toI18nKey(tab.i18n), { defaultValue: tab.label }) : tab.label;
}

export function TagBar() {
  const tabs = useTabs();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation(['layout', 'menu']);
  const go = (tab: Tab | undefined) => tab && navigate(tab.value + queryString(tab.query));
  // Closing the shown page's tab leaves the page: unsaved changes are asked about before the tab goes.
  const leave = useLeaveGuard();
  const menuFor = (tab: Tab) => ({
    items: [
      { key: 'others', label: <span data-testid="tab-close-others">{t('layout:tabs.closeOthers')}</span> },
      { key: 'all', label: <span data-testid="tab-close-all">{t('layout:tabs.closeAll')}</span> },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'others') {
        if (tab.value === pathname) return closeOthers(tab.value);
        leave(() => {
          closeOthers(tab.value);
          go(tab);
        });
      } else {
        leave(() => void navigate(closeAll()));
      }
    },
  });
  return (
    <div data-testid="tag-bar" className="app-tagbar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={pathname}
        onChange={(key) => go(tabs.find((x) => x.value === key))}
        onEdit={(key, action) => {
          if (action !== 'remove' || typeof key !== 'string') return;
          const close = () => {
            const next = closeTab(key, pathname);
            if (next) go(tabs.find((x) => x.value === next));
          };
          if (key === pathname) leave(close);
          else close();
        }}
        items={tabs.map((tab) => ({
          key: tab.value,
          closable: tab.close,
          label: (
            <Dropdown menu={menuFor(tab)} trigger={['contextMenu']}>
              <span data-testid={`tab-${tab.value}`}>{tabLabel(tab, t)}</span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}
