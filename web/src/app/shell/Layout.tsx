import { useEffect, useMemo, useState } from 'react';
import { Button, Layout as AntLayout, Spin, Tooltip, theme as antdTheme } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setCurrentModuleId } from '../../lib/api';
import { currentLanguage, setLanguage } from '../../lib/i18n';
import { routeFor } from '../features';
import { useCommonMenu, useMenu } from './menu-data';
import { findByRoute, leaves, toI18nKey } from './menu-utils';
import { NavMenu } from './NavMenu';
import { TagBar } from './TagBar';
import { MenuSearch } from './MenuSearch';
import { ThemeButton } from './ThemeDialog';
import { LockButton } from './LockButton';
import { ErrorLogButton } from './ErrorLogButton';
import { UserMenu } from './UserMenu';
import { SystemSwitcher } from './SystemSwitcher';
import { openTab } from './tabs';
import { LeaveGuard } from './unsaved';
import { useScreenLevel } from './screen';
import { storedMenuLayout, storedTheme } from './themes';
import { switches } from './switches';
import { NoticeBell } from '../../features/oa/NoticeBell';
import { WorkflowOverlays } from '../../features/workflow/overlays';
import './layout.css';
import { AppFrame } from '../AppFrame';
import { clearReturnPath } from '../auth-actions';
import { useSession } from '../../lib/session';
import { PageFallback } from '../page-fallback';
import { FirstDataProgress, PageSkeleton } from './PageSkeleton';

const pageSkeleton = <PageSkeleton />;

function FullscreenButton() {
  const { t } = useTranslation('layout');
  const [full, setFull] = useState(!!document.fullscreenElement);
  useEffect(() => {
    const on = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return (
    <Tooltip title={full ? t('fullscreen.exit') : t('fullscreen.enter')}>
      <Button
        type="text"
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
        data-testid="fullscreen-button"
        className="app-hide-xs"
      />
    </Tooltip>
  );
}

function LangSwitch() {
  const { t } = useTranslation('layout');
  const lang = currentLanguage();
  return (
    <Tooltip title={t('lang.title')}>
      <Button type="text" data-testid="lang-switch" onClick={() => setLanguage(lang === 'en' ? 'zh-CN' : 'en')}>
        {lang === 'en' ? '中' : 'EN'}
      </Button>
    </Tooltip>
  );
}

export default function Layout() {
  return (
    <AppFrame>
      <Shell />
    </AppFrame>
  );
}

function Shell() {
  const { t } = useTranslation(['layout', 'menu', 'common']);
  const { token } = antdTheme.useToken();
  const shellTheme = storedTheme();
  const layout = storedMenuLayout();
  const level = useScreenLevel();
  const [collapsed, setCollapsed] = useState(level <= 1);
  const location = useLocation();
  const session = useSession();
  const { menu, isLoading, isSuccess } = useMenu();
  const { data: common = [] } = useCommonMenu();
  const sideItems = useMemo(() => [...common, ...menu], [common, menu]);
  const route = routeFor(location.pathname);

  useEffect(() => {
    if (level <= 1) setCollapsed(true);
  }, [level]);

  useEffect(() => clearReturnPath(), []);

  // Tab + title + ModuleId for the current route (spec 2.2).
  const entry = findByRoute(sideItems, location.pathname);
  useEffect(() => {
    setCurrentModuleId(entry?.meta.moduleid ?? '');
    const query = Object.fromEntries(new URLSearchParams(location.search));
    // A menu entry without a translation key (a published form page) is titled by its own name, not its route's.
    const i18n = entry ? entry.meta.i18n : route?.titleKey;
    const fallback = entry?.F_FullName ?? (route ? t(toI18nKey(route.titleKey)) : location.pathname);
    const label = i18n ? t(toI18nKey(i18n), { defaultValue: fallback }) : fallback;
    document.title = `${label} - ${t('common:siteTitle')}`;
    if (entry?.meta.isTab === false || entry?.target === 'open' || route?.isTab === false) return;
    if (!route) return;
    openTab({ value: location.pathname, label: fallback, i18n: i18n ?? undefined, query, close: true });
  }, [location.pathname, location.search, entry, route, t]);

  if (route?.menuCode && isSuccess && !leaves(menu).some((l) => l.F_EnCode === route.menuCode)) {
    return <Navigate to="/403" replace />;
  }

  const onChosen = () => {
    if (level <= 1) setCollapsed(true);
  };
  const top = layout === 'top';
  const tools = (
    <div className="app-tools" style={{ color: shellTheme.headerText }}>
      <SystemSwitcher />
      {switches.search && <MenuSearch menu={menu} />}
      {switches.errorLog && <ErrorLogButton />}
      {switches.notice && session && <NoticeBell />}
      {switches.lock && <LockButton />}
      {switches.theme && <ThemeButton />}
      {switches.lang && <LangSwitch />}
      {switches.fullscreen && <FullscreenButton />}
      <UserMenu />
    </div>
  );
  const emptyTip =
    isSuccess && menu.length === 0 ? (
      <div className="app-menu-empty" data-testid="menu-empty">
        {t('layout:menu.empty')}
      </div>
    ) : null;

  return (
    <AntLayout className={`app-shell theme-${shellTheme.name}`} style={{ height: '100%' }}>
      {!top && (
        <AntLayout.Sider
          collapsible
          trigger={null}
          collapsed={collapsed}
          collapsedWidth={level === 0 ? 0 : 64}
          width={220}
          theme={shellTheme.menuTheme}
          className="app-sider"
          style={{ overflow: 'auto', height: '100%', position: level === 0 ? 'fixed' : 'relative', zIndex: 20 }}
        >
          <div className={`app-logo app-logo-${shellTheme.menuTheme}`} data-testid="sidebar-logo">
            {collapsed ? t('common:siteSubtitle') : t('common:siteTitle')}
          </div>
          {isLoading ? (
            <Spin style={{ display: 'block', margin: 24 }} />
          ) : (
            <NavMenu items={sideItems} mode="inline" theme={shellTheme.menuTheme} testId="side-menu" onChosen={onChosen} collapsed={collapsed} />
          )}
          {emptyTip}
        </AntLayout.Sider>
      )}
      <AntLayout style={{ minWidth: 0 }}>
        <AntLayout.Header
          className="app-header"
          style={{ background: shellTheme.headerBg, color: shellTheme.headerText, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
        >
          {top ? (
            <div className={`app-logo app-logo-top`} style={{ color: shellTheme.headerText }}>
              {level <= 1 ? t('common:siteSubtitle') : t('common:siteTitle')}
            </div>
          ) : (
            switches.collapse && (
              <Button
                type="text"
                data-testid="collapse-toggle"
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={() => setCollapsed((c) => !c)}
                aria-label={t('layout:collapse')}
              />
            )
          )}
          {top ? (
            <>
              <NavMenu items={sideItems} mode="horizontal" theme={shellTheme.menuTheme} testId="top-menu" />
              {emptyTip}
            </>
          ) : (
            <div style={{ flex: 1 }} />
          )}
          {tools}
        </AntLayout.Header>
        {switches.tag && <TagBar />}
        <LeaveGuard />
        <AntLayout.Content className="app-content" style={{ background: token.colorBgLayout }}>
          {!top && level === 0 && !collapsed && <div className="app-shade" data-testid="menu-shade" onClick={() => setCollapsed(true)} />}
          <FirstDataProgress />
          <PageFallback.Provider value={pageSkeleton}>
            <Outlet />
          </PageFallback.Provider>
          {session && <WorkflowOverlays />}
        </AntLayout.Content>
      </AntLayout>
    </AntLayout>
  );
}
